/**
 * Link health (issue 19, decision 021): what one check of an outbound destination found, and how checks add up
 * to a link we call broken. Pure, so the checker, the admin page and the public notices agree on every rule.
 */

/** The destinations that are checked: the ones /go/{kind}/{slug} leads to (partner programs are our own pages). */
export const LINK_KINDS = ["tool", "course", "deal"] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/** Failed checks in a row before a link is flagged: one bad day of a vendor's server is not a dead link. */
export const BROKEN_AFTER = 3;

/**
 * How a check failed when no usable HTTP answer came back. 'blocked' and 'downgrade' are the outbound fetcher's
 * refusals (decision 031): the link, or a redirect it answered with, leads to a private network address, or from
 * https to plain http; the checker does not follow it, and the link counts as failing.
 */
export const LINK_ERRORS = ["timeout", "dns", "connection", "tls", "redirects", "invalid", "blocked", "downgrade"] as const;
export type LinkError = (typeof LINK_ERRORS)[number];

/** One check: the final HTTP status after redirects, or the kind of failure; the address it ended at. */
export type CheckResult = { status: number | null; error: LinkError | null; finalUrl: string | null };

/**
 * Whether the link works. 2xx is a page; 401, 403 and 429 are a server that is there and keeps robots out
 * (many vendors' sites sit behind bot protection that answers a checker so and a person with the page), so
 * they are not counted against the link. Everything else (404, 410, 5xx, other 4xx, no answer) fails.
 */
export function isWorking(result: Pick<CheckResult, "status" | "error">): boolean {
  if (result.error || result.status === null) return false;
  return (result.status >= 200 && result.status < 300) || result.status === 401 || result.status === 403 || result.status === 429;
}

/** `lastOkAt`: the last check of `url` that worked, the only date a public page calls 'Link checked' (decision 028). */
export type LinkState = { url: string; ok: boolean; consecutiveFailures: number; checkedAt: Date; lastOkAt: Date | null };

/**
 * The state after a check. Failures count up in a row and a success resets them; a different URL than the one
 * last checked (the content changed) starts the count again and forgets the last success.
 */
export function nextLinkState(previous: LinkState | null, url: string, result: CheckResult, checkedAt: Date): LinkState {
  const ok = isWorking(result);
  const same = previous !== null && previous.url === url;
  const before = same ? previous.consecutiveFailures : 0;
  return { url, ok, consecutiveFailures: ok ? 0 : before + 1, checkedAt, lastOkAt: ok ? checkedAt : same ? previous.lastOkAt : null };
}

export const isBroken = (state: Pick<LinkState, "consecutiveFailures">) => state.consecutiveFailures >= BROKEN_AFTER;

/** The UTC day of a check, the grain public pages show it in. */
export const checkDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * What a public page says of a link, as a key: 'broken {day of the last check}', 'ok {day of the last success}' or
 * nothing. A failed check that is not yet the third says nothing new: the page keeps the last success's date.
 * `showsDateWhenOk`: tool pages show the date of a working link, course and deal cards only the broken notice.
 */
function publicState(state: LinkState | null, showsDateWhenOk: boolean): string {
  if (!state) return "";
  if (isBroken(state)) return `broken ${checkDay(state.checkedAt)}`;
  return showsDateWhenOk && state.lastOkAt ? `ok ${checkDay(state.lastOkAt)}` : "";
}

/** Whether a check changes what a public page shows (so its cached pages must go). */
export function changesPublicState(previous: LinkState | null, next: LinkState, showsDateWhenOk: boolean): boolean {
  return publicState(previous, showsDateWhenOk) !== publicState(next, showsDateWhenOk);
}

/** Failures without any HTTP answer: what a machine whose own network is down gets from every site. */
const NO_ANSWER: readonly LinkError[] = ["dns", "connection", "timeout"];
/** Sites a pass must fail to reach before the failures can be the checker's own outage, not theirs. */
export const OUTAGE_MIN_HOSTS = 5;

/**
 * Whether a pass's failures are the checker's own outage (decision 028): more than half of its checks got no answer
 * at all (DNS, connection refused, timeout), across at least OUTAGE_MIN_HOSTS different sites. Real sites do not
 * fail so together; a network cut, a broken resolver or a firewall on our side does. Returns the commonest kind of
 * failure, or null for a pass whose failures are the links' own.
 */
export function passOutage(checks: readonly { host: string; error: LinkError | null }[]): LinkError | null {
  const silent = checks.filter((check) => check.error !== null && NO_ANSWER.includes(check.error));
  if (silent.length * 2 <= checks.length || new Set(silent.map((check) => check.host)).size < OUTAGE_MIN_HOSTS) return null;
  const tally = new Map<LinkError, number>();
  for (const check of silent) tally.set(check.error!, (tally.get(check.error!) ?? 0) + 1);
  return [...tally.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

/** What the admin table says of a check, in words. */
export function describeCheck(result: Pick<CheckResult, "status" | "error">): string {
  if (result.error) return ERROR_WORDS[result.error];
  if (result.status === null) return "Not checked";
  const reason = STATUS_WORDS[result.status];
  return reason ? `${result.status} ${reason}` : String(result.status);
}

const ERROR_WORDS: Record<LinkError, string> = {
  timeout: "Timed out",
  dns: "Host not found (DNS)",
  connection: "Connection failed",
  tls: "TLS/certificate error",
  redirects: "Too many redirects",
  invalid: "Not an http(s) address",
  blocked: "Refused: leads to a private network address",
  downgrade: "Refused: redirects from https to plain http",
};

const STATUS_WORDS: Record<number, string> = {
  200: "OK",
  204: "No content",
  401: "Login required (counted as working)",
  403: "Refused our checker (counted as working)",
  404: "Not found",
  405: "Method not allowed",
  410: "Gone",
  429: "Rate-limited our checker (counted as working)",
  500: "Server error",
  502: "Bad gateway",
  503: "Unavailable",
  504: "Gateway timeout",
};
