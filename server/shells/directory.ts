import { DIRECTORY_RESULTS } from "~/components/tool/directory-results-part";
import { FILTER_KEYS, isTeamSort, parseToolFilters, tidyFilterQuery } from "~/lib/tool/tool-filters";
import { teamSizeIsKept } from "~/lib/tool/team-cost";
import { findDirectoryPage } from "~/models/tool/directory-page.server";
import { addressShell } from "./address-shell";

/**
 * The directory shell (decision 074): every /tools address is the same page but for its parts, the tools with their
 * filters (`directory-results`, empty in the shell) and the layout's places that print the page's own address. Its
 * head differs only by page (the title and canonical address of page 2 onwards), so there is a shell per page: /tools
 * for the first, /tools?page=N for the Nth, each kept like any page (the store's bound is theirs too). It serves /tools
 * with a query the directory reads in full (nothing but its filter parameters: a diagnostic or a campaign tag is
 * rendered in full) and that is tidy (an untidy one is answered with a redirect to its tidy address).
 */
export const directoryShell = addressShell({
  results: DIRECTORY_RESULTS,
  shellOf(url) {
    if (url.pathname !== "/tools" || !url.search) return null;
    for (const name of url.searchParams.keys()) if (!FILTER_KEYS.has(name)) return null;
    const filters = parseToolFilters(url.searchParams);
    if (tidyFilterQuery(url.searchParams, filters) !== null) return null;
    // A team-cost sort for a size the page cache does not keep is rendered in full, for its request only (decision 086).
    if (isTeamSort(filters.sort) && !teamSizeIsKept(url.searchParams)) return null;
    return new URL(filters.page > 1 ? `/tools?page=${filters.page}` : "/tools", url);
  },
  load: (url) => findDirectoryPage(parseToolFilters(url.searchParams), { document: true }),
});
