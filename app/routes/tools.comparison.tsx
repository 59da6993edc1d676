import type { RouteHandle } from "~/lib/route-handle";
import { Link, useLocation, useNavigation } from "react-router";
import { ComparisonErrorBoundary } from "~/components/comparison/comparison-error";
import { ComparisonPicker } from "~/components/comparison/comparison-picker";
import printStylesheet from "~/components/comparison/comparison-print.css?url";
import { ComparisonResults } from "~/components/comparison/comparison-results";
import { JsonLd } from "~/components/json-ld";
import { Button } from "~/components/ui/button";
import { comparisonHref, withoutTool } from "~/lib/tool/comparison";
import { itemListJsonLd } from "~/lib/seo/json-ld";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { getComparison, searchPickerTools } from "~/models/tool/comparison.server";
import { useSiteUrl } from "~/components/use-site-url";
import type { Route } from "./+types/tools.comparison";
import { Icon } from "~/components/ui/icon";
import { InPageSection } from "~/components/ui/in-page-text";
import { renderedOnNavigation } from "~/components/ui/hydrate-later";
import { teamCostView, teamSizeIsKept } from "~/lib/tool/team-cost";
import { getCurrencyRates } from "~/models/content/currency-rates.server";
import { inPage } from "~/utils/page-text.server";
import { tagPageUntil } from "~/utils/cache.server";

/** "For a team of N" (issue 47): text and a plain GET form, kept as sent in a document; its code loads only on a client navigation. */
const TeamCostSection = renderedOnNavigation(() => import("~/components/tool/team-cost").then((module) => module.TeamCostSection));

const CRUMB = "Compare Tools";
export const handle = { cache: "shared-with-personal-parts", breadcrumb: () => CRUMB } satisfies RouteHandle;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: printStylesheet, media: "print" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const [{ teamSources, ...comparison }, picker] = await Promise.all([getComparison(params), searchPickerTools(params)]);
  // `?team=` is 10,000 addresses per selection: only the usual sizes are kept by the page cache (decision 086).
  if (!teamSizeIsKept(params)) tagPageUntil(Date.now());
  const teamCost = teamSources.length ? inPage(context, teamCostView(url, teamSources, getCurrencyRates())) : null;
  // The CSV link carries the team size and needs, so the file and the page show the same figures.
  const teamQuery = new URLSearchParams([...params].filter(([name]) => name === "team" || name === "needs")).toString();
  return { comparison, teamCost, teamQuery, ...picker };
}

/**
 * One indexable page, the empty picker. A selection is any of millions of
 * orderings of the catalogue, so it is `noindex` with its normalized URL as
 * canonical; the pair pages are the comparisons meant for search (decision 007).
 */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const siteUrl = siteUrlOf(matches);
  const tools = loaderData?.comparison.tools ?? [];
  if (!tools.length) {
    return pageMeta({
      title: "Compare AI Tools Side by Side",
      description: "Pick up to four AI tools and compare their features, pricing and our ratings side by side. Export the table as CSV or PDF, or share the link.",
      path: comparisonHref([]),
      siteUrl,
    });
  }
  const names = tools.map((tool) => tool.name);
  return pageMeta({
    title: `Compare ${names.join(" vs ")}`,
    description: `${names.join(", ")} compared side by side: which features each one has, pricing and our ratings out of 5.`.slice(0, 160),
    path: comparisonHref(loaderData!.comparison.selection),
    siteUrl,
    noindex: true,
  });
}

const toolsParam = (search: string) => new URLSearchParams(search).getAll("tools").join(",");

export default function ComparisonPage({ loaderData }: Route.ComponentProps) {
  const { comparison, results, query, teamCost, teamQuery } = loaderData;
  const siteUrl = useSiteUrl();
  const { selection, tools } = comparison;
  const location = useLocation();
  const navigation = useNavigation();
  const next = navigation.state === "loading" && navigation.location?.pathname === location.pathname ? navigation.location : undefined;
  const selectionPending = next !== undefined && toolsParam(next.search) !== toolsParam(location.search);
  const removeHref = (slug: string) => comparisonHref(withoutTool(selection, slug), { q: query });
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      {tools.length > 0 && (
        <JsonLd
          data={itemListJsonLd(
            tools.map((tool) => ({ name: tool.name, path: `/tools/${tool.slug}` })),
            siteUrl,
          )}
        />
      )}
      <h1 className="text-3xl font-bold sm:text-4xl">Compare AI Tools</h1>
      <p className="comparison-no-print mt-3 max-w-3xl text-muted-foreground">
        Put up to four tools side by side: the features each one has, pricing and our rating. The selection lives in the link, so you can share it or come back to it later.
      </p>
      <ComparisonPicker selection={selection} selectedTools={tools} results={results} query={query} searching={next !== undefined && !selectionPending} />
      {selectionPending ? (
        <div role="status" className="mt-10 flex min-h-40 items-center justify-center gap-3 text-muted-foreground">
          <Icon name="loader-circle" className="size-6 animate-spin" /> Loading comparison tool...
        </div>
      ) : tools.length > 0 ? (
        <ComparisonResults
          comparison={comparison}
          csvHref={`/tools/comparison.csv?tools=${selection.join(",")}${teamQuery ? `&${teamQuery}` : ""}`}
          sharePath={comparisonHref(selection)}
          siteUrl={siteUrl}
          shareTitle={`Compare ${tools.map((tool) => tool.name).join(" vs ")}`}
          removeHref={removeHref}
        />
      ) : (
        <section aria-labelledby="start-heading" className="mt-10 rounded-xl border border-dashed p-10 text-center">
          <Icon name="chart-column" className="mx-auto size-10 text-muted-foreground" />
          <h2 id="start-heading" className="mt-3 text-2xl font-bold">
            Start Your Comparison
          </h2>
          <p className="mx-auto mt-2 max-w-xl text-muted-foreground">
            Add two or more tools above to see their features, pricing and ratings side by side, or browse the directory for ideas.
          </p>
          <Button asChild className="mt-5">
            <Link to="/tools">Browse All Tools</Link>
          </Button>
        </section>
      )}
      {teamCost && !selectionPending && (
        <InPageSection value={teamCost} className="mt-10">
          {(view) => <TeamCostSection view={view} heading="What will they cost my team?" />}
        </InPageSection>
      )}
    </main>
  );
}

export { ComparisonErrorBoundary as ErrorBoundary };
