import { useNavigation } from "react-router";
import { NoResults, SearchResults, SearchTabs, SiteSearchForm, StartSearch } from "~/components/search/search-results";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { parseSiteSearch, resultsLabel } from "~/lib/site-search";
import { searchSite } from "~/models/search/queries.server";
import type { Route } from "./+types/search";

export async function loader({ request }: Route.LoaderArgs) {
  const { q, tab, page } = parseSiteSearch(new URL(request.url).searchParams);
  return { result: await searchSite(q, { tab, page }) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Search",
    description: "Search every AI tool review and blog article on the site at once: by name, by the job you need done, or by topic.",
    path: "/search",
    siteUrl: siteUrlOf(matches),
    // A result page is a view of the catalogue, not a page of its own.
    noindex: Boolean(loaderData?.result.query),
  });
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { result } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/search";
  return (
    <main id="main" className="mx-auto w-full max-w-7xl px-4 py-8">
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
    </main>
  );
}
