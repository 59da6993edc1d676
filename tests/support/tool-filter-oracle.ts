/**
 * The directory's filter and sort rules (spec part 1 §5 'Search and filter
 * semantics', §9) written plainly over an in-memory list. The site runs them
 * as SQL (app/models/tool/search.server.ts); this is the reference the tests
 * hold that query to, so it stays out of the app's code.
 */
import path from "node:path";
import { comparableMonthlyUsd, pricingText, type Pricing } from "~/lib/tool/pricing";
import { readCurrencyRates } from "~/models/content/load.server";
import { appRoot } from "~/utils/paths.server";
import { doesNotTrainOn, type DataFact } from "~/lib/tool/data-facts";
import { DEFAULT_TEAM_SIZE, teamCost } from "~/lib/tool/team-cost";
import { PRICE_BOUNDS, type PricingFilter, type SortOption, type ToolFilters } from "~/lib/tool/tool-filters";

/** The dated rate table the site's content converts with (decision 030). */
export const RATES = readCurrencyRates(path.join(appRoot(), "content"))!;

/** The one comparable figure (decision 030): the cheapest paid plan's first year in US dollars, a month. */
export const comparable = (pricing: Pricing) => comparableMonthlyUsd(pricing, RATES);

export type FilterableTool = {
  id: number;
  name: string;
  description: string;
  categorySlug: string;
  /** The other categories the tool is listed in (issue 29); none when left out. */
  secondaryCategorySlugs?: string[];
  categoryName: string;
  /** Our rating: null without an in-depth review (issue 26). */
  rating: number | null;
  pricing: Pricing;
  addedAt: string;
  hasFreeTrial: boolean;
  isPro: boolean;
  featured: boolean;
  /** Its data and security facts (content/facts/, issue 44); none when the tool has no file. */
  dataFacts?: DataFact[];
};

const mentionsFree = (pricing: string) => /free|\$\s*0(?![\d.,]*[1-9])/i.test(pricing);

/**
 * Spec §5 over the text a card shows (lib/tool/pricing.ts `pricingText`): 'free' = text has 'free' or '$0';
 * 'freemium' = free trial or text has 'free'; 'paid' = neither 'free' nor '$0'.
 */
export function matchesPricing(tool: { pricing: Pricing; hasFreeTrial: boolean }, filter: PricingFilter): boolean {
  const text = pricingText(tool.pricing);
  switch (filter) {
    case "free":
      return mentionsFree(text);
    case "freemium":
      return tool.hasFreeTrial || /free/i.test(text);
    case "paid":
      return !mentionsFree(text);
  }
}

/**
 * Spec §5 price range over the comparable monthly US-dollar figure (decision 030): a tool without a figure (only
 * free, contact sales, paid only by use) always passes.
 */
function inPriceRange(pricing: Pricing, min: number, max: number): boolean {
  const price = comparable(pricing);
  if (price === null) return true;
  return price === 0 || (price >= min && price <= max);
}

/** Every category a tool is in, as its pages list it: the primary, then the secondary ones (issue 29). */
export const categoriesOf = (tool: Pick<FilterableTool, "categorySlug" | "secondaryCategorySlugs">): string[] => [tool.categorySlug, ...(tool.secondaryCategorySlugs ?? [])];

/** Reference implementation of every filter except text search (which the database ranks). */
export function matchesFilters(tool: FilterableTool, filters: ToolFilters): boolean {
  if (filters.categories.length && !categoriesOf(tool).some((slug) => filters.categories.includes(slug))) return false;
  // A minimum rating is one of ours: a tool without it never passes.
  if (filters.rating !== null && (tool.rating === null || tool.rating < filters.rating)) return false;
  if (filters.pricing.length && !filters.pricing.some((filter) => matchesPricing(tool, filter))) return false;
  if (filters.minPrice !== null || filters.maxPrice !== null) {
    if (!inPriceRange(tool.pricing, filters.minPrice ?? PRICE_BOUNDS.min, filters.maxPrice ?? PRICE_BOUNDS.max)) return false;
  }
  if (filters.trial !== null && tool.hasFreeTrial !== filters.trial) return false;
  if (filters.pro !== null && tool.isPro !== filters.pro) return false;
  if (filters.featured && !tool.featured) return false;
  if (filters.noTraining && !doesNotTrainOn(tool.dataFacts ?? [], filters.noTraining)) return false;
  return true;
}

/**
 * Reference sort of spec §5: rating by rating, recent by id, price by the comparable monthly US-dollar
 * figure (decision 030), with decision 025's changes: tools without a figure (contact sales, usage only) last in
 * both price orders, and newest by the date a tool was added.
 */
export function compareTools(sort: SortOption, team = DEFAULT_TEAM_SIZE) {
  // Code-point order of the lower-cased name, the same as the database's `lower(name) COLLATE "C"`.
  const byName = (a: FilterableTool, b: FilterableTool) => {
    const x = a.name.toLowerCase();
    const y = b.name.toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  };
  const price = (tool: FilterableTool) => comparable(tool.pricing);
  const byPrice = (a: FilterableTool, b: FilterableTool, direction: 1 | -1) => {
    const x = price(a);
    const y = price(b);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return (x - y) * direction;
  };
  // The team-cost sorts (decision 086): the first-year US-dollar figure of `teamCost`'s own marked plan for the team
  // (no needs), read from the plans here, not from the stored terms the SQL reads; tools it marks none for last both ways.
  const teamFigures = new Map<FilterableTool, number | null>();
  const teamFigure = (tool: FilterableTool) => {
    if (!teamFigures.has(tool)) {
      const cost = teamCost(tool.pricing, team, RATES);
      teamFigures.set(tool, cost.best ? cost.plans.find((plan) => plan.name === cost.best!.name)!.usd!.firstYear : null);
    }
    return teamFigures.get(tool)!;
  };
  const byTeamCost = (a: FilterableTool, b: FilterableTool, direction: 1 | -1) => {
    const x = teamFigure(a);
    const y = teamFigure(b);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return (x - y) * direction;
  };
  return (a: FilterableTool, b: FilterableTool): number => {
    switch (sort) {
      case "rating":
        // Rated tools first, best first; tools without our rating after them; then by name.
        return (a.rating === b.rating ? 0 : a.rating === null ? 1 : b.rating === null ? -1 : b.rating - a.rating) || byName(a, b);
      case "recent":
        return b.id - a.id;
      case "price_low":
        return byPrice(a, b, 1) || byName(a, b);
      case "price_high":
        return byPrice(a, b, -1) || byName(a, b);
      case "newest":
        return (a.addedAt < b.addedAt ? 1 : a.addedAt > b.addedAt ? -1 : 0) || byName(a, b);
      case "name_asc":
        return byName(a, b);
      case "name_desc":
        return byName(b, a);
      case "team_low":
        return byTeamCost(a, b, 1) || byName(a, b);
      case "team_high":
        return byTeamCost(a, b, -1) || byName(a, b);
    }
  };
}
