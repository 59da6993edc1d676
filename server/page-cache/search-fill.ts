import { themeFromCookieHeader } from "~/lib/ui/theme";
import { parseSiteSearch } from "~/lib/site-search";
import { searchSite, type SiteSearchResult } from "~/models/search/queries.server";
import { changedSince, collectPageTags, tagGenerations } from "~/utils/cache.server";
import { isUnavailable } from "~/utils/errors.server";
import { errorText, log } from "~/utils/logger.server";
import { compressedAnswer } from "../compress";
import { buildPage, type CachedPage } from "../page-cache";
import { withRequest, type Exchange, type Next } from "../pipeline";
import { fillSearch, searchAddress, searchShellUrl, servedByShell } from "../search-shell";
import { keepRendered, keptOrRendering, renderAndKeep } from "./anonymous";
import type { PageCache } from "./context";
import { fromCache, keptPageSecurityHeaders } from "./kept-answer";
import { anonymousRequestOf } from "./keys";

/** Whether an anonymous search not kept is answered from the search shell (decision 059). The one module that calls server/search-shell.tsx. */
export const answeredFromShell = (url: URL) => servedByShell(url);

/** The search shell's page-cache key for this visitor's theme: one no address has (decision 059). */
const searchShellKey = (request: Request) => `search-shell|${themeFromCookieHeader(request.headers.get("cookie") ?? "")}`;

/** The kept search shell for this visitor's theme (decision 059), rendered and kept first when it is not. */
async function searchShell(cache: PageCache, exchange: Exchange, next: Next): Promise<CachedPage | null> {
  const key = searchShellKey(exchange.request);
  const kept = await keptOrRendering(cache, key);
  if (kept) return kept;
  const shellRequest = new Request(searchShellUrl(exchange.url), { headers: anonymousRequestOf(exchange.request).headers });
  const outcome = await renderAndKeep(cache, key, withRequest(exchange, shellRequest), next, { searchShell: true });
  if ("page" in outcome) return outcome.page;
  await outcome.response.body?.cancel();
  return null;
}

/**
 * An anonymous search not kept: the kept shell with its results filled in (decision 059), kept in turn when
 * `store` (its second request). Rendered in full when the shell cannot serve it, and when the search fails: a
 * database that does not answer is the render's to answer (503 with the 'temporarily unavailable' screen).
 */
export async function searchFromShell(cache: PageCache, exchange: Exchange, next: Next, key: string, store: boolean): Promise<Response> {
  const { request, url, requestId } = exchange;
  const shell = await searchShell(cache, exchange, next);
  const parts = shell?.parts;
  if (!shell || !parts?.forAddress) return store ? keepRendered(cache, key, exchange, next) : next(exchange);
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
  if (!body) return store ? keepRendered(cache, key, exchange, next) : next(exchange);
  // Kept only if nothing it shows changed meanwhile: its results, and its shell (an invalidated shell is dropped).
  if (store && !changedSince(generations) && cache.store.get(searchShellKey(request)) === shell) {
    const page = await buildPage(200, shell.contentType, body, tags, {
      route: { ...parts.route, loaderData: { ...parts.route.loaderData, "routes/search": { result } } },
    });
    cache.store.set(key, page);
    return fromCache(cache, exchange, page, "MISS");
  }
  const headers: [string, string][] = [
    ["Content-Type", shell.contentType],
    ["X-Cache", "SHELL"],
    ["X-Request-Id", requestId],
    // The shell's script hashes cover every script that runs: the results' JSON never runs.
    ...keptPageSecurityHeaders(cache, shell, url.searchParams),
  ];
  return compressedAnswer(request, body, { status: 200, headers });
}
