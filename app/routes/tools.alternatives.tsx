import type { RouteHandle } from "~/lib/route-handle";
import { cardOnPage } from "~/lib/tool/card-on-page";
import { cardShown } from "~/models/tool/queries.server";
import { requestInfoContext } from "~/utils/request-context";
import { Link } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { ToolCard } from "~/components/tool/tool-card";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { useSiteUrl } from "~/components/use-site-url";
import { ALTERNATIVE_FILTERS, ALTERNATIVE_FILTER_LABELS, MAX_ALTERNATIVES, MIN_ALTERNATIVES, isFiltered, parseAlternativeFilters } from "~/lib/tool/alternatives";
import type { Breadcrumb } from "~/lib/ui/breadcrumbs";
import { pairPath } from "~/lib/tool/comparison-pair";
import { pairVerdictsOf } from "~/models/tool/pair-verdicts.server";
import { itemListJsonLd } from "~/lib/seo/json-ld";
import { categoryTools, countOf } from "~/lib/ui/plural";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { getAlternativesPage, type AlternativesPage } from "~/models/tool/alternatives.server";
import { notFound } from "~/utils/not-found.server";
import { canonicalRedirect } from "~/utils/canonical-redirect.server";
import { canonicalSlug, nearestByName } from "~/models/search/slug-lookup.server";
import type { Route } from "./+types/tools.alternatives";
import { InPageSection } from "~/components/ui/in-page-text";
import { renderedOnNavigation } from "~/components/ui/hydrate-later";
import { teamCostView, teamSizeIsKept } from "~/lib/tool/team-cost";
import { getCurrencyRates } from "~/models/content/currency-rates.server";
import { inPage } from "~/utils/page-text.server";
import { tagPageUntil } from "~/utils/cache.server";

/** "For a team of N" (issue 47): text and a plain GET form, kept as sent in a document; its code loads only on a client navigation. */
const TeamCostSection = renderedOnNavigation(() => import("~/components/tool/team-cost").then((module) => module.TeamCostSection));

export const handle = {
  cache: "shared-with-personal-parts",
  crumbs: (loaderData: unknown): Breadcrumb[] | undefined => {
    const tool = (loaderData as { page?: AlternativesPage } | undefined)?.page?.tool;
    return tool
      ? [
          { label: "Home", href: "/" },
          { label: "AI Tools", href: "/tools" },
          { label: tool.name, href: `/tools/${tool.slug}` },
          { label: "Alternatives", href: `/tools/${tool.slug}/alternatives` },
        ]
      : undefined;
  },
} satisfies RouteHandle;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters = parseAlternativeFilters(url.searchParams);
  const page = await getAlternativesPage(params.slug, filters);
  if (!page) {
    // As the tool's own page (decision 047): another spelling of a tool's slug is a 301, an unknown one the nearest names.
    const canonical = await canonicalSlug("tool", params.slug);
    if (canonical) throw canonicalRedirect(request, `/tools/${canonical}/alternatives`);
    throw notFound("tool", params.slug, await nearestByName("tool", params.slug));
  }
  if (page.total < MIN_ALTERNATIVES) throw notFound("alternatives", params.slug);
  // A pair with an editorial verdict has its page whatever the two tools' categories (decision 043).
  const verdictPairs = (await pairVerdictsOf(page.tool.slug)).map((pair) => pair.otherSlug);
  // What the cards show is in the page's HTML only (issue 43, decision 069).
  const requestInfo = context.get(requestInfoContext);
  const alternatives = page.alternatives.map((item) => ({ ...item, card: cardOnPage(cardShown(item.card), requestInfo) }));
  const { teamSources, ...shown } = page;
  // `?team=` sizes outside the usual ones are not kept by the page cache (decision 086).
  if (!teamSizeIsKept(url.searchParams)) tagPageUntil(Date.now());
  const teamCost = inPage(context, teamCostView(url, teamSources, getCurrencyRates()));
  return { page: { ...shown, alternatives }, teamCost, filters, filtered: isFiltered(filters), verdictPairs };
}

/** How many the unfiltered page compares: the title's figure. */
const comparedCount = (page: Pick<AlternativesPage, "total">) => Math.min(page.total, MAX_ALTERNATIVES);

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { page, filtered } = loaderData;
  const names = page.alternatives.slice(0, 3).map((item) => item.card.name);
  return pageMeta({
    title: `${page.tool.name} Alternatives: ${countOf(comparedCount(page), "Similar Tool")} Compared`,
    description: `The best ${page.tool.name} alternatives, ranked by category, shared features and price${names.length ? `: ${names.join(", ")} and more` : ""}.`.slice(0, 160),
    // Filtered views are the same page narrowed: noindex, and the canonical names the whole list (as the course listing does).
    path: `/tools/${page.tool.slug}/alternatives`,
    siteUrl: siteUrlOf(matches),
    noindex: filtered,
  });
}

export default function AlternativesRoute({ loaderData }: Route.ComponentProps) {
  const { page, filters, filtered, verdictPairs, teamCost } = loaderData;
  const { tool, alternatives } = page;
  const siteUrl = useSiteUrl();
  const base = `/tools/${tool.slug}/alternatives`;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      {/* The first ten, as every ItemList of the site (the crawl test holds them to that). */}
      <JsonLd
        data={itemListJsonLd(
          alternatives.map((item) => ({ name: item.card.name, path: `/tools/${item.card.slug}` })),
          siteUrl,
        )}
      />
      <h1 className="text-3xl font-bold sm:text-4xl">{tool.name} alternatives</h1>
      <p className="mt-3 max-w-3xl text-muted-foreground">
        {countOf(comparedCount(page), "similar tool")} compared. Tools our editors list as alternatives come first, then {categoryTools(tool.categoryName)}, then tools that share
        the most capabilities with {tool.name}. On a tie, tools with our rating (those we have reviewed in depth) come first, best rated first, then the others by name. Each one
        says why it is here.
      </p>

      <form method="get" action={base} className="mt-6 flex flex-wrap items-center gap-x-5 gap-y-3 rounded-xl border p-4" aria-label="Filter alternatives">
        <span className="text-sm font-semibold">Show only</span>
        {ALTERNATIVE_FILTERS.map((name) => (
          <label key={name} className="inline-flex items-center gap-2 text-sm">
            <input type="checkbox" name={name} value="1" defaultChecked={filters[name]} className="size-4" />
            {name === "cheaper" ? `Cheaper than ${tool.name}` : ALTERNATIVE_FILTER_LABELS[name]}
          </label>
        ))}
        <div className="flex gap-2">
          <Button type="submit" size="sm">
            Apply
          </Button>
          {filtered && (
            <Button asChild size="sm" variant="ghost">
              <Link to={base}>Clear filters</Link>
            </Button>
          )}
        </div>
      </form>

      {alternatives.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed p-8 text-center">
          <p className="font-semibold">No alternatives match these filters.</p>
          <p className="mt-1 text-sm text-muted-foreground">Clear a filter to see more of the {countOf(page.total, "similar tool")}.</p>
          <Button asChild className="mt-4" variant="outline">
            <Link to={base}>Show all alternatives</Link>
          </Button>
        </div>
      ) : (
        <ol className="mt-8 grid gap-6 md:grid-cols-2 xl:grid-cols-3" aria-label={`${tool.name} alternatives, best match first`}>
          {alternatives.map(({ card, reasons, sharesCategory }) => (
            <li key={card.slug} className="grid content-start gap-2">
              <ToolCard tool={card} headingLevel={2} />
              <ul className="grid gap-1 rounded-lg bg-secondary/60 p-3 text-sm" aria-label={`Why ${card.name}`}>
                {reasons.map((reason) => (
                  <li key={reason} className="flex items-start gap-2">
                    <Icon name="check" className="mt-0.5 size-4 shrink-0 text-primary" />
                    <span>{reason}</span>
                  </li>
                ))}
              </ul>
              {(sharesCategory || verdictPairs.includes(card.slug)) && (
                <Link to={pairPath(tool.slug, card.slug)} className="justify-self-start text-sm font-medium text-primary underline-offset-4 hover:underline">
                  Compare {tool.name} vs {card.name}
                </Link>
              )}
            </li>
          ))}
        </ol>
      )}

      <InPageSection value={teamCost} className="mt-10">
        {(view) => <TeamCostSection view={view} heading={`What would ${tool.name} and these alternatives cost my team?`} compact />}
      </InPageSection>

      <p className="mt-10">
        <Link to={`/tools/${tool.slug}`} className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
          Read our {tool.name} review <Icon name="arrow-right" className="size-4" />
        </Link>
      </p>
    </main>
  );
}
