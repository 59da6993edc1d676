import type { RouteHandle } from "~/lib/route-handle";
import { SearchResultsPart } from "~/components/search/search-results-part";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { parseSiteSearch } from "~/lib/site-search";
import { searchSite, type SiteSearchResult } from "~/models/search/queries.server";
import { requestInfoContext } from "~/utils/request-context";
import type { Route } from "./+types/search";

export const handle = { cache: "shared-with-personal-parts" } satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  // The kept shell of search pages (decisions 059, 066): its results are a part, rendered for each search.
  if (context.get(requestInfoContext).notes?.shell) return { result: null };
  const { q, tab, page } = parseSiteSearch(new URL(request.url).searchParams);
  return { result: (await searchSite(q, { tab, page })) as SiteSearchResult | null };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const result = loaderData?.result;
  return pageMeta({
    title: "Search",
    description: "Search every AI tool review and blog article on the site at once: by name, by the job you need done, or by topic.",
    path: "/search",
    siteUrl: siteUrlOf(matches),
    // A result page is a view of the catalogue, not a page of its own (the shell is only ever a result page).
    noindex: result === null || Boolean(result?.query),
  });
}

export default function SearchPage() {
  return (
    <main id="main" className="mx-auto w-full max-w-7xl px-4 py-8">
      <SearchResultsPart />
    </main>
  );
}
