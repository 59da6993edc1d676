import { expiryText, isDealLive, nextDealEnd } from "~/lib/deal/deals";
import { listCategoriesWithCounts } from "~/models/category/queries.server";
import { getOffers, type Deal, type PartnerProgram } from "~/models/content/offers.server";
import { withDealProvenance } from "~/models/provenance/queries.server";
import { CATALOGUE, tagPage, tagPageUntil } from "~/utils/cache.server";

/**
 * What a deal card shows; `source` (the vendor's page) and where the terms stand (`provenanceText`: confirmed on
 * the vendor's page on a recorded day, or added on a day and not yet confirmed; decision 028) are shown for honesty.
 * Dates come as words from here, so the card carries no date code into the browser.
 */
export type DealCardData = Pick<
  Deal,
  "id" | "title" | "description" | "discount" | "code" | "expiryDate" | "toolSlug" | "toolName" | "isExclusive" | "isPopular" | "source" | "addedAt"
> & { expiryText: string; provenanceText: string; confirmed: boolean };

const cards = async (deals: Deal[]): Promise<DealCardData[]> =>
  withDealProvenance(
    deals.map(({ categorySlugs: _categories, lastChecked: _never, ...deal }) => ({
      ...deal,
      expiryText: expiryText(deal.expiryDate),
    })),
  );

/**
 * The deals live at `now` (the clock of this render: an expired deal disappears without a sync), popular
 * ones first, then in the file's order. The page showing them is tagged `catalogue` (the deals are
 * editorial content, replaced with a deploy) and kept by the page cache only until the next live deal
 * ends, so no visitor is shown an expired deal from a cached page either.
 */
function liveDeals(now: Date): Deal[] {
  const live = getOffers().deals.filter((deal) => isDealLive(deal, now));
  tagPage(...CATALOGUE);
  const next = nextDealEnd(live, now);
  if (next !== undefined) tagPageUntil(next);
  return live.sort((a, b) => Number(b.isPopular) - Number(a.isPopular));
}

/** The home page's deals (spec part 2 §9: four). */
export function listFeaturedDeals(limit = 4, now = new Date()): Promise<DealCardData[]> {
  return cards(liveDeals(now).slice(0, limit));
}

export type DealCategory = { slug: string; name: string; count: number };

/**
 * The /deals page: live deals, of one category when `category` names a catalogue category (anything
 * else shows every deal), and the categories that have live deals, with their counts, for the filter.
 */
export async function getDealsPage({ category, now = new Date() }: { category?: string | null; now?: Date }) {
  const live = liveDeals(now);
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
