import type { RouteHandle } from "~/lib/route-handle";
import { Link } from "react-router";
import { AffiliateNotice } from "~/components/deals/affiliate-notice";
import { CouponSteps } from "~/components/deals/coupon-steps";
import { DealCard } from "~/components/deals/deal-card";
import { JsonLd } from "~/components/json-ld";
import { Button } from "~/components/ui/button";
import { useSiteUrl } from "~/components/use-site-url";
import { cn } from "~/lib/ui/cn";
import { dealHeadings, POPULAR_DEAL_RULE } from "~/lib/deal/deals";
import { itemListJsonLd } from "~/lib/seo/json-ld";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { getDealsPage, type DealCardData } from "~/models/deal/queries.server";
import { withLinkNotices } from "~/models/link-health/queries.server";
import type { Route } from "./+types/deals";

export const handle = { cache: "shared-with-personal-parts" } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const page = await getDealsPage({ category: new URL(request.url).searchParams.get("category") });
  return { ...page, deals: await withLinkNotices("deal", page.deals) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const category = loaderData?.category?.name;
  return pageMeta({
    title: category ? `${category} Deals and Free Trials` : "AI Tool Deals and Free Trials",
    description: `${loaderData?.total ?? "Current"} live offers on AI tools${category ? ` (${loaderData?.deals.length} in ${category})` : ""}: free trials and plan discounts the vendors publish, each with the date we checked it.`,
    path: "/deals",
    siteUrl: siteUrlOf(matches),
  });
}

/** A deal as schema.org Offer: what it is, the tool it is for, and its last day when it has one. */
function offerJsonLd(deal: DealCardData, siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Offer",
    name: deal.title,
    description: deal.description,
    url: new URL(`/deals#deal-${deal.id}`, siteUrl).toString(),
    itemOffered: { "@type": "SoftwareApplication", name: deal.toolName, url: new URL(`/tools/${deal.toolSlug}`, siteUrl).toString() },
    ...(deal.expiryDate === "Ongoing" ? {} : { validThrough: deal.expiryDate }),
  };
}

const chip = (active: boolean) =>
  cn("inline-flex rounded-full border px-3 py-1 text-sm hover:bg-accent", active && "border-primary bg-primary text-primary-foreground hover:bg-primary/90");

export default function DealsPage({ loaderData }: Route.ComponentProps) {
  const { total, anyExclusive, category, categories, deals } = loaderData;
  // 'Coupons' and the coupon-code steps only when a deal shown has a code (issue 26).
  const headings = dealHeadings(deals);
  const siteUrl = useSiteUrl();
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <JsonLd
        data={itemListJsonLd(
          deals.map((deal) => ({ name: deal.title, path: `/deals#deal-${deal.id}` })),
          siteUrl,
        )}
      />
      {deals.length > 0 && <JsonLd data={deals.map((deal) => offerJsonLd(deal, siteUrl))} />}
      <h1 className="text-3xl font-bold sm:text-4xl">{headings.page}</h1>
      <p className="mt-3 max-w-3xl text-muted-foreground">
        Free trials and plan discounts that AI tool vendors publish themselves. We list only offers we have found on the vendor&apos;s own pages, show where each comes from, when
        we added it and whether an editor has confirmed it on that page since, and take an offer down the day it ends.
      </p>
      <AffiliateNotice className="mt-4 max-w-3xl" />

      {total > 0 && (
        <nav aria-label="Deal categories" className="mt-6">
          <ul className="flex flex-wrap gap-2">
            <li>
              <Link to="/deals" className={chip(!category)} aria-current={!category ? "page" : undefined} preventScrollReset>
                All deals ({total})
              </Link>
            </li>
            {categories.map((item) => (
              <li key={item.slug}>
                <Link
                  to={`/deals?category=${item.slug}`}
                  className={chip(category?.slug === item.slug)}
                  aria-current={category?.slug === item.slug ? "page" : undefined}
                  preventScrollReset
                >
                  {item.name} ({item.count})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}

      <section aria-labelledby="deal-list-heading" className="mt-8">
        <h2 id="deal-list-heading" className="text-xl font-semibold">
          {category ? `${category.name} deals` : "All live deals"} ({deals.length})
        </h2>
        {deals.length > 0 ? (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {deals.map((deal) => (
              <li key={deal.id}>
                <DealCard deal={deal} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-4 rounded-xl border border-dashed p-10 text-center">
            <p className="text-lg font-semibold">{total === 0 ? "No live deals right now" : `No live deals in ${category?.name ?? "this category"}`}</p>
            <p className="mt-2 text-muted-foreground">
              {total === 0 ? "We only list offers the vendors publish, and none is running today. Check back soon." : "Other categories have offers running today."}
            </p>
            <Button asChild className="mt-4">
              {total === 0 ? <Link to="/tools">Browse AI Tools</Link> : <Link to="/deals">View All Deals</Link>}
            </Button>
          </div>
        )}
        <p className="mt-4 text-sm text-muted-foreground">
          {POPULAR_DEAL_RULE} Exclusive marks an offer available only through us{anyExclusive ? "." : "; none is today."}
        </p>
      </section>

      {headings.coupons && <CouponSteps className="mt-12" />}
    </main>
  );
}
