import { execFile, spawnSync } from "node:child_process";
import { appendFileSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/**
 * A PostgreSQL server of one test's own, in a temporary folder on a free port: a test may stop and
 * restart it without touching the shared server others use. Needs the server binaries
 * (`PG_BIN`, default Debian's /usr/lib/postgresql/15/bin); as root, runs them as the `postgres` user,
 * since initdb refuses root.
 */
const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const run = promisify(execFile);

const asRoot = process.getuid?.() === 0;

function postgresUser(): { uid: number; gid: number } | undefined {
  const id = (flag: string) => spawnSync("id", [flag, "postgres"], { encoding: "utf8" });
  const uid = id("-u");
  const gid = id("-g");
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Why a private server cannot run here, or undefined when it can. */
export function privatePostgresUnavailable(): string | undefined {
  for (const tool of ["initdb", "pg_ctl", "postgres", "pg_basebackup"])
    if (!existsSync(path.join(PG_BIN, tool))) return `no ${tool} in ${PG_BIN} (set PG_BIN to PostgreSQL's bin folder)`;
  if (asRoot && !postgresUser()) return "running as root without a 'postgres' user to run the server as";
  if (asRoot && !existsSync("/usr/sbin/runuser") && !existsSync("/sbin/runuser")) return "running as root without runuser";
  return undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type PrivatePostgres = {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication). */
  url: string;
  port: number;
  /** Fast shutdown (the server ends every session, checkpoints and exits); resolves once it is down. */
  stop: () => Promise<void>;
  /** Resolves once it accepts connections. */
  start: () => Promise<void>;
  /** The server's own log, for failure messages. */
  log: () => string;
  /** Stops it if running and deletes its folder. */
  destroy: () => Promise<void>;
};

/** A tool of the server's binaries, run as the `postgres` user when we are root. */
function pgTool(tool: string, args: string[]) {
  const command = path.join(PG_BIN, tool);
  return asRoot ? run("runuser", ["-u", "postgres", "--", command, ...args]) : run(command, args);
}

/** A temporary folder the server's user owns. */
function serverFolder(prefix: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const owner = asRoot ? postgresUser() : undefined;
  if (owner) chownSync(dir, owner.uid, owner.gid);
  return dir;
}

/**
 * `settings`: more `-c name=value` server settings. `replicaOf`: a streaming replica of that server (a base backup
 * with `pg_basebackup -R`, which writes the standby's connection settings), read-only, on its own port and folder.
 */
export async function startPrivatePostgres({ settings = [] as string[], replicaOf }: { settings?: string[]; replicaOf?: PrivatePostgres } = {}): Promise<PrivatePostgres> {
  const dir = serverFolder(replicaOf ? "aitools-pg-replica-" : "aitools-pg-");
  const data = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  const port = await freePort();
  if (replicaOf) {
    await pgTool("pg_basebackup", ["-D", data, "-h", "127.0.0.1", "-p", String(replicaOf.port), "-U", "postgres", "-R", "-X", "stream", "--no-sync"]);
  } else {
    await pgTool("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
    // Replicas connect over TCP (initdb's file has this line too; written here so the test does not depend on it).
    appendFileSync(path.join(data, "pg_hba.conf"), "\nhost replication all 127.0.0.1/32 trust\n");
  }
  // TCP on 127.0.0.1 only, the socket in our own folder (not the shared server's), a short shutdown checkpoint;
  // WAL a replica can follow.
  const options = [`-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=50 -c wal_level=replica`, ...settings.map((setting) => `-c ${setting}`)].join(" ");
  const start = async () => {
    await pgTool("pg_ctl", ["-D", data, "-l", logFile, "-o", options, "-w", "-t", "30", "start"]);
  };
  const stop = async () => {
    await pgTool("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"]);
  };
  await start();
  let destroyed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    start,
    log: () => (existsSync(logFile) ? readFileSync(logFile, "utf8") : ""),
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await pgTool("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
/** A free port on one loopback address (Linux routes all of 127.0.0.0/8 to `lo`, so any of them binds). */
export async function freePortOn(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** One server of a streaming pair: where it listens, and how to stop, start and reload it. */
export type PairServer = {
  host: string;
  port: number;
  /** Its data folder (postgresql.auto.conf lives there). */
  data: string;
  /** A URL of `database` on it (trust authentication). */
  url: (database?: string) => string;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Sets one setting in postgresql.auto.conf (ALTER SYSTEM's file, which a standby cannot write itself) and reloads. */
  setAndReload: (name: string, value: string) => Promise<void>;
  log: () => string;
};

export type StreamingPair = { primary: PairServer; replica: PairServer; destroy: () => Promise<void> };

/**
 * A PostgreSQL primary and a streaming replica of it (`pg_basebackup -R`), each on its own loopback address and
 * port, in folders under `dir`: the multi-host drill's database tier (scripts/drill.js). `databases` are created on
 * the primary before the copy; `settings` (-c name=value) apply to both servers. pg_hba trusts all of 127.0.0.0/8
 * (clients on the other loopback addresses connect from 127.0.0.1, which is the source address the kernel picks).
 */
export async function startStreamingPair({
  dir,
  primaryHost,
  replicaHost,
  databases = [],
  settings = {},
}: {
  dir: string;
  primaryHost: string;
  replicaHost: string;
  databases?: string[];
  settings?: Record<string, string>;
}): Promise<StreamingPair> {
  const owner = asRoot ? postgresUser() : undefined;
  mkdirSync(dir, { recursive: true });
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const pgTool = (tool: string, args: string[]) => {
    const command = path.join(PG_BIN, tool);
    return asRoot ? run("runuser", ["-u", "postgres", "--", command, ...args]) : run(command, args);
  };
  const extra = Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(" ");
  const server = async (name: string, host: string): Promise<PairServer> => {
    const data = path.join(dir, name);
    const logFile = path.join(dir, `${name}.log`);
    const port = await freePortOn(host);
    // The socket in our own folder; fast shutdowns; WAL senders for the replica (and one to spare for pg_basebackup).
    const options = `-p ${port} -k ${dir} -c listen_addresses=${host} -c max_connections=60 ${extra}`;
    return {
      host,
      port,
      data,
      url: (database = "postgres") => `postgres://postgres@${host}:${port}/${database}`,
      start: async () => void (await pgTool("pg_ctl", ["-D", data, "-l", logFile, "-o", options, "-w", "-t", "30", "start"])),
      stop: async () => void (await pgTool("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"])),
      setAndReload: async (setting: string, value: string) => {
        appendFileSync(path.join(data, "postgresql.auto.conf"), `${setting} = '${value.replaceAll("'", "''")}'\n`);
        await pgTool("pg_ctl", ["-D", data, "reload"]);
      },
      log: () => (existsSync(logFile) ? readFileSync(logFile, "utf8") : ""),
    };
  };
  const primary = await server("primary", primaryHost);
  const replica = await server("replica", replicaHost);
  const destroy = async () => {
    for (const one of [replica, primary]) await pgTool("pg_ctl", ["-D", one.data, "-m", "immediate", "-w", "stop"]).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await pgTool("initdb", ["-D", primary.data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
    appendFileSync(path.join(primary.data, "pg_hba.conf"), "host all all 127.0.0.0/8 trust\nhost replication all 127.0.0.0/8 trust\n");
    await primary.start();
    for (const database of databases) await pgTool("psql", ["-h", primaryHost, "-p", String(primary.port), "-U", "postgres", "-qc", `create database "${database}"`]);
    await pgTool("pg_basebackup", ["-h", primaryHost, "-p", String(primary.port), "-U", "postgres", "-D", replica.data, "-R", "-X", "stream", "-c", "fast", "--no-sync"]);
    await replica.start();
    return { primary, replica, destroy };
  } catch (error) {
    await destroy();
    throw error;
  }
}
