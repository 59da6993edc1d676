import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { projectRoot } from "./paths";
import { freePort } from "./ports";

/** Debian's PgBouncer, when installed. */
export const PGBOUNCER = ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"].find((file) => existsSync(file));

const asRoot = process.getuid?.() === 0;

/** Why PgBouncer cannot run here, or undefined when it can (it refuses to run as root: as root it runs as `postgres`). */
export function pgbouncerUnavailable(): string | undefined {
  if (!PGBOUNCER) return "no pgbouncer in /usr/sbin or /usr/bin (Debian's pgbouncer package)";
  if (asRoot && spawnSync("id", ["-u", "postgres"]).status !== 0) return "running as root without a 'postgres' user to run PgBouncer as";
  return undefined;
}

export type Pgbouncer = { port: number; log: () => string; stop: () => void };

/**
 * deploy/pgbouncer.ini with its placeholders filled (as the drill fills them), listening on a free port of
 * 127.0.0.1, in a folder of its own with an auth file for trust authentication; in the foreground, so that killing
 * the child stops it. Resolves once it accepts connections.
 */
export async function startPgbouncer({ primaryPort, replicaPort, dbname = "postgres" }: { primaryPort: number; replicaPort: number; dbname?: string }): Promise<Pgbouncer> {
  if (!PGBOUNCER) throw new Error("pgbouncer is not installed");
  const dir = mkdtempSync(path.join(os.tmpdir(), "aitools-pgbouncer-"));
  const port = await freePort();
  const authFile = path.join(dir, "userlist.txt");
  // Trust authentication still looks the user up in the auth file.
  writeFileSync(authFile, '"postgres" ""\n');
  const values: Record<string, string> = {
    LISTEN_ADDR: "127.0.0.1",
    LISTEN_PORT: String(port),
    PRIMARY_HOST: "127.0.0.1",
    PRIMARY_PORT: String(primaryPort),
    REPLICA_HOST: "127.0.0.1",
    REPLICA_PORT: String(replicaPort),
    DBNAME: dbname,
    AUTH_FILE: authFile,
  };
  const template = readFileSync(path.join(projectRoot, "deploy/pgbouncer.ini"), "utf8");
  const config = template.replace(/\{\{([A-Z_]+)\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`deploy/pgbouncer.ini: no value for {{${name}}}`);
    return values[name]!;
  });
  const file = path.join(dir, "pgbouncer.ini");
  writeFileSync(file, config);
  if (asRoot) {
    const id = (flag: string) => Number(spawnSync("id", [flag, "postgres"], { encoding: "utf8" }).stdout.trim());
    for (const owned of [dir, authFile, file]) chownSync(owned, id("-u"), id("-g"));
  }
  let output = "";
  const child: ChildProcess = asRoot ? spawn("runuser", ["-u", "postgres", "--", PGBOUNCER, file]) : spawn(PGBOUNCER, [file]);
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const log = () => output;
  const stop = () => {
    child.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 100 && child.exitCode === null; attempt++) {
    const listening = await new Promise<boolean>((resolve) => {
      const probe = net.connect(port, "127.0.0.1", () => (probe.destroy(), resolve(true)));
      probe.once("error", () => resolve(false));
    });
    if (listening) return { port, log, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const printed = log();
  stop();
  throw new Error(`pgbouncer did not listen on ${port}:\n${printed}`);
}
