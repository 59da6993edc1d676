import { BarChart3, Plus } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { ComparisonErrorBoundary } from "~/components/comparison/comparison-error";
import printStylesheet from "~/components/comparison/comparison-print.css?url";
import { ComparisonResults } from "~/components/comparison/comparison-results";
import { JsonLd } from "~/components/json-ld";
import { Button } from "~/components/ui/button";
import type { Breadcrumb } from "~/lib/breadcrumbs";
import { comparisonHref, ratingText } from "~/lib/comparison";
import { pairTitle } from "~/lib/comparison-pair";
import { breadcrumbJsonLd, itemListJsonLd } from "~/lib/json-ld";
import { pageMeta } from "~/lib/seo";
import { pricingLabel } from "~/lib/tool-filters";
import { findComparisonPair } from "~/models/tool/comparison.server";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/tools.compare-pair";

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

/** Only two different tools of one category make a pair page; the reversed order redirects to the canonical one. */
export async function loader({ params }: Route.LoaderArgs) {
  const siteUrl = getEnv().SITE_URL;
  const found = await findComparisonPair(params.pair);
  if (found.kind === "redirect") throw redirect(found.path, 301);
  if (found.kind === "not-found") {
    const path = `/tools/compare/${encodeURIComponent(params.pair)}`;
    return data({ pair: undefined, path, siteUrl, crumb: { label: "Comparison not found", path } }, { status: 404 });
  }
  const [a, b] = found.comparison.tools as [(typeof found.comparison.tools)[number], (typeof found.comparison.tools)[number]];
  return { pair: { ...found, a, b }, path: found.path, siteUrl, crumb: { label: `${a.name} vs ${b.name}`, path: found.path } };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const siteUrl = loaderData?.siteUrl ?? "http://localhost";
  const pair = loaderData?.pair;
  if (!pair) {
    return pageMeta({
      title: "Comparison Not Found",
      description: "We compare two tools of the same category on these pages. Use the comparison tool to put any AI tools side by side.",
      path: loaderData?.path ?? "/tools/comparison",
      siteUrl,
      noindex: true,
    });
  }
  const { a, b, comparison } = pair;
  return pageMeta({
    title: pairTitle(a.name, b.name),
    description: `${a.name} vs ${b.name}: ${comparison.features.length} features compared, pricing (${pricingLabel(a.pricing)} vs ${pricingLabel(b.pricing)}) and our ratings (${ratingText(a.rating)} vs ${ratingText(b.rating)}).`.slice(0, 160),
    path: pair.path,
    siteUrl,
  });
}

export default function ComparePairPage({ loaderData }: Route.ComponentProps) {
  const { pair, siteUrl } = loaderData;
  if (!pair) return <PairNotFound />;
  const { a, b, comparison, path } = pair;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <JsonLd data={breadcrumbJsonLd(crumbsFor(`${a.name} vs ${b.name}`, path), siteUrl)} />
      <JsonLd data={itemListJsonLd([a, b].map((tool) => ({ name: tool.name, path: `/tools/${tool.slug}` })), siteUrl)} />
      <h1 className="text-3xl font-bold sm:text-4xl">
        {a.name} vs {b.name}
      </h1>
      <p className="mt-3 max-w-3xl text-muted-foreground">
        Two {a.categoryName} tools side by side. {a.name}: {pricingLabel(a.pricing)}, rated {ratingText(a.rating)}. {b.name}:{" "}
        {pricingLabel(b.pricing)}, rated {ratingText(b.rating)}. The table lists every feature either of them has.
      </p>
      <div className="comparison-no-print mt-5 flex flex-wrap gap-3">
        <Button asChild variant="outline">
          <Link to={comparisonHref([a.slug, b.slug])}>
            <Plus /> Add more tools to this comparison
          </Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to={`/tools/category/${a.categorySlug}`}>All {a.categoryName} tools</Link>
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

function PairNotFound() {
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-20 text-center">
      <BarChart3 className="mx-auto size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold">Comparison not found</h1>
      <p className="mt-3 text-muted-foreground">
        These pages compare two different tools of the same category, and this address does not name such a pair. The comparison tool puts any
        tools side by side.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={comparisonHref([])}>Open the comparison tool</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/tools">Browse all tools</Link>
        </Button>
      </div>
    </main>
  );
}

export { ComparisonErrorBoundary as ErrorBoundary };
