import type { RouteHandle } from "~/lib/route-handle";
import { Link } from "react-router";
import { ComparisonErrorBoundary } from "~/components/comparison/comparison-error";
import printStylesheet from "~/components/comparison/comparison-print.css?url";
import { ComparisonResults } from "~/components/comparison/comparison-results";
import { PairVerdictSection } from "~/components/comparison/pair-verdict";
import { JsonLd } from "~/components/json-ld";
import { Button } from "~/components/ui/button";
import type { Breadcrumb } from "~/lib/ui/breadcrumbs";
import { comparisonHref, ratingText } from "~/lib/tool/comparison";
import { pairTitle } from "~/lib/tool/comparison-pair";
import { generatedPairNote, ourRatingPhrase } from "~/lib/words/pair";
import { categoryTools } from "~/lib/ui/plural";
import { itemListJsonLd } from "~/lib/seo/json-ld";
import { pageMeta, siteUrlOf, truncateAtWord } from "~/lib/seo/seo";
import { findComparisonPair } from "~/models/tool/comparison.server";
import { notFound } from "~/utils/not-found.server";
import { canonicalRedirect } from "~/utils/canonical-redirect.server";
import { useSiteUrl } from "~/components/use-site-url";
import type { Route } from "./+types/tools.compare-pair";
import { Icon } from "~/components/ui/icon";
import { InPageSection } from "~/components/ui/in-page-text";
import { renderedOnNavigation } from "~/components/ui/hydrate-later";
import { teamCostView, teamSizeIsKept } from "~/lib/tool/team-cost";
import { getCurrencyRates } from "~/models/content/currency-rates.server";
import { inPage } from "~/utils/page-text.server";
import { tagPageUntil } from "~/utils/cache.server";

/** "For a team of N" (issue 47): text and a plain GET form, kept as sent in a document; its code loads only on a client navigation. */
const TeamCostSection = renderedOnNavigation(() => import("~/components/tool/team-cost").then((module) => module.TeamCostSection));

const crumbsFor = (label: string, path: string): Breadcrumb[] => [
  { label: "Home", href: "/" },
  { label: "AI Tools", href: "/tools" },
  { label: "Compare Tools", href: comparisonHref([]) },
  { label, href: path },
];

type PairData = { label: string; path: string };

export const handle = {
  cache: "shared-with-personal-parts",
  // The path itself would link '/tools/compare', which is no page.
  crumbs: (loaderData: unknown) => {
    const crumb = (loaderData as { crumb?: PairData } | undefined)?.crumb;
    return crumb ? crumbsFor(crumb.label, crumb.path) : undefined;
  },
} satisfies RouteHandle;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: printStylesheet, media: "print" }];

/**
 * Two different tools that share a category, or two with an editorial verdict, make a pair page; the reversed order
 * redirects to the canonical one. Only a page with a verdict is indexable (decision 043).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const found = await findComparisonPair(params.pair, url.searchParams);
  if (found.kind === "redirect") throw canonicalRedirect(request, found.path);
  if (found.kind === "not-found") throw notFound("pair");
  const { teamSources, ...comparison } = found.comparison;
  const [a, b] = comparison.tools as [(typeof comparison.tools)[number], (typeof comparison.tools)[number]];
  // `?team=` sizes outside the usual ones are not kept by the page cache (decision 086).
  if (!teamSizeIsKept(url.searchParams)) tagPageUntil(Date.now());
  const teamCost = inPage(context, teamCostView(url, teamSources, getCurrencyRates()));
  const teamQuery = new URLSearchParams([...url.searchParams].filter(([name]) => name === "team" || name === "needs")).toString();
  return { pair: { ...found, comparison, a, b }, teamCost, teamQuery, crumb: { label: `${a.name} vs ${b.name}`, path: found.path } };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const pair = loaderData?.pair;
  if (!pair) return [];
  const siteUrl = siteUrlOf(matches);
  const { a, b, comparison, verdict } = pair;
  return pageMeta({
    title: pairTitle(a.name, b.name, { rated: a.rating !== null || b.rating !== null }),
    // The editors' summary says more than the figures; a generated side-by-side is described by what it lists.
    description: verdict
      ? truncateAtWord(`${a.name} vs ${b.name}: ${verdict.summary}`, 160)
      : (
          `${a.name} vs ${b.name}: ${comparison.features.length} features compared, pricing (${a.pricing} vs ${b.pricing})` +
          (a.rating !== null || b.rating !== null ? ` and our ratings (${ratingText(a.rating)} vs ${ratingText(b.rating)}).` : ".")
        ).slice(0, 160),
    path: pair.path,
    siteUrl,
    // Without a verdict the page is a template filled with two tools' facts: reachable and followed, never indexed.
    noindex: !verdict,
  });
}

export default function ComparePairPage({ loaderData }: Route.ComponentProps) {
  const { pair, teamCost, teamQuery } = loaderData;
  const siteUrl = useSiteUrl();
  const { a, b, comparison, path, verdict, category } = pair;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <JsonLd
        data={itemListJsonLd(
          [a, b].map((tool) => ({ name: tool.name, path: `/tools/${tool.slug}` })),
          siteUrl,
        )}
      />
      <h1 className="text-3xl font-bold sm:text-4xl">
        {a.name} vs {b.name}
      </h1>
      {!verdict && (
        <p className="mt-3 max-w-3xl rounded-lg border border-dashed p-3 text-sm" data-generated-pair>
          {generatedPairNote(a.name, b.name)}
        </p>
      )}
      <p className="mt-3 max-w-3xl text-muted-foreground">
        {category ? `Two ${categoryTools(category.name)} side by side.` : `${a.name} (${a.categoryName}) and ${b.name} (${b.categoryName}) side by side.`} {a.name}: {a.pricing},{" "}
        {ourRatingPhrase(a.rating)}. {b.name}: {b.pricing}, {ourRatingPhrase(b.rating)}. The table lists every feature either of them has.
      </p>
      {verdict && <PairVerdictSection verdict={verdict} first={a.name} second={b.name} />}
      <div className="comparison-no-print mt-5 flex flex-wrap gap-3">
        <Button asChild variant="outline">
          <Link to={comparisonHref([a.slug, b.slug])}>
            <Icon name="plus" /> Add more tools to this comparison
          </Link>
        </Button>
        {category ? (
          <Button asChild variant="ghost">
            <Link to={`/tools/category/${category.slug}`}>All {categoryTools(category.name)}</Link>
          </Button>
        ) : (
          [a, b].map((tool) => (
            <Button key={tool.categorySlug} asChild variant="ghost">
              <Link to={`/tools/category/${tool.categorySlug}`}>All {tool.categoryName} tools</Link>
            </Button>
          ))
        )}
      </div>
      <ComparisonResults
        comparison={comparison}
        csvHref={`/tools/comparison.csv?tools=${a.slug},${b.slug}${teamQuery ? `&${teamQuery}` : ""}`}
        sharePath={path}
        siteUrl={siteUrl}
        shareTitle={`${a.name} vs ${b.name}`}
      />
      <InPageSection value={teamCost} className="mt-10">
        {(view) => <TeamCostSection view={view} heading="What will they cost my team?" />}
      </InPageSection>
    </main>
  );
}

export { ComparisonErrorBoundary as ErrorBoundary };
