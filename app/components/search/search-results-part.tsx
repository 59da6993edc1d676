import { addressResults, useAddressResult } from "~/components/personal/address-results";
import { addressPart } from "~/components/personal/personal-part";
import type { SiteSearchResult } from "~/models/search/queries.server";
import { SearchView } from "./search-view";

/**
 * A search page is the kept search shell with its parts rendered at the search's address (decisions 059, 066): the
 * search route's results, which the shell's loader data has not, travel beside it as JSON under this id.
 */
export const SEARCH_RESULTS = addressResults<SiteSearchResult>("routes/search", "search-result");

/** A search page's results, an address part: empty in the kept shell, rendered for each search served from it. */
export const SearchResultsPart = addressPart("search-results", function SearchResults() {
  const result = useAddressResult(SEARCH_RESULTS);
  return result && <SearchView result={result} />;
});
