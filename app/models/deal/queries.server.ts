import { expiryText, isDealLive, nextDealEnd, POPULAR_DEAL } from "~/lib/deal/deals";
import { listCategoriesWithCounts } from "~/models/category/queries.server";
import { getOffers, type Deal, type PartnerProgram } from "~/models/content/offers.server";
import { withDealProvenance } from "~/models/provenance/queries.server";
import { sql } from "drizzle-orm";
import { CATALOGUE, cached, tagPage, tagPageUntil } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";

/**
 * 'Popular' on a deal is counted, never chosen (issue 41, decision 062): at least POPULAR_DEAL.visitors different
 * visitors followed its Get Deal link (/go/deal/<id>, affiliate_clicks) in the last POPULAR_DEAL.days days, a visitor
 * counted once a day (the click's daily visitor hash). The count is read once an hour at most: it is cached under
 * DEAL_POPULARITY_TAG, which server/app.ts drops hourly, so no page view reads the click table.
 */
export const DEAL_POPULARITY_TAG = "deal-popularity";

/** The ids of the deals that are popular by POPULAR_DEAL now. */
export function popularDealIds(): Promise<ReadonlySet<string>> {
  return cached("deals:popular", [DEAL_POPULARITY_TAG], async () => {
    const { rows } = await getDb().execute<{ target: string }>(sql`
      select target from affiliate_clicks
      where kind = 'deal' and created_at >= now() - make_interval(days => ${POPULAR_DEAL.days})
      group by target having count(distinct visitor_hash) >= ${POPULAR_DEAL.visitors}`);
    return new Set(rows.map((row) => row.target));
  });
}

/**
 * What a deal card shows; `source` (the vendor's page) and where the terms stand (`provenanceText`: confirmed on
 * the vendor's page on a recorded day, or added on a day and not yet confirmed; decision 028) are shown for honesty.
 * Dates come as words from here, so the card carries no date code into the browser.
 */
export type DealCardData = Pick<Deal, "id" | "title" | "description" | "discount" | "code" | "expiryDate" | "toolSlug" | "toolName" | "isExclusive" | "source" | "addedAt"> & {
  expiryText: string;
  provenanceText: string;
  confirmed: boolean;
  /** The confirmation's row, whose receipt is /receipts/<id> (issue 44); null when none covers the terms. */
  receiptId: number | null;
  /** By POPULAR_DEAL, from recorded clicks. */ isPopular: boolean;
};

type LiveDeal = Deal & { popular: boolean };

const cards = async (deals: LiveDeal[]): Promise<DealCardData[]> =>
  withDealProvenance(
    deals.map(({ categorySlugs: _categories, lastChecked: _never, isPopular: _notInFiles, popular, ...deal }) => ({
      ...deal,
      isPopular: popular,
      expiryText: expiryText(deal.expiryDate),
    })),
  );

/**
 * The deals live at `now` (the clock of this render: an expired deal disappears without a sync), popular
 * ones (POPULAR_DEAL, from recorded clicks) first, then in the file's order. The page showing them is tagged `catalogue` (the deals are
 * editorial content, replaced with a deploy) and kept by the page cache only until the next live deal
 * ends, so no visitor is shown an expired deal from a cached page either.
 */
async function liveDeals(now: Date): Promise<LiveDeal[]> {
  const live = getOffers().deals.filter((deal) => isDealLive(deal, now));
  tagPage(...CATALOGUE);
  const next = nextDealEnd(live, now);
  if (next !== undefined) tagPageUntil(next);
  const popular = await popularDealIds();
  return live.map((deal) => ({ ...deal, popular: popular.has(deal.id) })).sort((a, b) => Number(b.popular) - Number(a.popular));
}

/** The home page's deals (spec part 2 §9: four). */
export async function listFeaturedDeals(limit = 4, now = new Date()): Promise<DealCardData[]> {
  return cards((await liveDeals(now)).slice(0, limit));
}

export type DealCategory = { slug: string; name: string; count: number };

/**
 * The /deals page: live deals, of one category when `category` names a catalogue category (anything
 * else shows every deal), and the categories that have live deals, with their counts, for the filter.
 */
export async function getDealsPage({ category, now = new Date() }: { category?: string | null; now?: Date }) {
  const live = await liveDeals(now);
  const names = await listCategoriesWithCounts();
  const counts = new Map<string, number>();
  for (const deal of live) for (const slug of deal.categorySlugs) counts.set(slug, (counts.get(slug) ?? 0) + 1);
  const categories: DealCategory[] = names.filter((known) => counts.has(known.slug)).map((known) => ({ slug: known.slug, name: known.name, count: counts.get(known.slug)! }));
  const selected = names.find((known) => known.slug === category);
  return {
    total: live.length,
    anyExclusive: live.some((deal) => deal.isExclusive),
    category: selected ? { slug: selected.slug, name: selected.name } : null,
    categories,
    deals: await cards(selected ? live.filter((deal) => deal.categorySlugs.includes(selected.slug)) : live),
  };
}

/** The three partner programs of the home page, in the file's order. */
export function listPartnerPrograms(): PartnerProgram[] {
  tagPage(...CATALOGUE);
  return getOffers().partnerPrograms;
}
