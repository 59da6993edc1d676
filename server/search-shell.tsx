import { SEARCH_RESULT_ID, SearchResultContext } from "~/components/search/search-results-part";
import { parseSiteSearch } from "~/lib/site-search";
import type { SiteSearchResult } from "~/models/search/queries.server";
import { fillForAddress, jsonScript, type KeptPageParts } from "./page-parts/kept-page";

/**
 * A search page as the kept search shell with its parts rendered at the search's address (decisions 059, 066). Every
 * search page is the same page but for its parts: the results (an empty part in the shell) and the layout's places
 * that print the page's own address (address parts: the header's search boxes, the theme switch's and the sign-in
 * link's way back). The page cache keeps that page once, rendered with no results, and a search nobody made before
 * costs its statement and the render of those parts alone, not React Router's render of the whole document.
 */

/** The shell's address: the search route, rendered as the shell (`RenderNotes.searchShell`). Its page-cache key is one no address has. */
export const searchShellUrl = (url: URL) => new URL("/search", url);

/**
 * Whether the shell serves this address: /search with a query, and no parameter but `q`, `tab` and `page` (a
 * diagnostic `?mode=` changes the layout). An empty query is the start page, indexable and kept as it is.
 */
export function servedByShell(url: URL): boolean {
  if (url.pathname !== "/search") return false;
  for (const name of url.searchParams.keys()) if (name !== "q" && name !== "tab" && name !== "page") return false;
  return parseSiteSearch(url.searchParams).q !== "";
}

/**
 * A search's address as React Router's server reads it for the page (its getNormalizedPath): the query written
 * again by URLSearchParams, so that a space sent as `%20` reads `+`. The parts are rendered at it, as the full render
 * would be.
 */
export function searchAddress(url: URL): URL {
  const address = new URL(url);
  address.search = new URLSearchParams(url.search).toString();
  return address;
}

/** The search page at `address`: the shell with its parts rendered there, the results given to theirs, and the results' JSON. Null: render it in full. */
export function fillSearch(shell: KeptPageParts, address: URL, result: SiteSearchResult): Promise<Buffer | null> {
  return fillForAddress(shell, address, {
    around: (children) => <SearchResultContext.Provider value={result}>{children}</SearchResultContext.Provider>,
    json: jsonScript(SEARCH_RESULT_ID, result),
  });
}
