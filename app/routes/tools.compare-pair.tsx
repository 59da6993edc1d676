import { Link, redirect } from "react-router";
import { ComparisonErrorBoundary } from "~/components/comparison/comparison-error";
import printStylesheet from "~/components/comparison/comparison-print.css?url";
import { ComparisonResults } from "~/components/comparison/comparison-results";
import { JsonLd } from "~/components/json-ld";
import { Button } from "~/components/ui/button";
import type { Breadcrumb } from "~/lib/ui/breadcrumbs";
import { comparisonHref, ratingText } from "~/lib/tool/comparison";
import { pairTitle } from "~/lib/tool/comparison-pair";
import { ourRatingPhrase } from "~/lib/words";
import { categoryTools } from "~/lib/ui/plural";
import { itemListJsonLd } from "~/lib/seo/json-ld";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { findComparisonPair } from "~/models/tool/comparison.server";
import { notFound } from "~/utils/not-found.server";
import { useSiteUrl } from "~/components/use-site-url";
import type { Route } from "./+types/tools.compare-pair";
import { Icon } from "~/components/ui/icon";

const crumbsFor = (label: string, path: string): Breadcrumb[] => [
  { label: "Home", href: "/" },
  { label: "AI Tools", href: "/tools" },
  { label: "Compare Tools", href: comparisonHref([]) },
  { label, href: path },
];

type PairData = { label: string; path: string };

export const handle = {
  // The path itself would link '/tools/compare', which is no page.
  crumbs: (loaderData: unknown) => {
    const crumb = (loaderData as { crumb?: PairData } | undefined)?.crumb;
    return crumb ? crumbsFor(crumb.label, crumb.path) : undefined;
  },
};

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: printStylesheet, media: "print" }];

/** Only two different tools that share a category make a pair page; the reversed order redirects to the canonical one. */
export async function loader({ params }: Route.LoaderArgs) {
  const found = await findComparisonPair(params.pair);
  if (found.kind === "redirect") throw redirect(found.path, 301);
  if (found.kind === "not-found") throw notFound("pair");
  const [a, b] = found.comparison.tools as [(typeof found.comparison.tools)[number], (typeof found.comparison.tools)[number]];
  return { pair: { ...found, a, b }, crumb: { label: `${a.name} vs ${b.name}`, path: found.path } };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const pair = loaderData?.pair;
  if (!pair) return [];
  const siteUrl = siteUrlOf(matches);
  const { a, b, comparison } = pair;
  return pageMeta({
    title: pairTitle(a.name, b.name, { rated: a.rating !== null || b.rating !== null }),
    description: (
      `${a.name} vs ${b.name}: ${comparison.features.length} features compared, pricing (${a.pricing} vs ${b.pricing})` +
      (a.rating !== null || b.rating !== null ? ` and our ratings (${ratingText(a.rating)} vs ${ratingText(b.rating)}).` : ".")
    ).slice(0, 160),
    path: pair.path,
    siteUrl,
  });
}

export default function ComparePairPage({ loaderData }: Route.ComponentProps) {
  const { pair } = loaderData;
  const siteUrl = useSiteUrl();
  const { a, b, comparison, path, category } = pair;
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
      <p className="mt-3 max-w-3xl text-muted-foreground">
        Two {categoryTools(category.name)} side by side. {a.name}: {a.pricing}, {ourRatingPhrase(a.rating)}. {b.name}: {b.pricing}, {ourRatingPhrase(b.rating)}. The table lists
        every feature either of them has.
      </p>
      <div className="comparison-no-print mt-5 flex flex-wrap gap-3">
        <Button asChild variant="outline">
          <Link to={comparisonHref([a.slug, b.slug])}>
            <Icon name="plus" /> Add more tools to this comparison
          </Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to={`/tools/category/${category.slug}`}>All {categoryTools(category.name)}</Link>
        </Button>
      </div>
      <ComparisonResults
        comparison={comparison}
        csvHref={`/tools/comparison.csv?tools=${a.slug},${b.slug}`}
        sharePath={path}
        siteUrl={siteUrl}
        shareTitle={`${a.name} vs ${b.name}`}
      />
    </main>
  );
}

export { ComparisonErrorBoundary as ErrorBoundary };
