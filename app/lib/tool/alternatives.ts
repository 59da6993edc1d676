import { comparableIsConverted, hasFreePlan, subscriptionFloor, type CurrencyRates, type Pricing } from "./pricing";

/**
 * The alternatives page (/tools/{slug}/alternatives, issue 18): which other tools count as sensible
 * alternatives, how they are ranked, and the reasons shown for each, all from facts the catalogue holds.
 * Pure: models/tool/alternatives.server.ts ranks in SQL with these same weights and rules, and its test
 * checks the database's order against `alternativeScore`.
 */

/**
 * A tool the editors list as an alternative beats a category peer, which beats a shared capability. The score is how
 * alike two tools are, nothing else: our rating exists only for tools with an in-depth review (issue 26), so adding it
 * to the score would rank a tool higher for having been reviewed. It breaks ties instead (`compareAlternatives`).
 */
export const ALTERNATIVE_WEIGHTS = { listed: 6, sameCategory: 4, sharedCapability: 1 } as const;

/** Capabilities about price, which the price reasons already cover: sharing a free plan does not make two tools alike. */
export const PRICE_CAPABILITIES = ["Free plan", "Free trial"] as const;

/** Fewer sensible alternatives than this and the page is not worth having: 404 noindex. */
export const MIN_ALTERNATIVES = 3;
export const MAX_ALTERNATIVES = 12;

export const ALTERNATIVE_FILTERS = ["free", "cheaper", "open-source"] as const;
export type AlternativeFilter = (typeof ALTERNATIVE_FILTERS)[number];
export type AlternativeFilters = Record<AlternativeFilter, boolean>;

export const ALTERNATIVE_FILTER_LABELS: Record<AlternativeFilter, string> = {
  free: "Has a free plan",
  cheaper: "Cheaper",
  "open-source": "Open source",
};

/** `?free=1&cheaper=1&open-source=1`; anything else is off. */
export function parseAlternativeFilters(params: URLSearchParams): AlternativeFilters {
  return { free: params.get("free") === "1", cheaper: params.get("cheaper") === "1", "open-source": params.get("open-source") === "1" };
}

export const isFiltered = (filters: AlternativeFilters) => ALTERNATIVE_FILTERS.some((name) => filters[name]);

/** What relates a candidate to the tool. */
export type AlternativeFacts = {
  /** In the tool's own `alternatives` list. */
  listed: boolean;
  sameCategory: boolean;
  /** Capabilities both have, price ones left out. */
  shared: readonly string[];
  /** Our rating, null without an in-depth review: the tie-break only. */
  rating: number | null;
};

/** Listed by the editors, or a category peer doing at least one thing the tool does, or any tool doing two of them. */
export const isSensibleAlternative = (facts: AlternativeFacts) => facts.listed || (facts.sameCategory && facts.shared.length >= 1) || facts.shared.length >= 2;

export function alternativeScore(facts: AlternativeFacts): number {
  const w = ALTERNATIVE_WEIGHTS;
  return (facts.listed ? w.listed : 0) + (facts.sameCategory ? w.sameCategory : 0) + facts.shared.length * w.sharedCapability;
}

/**
 * The page's order (the SQL's `score desc, rating desc nulls last, name`): higher score first; on a tie, tools with our
 * rating before those without, higher rated first; then by name.
 */
export function compareAlternatives(a: { score: number; rating: number | null; name: string }, b: { score: number; rating: number | null; name: string }): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.rating !== b.rating) return a.rating === null ? 1 : b.rating === null ? -1 : b.rating - a.rating;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

const SHOWN_CAPABILITIES = 4;

/** 'Blog content, SEO integration and 3 more'. */
function listCapabilities(shared: readonly string[]): string {
  const shown = shared.slice(0, SHOWN_CAPABILITIES).join(", ");
  return shared.length > SHOWN_CAPABILITIES ? `${shown} and ${shared.length - SHOWN_CAPABILITIES} more` : shown;
}

/**
 * Where the candidate's price stands against the tool's, in words, or nothing when the two cannot be compared.
 * Both by the one comparable figure (decision 030: first year at the minimum seats, in US dollars, a month), each
 * shown with its terms; a figure converted from another currency says the rates' date.
 */
export function pricePosition(tool: Pricing, other: Pricing, rates: CurrencyRates): string | undefined {
  const mine = subscriptionFloor(tool, rates);
  const theirs = subscriptionFloor(other, rates);
  if (mine && theirs) {
    const converted = comparableIsConverted(tool) || comparableIsConverted(other) ? ` (compared in US dollars at the rates of ${rates.asOf})` : "";
    if (theirs.monthly < mine.monthly) return `Cheaper: ${theirs.text} vs ${mine.text}${converted}`;
    if (theirs.monthly > mine.monthly) return `Pricier: ${theirs.text} vs ${mine.text}${converted}`;
    return `Same starting price: ${theirs.text}${converted}`;
  }
  if (other.model === "contact-sales") return tool.model === "contact-sales" ? "Also contact sales" : "Contact sales for a price";
  return undefined;
}

/** Whether the candidate counts as cheaper (the `cheaper` filter), by the same figure as `pricePosition`. */
export function isCheaper(tool: Pricing, other: Pricing, rates: CurrencyRates): boolean {
  const mine = subscriptionFloor(tool, rates);
  const theirs = subscriptionFloor(other, rates);
  return Boolean(mine && theirs && theirs.monthly < mine.monthly);
}

/** The reasons a candidate is shown, each a fact: listed, same category, shared capabilities, price, free plan, open source. */
export function alternativeReasons(
  tool: { name: string; categoryName: string; pricing: Pricing },
  other: AlternativeFacts & { pricing: Pricing; openSource: boolean },
  rates: CurrencyRates,
): string[] {
  const reasons: string[] = [];
  if (other.listed) reasons.push(`Listed as a ${tool.name} alternative`);
  if (other.sameCategory) reasons.push(`Same category: ${tool.categoryName}`);
  if (other.shared.length) reasons.push(`Also does: ${listCapabilities(other.shared)}`);
  const price = pricePosition(tool.pricing, other.pricing, rates);
  if (price) reasons.push(price);
  if (hasFreePlan(other.pricing)) reasons.push("Has a free plan");
  if (other.openSource) reasons.push("Open source");
  return reasons;
}
