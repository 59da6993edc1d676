import { formatLongDate } from "../ui/dates";

/**
 * When a deal is live (spec part 2 §3 'Deal', issue 15): through the whole of its expiry date, in UTC,
 * or always when it is 'Ongoing'. Decided with the clock at the time a page is rendered, so an expired
 * deal disappears on its own, without a content sync. Pure: the caller passes the clock.
 */
export const ONGOING = "Ongoing";
const DAY_MS = 24 * 60 * 60 * 1000;

type Timed = { expiryDate: string };

/** The moment a deal stops being live (the midnight, UTC, after its expiry date), or null when it is ongoing. */
export function dealEndsAt(expiryDate: string): number | null {
  if (expiryDate === ONGOING) return null;
  return Date.parse(`${expiryDate}T00:00:00Z`) + DAY_MS;
}

export function isDealLive(deal: Timed, now: Date): boolean {
  const end = dealEndsAt(deal.expiryDate);
  return end === null || now.getTime() < end;
}

/** The first moment after `now` at which one of these deals stops being live, if any will. */
export function nextDealEnd(deals: readonly Timed[], now: Date): number | undefined {
  let next: number | undefined;
  for (const deal of deals) {
    const end = dealEndsAt(deal.expiryDate);
    if (end !== null && end > now.getTime() && (next === undefined || end < next)) next = end;
  }
  return next;
}

/** 'Ongoing', or the last day the deal is live as people read dates. */
export function expiryText(expiryDate: string): string {
  return expiryDate === ONGOING ? ONGOING : `Ends ${formatLongDate(expiryDate)}`;
}

/**
 * The headings of a list of deals say only what the deals hold (issue 26): 'Exclusive' when one of them is
 * available only through us, 'Coupons' when one has a code; otherwise neutral words, and no coupon-code steps.
 */
export function dealHeadings(deals: readonly { isExclusive: boolean; code?: string | null }[]) {
  const exclusive = deals.some((deal) => deal.isExclusive);
  const coupons = deals.some((deal) => Boolean(deal.code));
  return {
    exclusive,
    coupons,
    /** The home page's section. */
    section: exclusive ? (coupons ? "Exclusive Deals & Coupons" : "Exclusive Deals on AI Tools") : coupons ? "Deals & Coupons on AI Tools" : "Deals on AI tools",
    /** The /deals page's h1. */
    page: coupons ? "AI Tool Deals & Coupons" : "Deals on AI tools",
  };
}

/**
 * When a deal is 'Popular' (issue 41, decision 062): at least `visitors` different visitors followed its Get Deal link
 * in the last `days` days, each counted once a day (models/deal/queries.server.ts counts the recorded clicks).
 */
export const POPULAR_DEAL = { visitors: 10, days: 30 } as const;
/** The rule in words, shown wherever the badge can be (the deals page's note, the badge's title). */
export const POPULAR_DEAL_RULE = `Popular: at least ${POPULAR_DEAL.visitors} visitors followed the deal's link in the last ${POPULAR_DEAL.days} days (each visitor counted once a day).`;
