import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { once } from "node:events";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { DrizzleQueryError, fillPlaceholders, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "~/db/schema";
import { lockDataDir } from "./data-dir-lock.server";
import { pgliteOptions } from "./pglite-options.server";
import { plannedStatements } from "./pglite-planned.server";
import { onPrimary, RoutedPool, setReadYourWritesSeconds, withReadScope } from "./db-routing.server";
import { log } from "./logger.server";
import { notePrimaryFailure } from "./primary-health.server";
import { appRoot } from "./paths.server";

/**
 * One PostgreSQL dialect everywhere: embedded PGlite in DATA_DIR/db by
 * default, a PostgreSQL server through `pg` when DATABASE_URL is set.
 * Both drivers expose the same Drizzle query builder, so the rest of the app
 * sees a single `Db` type.
 */
export type Db = NodePgDatabase<typeof schema>;

type RawQuery = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;
type Connection = {
  db: Db;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  query: RawQuery;
  /** A statement asked again and again with other values (`askPlanned`), prepared under `name`. */
  planned: (name: string, text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
  /** Where the job queue keeps its tables: the same database (utils/job-queue.server.ts, decision 065). */
  queue: QueueDatabase;
};

/** The embedded database's one client, or the server's address (the queue opens a small pool of its own). */
export type QueueDatabase = { kind: "pglite"; client: PGlite } | { kind: "postgres"; url: string; listen: boolean };

let connection: Connection | undefined;

const migrationsFolder = () => path.join(appRoot(), "drizzle");
// Arbitrary constant: serialises migrations when several instances start at once.
const MIGRATION_LOCK_ID = 724_311;

/** The embedded database's PostgreSQL settings (decision 071). */
export { PGLITE_SETTINGS } from "./pglite-options.server";

/**
 * An empty folder gets its database from a child process (`pglite-initdb.server.ts`, decision 078), so that the
 * server's own PGlite only ever opens a folder that has one. Opened here, PGlite would create it with a second
 * instance beside the first (initdb's), 650-780 MB more at its peak and held until a later full collection.
 */
async function createPgliteInChild(dbDir: string) {
  if (existsSync(path.join(dbDir, "PG_VERSION"))) return;
  const script = path.join(appRoot(), "app/utils/pglite-initdb.server.ts");
  // The server's own memory settings (MALLOC_MMAP_THRESHOLD_ from the environment) apply to the child too.
  const child = spawn(process.execPath, [script, dbDir], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const [code, signal] = (await once(child, "close")) as [number | null, NodeJS.Signals | null];
  if (code !== 0) throw new Error(`Could not create the embedded database in ${dbDir} (${signal ?? `exit code ${code}`}): ${stderr.trim().slice(-2000)}`);
}

async function openPglite(dbDir: string) {
  await createPgliteInChild(dbDir);
  const client = await PGlite.create(dbDir, pgliteOptions());
  try {
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
    return { client, db };
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
}

/** How the app reaches PostgreSQL (decision 089): replicas for reads, a pooler in front, a direct address beside it. */
export type PostgresRoutes = { replicaUrls?: readonly string[]; readYourWritesSeconds?: number; directUrl?: string; pooler?: "none" | "transaction" };

/** The app's own pool on `url`; `pooled`: through a transaction pooler, which refuses the `options` startup parameter. */
function openPool(url: string, { pooled, role, connectSeconds = 10 }: { pooled: boolean; role?: string; connectSeconds?: number }) {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Waiting for a connection (a new one, or a free one under load) gives up after 10 s: a database that does not
    // answer at all (host gone, packets dropped) then fails requests with 503 instead of holding them.
    connectionTimeoutMillis: connectSeconds * 1000,
    // Our named statements (`askPlanned`, the only ones) are planned once for any values (decision 060). Through a
    // transaction pooler they are unnamed (`RoutedPool`), and the setting is the server's to make if wanted.
    ...(pooled ? {} : { options: "-c plan_cache_mode=force_generic_plan" }),
    ...(role ? { application_name: role } : {}),
  });
  // The server went away (restart, fail-over, network): the pool drops the dead connection and opens new ones
  // on demand, so the app reconnects by itself. An 'error' event without a listener would end the process: the
  // pool listens on idle connections, this on every connection while it is checked out (transactions, the migration).
  pool.on("error", (error) => {
    log.warn("database connection lost (idle)", { error: error.message });
    // Is the primary still there? Read-only mode while it is not (decision 090; a replica's loss only makes it ask).
    notePrimaryFailure(error);
  });
  // (A checked-out connection's own query fails with the same error and is answered 503: nothing more to say.)
  pool.on("connect", (client) => client.on("error", (error) => log.debug("database connection lost (in use)", { error: error.message })));
  return pool;
}

/**
 * Migrations, one instance at a time. Directly on the primary (or without a pooler): under a session advisory lock.
 * Through a transaction pooler, where a session lock could stay on a server connection the pooler keeps: all of it
 * in one transaction holding a transaction-scoped lock (Drizzle's own BEGIN and COMMIT inside it are a warning and
 * the commit of the whole).
 */
async function migrateOn(pool: pg.Pool, sessionLock: boolean) {
  const client = await pool.connect();
  try {
    if (sessionLock) {
      try {
        await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder: migrationsFolder() });
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
      }
    } else {
      await client.query("BEGIN");
      try {
        await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder: migrationsFolder() });
      } finally {
        // Ended already by Drizzle's COMMIT (or ROLLBACK): this only makes sure.
        await client.query("ROLLBACK").catch(() => {});
      }
    }
  } finally {
    client.release();
  }
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string } & PostgresRoutes): Promise<Connection> {
  if (connection) return connection;
  if (options.databaseUrl) {
    const { replicaUrls = [], readYourWritesSeconds = 30, directUrl, pooler = "none" } = options;
    const pooled = pooler === "transaction";
    const pool = openPool(options.databaseUrl, { pooled });
    if (directUrl) {
      const direct = openPool(directUrl, { pooled: false });
      await migrateOn(direct, true).finally(() => direct.end());
    } else {
      await migrateOn(pool, !pooled);
    }
    // A single database without a pooler: the pool itself, as before. Otherwise the one routed client (decision 089);
    // a replica that does not let us connect within 2 s is skipped for the primary rather than holding the page.
    const replicas = replicaUrls.map((url) => openPool(url, { pooled, role: "aitools-replica-read", connectSeconds: 2 }));
    const client = replicas.length || pooled ? new RoutedPool(pool, replicas, pooled) : pool;
    setReadYourWritesSeconds(replicas.length ? readYourWritesSeconds : 0);
    connection = {
      db: drizzlePg({ client: client as unknown as pg.Pool, schema }),
      kind: "postgres",
      close: () => client.end(),
      query: async (text, params) => (await client.query(text, params)).rows,
      // Each connection prepares it the first time it is asked there (unnamed through a transaction pooler).
      planned: async (name, text, params) => (await client.query({ name, text, values: params })).rows,
      // The queue's LISTEN needs a session of its own: the direct address when given (utils/job-queue.server.ts).
      queue: { kind: "postgres", url: directUrl ?? options.databaseUrl, listen: Boolean(directUrl) || !pooled },
    };
  } else {
    const dbDir = path.resolve(options.dataDir, "db");
    // PGlite creates only the last path segment itself.
    mkdirSync(path.dirname(dbDir), { recursive: true });
    const unlock = lockDataDir(options.dataDir, "server");
    const { client, db } = await openPglite(dbDir).catch((error: unknown) => {
      unlock();
      throw error;
    });
    // Our named statements (`askPlanned`, the only ones) are planned once for any values (decision 060).
    await client.exec("set plan_cache_mode = force_generic_plan");
    const planned = plannedStatements(client);
    connection = {
      db: db as unknown as Db,
      kind: "pglite",
      close: () => client.close().finally(unlock),
      query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
      planned,
      queue: { kind: "pglite", client },
    };
  }
  return connection;
}

export function getDb(): Db {
  if (!connection) throw new Error("The database is not open yet: openDatabase() runs at start.");
  return connection.db;
}

/** The database the job queue works in (only utils/job-queue.server.ts asks). */
export function queueDatabase(): QueueDatabase {
  if (!connection) throw new Error("The database is not open yet: openDatabase() runs at start.");
  return connection.queue;
}

const dialect = new PgDialect();

/** A planned statement's name: after its text, so that one name is one text on every connection. */
const plannedName = (text: string) => `planned-${createHash("sha1").update(text).digest("base64url")}`;

/**
 * The rows of a statement asked again and again with other values (a search, an account page; `askTogether`): a
 * prepared statement named after its text, planned once on each connection for whatever values come
 * (`plan_cache_mode=force_generic_plan`; on PGlite through its wire-protocol API, `pglite-planned.server.ts`). A new
 * search then skips the parsing and planning that were half of its statement's time (decision 060). Statements of a
 * few shapes only: each shape stays prepared on every connection for the connection's life.
 */
export async function askPlanned(statement: SQL): Promise<Record<string, unknown>[]> {
  return askBuilt(buildOnce(statement));
}

/** A statement's text, its prepared statement's name and its parameters, placeholders (`sql.placeholder`) left in. */
export type BuiltStatement = { text: string; name: string; params: unknown[] };

/**
 * A statement asked for every request with other values, built once (`askBuilt` binds each call's values to its
 * placeholders): building a statement of several lists with drizzle and naming it was a third of its cost on PGlite
 * (a signed-in `/profile`, issue 43).
 */
export function buildOnce(statement: SQL): BuiltStatement {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { text, name: plannedName(text), params };
}

/**
 * The rows of a statement built once, its placeholders bound to `values`, asked as `askPlanned` asks. A failure is
 * drizzle's `DrizzleQueryError`, as any other query's: a server out of reach (`ECONNREFUSED` under a query) is then
 * answered 503, not taken for a fault of ours (utils/errors.server.ts; a signed-in request's session is read this way,
 * decision 072).
 */
export async function askBuilt({ text, name, params }: BuiltStatement, values: Record<string, unknown> = {}): Promise<Record<string, unknown>[]> {
  if (!connection) throw new Error("The database is not open yet: openDatabase() runs at start.");
  const bound = fillPlaceholders(params, values);
  try {
    return await connection.planned(name, text, bound);
  } catch (error) {
    throw new DrizzleQueryError(text, bound, error instanceof Error ? error : new Error(String(error)));
  }
}

/** Plain SQL on the app's own connection, for scripts and tests (PGlite allows one opener). */
export const rawQuery: RawQuery = (text, params) => {
  if (!connection) throw new Error("The database is not open yet.");
  return connection.query(text, params);
};

export function databaseKind() {
  return connection?.kind;
}

export async function closeDatabase() {
  const current = connection;
  connection = undefined;
  setReadYourWritesSeconds(0);
  await current?.close();
}

/** A real round trip to the primary (never a replica: decision 089), used by the health check. */
export async function pingDatabase(): Promise<void> {
  await onPrimary(async () => await getDb().execute(sql`select 1`));
}

/**
 * A round trip where a page's reads go, asked by the health check in read-only mode (decision 090): `degraded` while
 * it answers, `down` when it does not. A replica's when DATABASE_REPLICA_URLS has one that answers (decision 089),
 * else the primary's.
 */
export async function pingReads(): Promise<void> {
  await withReadScope(false, async () => await getDb().execute(sql`select 1`));
}
