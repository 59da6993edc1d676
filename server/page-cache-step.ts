import { randomUUID } from "node:crypto";
import { themeFromCookieHeader } from "~/lib/ui/theme";
import { changedSince, collectPageTags, tagGenerations } from "~/utils/cache.server";
import { personalDataFor } from "~/models/account/personal.server";
import { searchSite, type SiteSearchResult } from "~/models/search/queries.server";
import { parseSiteSearch } from "~/lib/site-search";
import { loadViewer } from "~/utils/session.server";
import type { RenderNotes } from "~/utils/request-context";
import { errorText, log } from "~/utils/logger.server";
import { isUnavailable } from "~/utils/errors.server";
import { carriesFlashCookie, carriesPersonalCookie, carriesSessionCookie } from "./cache-policy";
import { compress, compressedAnswer } from "./compress";
import { buildPage, getPage, matchesEtag, pickEncoding, storePage, type CachedPage } from "./page-cache";
import type { Exchange, Next, Step } from "./pipeline";
import { fillForReader } from "./page-parts/kept-page";
import { fillSearch, searchAddress, searchShellUrl, servedByShell } from "./search-shell";
import { requestIdOf, withRequest } from "./pipeline";
import { MAX_URL_LENGTH } from "./request-guards";
import { safeRedirect } from "~/lib/account/safe-redirect";
import { framedByVerification, securityHeaderList, type SiteHeaders } from "./security-headers";

/** Pages only people with an account see, or that answer with per-visitor data (or count each visit, like /go): never cached. Of /resources, only the theme cookie's route: the matrix beside it is a public page. */
const PERSONAL = /^\/(api|auth|profile|favorites|my-reviews|settings|uploads|resources\/theme|images|go|admin)(\/|\.|$)/;

/** Pages, client navigation data, and the files made from the database (sitemaps, feeds, robots.txt, llms.txt). */
const CACHEABLE_TYPE = /^(text\/html|text\/x-script|text\/plain|application\/xml|application\/rss\+xml)/;

/** The page-cache key of an anonymous GET, or null when the request must be rendered for this visitor. */
export function pageCacheKey(request: Request, url: URL): string | null {
  return cacheKeyOf(request.method, url.pathname, url.search, request.headers.get("cookie") ?? "");
}

function cacheKeyOf(method: string, pathname: string, search: string, cookie: string): string | null {
  if ((method !== "GET" && method !== "HEAD") || PERSONAL.test(pathname)) return null;
  if (carriesPersonalCookie(cookie)) return null;
  return sharedKeyOf(pathname, search, cookie);
}

const sharedKeyOf = (pathname: string, search: string, cookie: string) => `${pathname}${search}|${themeFromCookieHeader(cookie)}`;

/**
 * The key of the shared page a signed-in GET may be served with its personal parts filled in (decision 054): the
 * anonymous visitor's key of the same address and theme. Null for other requests, and for a flash message, which
 * only a page rendered for the request shows.
 */
function personalPartsKeyOf(request: Request, url: URL): string | null {
  const cookie = request.headers.get("cookie") ?? "";
  // The loader data of a client navigation (`.data`) has no parts: it is the reader's own.
  if (request.method !== "GET" || PERSONAL.test(url.pathname) || url.pathname.endsWith(".data") || !carriesSessionCookie(cookie) || carriesFlashCookie(cookie)) return null;
  return sharedKeyOf(url.pathname, url.search, cookie);
}

/** What a kept page says to caches in front: browsers revalidate (cheap: 304); a CDN may keep it `sharedSeconds` and refresh it in the background. */
export const keptPageCacheControl = (sharedSeconds: number) => `public, max-age=0, s-maxage=${sharedSeconds}, stale-while-revalidate=60`;

/** An answer of a kept page: status, headers in order, and the body (null for HEAD and 304). */
export type KeptPageAnswer = { status: number; headers: [string, string][]; body: Buffer | null };

type KeptPageRequest = { method: string; searchParams: URLSearchParams; acceptEncoding: string; ifNoneMatch: string | null; requestId: string };

/** The security headers of a kept page, made once per page and framing (its CSP names the page's script hashes). */
const securityHeadersOf = new WeakMap<CachedPage, Map<boolean, [string, string][]>>();

function keptPageSecurityHeaders(page: CachedPage, site: SiteHeaders, sameOriginFrames: boolean): [string, string][] {
  let byFraming = securityHeadersOf.get(page);
  if (!byFraming) securityHeadersOf.set(page, (byFraming = new Map()));
  let list = byFraming.get(sameOriginFrames);
  if (!list) byFraming.set(sameOriginFrames, (list = securityHeaderList({ scriptHashes: page.scriptHashes }, { ...site, sameOriginFrames })));
  return list;
}

/**
 * The answer to a request for a kept page, the one way both paths make it: the pipeline's step below (as a
 * Response) and the front door's hit path (`answerKeptPage`, written to the socket as it is). The headers are
 * those every step of the pipeline would have set on it: Cache-Control and Vary (declareCaching leaves a kept
 * page's as they are), the security headers with the page's script hashes, and the request id.
 */
function keptPageAnswer(request: KeptPageRequest, page: CachedPage, state: "HIT" | "MISS", { site, cacheControl }: { site: SiteHeaders; cacheControl: string }): KeptPageAnswer {
  const { body, encoding, etag } = pickEncoding(page, request.acceptEncoding);
  const headers: [string, string][] = [
    ["Content-Type", page.contentType],
    ["ETag", etag],
    ["Cache-Control", cacheControl],
    ["Vary", "Accept-Encoding, Cookie"],
    ["X-Cache", state],
    ["X-Request-Id", request.requestId],
    ...keptPageSecurityHeaders(page, site, framedByVerification(request.searchParams)),
  ];
  if (matchesEtag(request.ifNoneMatch, etag)) return { status: 304, headers, body: null };
  if (encoding) headers.push(["Content-Encoding", encoding]);
  headers.push(["Content-Length", String(body.length)]);
  return { status: page.status, headers, body: request.method === "HEAD" ? null : body };
}

function fromCache({ request, url, requestId }: Exchange, page: CachedPage, state: "HIT" | "MISS", answer: { site: SiteHeaders; cacheControl: string }): Response {
  const kept = keptPageAnswer(
    {
      method: request.method,
      searchParams: url.searchParams,
      acceptEncoding: request.headers.get("accept-encoding") ?? "",
      ifNoneMatch: request.headers.get("if-none-match"),
      requestId,
    },
    page,
    state,
    answer,
  );
  return new Response(kept.body && new Uint8Array(kept.body), { status: kept.status, headers: kept.headers });
}

/** What the hit path reads of a request: Node's IncomingMessage has these. */
export type RawRequest = { method?: string; url?: string; headers: Record<string, string | string[] | undefined> };

const headerOf = (request: RawRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(", ") : (value ?? null);
};

/**
 * The page cache's hit path, for the front door (server/front-door.ts) to try before a request becomes a fetch
 * Request: an anonymous GET or HEAD of a kept page is answered from memory without the pipeline, whose Request,
 * Response and stream objects cost most of a hit's time (issue 31). It answers only what the pipeline would
 * answer the same way: an address that needs the request guards' care (longer than any of ours, with escapes
 * to decode or strip) or a page not kept takes the whole pipeline, which may render and keep it. `request.url` is
 * the target as the front door normalised it.
 */
export function answerKeptPage({ dev, site, sharedSeconds }: { dev: boolean; site: SiteHeaders; sharedSeconds: number }): (request: RawRequest) => KeptPageAnswer | null {
  const answer = { site, cacheControl: keptPageCacheControl(sharedSeconds) };
  return (request) => {
    const target = request.url ?? "";
    // The front door has put the target through the URL parser already (readRequestTarget), as the pipeline's key
    // is made. What is left to the request guards is an escape they may decode or strip: that takes the pipeline.
    if (dev || target.length > MAX_URL_LENGTH || target.includes("%")) return null;
    const queryAt = target.indexOf("?");
    const pathname = queryAt === -1 ? target : target.slice(0, queryAt);
    const search = queryAt === -1 ? "" : target.slice(queryAt);
    // `?` alone: the URL parser's search is empty, as the pipeline's key has it.
    const key = cacheKeyOf(request.method ?? "", pathname, search === "?" ? "" : search, headerOf(request, "cookie") ?? "");
    const page = key && getPage(key);
    if (!page) return null;
    return keptPageAnswer(
      {
        method: request.method!,
        searchParams: new URLSearchParams(search),
        acceptEncoding: headerOf(request, "accept-encoding") ?? "",
        ifNoneMatch: headerOf(request, "if-none-match"),
        requestId: requestIdOf(headerOf(request, "x-request-id"), randomUUID),
      },
      page,
      "HIT",
      answer,
    );
  };
}

/**
 * A kept page for a signed-in reader, with its personal parts rendered for them (decision 054); rendered for them in
 * full when the session is gone, refreshed (its cookie must be set) or unreadable, or the page has a part this build
 * does not know. The reader's own answer: never kept, `private, no-store` (declareCaching).
 */
async function withPersonalParts(exchange: Exchange, page: CachedPage, site: SiteHeaders, next: Next): Promise<Response> {
  const { request, url, requestId } = exchange;
  const parts = page.parts;
  if (!parts?.forReader) return next(exchange);
  const session = await loadViewer(request);
  // The render looks the session up once: it is handed on, with any cookie it must set.
  if (!session.viewer || session.setCookies.length || session.databaseUnavailable) return next({ ...exchange, session });
  let body: Buffer | null;
  try {
    const personal = await personalDataFor(session.viewer, parts.route.loaderData);
    body = await fillForReader(parts, url, personal);
  } catch (error) {
    // The page is rendered for the reader instead. A database that does not answer is the render's to answer (503 with
    // the 'temporarily unavailable' screen); anything else is a part that cannot be rendered alone, a bug: logged.
    if (!isUnavailable(error)) log.error("personal parts failed to render; the page is rendered for the reader", { requestId, path: url.pathname, error: errorText(error) });
    return next({ ...exchange, session });
  }
  if (!body) return next({ ...exchange, session });
  const headers: [string, string][] = [
    ["Content-Type", page.contentType],
    ["X-Cache", "PERSONAL-PARTS"],
    ["X-Request-Id", requestId],
    // The kept page's script hashes cover every script that runs: the personal data is JSON, which never runs.
    ...keptPageSecurityHeaders(page, site, framedByVerification(url.searchParams)),
  ];
  return compressedAnswer(request, body, { status: page.status, headers });
}

/** The same request as an anonymous visitor sends it: the session and flash cookies left out, the theme kept. */
function anonymousRequestOf(request: Request): Request {
  const headers = new Headers(request.headers);
  const cookies = (headers.get("cookie") ?? "")
    .split(";")
    .map((cookie) => cookie.trim())
    .filter((cookie) => cookie && !carriesPersonalCookie(cookie));
  if (cookies.length) headers.set("cookie", cookies.join("; "));
  else headers.delete("cookie");
  return new Request(request.url, { method: "GET", headers });
}

/** Renders an anonymous page and keeps it when it may be shared: 200, no cookie set, tagged data only, unchanged meanwhile. */
async function renderForCache(exchange: Exchange, next: Next, asked: Partial<RenderNotes> = {}): Promise<{ page: CachedPage } | { response: Response }> {
  const tags = new Set<string>();
  let generations = tagGenerations([]);
  // Whether a loader read the viewer: such a page is never served to a signed-in reader with personal parts.
  const notes: RenderNotes = { ...asked, viewerRead: false };
  const response = await collectPageTags(tags, async () => {
    const rendered = await next({ ...exchange, compress: false, notes });
    // What the page showed was read by now; a write after this moment makes it stale.
    generations = tagGenerations(tags);
    return rendered;
  });
  const contentType = response.headers.get("content-type") ?? "";
  const shareable = response.status === 200 && !response.headers.has("set-cookie") && tags.size > 0 && CACHEABLE_TYPE.test(contentType);
  const body = Buffer.from(await response.arrayBuffer());
  if (!shareable || changedSince(generations)) {
    // Answered as rendered, for this visitor only.
    const answer = new Response(new Uint8Array(body), { status: response.status, statusText: response.statusText || undefined, headers: response.headers });
    return { response: exchange.compress ? compress(exchange.request, answer) : answer };
  }
  return { page: await buildPage(response.status, contentType, body, tags, notes) };
}

/**
 * The page cache's step (decision 011; the store is server/page-cache.ts): an anonymous GET is answered from
 * memory when its page is kept; concurrent requests for a page being rendered wait for that one render; a
 * page rendered here is kept when it may be shared. A URL with a query (a search) is kept on its second request
 * within a while: a query seen once is never worth the memory and the compression. Off in development.
 */
export function servePageCache({ dev, site, sharedSeconds }: { dev: boolean; site: SiteHeaders; sharedSeconds: number }): Step {
  const answer = { site, cacheControl: keptPageCacheControl(sharedSeconds) };
  const seenOnce = new Set<string>();
  function worthStoring(key: string, url: URL) {
    if (!url.search) return true;
    if (seenOnce.delete(key)) return true;
    seenOnce.add(key);
    if (seenOnce.size > 10_000) seenOnce.delete(seenOnce.values().next().value!);
    return false;
  }
  const rendering = new Map<string, Promise<CachedPage | null>>();

  /** Renders the anonymous page of `key` once however many ask at the same moment, and keeps it when it may be shared. */
  async function renderAndKeep(key: string, exchange: Exchange, next: Next, asked: Partial<RenderNotes> = {}) {
    const pending = renderForCache(exchange, next, asked);
    rendering.set(
      key,
      pending.then((outcome) => ("page" in outcome ? outcome.page : null)),
    );
    try {
      const outcome = await pending;
      if ("page" in outcome) storePage(key, outcome.page);
      return outcome;
    } finally {
      rendering.delete(key);
    }
  }

  /**
   * A signed-in GET: the shared page with the reader's personal parts when it has them (decision 054). A page not kept
   * yet is rendered for anonymous visitors and kept first, as an anonymous visitor's request would have done, so
   * that a page invalidated by a write is shared again from its next reader, signed in or not.
   */
  async function forSignedInReader(exchange: Exchange, next: Next, sharedKey: string) {
    let shared = getPage(sharedKey) ?? (await rendering.get(sharedKey)) ?? undefined;
    if (!shared && worthStoring(sharedKey, exchange.url)) {
      const outcome = await renderAndKeep(sharedKey, withRequest(exchange, anonymousRequestOf(exchange.request)), next);
      if ("page" in outcome) shared = outcome.page;
      else await outcome.response.body?.cancel();
    }
    return shared?.parts?.forReader ? withPersonalParts(exchange, shared, site, next) : next(exchange);
  }

  /** The search shell's page-cache key for this visitor's theme: one no address has (decision 059). */
  const searchShellKey = (request: Request) => `search-shell|${themeFromCookieHeader(request.headers.get("cookie") ?? "")}`;

  /** The kept search shell for this visitor's theme (decision 059), rendered and kept first when it is not. */
  async function searchShell(exchange: Exchange, next: Next): Promise<CachedPage | null> {
    const key = searchShellKey(exchange.request);
    const kept = getPage(key) ?? (await rendering.get(key));
    if (kept) return kept;
    const shellRequest = new Request(searchShellUrl(exchange.url), { headers: anonymousRequestOf(exchange.request).headers });
    const outcome = await renderAndKeep(key, withRequest(exchange, shellRequest), next, { searchShell: true });
    if ("page" in outcome) return outcome.page;
    await outcome.response.body?.cancel();
    return null;
  }

  /**
   * An anonymous search not kept: the kept shell with its results filled in (decision 059), kept in turn when
   * `store` (its second request). Rendered in full when the shell cannot serve it, and when the search fails: a
   * database that does not answer is the render's to answer (503 with the 'temporarily unavailable' screen).
   */
  async function searchFromShell(exchange: Exchange, next: Next, key: string, store: boolean): Promise<Response> {
    const { request, url, requestId } = exchange;
    const shell = await searchShell(exchange, next);
    const parts = shell?.parts;
    if (!shell || !parts?.forAddress) return store ? keepRendered(key, exchange, next) : next(exchange);
    const tags = new Set<string>(shell.tags);
    let generations = tagGenerations([]);
    let body: Buffer | null;
    let result: SiteSearchResult;
    try {
      const { q, tab, page } = parseSiteSearch(url.searchParams);
      result = await collectPageTags(tags, () => searchSite(q, { tab, page }));
      // What the results showed was read by now; a write after this moment makes them stale.
      generations = tagGenerations(tags);
      body = await fillSearch(parts, searchAddress(url), result);
    } catch (error) {
      if (!isUnavailable(error)) log.error("a search could not be served from the shell; it is rendered in full", { requestId, path: url.pathname, error: errorText(error) });
      return next(exchange);
    }
    if (!body) return store ? keepRendered(key, exchange, next) : next(exchange);
    // Kept only if nothing it shows changed meanwhile: its results, and its shell (an invalidated shell is dropped).
    if (store && !changedSince(generations) && getPage(searchShellKey(request)) === shell) {
      const page = await buildPage(200, shell.contentType, body, tags, {
        route: { ...parts.route, loaderData: { ...parts.route.loaderData, "routes/search": { result } } },
      });
      storePage(key, page);
      return fromCache(exchange, page, "MISS", answer);
    }
    const headers: [string, string][] = [
      ["Content-Type", shell.contentType],
      ["X-Cache", "SHELL"],
      ["X-Request-Id", requestId],
      // The shell's script hashes cover every script that runs: the results' JSON never runs.
      ...keptPageSecurityHeaders(shell, site, framedByVerification(url.searchParams)),
    ];
    return compressedAnswer(request, body, { status: 200, headers });
  }

  /**
   * A GET or HEAD whose path has capitals (issue 41): routes match in any case, so `/ABOUT` would render `/about` and
   * be kept as a page of its own. When the lower-case path is a page that may be kept (kept already, or rendered now
   * and kept), the answer is a 301 to it, the query as sent; else (a 404, a file, a personal page) the request is
   * rendered as it came and never kept under its spelling. Only the path's case: the query's values are the visitor's.
   * The front door's fast path never holds such a key, so it leaves these requests to this step.
   */
  async function toLowerCasePath(exchange: Exchange, next: Next): Promise<Response> {
    const { request, url } = exchange;
    const lower = new URL(url);
    lower.pathname = url.pathname.toLowerCase();
    const target = safeRedirect(lower.pathname + lower.search, "");
    const anonymous = new Request(lower, { headers: anonymousRequestOf(request).headers });
    const key = target && !lower.pathname.endsWith(".data") ? pageCacheKey(anonymous, lower) : null;
    if (!key) return next(exchange);
    let kept = getPage(key) ?? (await rendering.get(key)) ?? undefined;
    if (!kept) {
      const outcome = await renderForCache(withRequest(exchange, anonymous), next);
      if ("page" in outcome) {
        kept = outcome.page;
        if (worthStoring(key, lower)) storePage(key, kept);
      } else await outcome.response.body?.cancel();
    }
    return kept ? new Response(null, { status: 301, headers: { Location: target } }) : next(exchange);
  }

  /** Renders an anonymous page, keeps it when it may be shared, and answers with it. */
  async function keepRendered(key: string, exchange: Exchange, next: Next): Promise<Response> {
    const outcome = await renderAndKeep(key, exchange, next);
    return "page" in outcome ? fromCache(exchange, outcome.page, "MISS", answer) : outcome.response;
  }

  return async (exchange, next) => {
    const { request, url } = exchange;
    if (dev) return next(exchange);
    if ((request.method === "GET" || request.method === "HEAD") && /[A-Z]/.test(url.pathname)) return toLowerCasePath(exchange, next);
    const key = pageCacheKey(request, url);
    if (!key) {
      const sharedKey = personalPartsKeyOf(request, url);
      return sharedKey ? forSignedInReader(exchange, next, sharedKey) : next(exchange);
    }
    const page = getPage(key) ?? (await rendering.get(key));
    if (page) return fromCache(exchange, page, "HIT", answer);
    if (request.method !== "GET") return next(exchange);
    const store = worthStoring(key, url);
    if (servedByShell(url)) return searchFromShell(exchange, next, key, store);
    return store ? keepRendered(key, exchange, next) : next(exchange);
  };
}
