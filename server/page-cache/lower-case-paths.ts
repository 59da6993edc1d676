import { safeRedirect } from "~/lib/account/safe-redirect";
import { withRequest, type Exchange, type Next } from "../pipeline";
import { keptOrRendering, renderForCache, worthStoring } from "./anonymous";
import type { PageCache } from "./context";
import { anonymousRequestOf, pageCacheKey } from "./keys";

/** Whether a GET or HEAD's path has capitals: then `toLowerCasePath` answers it. */
export const hasCapitals = (request: Request, url: URL) => (request.method === "GET" || request.method === "HEAD") && /[A-Z]/.test(url.pathname);

/**
 * A GET or HEAD whose path has capitals (issue 41): routes match in any case, so `/ABOUT` would render `/about` and
 * be kept as a page of its own. When the lower-case path is a page that may be kept (kept already, or rendered now
 * and kept), the answer is a 301 to it, the query as sent; else (a 404, a file, a personal page) the request is
 * rendered as it came and never kept under its spelling. Only the path's case: the query's values are the visitor's.
 * The front door's fast path never holds such a key, so it leaves these requests to this step.
 */
export async function toLowerCasePath(cache: PageCache, exchange: Exchange, next: Next): Promise<Response> {
  const { request, url } = exchange;
  const lower = new URL(url);
  lower.pathname = url.pathname.toLowerCase();
  const target = safeRedirect(lower.pathname + lower.search, "");
  const anonymous = new Request(lower, { headers: anonymousRequestOf(request).headers });
  const key = target && !lower.pathname.endsWith(".data") ? pageCacheKey(cache, anonymous, lower) : null;
  if (!key) return next(exchange);
  let kept = (await keptOrRendering(cache, key)) ?? undefined;
  if (!kept) {
    const outcome = await renderForCache(withRequest(exchange, anonymous), next);
    if ("page" in outcome) {
      kept = outcome.page;
      if (worthStoring(cache, key, lower)) cache.store.set(key, kept);
    } else await outcome.response.body?.cancel();
  }
  return kept ? new Response(null, { status: 301, headers: { Location: target } }) : next(exchange);
}
