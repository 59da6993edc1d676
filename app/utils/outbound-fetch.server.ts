import { lookup as dnsLookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, isIPv4, isIPv6, type LookupFunction } from "node:net";
import { pipeline } from "node:stream";
import { rootCertificates } from "node:tls";
import zlib from "node:zlib";
import { getEnv } from "./env.server";
import { log } from "./logger.server";

/**
 * The one way the product fetches a URL that came from content or a user (issue 27, decision 031). A vendor's page,
 * a submitted website, a redirect they answer with: none of it may reach this machine's own network (loopback, the
 * cloud's metadata service at 169.254.169.254, a database on 10.x). So every hop's host is resolved and judged, and
 * the connection is made to the very addresses judged: the check sits in the socket's own `lookup`, so a name that
 * answers a public address to the check and a private one to the connection (DNS rebinding) has no gap to use.
 * Also: http(s) only, no credentials in URLs, no https→http downgrade, capped redirects, time and bytes, a polite
 * User-Agent, one request at a time per host with a pause between. Refusals are logged and returned, never thrown.
 *
 * Built on node:http/https rather than fetch: Node's fetch (undici) takes a connect-time lookup only through an
 * undici Agent, which Node does not expose; http.request takes `lookup` itself, and needs no dependency.
 */

export type OutboundError = "blocked-address" | "downgrade" | "redirects" | "timeout" | "dns" | "tls" | "connection" | "invalid" | "too-large";

export type OutboundOptions = {
  method?: "GET" | "HEAD";
  /** The time the requests themselves may take, all hops together. Waiting for a host's turn is not counted (bound it with `signal`). */
  timeoutMs?: number;
  /** Bytes of body read at most (after decompression). */
  maxBytes?: number;
  maxRedirects?: number;
  /** Aborts the fetch (the caller's own deadline, a job stopping): reported as 'timeout'. */
  signal?: AbortSignal;
  accept?: string;
  /** Read the body as text (GET only). Without it the body is never downloaded. */
  readBody?: boolean;
  userAgent?: string;
  /** A body over `maxBytes`: kept cut short (`truncated: true`, the default) or the fetch fails 'too-large'. */
  tooLarge?: "truncate" | "fail";
  /** The pause between two requests to one host; default LINK_CHECK_HOST_DELAY_MS. */
  hostDelayMs?: number;
};

/**
 * `hops`: every URL requested or refused, in order (the first as given, normalised); `finalUrl` the last of them.
 * On failure, `status` is the last HTTP status received (a redirect's 302 when its target was refused), null if none.
 */
export type OutboundResult =
  | { ok: true; status: number; finalUrl: string; hops: string[]; contentType: string | null; body: string | null; truncated: boolean }
  | { ok: false; error: OutboundError; status: number | null; finalUrl: string; hops: string[] };

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BYTES = 2_000_000;
export const DEFAULT_MAX_REDIRECTS = 5;
const DEFAULT_HOST_DELAY_MS = 1_000;
const DEFAULT_ACCEPT = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8";

/** "AIToolsAtlasLinkCheck/1.0 (+https://site/contact)": who we are and how to reach us, as crawlers do. */
export function checkerUserAgent(siteUrl: string) {
  return `AIToolsAtlasLinkCheck/1.0 (+${siteUrl.replace(/\/+$/, "")}/contact)`;
}

// ---------------------------------------------------------------------------------------------------------------
// Addresses

/** IPv4 ranges that are not the public internet (IANA special-purpose registry), as [first octets, prefix length]. */
const PRIVATE_V4: readonly (readonly [string, number])[] = [
  ["0.0.0.0", 8], // "this network", 0.0.0.0 itself
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local: the cloud metadata service
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast (deprecated)
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and 255.255.255.255 broadcast
];

const v4Number = (address: string) => address.split(".").reduce((value, octet) => value * 256 + Number(octet), 0);
const PRIVATE_V4_RANGES = PRIVATE_V4.map(([base, bits]) => ({ base: v4Number(base), size: 2 ** (32 - bits) }));

function isPublicV4(value: number): boolean {
  return !PRIVATE_V4_RANGES.some(({ base, size }) => value >= base && value < base + size);
}

/** The eight 16-bit groups of a valid IPv6 address (a dotted IPv4 tail is folded into the last two). */
function v6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const value = v4Number(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const first = parse(head);
  if (tail === undefined) return first;
  const last = parse(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

function isPublicV6(groups: number[]): boolean {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const embedded = g6 * 65536 + g7;
  // ::ffff:a.b.c.d (IPv4-mapped): a dual-stack socket connects to the IPv4 address itself.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) return isPublicV4(embedded);
  // 64:ff9b::/96 (NAT64, well-known prefix): a NAT64 gateway connects to the embedded IPv4 address.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return isPublicV4(embedded);
  // Only global unicast (2000::/3) is the public internet: this refuses ::, ::1, ::/96 (IPv4-compatible, deprecated),
  // 64:ff9b:1::/48 (local NAT64), 100::/64, fc00::/7 (unique-local), fe80::/10 (link-local), fec0::/10, ff00::/8 (multicast).
  if ((g0 & 0xe000) !== 0x2000) return false;
  if (g0 === 0x2001 && g1 < 0x0200) return false; // 2001::/23 IETF protocol assignments (Teredo among them)
  if (g0 === 0x2001 && g1 === 0x0db8) return false; // documentation
  if (g0 === 0x2002) return false; // 6to4 (deprecated; embeds any IPv4 address)
  if (g0 === 0x3fff && g1 < 0x1000) return false; // 3fff::/20 documentation
  return true;
}

/**
 * Whether an IP address is on the public internet, the only addresses outbound fetches may reach. Accepts IPv4
 * dotted quads and IPv6 (with brackets or a zone, as URLs and resolvers write them). Anything else is not public.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "");
  if (isIPv4(bare)) return isPublicV4(v4Number(bare));
  if (isIPv6(bare)) return isPublicV6(v6Groups(bare.toLowerCase()));
  return false;
}

// ---------------------------------------------------------------------------------------------------------------
// URLs

/** A URL's host without IPv6 brackets, and its port (the scheme's default when none is written). */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
const hostPort = (url: URL) => `${bareHost(url)}:${url.port || (url.protocol === "https:" ? "443" : "80")}`;

/** Allowance entries as hostPort writes them (`[::1]:8080` → `::1:8080`). */
const normaliseAllowance = (entries: readonly string[]) => new Set(entries.map((entry) => entry.toLowerCase().replace(/^\[(.*)\](:\d+)$/, "$1$2")));

export type UrlVerdict = { ok: true; url: URL } | { ok: false; error: "invalid" | "blocked-address"; reason: string };

/**
 * Judges a URL before anything is sent: http(s), no credentials, and a literal IP host (WHATWG parsing has already
 * turned 2130706433, 0x7f.1 and 0177.0.0.1 into 127.0.0.1) must be public unless its host:port is in `allowed`.
 * Names are judged later, on the addresses they resolve to.
 */
export function checkOutboundUrl(raw: string, allowed: readonly string[] = []): UrlVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, error: "invalid", reason: "not a URL" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, error: "invalid", reason: `scheme ${url.protocol} (only http and https)` };
  if (url.username || url.password) return { ok: false, error: "invalid", reason: "credentials in the URL" };
  const host = bareHost(url);
  if (!host) return { ok: false, error: "invalid", reason: "no host" };
  if (isIP(host) && !isPublicAddress(host) && !normaliseAllowance(allowed).has(hostPort(url))) {
    return { ok: false, error: "blocked-address", reason: `${host} is not a public address` };
  }
  return { ok: true, url };
}

// ---------------------------------------------------------------------------------------------------------------
// Test hooks

type ResolvedAddress = { address: string; family: number };
export type OutboundTestHooks = {
  /** Answers name lookups instead of DNS (e.g. metadata.example → 169.254.169.254). */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** Told of every connection about to be opened (host, address): tests assert a refused URL opened none. */
  onConnect?: (host: string, address: string) => void;
  /** A certificate authority trusted besides the usual roots (a test's self-signed https server). */
  ca?: string;
};

let hooks: OutboundTestHooks = {};

/** For tests only; refused in production so no code path can widen the fetcher there. */
export function setOutboundTestHooks(next: OutboundTestHooks | null) {
  if (process.env.NODE_ENV === "production") throw new Error("setOutboundTestHooks is for tests");
  hooks = next ?? {};
}

// ---------------------------------------------------------------------------------------------------------------
// One host at a time

type Turn = { tail: Promise<void>; freeAt: number; waiting: number };
const turns = new Map<string, Turn>();

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Waits for `host`'s turn: after the request before it has finished and `delayMs` has passed since. Returns the
 * release to call when this request is done, or null when `signal` aborted the wait (the turn passes on unused).
 */
async function takeTurn(host: string, delayMs: number, signal?: AbortSignal): Promise<(() => void) | null> {
  if (turns.size > 1000) for (const [key, turn] of turns) if (!turn.waiting && turn.freeAt <= Date.now()) turns.delete(key);
  const turn = turns.get(host) ?? { tail: Promise.resolve(), freeAt: 0, waiting: 0 };
  turns.set(host, turn);
  let finish!: () => void;
  const mine = new Promise<void>((resolve) => (finish = resolve));
  const before = turn.tail;
  turn.tail = before.then(() => mine);
  turn.waiting += 1;
  let released = false;
  const release = (pauseAfter: boolean) => {
    if (released) return;
    released = true;
    if (pauseAfter) turn.freeAt = Date.now() + delayMs;
    turn.waiting -= 1;
    finish();
  };
  const aborted = new Promise<"aborted">((resolve) => {
    if (signal?.aborted) resolve("aborted");
    signal?.addEventListener("abort", () => resolve("aborted"), { once: true });
  });
  if ((await Promise.race([before.then(() => "turn" as const), aborted])) === "aborted") {
    void before.then(() => release(false));
    return null;
  }
  await pause(turn.freeAt - Date.now(), signal);
  if (signal?.aborted) {
    release(false);
    return null;
  }
  return () => release(true);
}

// ---------------------------------------------------------------------------------------------------------------
// The fetch

type Settings = { allowed: Set<string>; hostDelayMs: number };

function settings(options: OutboundOptions): Settings {
  let allowed: readonly string[] = [];
  let hostDelayMs = DEFAULT_HOST_DELAY_MS;
  try {
    const env = getEnv();
    allowed = env.OUTBOUND_ALLOWED_HOSTS;
    hostDelayMs = env.LINK_CHECK_HOST_DELAY_MS;
  } catch {
    // Before the environment is parsed (a script): no allowance, the default pause.
  }
  return { allowed: normaliseAllowance(allowed), hostDelayMs: options.hostDelayMs ?? hostDelayMs };
}

const BLOCKED = "EOUTBOUND_BLOCKED";

const resolveName = (hostname: string): Promise<ResolvedAddress[]> => (hooks.resolve ? hooks.resolve(hostname) : dnsLookup(hostname, { all: true, verbatim: true }));

/**
 * The socket's lookup: resolves the name, refuses it when any address it resolves to is not public (unless allowed),
 * and hands the socket exactly the addresses judged. Node calls it at connect time, for this connection only.
 */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolveName(hostname).then(
      (addresses) => {
        const refused = allowPrivate ? undefined : addresses.find((candidate) => !isPublicAddress(candidate.address));
        if (refused) {
          callback(Object.assign(new Error(`${hostname} resolves to ${refused.address}, not a public address`), { code: BLOCKED, address: refused.address }), "", 0);
          return;
        }
        const family = options.family === "IPv4" ? 4 : options.family === "IPv6" ? 6 : options.family;
        const usable = addresses.filter((candidate) => !family || candidate.family === family);
        if (!usable.length) {
          callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 0);
          return;
        }
        for (const candidate of usable) hooks.onConnect?.(hostname, candidate.address);
        if (options.all) (callback as unknown as (error: null, addresses: ResolvedAddress[]) => void)(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, "", 0),
    );
  };
}

/** The kind of failure of a request that got no answer, read from the error and its causes. */
export function classifyFetchError(error: unknown): OutboundError {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const { name, code, message } = current as { name?: string; code?: string; message?: string };
    if (code === BLOCKED) return "blocked-address";
    if (
      name === "TimeoutError" ||
      name === "AbortError" ||
      code === "ABORT_ERR" ||
      code === "UND_ERR_CONNECT_TIMEOUT" ||
      code === "UND_ERR_HEADERS_TIMEOUT" ||
      code === "UND_ERR_BODY_TIMEOUT"
    )
      return "timeout";
    if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NODATA" || code === "EAI_NONAME") return "dns";
    if (typeof code === "string" && (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED)/.test(code) || code.includes("CERT"))) return "tls";
    if (typeof message === "string" && /certificate|SSL routines/i.test(message)) return "tls";
    current = (current as { cause?: unknown }).cause;
  }
  return "connection";
}

const isRedirect = (status: number) => status === 301 || status === 302 || status === 303 || status === 307 || status === 308;

function request(url: URL, method: "GET" | "HEAD", headers: Record<string, string>, allowPrivate: boolean, signal: AbortSignal): Promise<IncomingMessage> {
  const host = bareHost(url);
  // A literal IP host never reaches `lookup` (there is nothing to resolve): it was judged with the URL.
  if (isIP(host)) hooks.onConnect?.(host, host);
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = transport.request(url, {
      method,
      headers,
      signal,
      // No pooled sockets: each request connects, so each connection passes the lookup's check.
      agent: false,
      lookup: guardedLookup(allowPrivate),
      ...(hooks.ca && url.protocol === "https:" ? { ca: [...rootCertificates, hooks.ca] } : {}),
    });
    outgoing.once("response", resolve);
    outgoing.once("error", reject);
    outgoing.end();
  });
}

/** The charset a Content-Type names, when TextDecoder knows it; utf-8 otherwise. */
function decoderFor(contentType: string | null): TextDecoder {
  const label = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? "")?.[1];
  try {
    return new TextDecoder(label ?? "utf-8");
  } catch {
    return new TextDecoder("utf-8");
  }
}

/**
 * The body, decompressed as its Content-Encoding says. Joined with `pipeline`, not `pipe`: a connection cut mid-body
 * then fails the decompressor, so the reader gets the error; with `pipe` it waited for an end that never came, past
 * the fetch's own time limit (issue 40). The reader sees every error; the callback has nothing left to do.
 */
function decompressed(response: IncomingMessage): NodeJS.ReadableStream {
  const encoding = String(response.headers["content-encoding"] ?? "").toLowerCase();
  const decoder =
    encoding === "gzip" || encoding === "x-gzip" ? zlib.createGunzip() : encoding === "deflate" ? zlib.createInflate() : encoding === "br" ? zlib.createBrotliDecompress() : null;
  return decoder ? pipeline(response, decoder, () => {}) : response;
}

/** Up to `maxBytes` of the body, and whether there was more (then reading stopped there). */
async function readCapped(response: IncomingMessage, maxBytes: number): Promise<{ bytes: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of decompressed(response)) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    if (size + buffer.length > maxBytes) {
      chunks.push(buffer.subarray(0, maxBytes - size));
      response.destroy();
      return { bytes: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(buffer);
    size += buffer.length;
  }
  return { bytes: Buffer.concat(chunks), truncated: false };
}

/**
 * Fetches a URL from content or a user, following redirects by hand and judging every hop (see the module's
 * comment). Never throws: every failure and every refusal is a result, and every refusal is logged.
 */
export async function outboundFetch(url: string, options: OutboundOptions = {}): Promise<OutboundResult> {
  const method = options.method ?? "GET";
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const readBody = (options.readBody ?? false) && method === "GET";
  const { allowed, hostDelayMs } = settings(options);
  const headers: Record<string, string> = {
    "User-Agent": options.userAgent ?? checkerUserAgent(safeSiteUrl()),
    Accept: options.accept ?? DEFAULT_ACCEPT,
    "Accept-Encoding": readBody ? "gzip, deflate, br" : "identity",
    Connection: "close",
  };
  const hops: string[] = [];
  let status: number | null = null;
  let remainingMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  const refuse = (error: OutboundError, at: string, reason: string): OutboundResult => {
    log.warn(`outbound fetch refused: ${reason}`, { host: hostOfUrl(at), error });
    return { ok: false, error, status, finalUrl: at, hops };
  };
  const fail = (error: OutboundError, at: string): OutboundResult => ({ ok: false, error, status, finalUrl: at, hops });

  let next = url;
  let previous: URL | null = null;
  for (let hop = 0; ; hop++) {
    hops.push(normalised(next));
    const verdict = checkOutboundUrl(next, [...allowed]);
    if (!verdict.ok) return refuse(verdict.error, hops.at(-1)!, verdict.reason);
    const current = verdict.url;
    next = current.toString();
    if (previous?.protocol === "https:" && current.protocol === "http:") return refuse("downgrade", next, "redirect from https to http");

    const release = await takeTurn(bareHost(current), hostDelayMs, options.signal);
    if (!release) return fail("timeout", next);
    const started = performance.now();
    const deadline = AbortSignal.timeout(Math.max(1, Math.ceil(remainingMs)));
    const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
    let redirectTo: string;
    try {
      const response = await request(current, method, headers, allowed.has(hostPort(current)), signal);
      status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (!isRedirect(status) || !location) {
        const contentType = response.headers["content-type"] ?? null;
        if (!readBody) {
          response.destroy();
          return { ok: true, status, finalUrl: next, hops, contentType, body: null, truncated: false };
        }
        const { bytes, truncated } = await readCapped(response, maxBytes);
        if (truncated && options.tooLarge === "fail") return refuse("too-large", next, `body larger than ${maxBytes} bytes`);
        return { ok: true, status, finalUrl: next, hops, contentType, body: decoderFor(contentType).decode(bytes), truncated };
      }
      response.destroy();
      redirectTo = location;
    } catch (error) {
      const kind = signal.aborted ? "timeout" : classifyFetchError(error);
      // The name resolved to an address it may not reach: a refusal, logged with the address it named.
      if (kind === "blocked-address") return refuse(kind, next, error instanceof Error ? error.message : "not a public address");
      return fail(kind, next);
    } finally {
      release();
      remainingMs -= performance.now() - started;
    }
    if (hop >= maxRedirects) return refuse("redirects", next, `more than ${maxRedirects} redirects`);
    if (remainingMs <= 0) return fail("timeout", next);
    try {
      next = new URL(redirectTo, current).toString();
    } catch {
      return refuse("invalid", next, "a redirect to something that is not a URL");
    }
    previous = current;
  }
}

function safeSiteUrl(): string {
  try {
    return getEnv().SITE_URL;
  } catch {
    return "http://localhost";
  }
}

function normalised(url: string): string {
  try {
    return new URL(url).toString();
  } catch {
    return url;
  }
}

function hostOfUrl(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
}
