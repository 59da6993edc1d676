import { execFile, spawnSync } from "node:child_process";
import { appendFileSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
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

export type PrivatePostgres = {
  /** postgres://postgres@<host>:<port>/postgres (trust authentication). */
  url: string;
  /** The address it listens on (127.0.0.1 unless asked for another). */
  host: string;
  port: number;
  /** Its data folder. */
  data: string;
  /** Fast shutdown (the server ends every session, checkpoints and exits); resolves once it is down. */
  stop: () => Promise<void>;
  /** Resolves once it accepts connections. */
  start: () => Promise<void>;
  /** The server's own log, for failure messages. */
  log: () => string;
  /**
   * Sets one setting in postgresql.auto.conf (ALTER SYSTEM's file, which a standby cannot write itself) and reloads:
   * for a setting the server takes on reload (recovery_min_apply_delay, say) that `settings` does not fix.
   */
  setAndReload: (name: string, value: string) => Promise<void>;
  /** Stops it if running and deletes its folder. */
  destroy: () => Promise<void>;
};

/** A tool of the server's binaries, run as the `postgres` user when we are root. */
function pgTool(tool: string, args: string[]) {
  const command = path.join(PG_BIN, tool);
  return asRoot ? run("runuser", ["-u", "postgres", "--", command, ...args]) : run(command, args);
}

/** A temporary folder the server's user owns (in `parent`, default the system's temporary folder). */
function serverFolder(prefix: string, parent = os.tmpdir()) {
  const dir = mkdtempSync(path.join(parent, prefix));
  const owner = asRoot ? postgresUser() : undefined;
  if (owner) chownSync(dir, owner.uid, owner.gid);
  return dir;
}

/**
 * `settings`: more `-c name=value` server settings. `replicaOf`: a streaming replica of that server (a base backup
 * with `pg_basebackup -R`, which writes the standby's connection settings), read-only, on its own port and folder.
 * `host`: the loopback address to listen on (the multi-host drill gives each server its own, scripts/drill/);
 * `parent`: the folder to make the server's folder in.
 */
export async function startPrivatePostgres({
  settings = [] as string[],
  replicaOf,
  host = "127.0.0.1",
  parent,
}: { settings?: string[]; replicaOf?: PrivatePostgres; host?: string; parent?: string } = {}): Promise<PrivatePostgres> {
  const dir = serverFolder(replicaOf ? "aitools-pg-replica-" : "aitools-pg-", parent);
  const data = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  const port = await freePortOn(host);
  if (replicaOf) {
    // `-c fast`: the backup's checkpoint at once, not spread over minutes.
    await pgTool("pg_basebackup", ["-D", data, "-h", replicaOf.host, "-p", String(replicaOf.port), "-U", "postgres", "-R", "-X", "stream", "-c", "fast", "--no-sync"]);
  } else {
    await pgTool("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
    // Replicas connect over TCP (initdb's file has this line too; written here so the test does not depend on it).
    // On `lo`, connections to any 127.0.0.x come from 127.0.0.1; the rest of 127/8 is trusted for other setups.
    appendFileSync(path.join(data, "pg_hba.conf"), "\nhost replication all 127.0.0.1/32 trust\nhost all all 127.0.0.0/8 trust\nhost replication all 127.0.0.0/8 trust\n");
  }
  // TCP on `host` only, the socket in our own folder (not the shared server's), a short shutdown checkpoint;
  // WAL a replica can follow.
  const options = [`-p ${port} -k ${dir} -c listen_addresses=${host} -c max_connections=50 -c wal_level=replica`, ...settings.map((setting) => `-c ${setting}`)].join(" ");
  const start = async () => {
    await pgTool("pg_ctl", ["-D", data, "-l", logFile, "-o", options, "-w", "-t", "30", "start"]);
  };
  const stop = async () => {
    await pgTool("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"]);
  };
  await start();
  let destroyed = false;
  return {
    url: `postgres://postgres@${host}:${port}/postgres`,
    host,
    port,
    data,
    stop,
    start,
    async setAndReload(name, value) {
      appendFileSync(path.join(data, "postgresql.auto.conf"), `${name} = '${value.replaceAll("'", "''")}'\n`);
      await pgTool("pg_ctl", ["-D", data, "reload"]);
    },
    log: () => (existsSync(logFile) ? readFileSync(logFile, "utf8") : ""),
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await pgTool("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
