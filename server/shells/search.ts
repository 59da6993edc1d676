import { SEARCH_RESULTS } from "~/components/search/search-results-part";
import { parseSiteSearch } from "~/lib/site-search";
import { searchSite } from "~/models/search/queries.server";
import { addressShell } from "./address-shell";

/**
 * The search shell (decisions 059, 066): every search page is the same page but for its parts, the results (an empty
 * part in the shell) and the layout's places that print the page's own address. It serves /search with a query and no
 * parameter but `q`, `tab` and `page` (a diagnostic `?mode=` changes the layout); an empty query is the start page,
 * indexable and kept as it is. Its title, description and canonical address are the same for every query.
 */
export const searchShell = addressShell({
  results: SEARCH_RESULTS,
  shellOf(url) {
    if (url.pathname !== "/search") return null;
    for (const name of url.searchParams.keys()) if (name !== "q" && name !== "tab" && name !== "page") return null;
    return parseSiteSearch(url.searchParams).q === "" ? null : new URL("/search", url);
  },
  load(url) {
    const { q, tab, page } = parseSiteSearch(url.searchParams);
    return searchSite(q, { tab, page });
  },
});
