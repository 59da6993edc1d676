import { createClient } from "redis";
import { and, gt, inArray, lte, sql } from "drizzle-orm";
import { rateLimits } from "~/db/schema";
import { getDb } from "./db.server";
import { getEnv } from "./env.server";
import { log } from "./logger.server";

/**
 * Fixed-window rate limits kept where every instance sees them: in Redis when
 * REDIS_URL is set, else in the database (table rate_limits). Counters survive
 * restarts either way; memory is never the only copy.
 */
export type Limit = { limit: number; windowMs: number };
export type LimitResult = { allowed: boolean; retryAfterSeconds: number };
/** One window's state after a hit: what the IETF RateLimit header reports (`r` remaining, `t` seconds to reset). */
export type WindowState = LimitResult & { remaining: number };

type Store = {
  hit: (key: string, windowMs: number) => Promise<{ count: number; resetAt: number }>;
  /** Takes one hit back from each key within its current window (never below zero, never starting a window). */
  release: (keys: string[]) => Promise<void>;
  close: () => Promise<void>;
};

/** How often a process deletes the database's ended windows: often enough that the table stays small, rarely enough to cost nothing. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;

/**
 * Deletes the windows that have ended. A later hit on such a key starts a new window at 1 whether or not its row
 * is still there, so nothing is lost; without this, every address that ever posted would keep a row forever.
 * (Redis expires its keys by itself.)
 */
export async function pruneExpiredLimits(): Promise<number> {
  const deleted = await getDb()
    .delete(rateLimits)
    .where(lte(rateLimits.resetAt, sql`now()`))
    .returning({ key: rateLimits.key });
  return deleted.length;
}

function databaseStore(): Store {
  let nextPrune = 0;
  return {
    async hit(key, windowMs) {
      if (Date.now() >= nextPrune) {
        nextPrune = Date.now() + PRUNE_EVERY_MS;
        pruneExpiredLimits().catch((error: unknown) => log.warn("could not delete ended rate-limit windows", { error: (error as Error).message }));
      }
      // One atomic statement: a new or expired window restarts at 1, else the count goes up.
      const result = await getDb().execute<{ count: number; reset_at: Date | string }>(sql`
        insert into rate_limits as r (key, count, reset_at)
        values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
        on conflict (key) do update set
          count = case when r.reset_at <= now() then 1 else r.count + 1 end,
          reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
        returning count, reset_at`);
      const row = result.rows[0]!;
      return { count: Number(row.count), resetAt: new Date(row.reset_at).getTime() };
    },
    async release(keys) {
      // The rows are locked in key order first: two releases over the same keys (parallel sign-ins to one account)
      // would otherwise lock them in whatever order each scan meets them and could deadlock, failing a request.
      const inKeyOrder = getDb()
        .select({ key: rateLimits.key })
        .from(rateLimits)
        .where(and(inArray(rateLimits.key, keys), gt(rateLimits.resetAt, sql`now()`)))
        .orderBy(rateLimits.key)
        .for("update");
      await getDb()
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(inArray(rateLimits.key, inKeyOrder));
    },
    close: async () => {},
  };
}

// DECR alone would recreate an expired key without its expiry.
const RELEASE_SCRIPT = "if (tonumber(redis.call('get', KEYS[1]) or '0') > 0) then return redis.call('decr', KEYS[1]) end return 0";

function redisStore(url: string): Store {
  const client = createClient({ url });
  client.on("error", (error: Error) => log.error("redis error", { error: error.message }));
  const ready = client.connect();
  return {
    async hit(key, windowMs) {
      await ready;
      const redisKey = `ratelimit:${key}`;
      // SET NX starts the window with its expiry; INCR counts within it.
      const [, count, ttl] = (await client
        .multi()
        .set(redisKey, 0, { condition: "NX", expiration: { type: "PX", value: windowMs } })
        .incr(redisKey)
        .pTTL(redisKey)
        .exec()) as unknown as [unknown, number, number];
      return { count: Number(count), resetAt: Date.now() + Math.max(0, Number(ttl)) };
    },
    async release(keys) {
      await ready;
      // One key per call: keys of one attempt may live on different nodes of a cluster.
      await Promise.all(keys.map((key) => client.eval(RELEASE_SCRIPT, { keys: [`ratelimit:${key}`] })));
    },
    close: async () => {
      await ready.catch(() => {});
      if (client.isOpen) await client.close();
    },
  };
}

let store: Store | undefined;

function getStore(): Store {
  if (!store) {
    const { REDIS_URL } = getEnv();
    store = REDIS_URL ? redisStore(REDIS_URL) : databaseStore();
  }
  return store;
}

/** Counts one attempt under `key` and says whether it is within `limit` per window. */
export async function hitLimit(key: string, { limit, windowMs }: Limit): Promise<WindowState> {
  const { count, resetAt } = await getStore().hit(key, windowMs);
  return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)), remaining: Math.max(0, limit - count) };
}

/** Checks several limits at once (e.g. per address and per IP); all are counted, the strictest answer wins. */
export async function hitLimits(entries: [key: string, limit: Limit][]): Promise<LimitResult> {
  const results = await Promise.all(entries.map(([key, limit]) => hitLimit(key, limit)));
  const refused = results.filter((result) => !result.allowed);
  if (refused.length === 0) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(...refused.map((result) => result.retryAfterSeconds)) };
}

/** Takes back one hit of each key: an attempt counted up front that turned out not to count (a correct password). */
export async function releaseHits(keys: string[]): Promise<void> {
  if (keys.length) await getStore().release(keys);
}

export async function closeRateLimits() {
  await store?.close();
  store = undefined;
}
