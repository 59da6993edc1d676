import { useNavigation } from "react-router";
import { NoResults, SearchResults, SearchTabs, SiteSearchForm, StartSearch } from "~/components/search/search-results";
import { resultsLabel } from "~/lib/site-search";
import type { SiteSearchResult } from "~/models/search/queries.server";

/** What a search page shows for its results (the search results part, ./search-results-part.tsx). */
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
