/**
 * The directory's filter and sort rules (spec part 1 §5 'Search and filter
 * semantics', §9) written plainly over an in-memory list. The site runs them
 * as SQL (app/models/tool/search.server.ts); this is the reference the tests
 * hold that query to, so it stays out of the app's code.
 */
import { firstDollarAmount, PRICE_BOUNDS, type PricingFilter, type SortOption, type ToolFilters } from "~/lib/tool-filters";

export type FilterableTool = {
  id: number;
  name: string;
  description: string;
  categorySlug: string;
  categoryName: string;
  rating: number;
  pricing: string;
  hasFreeTrial: boolean;
  isPro: boolean;
  featured: boolean;
};

const mentionsFree = (pricing: string) => /free|\$\s*0(?![\d.,]*[1-9])/i.test(pricing);

/** Spec §5: 'free' = text has 'free' or '$0'; 'freemium' = free trial or text has 'free'; 'paid' = neither 'free' nor '$0'. */
export function matchesPricing(tool: { pricing: string; hasFreeTrial: boolean }, filter: PricingFilter): boolean {
  switch (filter) {
    case "free":
      return mentionsFree(tool.pricing);
    case "freemium":
      return tool.hasFreeTrial || /free/i.test(tool.pricing);
    case "paid":
      return !mentionsFree(tool.pricing);
  }
}

/** Reference implementation of every filter except text search (which the database ranks). */
export function matchesFilters(tool: FilterableTool, filters: ToolFilters): boolean {
  if (filters.categories.length && !filters.categories.includes(tool.categorySlug)) return false;
  if (filters.rating !== null && tool.rating < filters.rating) return false;
  if (filters.pricing.length && !filters.pricing.some((filter) => matchesPricing(tool, filter))) return false;
  if (filters.minPrice !== null || filters.maxPrice !== null) {
    const price = firstDollarAmount(tool.pricing);
    const min = filters.minPrice ?? PRICE_BOUNDS.min;
    const max = filters.maxPrice ?? PRICE_BOUNDS.max;
    if (price !== null && (price < min || price > max)) return false;
  }
  if (filters.trial !== null && tool.hasFreeTrial !== filters.trial) return false;
  if (filters.pro !== null && tool.isPro !== filters.pro) return false;
  if (filters.featured && !tool.featured) return false;
  return true;
}

/** Reference sort of spec §5: popular and rating by rating, recent by id, price by first dollar figure (none = 0). */
export function compareTools(sort: SortOption) {
  // Code-point order of the lower-cased name, the same as the database's `lower(name) COLLATE "C"`.
  const byName = (a: FilterableTool, b: FilterableTool) => {
    const x = a.name.toLowerCase();
    const y = b.name.toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  };
  const price = (tool: FilterableTool) => firstDollarAmount(tool.pricing) ?? 0;
  return (a: FilterableTool, b: FilterableTool): number => {
    switch (sort) {
      case "popular":
      case "rating":
        return b.rating - a.rating || byName(a, b);
      case "recent":
        return b.id - a.id;
      case "price_low":
        return price(a) - price(b) || byName(a, b);
      case "price_high":
        return price(b) - price(a) || byName(a, b);
      case "name_asc":
        return byName(a, b);
      case "name_desc":
        return byName(b, a);
    }
  };
}
