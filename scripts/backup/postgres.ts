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
 * pg_restore --clean --if-exists in one transaction: a failure leaves the
 * database as it was. --no-owner and --no-privileges let the backup go into a
 * server whose roles differ from the original's (objects belong to DATABASE_URL's user).
 */
export function restorePostgres(databaseUrl: string, dumpFile: string) {
  return pgTool("pg_restore", ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", dumpFile], databaseUrl);
}
