import type { Step } from "./pipeline";
import { keepRendered, keptOrRendering, worthStoring } from "./page-cache/anonymous";
import type { PageCache } from "./page-cache/context";
import { fromCache } from "./page-cache/kept-answer";
import { anonymousKeyOf, signedInKeyOf } from "./page-cache/keys";
import { hasCapitals, toLowerCasePath } from "./page-cache/lower-case-paths";
import { forSignedInReader } from "./page-cache/personal-fill";
import { fromShell, servingShell } from "./page-cache/shell-fill";

export { createPageCache, keptPageCacheControl, type PageCache } from "./page-cache/context";
export { answerKeptPage, type RawRequest } from "./page-cache/hit-path";
export type { KeptPageAnswer } from "./page-cache/kept-answer";
export { pageCacheKey } from "./page-cache/keys";
export { routeCacheClasses, type CacheClassOf } from "./page-cache/route-classes";

/**
 * The page cache's step (decision 011), a dispatcher over its features, which share one `PageCache` (its store, the
 * renders under way, the route classes): a kept page answers an anonymous GET or HEAD at once; otherwise the route's
 * declared cache class (decision 067) decides. `personal`: rendered for the request, never kept. Kept for everyone
 * (`shared`, `shared-with-personal-parts`): an anonymous GET is rendered once however many ask at the same moment,
 * and kept when it may be shared (page-cache/anonymous.ts); a URL with a query from its second request, and a
 * search or directory address seen once from its kept shell (page-cache/shell-fill.ts, decisions 059, 074); a signed-in reader's GET is the kept
 * page with their personal parts where the route has them (page-cache/personal-fill.ts, decision 054), else rendered
 * for them. A path with capitals is answered by page-cache/lower-case-paths.ts. Off in development.
 */
export function servePageCache({ dev, cache }: { dev: boolean; cache: PageCache }): Step {
  return async (exchange, next) => {
    const { request, url } = exchange;
    if (dev) return next(exchange);
    if (hasCapitals(request, url)) return toLowerCasePath(cache, exchange, next);
    const key = anonymousKeyOf(request.method, url.pathname, url.search, request.headers.get("cookie") ?? "");
    // Only a page whose route may be kept is ever kept: a hit needs no route matched.
    const kept = key && (await keptOrRendering(cache, key));
    if (kept) return fromCache(cache, exchange, kept, "HIT");
    const cacheClass = cache.classOf(url.pathname);
    if (cacheClass === "personal") return next(exchange);
    if (!key) {
      const sharedKey = signedInKeyOf(request, url);
      return sharedKey ? forSignedInReader(cache, exchange, next, sharedKey, { fill: cacheClass === "shared-with-personal-parts" }) : next(exchange);
    }
    if (request.method !== "GET") return next(exchange);
    const store = worthStoring(cache, key, url);
    const served = servingShell(url);
    if (served) return fromShell(cache, exchange, next, { key, store }, served);
    return store ? keepRendered(cache, key, exchange, next) : next(exchange);
  };
}
