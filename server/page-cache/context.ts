import type { CachedPage } from "../page-cache";
import { concurrencyGate } from "../render-gate";
import type { SiteHeaders } from "../security-headers";
import type { CacheClassOf } from "./route-classes";
import { createPageStore, type PageStore } from "./store";

/**
 * Everything the page cache's features share, made once per started app and handed to each (server/page-cache-step.ts
 * and the modules beside this one): no module of the page cache holds state of its own.
 */
export type PageCache = {
  store: PageStore;
  /** The cache class each address's route declares (decision 067). */
  classOf: CacheClassOf;
  site: SiteHeaders;
  /** How long a cache in front may keep a kept page (SHARED_CACHE_SECONDS). */
  sharedSeconds: number;
  /** What a kept page says to caches in front (`keptPageCacheControl`), but for one true only until a moment near. */
  cacheControl: string;
  /** The anonymous renders under way, by key: concurrent requests for a page being rendered wait for that one render. */
  rendering: Map<string, Promise<CachedPage | null>>;
  /** Addresses with a query asked for once lately: such an address is kept from its second request. */
  seenOnce: Set<string>;
  /** The security headers of a kept page, made once per page and framing (its CSP names the page's script hashes). */
  securityHeaders: WeakMap<CachedPage, Map<boolean, [string, string][]>>;
  /**
   * The fills of kept pages (a search's results into its shell, a reader's parts into a kept page) that run at once:
   * four, as renders (server/render.ts). Ungated, 50 never-seen searches read and rendered their results together,
   * each holding its rows and HTML across the others' awaits, so what each made outlived the young generation: V8's
   * old space grew by 40 MB of it between full collections, and malloc kept what its buffers had taken.
   */
  fillInTurn: ReturnType<typeof concurrencyGate>;
};

/** The minute a CDN may serve a kept page stale while it asks again (`stale-while-revalidate`). */
const STALE_SECONDS = 60;

/** What a kept page says to caches in front: browsers revalidate (cheap: 304); a CDN may keep it `sharedSeconds` and refresh it in the background. */
export const keptPageCacheControl = (sharedSeconds: number) => `public, max-age=0, s-maxage=${sharedSeconds}, stale-while-revalidate=${STALE_SECONDS}`;

/**
 * What a kept page says to caches in front, made once per cache unless the page is true only until a moment
 * (`tagPageUntil`: a deal that ends) within its shared lifetime: no purge comes then (nothing invalidates a moment),
 * so its s-maxage and stale time end there.
 */
export function cacheControlOf(cache: Pick<PageCache, "sharedSeconds" | "cacheControl">, page: Pick<CachedPage, "expiresAt">, now = Date.now()): string {
  if (page.expiresAt === undefined || page.expiresAt - now >= (cache.sharedSeconds + STALE_SECONDS) * 1000) return cache.cacheControl;
  const left = Math.max(0, Math.floor((page.expiresAt - now) / 1000));
  const shared = Math.min(cache.sharedSeconds, left);
  const stale = left - shared;
  return `public, max-age=0, s-maxage=${shared}${stale > 0 ? `, stale-while-revalidate=${stale}` : ""}`;
}

export function createPageCache({ site, sharedSeconds, classOf }: { site: SiteHeaders; sharedSeconds: number; classOf: CacheClassOf }): PageCache {
  return {
    store: createPageStore(),
    classOf,
    site,
    sharedSeconds,
    cacheControl: keptPageCacheControl(sharedSeconds),
    rendering: new Map(),
    seenOnce: new Set(),
    securityHeaders: new WeakMap(),
    fillInTurn: concurrencyGate(4),
  };
}
