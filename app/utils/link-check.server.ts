import type { CheckResult, LinkError } from "~/lib/link-health/link-health";

/**
 * The link checker (issue 19, decision 021): one outbound URL at a time, the way a careful robot visits. HEAD
 * first (no body); GET when the server refuses HEAD or answers it with an error (many do, wrongly); redirects
 * followed by hand so the final address is known and a loop ends; a timeout on every request; a User-Agent
 * that names the site and where to complain. It knows nothing of tools or deals: models hand it URLs.
 */

export type CheckOptions = {
  timeoutMs: number;
  userAgent: string;
  /** Redirects followed before the link counts as broken ('redirects'). */
  maxRedirects?: number;
  /** Aborts the whole check (the job stopping). */
  signal?: AbortSignal;
};

export const MAX_REDIRECTS = 5;

/** "AIToolsAtlasLinkCheck/1.0 (+https://site/contact)": who we are and how to reach us, as crawlers do. */
export function checkerUserAgent(siteUrl: string) {
  return `AIToolsAtlasLinkCheck/1.0 (+${siteUrl.replace(/\/+$/, "")}/contact)`;
}

/** Node's fetch hides the reason in `cause` (undici): read it as the kind of failure we store. */
export function classifyError(error: unknown): LinkError {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const { name, code, message } = current as { name?: string; code?: string; message?: string };
    if (name === "TimeoutError" || name === "AbortError" || code === "UND_ERR_CONNECT_TIMEOUT" || code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT")
      return "timeout";
    if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NODATA" || code === "EAI_NONAME") return "dns";
    if (typeof code === "string" && (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED)/.test(code) || code.includes("CERT"))) return "tls";
    if (typeof message === "string" && /certificate|SSL routines/i.test(message)) return "tls";
    current = (current as { cause?: unknown }).cause;
  }
  return "connection";
}

const isRedirect = (status: number) => status === 301 || status === 302 || status === 303 || status === 307 || status === 308;

/** A HEAD answer that a GET may contradict: refused, or any error (servers that mishandle HEAD answer 404/500 too). */
const headInconclusive = (result: CheckResult) => result.error === "connection" || (result.status !== null && result.status >= 400);

async function follow(url: string, method: "HEAD" | "GET", options: CheckOptions): Promise<CheckResult> {
  let current = url;
  const limit = options.maxRedirects ?? MAX_REDIRECTS;
  for (let hop = 0; ; hop++) {
    let response: Response;
    try {
      const timeout = AbortSignal.timeout(options.timeoutMs);
      response = await fetch(current, {
        method,
        redirect: "manual",
        signal: options.signal ? AbortSignal.any([timeout, options.signal]) : timeout,
        headers: { "User-Agent": options.userAgent, Accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8" },
      });
    } catch (error) {
      return { status: null, error: classifyError(error), finalUrl: current };
    }
    // The body is never read: the status says what we need, and a page can be large.
    await response.body?.cancel().catch(() => {});
    const location = response.headers.get("location");
    if (!isRedirect(response.status) || !location) return { status: response.status, error: null, finalUrl: current };
    if (hop >= limit) return { status: response.status, error: "redirects", finalUrl: current };
    try {
      current = new URL(location, current).toString();
    } catch {
      return { status: response.status, error: "invalid", finalUrl: current };
    }
    if (!/^https?:$/.test(new URL(current).protocol)) return { status: response.status, error: "invalid", finalUrl: current };
  }
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

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Runs `work` over the items with at most `concurrency` at once and never two for the same host at once: one
 * queue per host, worked through in order with `hostDelayMs` between its requests. Stops taking new items once
 * `signal` aborts. An item's failure is its `work`'s to record; a throw is not caught here.
 */
export async function runPerHost<T>(
  items: readonly T[],
  urlOf: (item: T) => string,
  work: (item: T) => Promise<void>,
  { concurrency, hostDelayMs, signal }: { concurrency: number; hostDelayMs: number; signal?: AbortSignal },
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
      for (const [index, item] of queue.entries()) {
        if (signal?.aborted) return;
        if (index > 0) await pause(hostDelayMs, signal);
        if (signal?.aborted) return;
        await work(item);
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, pending.length)) }, worker));
}
