import { setTimeout as delay } from "node:timers/promises";
import { isUntilTag, onInvalidatedHere } from "./cache.server";
import { getEnv, type Env } from "./env.server";
import { log } from "./logger.server";

/**
 * Purge by tag at the edge (decision 091). A kept page tells the cache in front which data it shows
 * (`Surrogate-Key: <tag> <tag> ...`, the page cache's own tags), and each change this instance makes sends
 * `PURGE /` with `Surrogate-Key: <the changed tags>` to every EDGE_PURGE_URLS base (deploy/varnish.vcl bans the
 * objects carrying any of them). So the edge may keep pages for minutes (SHARED_CACHE_SECONDS) and still show a
 * change at once.
 *
 * Once per change: only the instance where `invalidateTags` ran purges (`onInvalidatedHere`); the others hear the
 * change on the cache bus and drop their own copies. The purge waits until the bus has the message (`published`),
 * so an edge that asks again after the purge finds no instance still holding the old page in memory.
 */

/** The one key of a page whose tags do not fit in a header, or that an edge could not match literally: every purge names it. */
export const WIDE_PAGE = "wide-page";

/**
 * A Surrogate-Key header's length at most, in bytes: Varnish refuses a header line over 8 KB (http_resp_hdr_len and
 * http_req_hdr_len), and a CDN's limits are of that order. The site's pages carry well under 1 KB (decision 091).
 */
export const SURROGATE_KEY_MAX = 4000;

/**
 * Tags an edge matches as they are: the VCL builds a regular expression from them, and refuses any other character
 * (so that a tag never needs escaping there). Every tag the site uses has this shape; one that does not makes its
 * page `WIDE_PAGE`.
 */
const EDGE_TAG = /^[A-Za-z0-9:_-]+$/;

/** The changes of a few milliseconds go out as one purge: a write names several tags, a sync or a batch many. */
export const PURGE_BATCH_MS = 5;

/**
 * How long a purge waits for the bus to have the change (Redis down: its client holds commands until it is back). Past
 * this it goes anyway: the other instances may then serve the old page once more, rather than the edge for minutes.
 */
export const PUBLISH_WAIT_MS = 1000;

/** How long one PURGE may take: an edge that does not answer costs a log line, never a held write. */
export const PURGE_TIMEOUT_MS = 3000;

/**
 * The s-maxage of a shareable answer that carries no Surrogate-Key (the open-data API's JSON, a badge rendered while
 * its data changed): nothing purges it, so with purged edges it keeps the short lifetime of an edge without purge,
 * whatever SHARED_CACHE_SECONDS lets kept pages live.
 */
export const UNPURGED_SHARED_SECONDS = 30;
export function unpurgedSharedSeconds(env: Pick<Env, "EDGE_PURGE_URLS" | "SHARED_CACHE_SECONDS"> = getEnv()): number {
  return env.EDGE_PURGE_URLS.length > 0 ? Math.min(env.SHARED_CACHE_SECONDS, UNPURGED_SHARED_SECONDS) : env.SHARED_CACHE_SECONDS;
}

/**
 * A kept page's Surrogate-Key: its tags, space-separated, but for `until:` moments (nothing invalidates them; the
 * page's s-maxage ends with them instead, server/page-cache/kept-answer.ts).
 */
export function surrogateKeyOf(tags: Iterable<string>): string {
  const keys = [...tags].filter((tag) => !isUntilTag(tag));
  if (keys.length === 0 || keys.some((tag) => !EDGE_TAG.test(tag))) return WIDE_PAGE;
  const joined = keys.join(" ");
  return Buffer.byteLength(joined) > SURROGATE_KEY_MAX ? WIDE_PAGE : joined;
}

/** The Surrogate-Key headers of one purge: the changed tags and `WIDE_PAGE`, in as few headers as fit (one, nearly always). */
export function purgeKeysOf(tags: Iterable<string>): string[] {
  const keys = [...new Set([...tags].filter((tag) => EDGE_TAG.test(tag) && !isUntilTag(tag)))];
  const headers: string[] = [];
  let current = WIDE_PAGE;
  for (const key of keys) {
    if (current.length + 1 + key.length > SURROGATE_KEY_MAX) {
      headers.push(current);
      current = key;
    } else current += ` ${key}`;
  }
  headers.push(current);
  return headers;
}

/**
 * One PURGE to one edge. Plain fetch, not the outbound fetcher (decision 031): the address is the operator's setting
 * (EDGE_PURGE_URLS), usually on the machine's own network, which the outbound fetcher rightly refuses for URLs from
 * content; nothing a visitor sends reaches it. Never throws.
 */
async function purgeOne(base: string, surrogateKey: string): Promise<void> {
  try {
    const response = await fetch(`${base}/`, { method: "PURGE", headers: { "Surrogate-Key": surrogateKey }, signal: AbortSignal.timeout(PURGE_TIMEOUT_MS) });
    // The body says nothing we act on; read it so the connection is released.
    await response.arrayBuffer().catch(() => undefined);
    if (response.status !== 200) log.error("edge purge refused", { edge: base, status: response.status });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    log.error("edge purge failed", {
      edge: base,
      error: (error as Error).name === "TimeoutError" ? `no answer within ${PURGE_TIMEOUT_MS} ms` : (cause?.code ?? (error as Error).message),
    });
  }
}

export type EdgePurger = {
  /** Sends what is waiting now and resolves when every purge under way has answered or failed (a stop; the tests). */
  settle: () => Promise<void>;
  /** Stops listening, then settles. */
  stop: () => Promise<void>;
};

/** Purges `edges` after each invalidation this instance makes. Nothing to do (and nothing started) without edges. */
export function startEdgePurge(edges: readonly string[]): EdgePurger {
  if (edges.length === 0) return { settle: async () => {}, stop: async () => {} };
  let tags = new Set<string>();
  let published: Promise<void>[] = [];
  let timer: NodeJS.Timeout | undefined;
  const underWay = new Set<Promise<void>>();

  function flush() {
    clearTimeout(timer);
    timer = undefined;
    if (tags.size === 0) return;
    const batch = { keys: purgeKeysOf(tags), published: Promise.race([Promise.all(published), delay(PUBLISH_WAIT_MS, undefined, { ref: false })]) };
    tags = new Set();
    published = [];
    const sent = batch.published.then(() => Promise.all(edges.flatMap((edge) => batch.keys.map((key) => purgeOne(edge, key))))).then(() => {});
    underWay.add(sent);
    void sent.finally(() => underWay.delete(sent));
  }

  const stopListening = onInvalidatedHere((changed, wasPublished) => {
    for (const tag of changed) tags.add(tag);
    published.push(wasPublished);
    // A timer that does not hold the process open: a stopping process sends what waits in `stop`.
    timer ??= setTimeout(flush, PURGE_BATCH_MS).unref();
  });

  async function settle() {
    flush();
    await Promise.all([...underWay]);
  }
  return {
    settle,
    async stop() {
      stopListening();
      await settle();
    },
  };
}
