import { AsyncLocalStorage } from "node:async_hooks";
import type pg from "pg";
import { log } from "./logger.server";

/**
 * Where a statement runs when the app has read replicas (DATABASE_REPLICA_URLS, decision 089). One rule for the
 * Drizzle builder, the raw `query` and the named `planned` statements, since all three reach PostgreSQL through the
 * one client made here (`routedPool`):
 * - a statement goes to a replica only when it reads (`isReadStatement`) and runs in a request's read scope
 *   (`withReadScope`) that has not been turned to the primary;
 * - a transaction is a connection taken from the pool (`connect`): always the primary's, so are all its reads;
 * - a write turns its request's scope to the primary (`readFromPrimary`, called by the one write path before it
 *   reads anything), and its reader's next requests read the primary for READ_YOUR_WRITES_SECONDS (a cookie, so
 *   that every instance knows);
 * - everything outside a request (start, migrations, the content sync, jobs, scripts) reads the primary, as do the
 *   fills of what is kept until the next invalidation (`cached`, the page cache's kept pages: `onPrimary`), which a
 *   replica's lag would otherwise keep stale past the write that invalidated them;
 * - a replica that fails to answer (down, refusing, too far behind) is skipped for a while and the read runs on the
 *   primary: a page never fails because a replica did.
 */

type ReadScope = { primary: boolean };
const scope = new AsyncLocalStorage<ReadScope>();

/** Runs a request's work in its own read scope: on a replica unless `primary` (a write request, a recent writer). */
export function withReadScope<T>(primary: boolean, work: () => T): T {
  return scope.run({ primary }, work);
}

/**
 * Whether a request reads the primary from its start: it may write (any method but GET and HEAD), its reader wrote
 * within the window, or it is a request of our own made by work that reads the primary (a job, a write).
 */
export function readsPrimary(request: Request, client?: { inProcess?: boolean }): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return true;
  if (client?.inProcess && !mayReadReplica()) return true;
  return wroteRecently(request.headers.get("cookie"));
}

/** The rest of this request reads the primary (a write is under way: what it reads decides what it writes). */
export function readFromPrimary() {
  const current = scope.getStore();
  if (current) current.primary = true;
}

/** `work` reads the primary, whatever its request's scope says (a fill of a cache kept until invalidation). */
export function onPrimary<T>(work: () => T): T {
  return scope.run({ primary: true }, work);
}

/** Whether a read made now may go to a replica. */
export function mayReadReplica(): boolean {
  return scope.getStore()?.primary === false;
}

let windowSeconds = 0;

/** Set when the database opens: READ_YOUR_WRITES_SECONDS with replicas, 0 without (no cookie then, as before). */
export function setReadYourWritesSeconds(seconds: number) {
  windowSeconds = seconds;
}

/**
 * Called by the one write path before a write reads anything: the rest of the request reads the primary, and so do
 * the writer's next requests for READ_YOUR_WRITES_SECONDS, on any instance: the cookie to set (`RECENT_WRITE_COOKIE`
 * with this value, for `maxAge` seconds), or null without replicas.
 */
export function startWrite(now = Date.now()): { value: string; maxAge: number } | null {
  readFromPrimary();
  return windowSeconds > 0 ? { value: String(now + windowSeconds * 1000), maxAge: windowSeconds } : null;
}

/** The cookie that sends a reader who just wrote to the primary; its value is when that ends (ms since the epoch). */
export const RECENT_WRITE_COOKIE = "atlas.wrote";

/**
 * Whether the request's reader wrote within the window: the cookie's own time, not only its presence, since a client
 * may keep a cookie past its Max-Age. Forging it costs nothing but sends the forger to the primary.
 */
export function wroteRecently(cookieHeader: string | null, now = Date.now()): boolean {
  if (!cookieHeader?.includes(RECENT_WRITE_COOKIE)) return false;
  const match = new RegExp(`(?:^|;\\s*)${RECENT_WRITE_COOKIE.replace(".", "\\.")}=(\\d{1,16})(?:;|$)`).exec(cookieHeader);
  return Boolean(match && Number(match[1]) > now);
}

/**
 * A statement that only reads: a SELECT or a WITH of SELECTs, locking nothing and calling none of the functions that
 * change state. Anything else, or a doubt (a column or a word that looks like a writing keyword), goes to the primary.
 */
const WRITING = /\b(insert|update|delete|merge|truncate|nextval|setval|lock|pg_advisory\w*|pg_try_advisory\w*|set_config|pg_notify|into|copy|call|do)\b/i;
export function isReadStatement(text: string): boolean {
  const start = text
    .replace(/^(\s|\(|--[^\n]*\n|\/\*[\s\S]*?\*\/)+/, "")
    .slice(0, 6)
    .toLowerCase();
  if (start !== "select" && !start.startsWith("with")) return false;
  return !WRITING.test(text.replace(/"[^"]*"|'(?:[^']|'')*'/g, "''"));
}

/** A failure of the replica rather than of the statement: the read is asked again of the primary. */
export function isReplicaFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // No SQLSTATE: the network (ECONNREFUSED, a timeout while connecting, a connection ended).
  if (typeof code !== "string" || !/^[0-9A-Z]{5}$/.test(code)) return true;
  // Connection exceptions (class 08, a pooler's too), shutting down or starting, too many connections, and a read
  // cancelled by a conflict with recovery (a standby applying changes under it).
  return code.startsWith("08") || code.startsWith("57P") || code === "53300" || code === "40001";
}

/** How long a replica that failed is left out before reads try it again. */
const RESTING_MS = 30_000;

type Replica = { pool: pg.Pool; label: string; restingUntil: number };

type QueryConfig = { text: string; name?: string; values?: unknown[] } & Record<string, unknown>;

/**
 * The one client Drizzle, `query` and `planned` go through on PostgreSQL: the primary's pool with `replicas` beside
 * it. Its class name holds "Pool", which is how Drizzle knows to take a connection of its own for a transaction
 * (`connect`: the primary's). With `unnamed`, a statement's name is dropped (a transaction pooler cannot keep a
 * prepared statement between transactions: decision 089).
 */
export class RoutedPool {
  private next = 0;
  private readonly replicas: Replica[];

  constructor(
    readonly primary: pg.Pool,
    replicas: pg.Pool[],
    private readonly unnamed: boolean,
  ) {
    this.replicas = replicas.map((pool, index) => ({ pool, label: `replica ${index + 1}`, restingUntil: 0 }));
  }

  /** Drizzle's and our own queries: `query(config, values)` or `query(text, values)`, as `pg.Pool` takes them. */
  async query(textOrConfig: string | QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const config: QueryConfig = typeof textOrConfig === "string" ? { text: textOrConfig } : { ...textOrConfig };
    if (values !== undefined) config.values = values;
    if (this.unnamed) delete config.name;
    const replica = this.replicas.length && mayReadReplica() && isReadStatement(config.text) ? this.pickReplica() : undefined;
    if (!replica) return this.primary.query(config as pg.QueryConfig);
    try {
      const result = await replica.pool.query(config as pg.QueryConfig);
      if (replica.restingUntil) {
        replica.restingUntil = 0;
        log.info(`database: ${replica.label} answers again`);
      }
      return result;
    } catch (error) {
      if (!isReplicaFailure(error)) throw error;
      // Logged once per outage: the replica rests, and reads meanwhile go straight to the primary.
      if (!replica.restingUntil) log.warn(`database: ${replica.label} failed, its reads go to the primary`, { error: (error as Error).message });
      replica.restingUntil = Date.now() + RESTING_MS;
      return this.primary.query(config as pg.QueryConfig);
    }
  }

  /** A connection of the primary's: transactions and migrations. */
  connect() {
    return this.primary.connect();
  }

  async end() {
    await Promise.all([this.primary.end(), ...this.replicas.map((replica) => replica.pool.end())]);
  }

  /** The next replica in turn that is not resting; undefined when all are. */
  private pickReplica(): Replica | undefined {
    const now = Date.now();
    for (let tried = 0; tried < this.replicas.length; tried++) {
      const replica = this.replicas[this.next++ % this.replicas.length]!;
      // A resting replica gets one read after its rest: answered, it is back; failed, it rests again.
      if (replica.restingUntil <= now) return replica;
    }
    return undefined;
  }
}
