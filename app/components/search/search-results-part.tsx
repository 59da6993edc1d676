import { createContext, useContext } from "react";
import { useRouteLoaderData } from "react-router";
import { addressPart } from "~/components/personal/personal-part";
import type { SiteSearchResult } from "~/models/search/queries.server";
import { SearchView } from "./search-view";

/**
 * A search page is the kept search shell with its parts rendered at the search's address (decisions 059, 066). The
 * shell's loader data has no results (`result: null`); the results travel beside it, as JSON under this id, and the
 * part reads them there while the page is as it was served. Every later load of the route (another search, a form's
 * revalidation) brings its results in the loader data, which then wins.
 */
export const SEARCH_RESULT_ID = "search-result";

/** The search route's id: its loader data has the results, except in the kept shell. */
const SEARCH_ROUTE_ID = "routes/search";

/** The results of the search the server fills the shell in for (server/page-cache-step.ts gives them to the parts' render). */
export const SearchResultContext = createContext<SiteSearchResult | null>(null);

/** The page's own results JSON, read once per document (a page served from the shell never changes it). */
const inPage = new WeakMap<Element, SiteSearchResult>();

function searchResultInPage(): SiteSearchResult | null {
  if (typeof document === "undefined") return null;
  const element = document.getElementById(SEARCH_RESULT_ID);
  if (!element?.textContent) return null;
  let result = inPage.get(element);
  if (!result) inPage.set(element, (result = JSON.parse(element.textContent) as SiteSearchResult));
  return result;
}

/**
 * The results a search page shows: the server's for a search it fills the shell in for, else the route's loader
 * data, else (in the browser, on the page as served from the shell) the page's JSON.
 */
function useSearchResult(): SiteSearchResult | null {
  const filling = useContext(SearchResultContext);
  const loaded = (useRouteLoaderData(SEARCH_ROUTE_ID) as { result: SiteSearchResult | null } | undefined)?.result ?? null;
  return filling ?? loaded ?? searchResultInPage();
}

/** A search page's results, an address part: empty in the kept shell, rendered for each search served from it. */
export const SearchResultsPart = addressPart("search-results", function SearchResults() {
  const result = useSearchResult();
  return result && <SearchView result={result} />;
});
