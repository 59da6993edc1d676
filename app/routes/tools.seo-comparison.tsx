import type { RouteHandle } from "~/lib/route-handle";
import { Link } from "react-router";
import { faqJsonLd, FaqSection } from "~/components/faq-section";
import { JsonLd } from "~/components/json-ld";
import { StarRating } from "~/components/tool/star-rating";
import { Button } from "~/components/ui/button";
import { itemListJsonLd } from "~/lib/seo/json-ld";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { getSeoComparison } from "~/models/tool/comparison.server";
import { useSiteUrl } from "~/components/use-site-url";
import type { Route } from "./+types/tools.seo-comparison";
import { editorialRatingText } from "~/lib/words";
import { Icon } from "~/components/ui/icon";
import { ScrollRegion } from "~/components/ui/scroll-region";

export const handle = { cache: "shared-with-personal-parts" } satisfies RouteHandle;

export async function loader() {
  return { comparison: await getSeoComparison() };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Surfer SEO vs Clearscope vs Frase vs Scalenut",
    description: "Four SEO content tools compared on rating, starting price, free trial and who each suits, with our pick for best overall, most accurate and best value.",
    path: "/tools/seo-comparison",
    siteUrl: siteUrlOf(matches),
  });
}

export default function SeoComparisonPage({ loaderData }: Route.ComponentProps) {
  const { comparison } = loaderData;
  const siteUrl = useSiteUrl();
  const nameOf = (slug: string) => comparison.tools.find((tool) => tool.slug === slug)?.name ?? slug;
  const picks = [
    { title: "Best Overall", icon: "award" as const, ...comparison.recommendations.bestOverall },
    { title: "Most Accurate", icon: "target" as const, ...comparison.recommendations.mostAccurate },
    { title: "Best Value", icon: "wallet" as const, ...comparison.recommendations.bestValue },
  ];
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <JsonLd
        data={itemListJsonLd(
          comparison.tools.map((tool) => ({ name: tool.name, path: `/tools/${tool.slug}` })),
          siteUrl,
        )}
      />
      <JsonLd data={faqJsonLd(comparison.faq)} />
      <h1 className="text-3xl font-bold sm:text-4xl">SEO content tools compared</h1>
      <p className="mt-3 max-w-3xl text-muted-foreground">
        Clearscope, Surfer SEO, Frase and Scalenut all score your draft against the pages that already rank. They differ in price, depth and who they suit. Prices come from the
        same plans as each tool's page:{" "}
        {comparison.pricesConfirmed
          ? `as listed on each vendor's pricing page, all confirmed since ${comparison.pricesConfirmed}.`
          : "from each vendor's published pricing, not all confirmed yet; each tool's page says when its prices were added and whether they were confirmed. Check before you buy."}
      </p>

      <ScrollRegion labelledBy="seo-comparison-caption" className="mt-8" frameClassName="rounded-xl border">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption id="seo-comparison-caption" className="sr-only">
            Overview of four SEO content tools
          </caption>
          <thead className="bg-muted/60">
            <tr>
              {["Tool", "Our rating", "Starting Price", "Best For", "Free Trial", "Action"].map((heading) => (
                <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {comparison.tools.map((tool) => (
              <tr key={tool.slug}>
                <th scope="row" className="px-4 py-3 font-semibold">
                  {tool.name}
                </th>
                <td className="px-4 py-3">{editorialRatingText(tool.rating)}</td>
                <td className="px-4 py-3">{tool.pricing}</td>
                <td className="px-4 py-3">{tool.bestFor}</td>
                <td className="px-4 py-3">{tool.freeTrialDays > 0 ? `${tool.freeTrialDays} days` : "No"}</td>
                <td className="px-4 py-3">
                  <Link to={`/tools/${tool.slug}`} className="font-medium text-primary underline-offset-4 hover:underline">
                    {tool.rating === null ? "See details" : "Read review"}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        {comparison.tools.map((tool) => (
          <article key={tool.slug} className="rounded-xl border p-5">
            <div className="flex items-start justify-between gap-3">
              <h2 className="text-xl font-bold">{tool.name}</h2>
              {tool.rating === null ? (
                <span className="text-sm text-muted-foreground">{editorialRatingText(null)}</span>
              ) : (
                <StarRating rating={tool.rating} label={`Our rating of ${tool.name}`} />
              )}
            </div>
            <p className="mt-1 text-sm text-muted-foreground">
              {tool.pricing} · best for {tool.bestFor.toLowerCase()}
            </p>
            <h3 className="mt-4 font-semibold">Key features</h3>
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm">
              {tool.keyFeatures.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <div>
                <h3 className="font-semibold">Pros</h3>
                <ul className="mt-1 space-y-1 text-sm">
                  {tool.pros.slice(0, 3).map((pro) => (
                    <li key={pro} className="flex gap-2">
                      <Icon name="circle-check" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                      {pro}
                    </li>
                  ))}
                </ul>
              </div>
              <div>
                <h3 className="font-semibold">Cons</h3>
                <ul className="mt-1 space-y-1 text-sm">
                  {tool.cons.slice(0, 2).map((con) => (
                    <li key={con} className="flex gap-2">
                      <Icon name="circle-x" className="mt-0.5 size-4 shrink-0 text-red-600" />
                      {con}
                    </li>
                  ))}
                </ul>
              </div>
            </div>
            <Button asChild variant="outline" className="mt-5">
              <Link to={`/tools/${tool.slug}`}>View Full Review</Link>
            </Button>
          </article>
        ))}
      </div>

      <section aria-labelledby="picks-heading" className="mt-12">
        <h2 id="picks-heading" className="text-2xl font-bold">
          Our recommendations
        </h2>
        <div className="mt-4 grid gap-4 md:grid-cols-3">
          {picks.map((pick) => (
            <div key={pick.title} className="rounded-xl border bg-secondary/40 p-5">
              <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-secondary-foreground">
                <Icon name={pick.icon} className="size-4" /> {pick.title}
              </p>
              <p className="mt-2 text-lg font-bold">
                <Link to={`/tools/${pick.slug}`} className="hover:underline">
                  {nameOf(pick.slug)}
                </Link>
              </p>
              <p className="mt-1 text-sm text-muted-foreground">{pick.reason}</p>
            </div>
          ))}
        </div>
      </section>
      <FaqSection items={comparison.faq} />
    </main>
  );
}
