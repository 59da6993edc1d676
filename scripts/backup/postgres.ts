import { spawn } from "node:child_process";
import pg from "pg";
import { CliError, redact } from "./cli.ts";
import { countRows, type Query } from "./tables.ts";

/** postgres://user@host:port/db: safe to print, and what pg_dump gets (the password goes in PGPASSWORD, out of `ps`). */
export function withoutPassword(databaseUrl: string) {
  const url = new URL(databaseUrl);
  url.password = "";
  return url.toString();
}

function passwordEnv(databaseUrl: string) {
  const password = decodeURIComponent(new URL(databaseUrl).password);
  return { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
}

export async function connect(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new CliError(`could not connect to ${withoutPassword(databaseUrl)}: ${(error as Error).message}`);
  }
  return client;
}

export const queryOf =
  (client: pg.Client): Query =>
  async <T>(text: string) =>
    (await client.query(text)).rows as T[];

/** Runs pg_dump or pg_restore; their messages pass through, without the password. */
function pgTool(tool: "pg_dump" | "pg_restore", args: string[], databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, ["--no-password", `--dbname=${withoutPassword(databaseUrl)}`, ...args], { env: passwordEnv(databaseUrl), stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") return reject(error);
      reject(
        new CliError(
          `${tool} is not installed (or not on PATH). Install PostgreSQL's client tools, the server's major version or newer (Debian: apt-get install postgresql-client), or put their folder first on PATH.`,
        ),
      );
    });
    child.on("close", (code) => (code === 0 ? resolve() : reject(new CliError(`${tool} failed (exit code ${code}): ${redact(stderr.trim())}`))));
  });
}

/**
 * pg_dump in its custom format, from a snapshot exported by our own read-only
 * transaction: the row counts written in the manifest are those of the very
 * state dumped, even while the app keeps writing.
 */
export async function dumpPostgres(databaseUrl: string, toFile: string) {
  const client = await connect(databaseUrl);
  try {
    await client.query("begin isolation level repeatable read read only");
    const [{ snapshot }] = (await client.query<{ snapshot: string }>("select pg_export_snapshot() as snapshot")).rows as [{ snapshot: string }];
    const tables = await countRows(queryOf(client));
    if (!Object.keys(tables).length) {
      throw new CliError(`${withoutPassword(databaseUrl)} has no tables: nothing to back up (is DATABASE_URL the app's database?).`);
    }
    await pgTool("pg_dump", ["--format=custom", `--snapshot=${snapshot}`, `--file=${toFile}`], databaseUrl);
    await client.query("commit");
    return tables;
  } finally {
    await client.end();
  }
}

export async function postgresTables(databaseUrl: string) {
  const client = await connect(databaseUrl);
  try {
    return await countRows(queryOf(client));
  } finally {
    await client.end();
  }
}

/** Other sessions on the same database: app processes still running would keep serving pages cached before the restore. */
export async function otherSessions(databaseUrl: string) {
  const client = await connect(databaseUrl);
  try {
    const { rows } = await client.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()");
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/**
 * The dump restored in one transaction: a failure leaves the database as it was. pg_restore --clean --if-exists writes
 * the script (drop what the dump holds, then create and fill it) and psql runs it, after dropping the job queue's
 * schema: pg-boss keeps its statistics in tables partitioned by day (decision 065), and --clean cannot drop a
 * partition's constraint that its parent gave it, so a restore over a database whose queue has run failed. The queue
 * comes back whole from the dump. --no-owner and --no-privileges let the backup go into a server whose roles differ
 * from the original's (objects belong to DATABASE_URL's user).
 */
export function restorePostgres(databaseUrl: string, dumpFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = spawn("pg_restore", ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--file=-", dumpFile], {
      env: passwordEnv(databaseUrl),
      stdio: ["ignore", "pipe", "pipe"],
    });
    const psql = spawn(
      "psql",
      [
        "--no-password",
        "--no-psqlrc",
        "--quiet",
        `--dbname=${withoutPassword(databaseUrl)}`,
        "--set=ON_ERROR_STOP=1",
        "--single-transaction",
        "--command=DROP SCHEMA IF EXISTS pgboss CASCADE",
        "--file=-",
      ],
      { env: passwordEnv(databaseUrl), stdio: ["pipe", "ignore", "pipe"] },
    );
    const failures: string[] = [];
    const done = new Set<string>();
    const settle = (tool: string, error: string | null) => {
      if (error) failures.push(error);
      done.add(tool);
      if (done.size < 2) return;
      if (failures.length) reject(new CliError(redact(failures.join("; "))));
      else resolve();
    };
    for (const [tool, child] of [
      ["pg_restore", script],
      ["psql", psql],
    ] as const) {
      let stderr = "";
      child.stderr.on("data", (chunk) => (stderr += chunk));
      child.on("error", (error: NodeJS.ErrnoException) =>
        settle(
          tool,
          error.code === "ENOENT"
            ? `${tool} is not installed (or not on PATH). Install PostgreSQL's client tools, the server's major version or newer (Debian: apt-get install postgresql-client), or put their folder first on PATH.`
            : error.message,
        ),
      );
      child.on("close", (code) => settle(tool, code === 0 ? null : `${tool} failed (exit code ${code}): ${stderr.trim()}`));
    }
    // psql ending early (an error) closes its input: what pg_restore still writes has nowhere to go, and says so.
    psql.stdin.on("error", () => script.kill());
    script.stdout.pipe(psql.stdin);
  });
}
