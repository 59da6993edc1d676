import pg from "pg";
import { AppError, isUnavailable } from "./errors.server";
import { errorText, log } from "./logger.server";

/**
 * Whether the primary database (DATABASE_URL, where every write goes) answers: the read-only mode of decision 090.
 * A query that fails with a connection-level error (the errors `isUnavailable` recognises) makes this module ask the
 * primary itself (`select 1` on a connection of its own, a few seconds at most): a failure there marks the primary
 * unreachable, so a replica that failed (DATABASE_REPLICA_URLS) or one slow request never does. From then on it asks
 * again every PROBE_INTERVAL_MS until the primary answers, and everything resumes without a restart. Meanwhile the
 * one write path refuses writes with 503 and Retry-After (`refuseWhileReadOnly`), pages rendered carry the read-only
 * banner, the job queue stops taking work, and /api/health says `degraded` while reads still answer.
 *
 * PostgreSQL only: the embedded PGlite is in this process (it cannot be out of reach), so `startPrimaryHealth` is
 * not called there and the primary always counts as reachable.
 */

/** How often an unreachable primary is asked again. */
export const PROBE_INTERVAL_MS = 2_000;
/** How long one probe may take (connecting included) before it counts as a failure. */
const PROBE_TIMEOUT_MS = 3_000;
/** What a refused write suggests: the next probes come sooner than that. */
export const READ_ONLY_RETRY_SECONDS = 5;

type Listener = (reachable: boolean) => void;

type State = {
  url: string;
  reachable: boolean;
  /** When it was marked unreachable. */
  since: number | null;
  /** A probe under way (a suspicion or the interval's): one at a time. */
  probing: Promise<boolean> | null;
  timer: NodeJS.Timeout | null;
  listeners: Set<Listener>;
};

// Process state, not request data: one primary per process, set at start (server/app.ts), cleared at stop.
let state: State | undefined;

/** One round trip on a connection of its own: the app's pool may be full of requests waiting for the same server. */
async function probe(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: PROBE_TIMEOUT_MS, query_timeout: PROBE_TIMEOUT_MS });
  // A connection that dies mid-probe emits 'error' besides rejecting the query: heard here, so it never ends the process.
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch (error) {
    log.debug("primary database probe failed", { error: errorText(error) });
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

// How many times the mode began or ended in this process: a render that saw no change may be kept.
let changes = 0;

function setReachable(current: State, reachable: boolean) {
  if (current.reachable === reachable) return;
  current.reachable = reachable;
  changes += 1;
  if (reachable) {
    const seconds = current.since ? Math.round((Date.now() - current.since) / 100) / 10 : 0;
    current.since = null;
    if (current.timer) clearInterval(current.timer);
    current.timer = null;
    log.warn(`primary database answers again after ${seconds} s: read-only mode ends, writes and jobs resume`);
  } else {
    current.since = Date.now();
    log.warn("primary database unreachable: read-only mode (writes refused with 503, jobs paused) until it answers again");
    current.timer = setInterval(() => void check(current), PROBE_INTERVAL_MS);
    // Never what keeps the process alive.
    current.timer.unref();
  }
  for (const listener of current.listeners) {
    try {
      listener(reachable);
    } catch (error) {
      log.warn("primary health listener failed", { error: errorText(error) });
    }
  }
}

/** Asks the primary once (or joins the probe under way) and records the answer. */
function check(current: State): Promise<boolean> {
  current.probing ??= probe(current.url)
    .then((answered) => {
      // A stop meanwhile: nothing to record.
      if (state === current) setReachable(current, answered);
      return answered;
    })
    .finally(() => (current.probing = null));
  return current.probing;
}

/** Starts watching the primary at `url` (server/app.ts, PostgreSQL only). */
export function startPrimaryHealth(url: string) {
  stopPrimaryHealth();
  state = { url, reachable: true, since: null, probing: null, timer: null, listeners: new Set() };
}

export function stopPrimaryHealth() {
  if (state?.timer) clearInterval(state.timer);
  state = undefined;
}

/**
 * A query failed: when the failure is a lost connection, the primary is asked at once whether it still answers.
 * Safe to call with any error, from anywhere (a request, the pool, the job queue): it never throws.
 */
export function notePrimaryFailure(error: unknown) {
  const current = state;
  if (!current?.reachable || !isUnavailable(error)) return;
  void check(current);
}

/** Whether writes may go to the primary: true on PGlite and whenever nothing says otherwise. */
export function isPrimaryReachable(): boolean {
  return state?.reachable ?? true;
}

/** Read-only mode: the primary was found unreachable and has not answered since. */
export const isReadOnly = () => !isPrimaryReachable();

/** Counts the mode's beginnings and ends: equal before and after a render, the mode did not change during it. */
export const modeChanges = () => changes;

/** Since when it is unreachable (null when it answers). */
export function primaryUnreachableSince(): Date | null {
  return state?.since ? new Date(state.since) : null;
}

/** Called with `false` when the primary is found unreachable and `true` when it answers again; returns the unsubscribe. */
export function onPrimaryChange(listener: Listener): () => void {
  state?.listeners.add(listener);
  const current = state;
  return () => void current?.listeners.delete(listener);
}

/**
 * The one write path's first step (utils/write.server.ts): while read-only, a write is refused before anything is
 * read from the database (the rate limit's store included), with 503, Retry-After and the catalogue's `readOnly`
 * words; the form is re-rendered with what was typed, as for any refusal.
 */
export function refuseWhileReadOnly() {
  if (isReadOnly()) throw new AppError("UNAVAILABLE", { message: "readOnly", retryAfterSeconds: READ_ONLY_RETRY_SECONDS });
}

/** Asks the primary now (or joins the probe under way) and records the answer, as the interval would: a request that needs the primary in read-only mode (server/app.ts), and tests. */
export async function probePrimaryNow(): Promise<boolean> {
  return state ? check(state) : true;
}
