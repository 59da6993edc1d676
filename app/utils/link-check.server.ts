import type { CheckResult, LinkError } from "~/lib/link-health/link-health";
import { DEFAULT_MAX_REDIRECTS, outboundFetch, type OutboundError } from "./outbound-fetch.server";

/**
 * The link checker (issue 19, decision 021): one outbound URL at a time, the way a careful robot visits. HEAD
 * first (no body); GET when the server refuses HEAD or answers it with an error (many do, wrongly); redirects
 * followed by hand so the final address is known and a loop ends; a time limit on every check; a User-Agent
 * that names the site and where to complain. Every request goes through the outbound fetcher (decision 031), which
 * refuses private addresses and https→http redirects and spaces requests to one host. It knows nothing of tools
 * or deals: models hand it URLs.
 */

export { checkerUserAgent } from "./outbound-fetch.server";

export type CheckOptions = {
  /** The time one method's requests (its redirects together) may take. */
  timeoutMs: number;
  userAgent: string;
  /** Redirects followed before the link counts as broken ('redirects'). */
  maxRedirects?: number;
  /** Aborts the whole check (the job stopping). */
  signal?: AbortSignal;
};

export const MAX_REDIRECTS = DEFAULT_MAX_REDIRECTS;

/** The fetcher's failures as link health stores them. */
const LINK_ERROR_OF: Record<OutboundError, LinkError> = {
  "blocked-address": "blocked",
  downgrade: "downgrade",
  redirects: "redirects",
  timeout: "timeout",
  dns: "dns",
  tls: "tls",
  connection: "connection",
  invalid: "invalid",
  // The checker reads no body, so it is never too large; were it, the link gave no usable answer.
  "too-large": "connection",
};

/** A HEAD answer that a GET may contradict: refused, or any error (servers that mishandle HEAD answer 404/500 too). */
const headInconclusive = (result: CheckResult) => result.error === "connection" || (result.status !== null && result.status >= 400);

async function follow(url: string, method: "HEAD" | "GET", options: CheckOptions): Promise<CheckResult> {
  const result = await outboundFetch(url, {
    method,
    timeoutMs: options.timeoutMs,
    maxRedirects: options.maxRedirects ?? MAX_REDIRECTS,
    signal: options.signal,
    userAgent: options.userAgent,
    // The body is never read: the status says what we need, and a page can be large.
    readBody: false,
  });
  if (result.ok) return { status: result.status, error: null, finalUrl: result.finalUrl };
  return { status: result.status, error: LINK_ERROR_OF[result.error], finalUrl: result.finalUrl };
}

/** Checks one URL: HEAD, then GET when HEAD was refused or erred. Never throws. */
export async function checkUrl(url: string, options: CheckOptions): Promise<CheckResult & { method: "HEAD" | "GET" }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { status: null, error: "invalid", finalUrl: null, method: "HEAD" };
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return { status: null, error: "invalid", finalUrl: null, method: "HEAD" };
  const head = await follow(parsed.toString(), "HEAD", options);
  if (!headInconclusive(head) || options.signal?.aborted) return { ...head, method: "HEAD" };
  return { ...(await follow(parsed.toString(), "GET", options)), method: "GET" };
}

/** The host a URL's requests go to, for politeness; unparsable URLs share one queue. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return "";
  }
}

/**
 * Runs `work` over the items with at most `concurrency` at once and never two for the same host at once: one
 * queue per host, worked through in order (the outbound fetcher spaces a host's requests by
 * LINK_CHECK_HOST_DELAY_MS; grouping them here keeps the other workers busy with other hosts meanwhile). Stops
 * taking new items once `signal` aborts. An item's failure is its `work`'s to record; a throw is not caught here.
 */
export async function runPerHost<T>(
  items: readonly T[],
  urlOf: (item: T) => string,
  work: (item: T) => Promise<void>,
  { concurrency, signal }: { concurrency: number; signal?: AbortSignal },
): Promise<void> {
  const queues = new Map<string, T[]>();
  for (const item of items) {
    const host = hostOf(urlOf(item));
    const queue = queues.get(host);
    if (queue) queue.push(item);
    else queues.set(host, [item]);
  }
  // The longest queues first, so one slow host does not start last and hold the pass open alone.
  const pending = [...queues.values()].sort((a, b) => b.length - a.length);
  async function worker() {
    for (let queue = pending.shift(); queue; queue = pending.shift()) {
      for (const item of queue) {
        if (signal?.aborted) return;
        await work(item);
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, pending.length)) }, worker));
}
