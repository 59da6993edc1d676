import { themeFromCookieHeader } from "~/lib/ui/theme";
import { changedSince, collectPageTags, tagGenerations } from "~/utils/cache.server";
import { carriesPersonalCookie } from "./cache-policy";
import { compress } from "./compress";
import { buildPage, getPage, matchesEtag, pickEncoding, storePage, type CachedPage } from "./page-cache";
import type { Exchange, Next, Step } from "./pipeline";
import { applySecurityHeaders, framedByVerification, type SiteHeaders } from "./security-headers";

/** Pages only people with an account see, or that answer with per-visitor data (or count each visit, like /go): never cached. Of /resources, only the theme cookie's route: the matrix beside it is a public page. */
const PERSONAL = /^\/(api|auth|profile|favorites|my-reviews|settings|uploads|resources\/theme|images|go|admin)(\/|\.|$)/;

/** Pages, client navigation data, and the files made from the database (sitemaps, feeds, robots.txt, llms.txt). */
const CACHEABLE_TYPE = /^(text\/html|text\/x-script|text\/plain|application\/xml|application\/rss\+xml)/;

/** The page-cache key of an anonymous GET, or null when the request must be rendered for this visitor. */
export function pageCacheKey(request: Request, url: URL): string | null {
  if ((request.method !== "GET" && request.method !== "HEAD") || PERSONAL.test(url.pathname)) return null;
  const cookie = request.headers.get("cookie") ?? "";
  if (carriesPersonalCookie(cookie)) return null;
  return `${url.pathname}${url.search}|${themeFromCookieHeader(cookie)}`;
}

/** What a kept page says to caches in front: browsers revalidate (cheap: 304); a CDN may keep it `sharedSeconds` and refresh it in the background. */
export const keptPageCacheControl = (sharedSeconds: number) => `public, max-age=0, s-maxage=${sharedSeconds}, stale-while-revalidate=60`;

function fromCache({ request, url, requestId }: Exchange, page: CachedPage, state: "HIT" | "MISS", { site, cacheControl }: { site: SiteHeaders; cacheControl: string }): Response {
  const { body, encoding, etag } = pickEncoding(page, request.headers.get("accept-encoding") ?? "");
  const headers = new Headers({
    "Content-Type": page.contentType,
    ETag: etag,
    "Cache-Control": cacheControl,
    Vary: "Accept-Encoding, Cookie",
    "X-Cache": state,
    "X-Request-Id": requestId,
  });
  applySecurityHeaders(headers, { scriptHashes: page.scriptHashes }, { ...site, sameOriginFrames: framedByVerification(url) });
  if (matchesEtag(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  if (encoding) headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body.length));
  return new Response(request.method === "HEAD" ? null : new Uint8Array(body), { status: page.status, headers });
}

/** Renders an anonymous page and keeps it when it may be shared: 200, no cookie set, tagged data only, unchanged meanwhile. */
async function renderForCache(exchange: Exchange, next: Next): Promise<{ page: CachedPage } | { response: Response }> {
  const tags = new Set<string>();
  let generations = tagGenerations([]);
  const response = await collectPageTags(tags, async () => {
    const rendered = await next({ ...exchange, compress: false });
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
  return { page: await buildPage(response.status, contentType, body, tags) };
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

  return async (exchange, next) => {
    const { request, url } = exchange;
    const key = dev ? null : pageCacheKey(request, url);
    if (!key) return next(exchange);
    const page = getPage(key) ?? (await rendering.get(key));
    if (page) return fromCache(exchange, page, "HIT", answer);
    if (request.method !== "GET" || !worthStoring(key, url)) return next(exchange);
    const pending = renderForCache(exchange, next);
    rendering.set(
      key,
      pending.then((outcome) => ("page" in outcome ? outcome.page : null)),
    );
    try {
      const outcome = await pending;
      if ("response" in outcome) return outcome.response;
      storePage(key, outcome.page);
      return fromCache(exchange, outcome.page, "MISS", answer);
    } finally {
      rendering.delete(key);
    }
  };
}
