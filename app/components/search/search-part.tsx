import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { NoResults, SearchResults, SearchTabs, SiteSearchForm, StartSearch } from "~/components/search/search-results";
import { resultsLabel } from "~/lib/site-search";
import type { SiteSearchResult } from "~/models/search/queries.server";

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      /** The results' place in a search page (`display: contents`: it adds no box); empty in the kept shell. */
      "search-part": { children?: ReactNode };
    }
  }
}

/**
 * A search page is the kept search shell with its results part filled in for the query (decision 059). The shell's
 * loader data has no results (`result: null`); the results travel beside it, as JSON under this id, and the part
 * reads them there while the page is as it was served. Every later load of the route (another search, a form's
 * revalidation) brings its results in the loader data, which then wins.
 */
export const SEARCH_RESULT_ID = "search-result";

/** The page's own results JSON, read once per page load (the document never changes it). */
let inPage: { element: Element; result: SiteSearchResult } | null = null;

function searchResultInPage(): SiteSearchResult | null {
  if (typeof document === "undefined") return null;
  const element = document.getElementById(SEARCH_RESULT_ID);
  if (!element?.textContent) return null;
  if (inPage?.element !== element) inPage = { element, result: JSON.parse(element.textContent) as SiteSearchResult };
  return inPage.result;
}

/**
 * The results a search page shows: its loader's, else (in the browser, on the page as served from the shell) the
 * page's JSON. The server renders the results part alone with its results as props (server/search-shell.tsx).
 */
export function useSearchResult(loaded: SiteSearchResult | null): SiteSearchResult | null {
  return loaded ?? searchResultInPage();
}

/** What a search page shows for its results: the part the server renders alone for each search. */
export function SearchView({ result }: { result: SiteSearchResult }) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/search";
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight break-words sm:text-4xl">{result.query ? `Search Results for "${result.query}"` : "Search"}</h1>
      <p className="mt-2 break-words text-muted-foreground" aria-live="polite">
        {result.query ? `Found ${resultsLabel(result.total)} for "${result.query}"` : "Find tasks, AI tools and articles across the whole site."}
      </p>
      <SiteSearchForm query={result.query} tab={result.tab} />
      {!result.query ? (
        <StartSearch />
      ) : result.total === 0 ? (
        <NoResults query={result.query} />
      ) : (
        <>
          <SearchTabs result={result} />
          {result.correctedSearch && (
            <p className="mt-4 text-sm">
              No exact matches for “{result.query}”. Showing results for <strong>“{result.correctedSearch}”</strong>.
            </p>
          )}
          <SearchResults result={result} loading={loading} />
        </>
      )}
    </>
  );
}
