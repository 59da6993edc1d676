/**
 * The directory's filter and sort rules (spec part 1 §5 'Search and filter
 * semantics', §9) and their URL form. The database query implements the rules
 * in SQL (app/models/tool/search.server.ts); the tests hold it to a plain
 * reference version in tests/support/tool-filter-oracle.ts.
 */

import { readableText } from "../readable-text";
import { formatNumber } from "../ui/numbers";
import { DEFAULT_TEAM_SIZE, teamSizeOf } from "./team-size";

export const PRICING_FILTERS = ["free", "freemium", "paid"] as const;
export type PricingFilter = (typeof PRICING_FILTERS)[number];

/**
 * Every order is named for what it is (issue 41, decision 062): there is no 'Most popular', because the site records
 * too little reading to rank 100,000 tools by it; the default is our rating, and says so.
 */
export const SORT_OPTIONS = [
  // Tools without our rating (no in-depth review) come after the rated ones (models/tool/search.server.ts).
  { value: "rating", label: "Highest rated (reviewed first)" },
  { value: "newest", label: "Recently added" },
  { value: "recent", label: "Latest listings" },
  { value: "price_low", label: "Price: low to high" },
  { value: "price_high", label: "Price: high to low" },
  { value: "name_asc", label: "Name: A to Z" },
  { value: "name_desc", label: "Name: Z to A" },
  // The first-year cost of the cheapest plan that covers `?team=` people (decision 086; default 5): `teamCost`'s marked plan.
  { value: "team_low", label: "Cost for a team of N: low to high" },
  { value: "team_high", label: "Cost for a team of N: high to low" },
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number]["value"];
export const DEFAULT_SORT: SortOption = "rating";
/** The sorts that read `?team=` (decision 086). */
export const isTeamSort = (sort: SortOption) => sort === "team_low" || sort === "team_high";
/** A sort's label with the team in it: 'Cost for a team of 12: low to high'. */
export const sortLabel = (sort: SortOption, team: number) => SORT_OPTIONS.find((option) => option.value === sort)!.label.replace("team of N", `team of ${team}`);
/**
 * What the team-cost sorts order by, said beside the sort wherever it is chosen (decision 086).
 */
export const teamSortBasis = (team: number, ratesAsOf: string) =>
  `By the first-year cost of the cheapest plan that covers ${team === 1 ? "1 person" : `${formatNumber(team)} people`}, in US dollars at the rates of ${ratesAsOf}; tools without a published figure last.`;
/** Sorts older links name: 'popular' was the rating order under another name, and reads as that order. */
const SORT_ALIASES: Record<string, SortOption> = { popular: "rating" };

export const RATING_OPTIONS = [4.5, 4, 3.5, 3] as const;
/** Sidebar rating checkboxes (4+, 3+, 2+): several checked means the lowest minimum. */
export const SIDEBAR_RATINGS = [4, 3, 2] as const;
export const PRICE_SLIDER = { min: 0, max: 1000, step: 25 } as const;
export const PRICE_BOUNDS = { min: 0, max: 10_000 } as const;
/**
 * The training filter (issue 44): tools whose vendor states, on its own page, that it does not train its models on
 * the content of this tier's customers (lib/tool/data-facts.ts `doesNotTrainOn`). "Not published" never passes.
 */
export const NO_TRAINING_TIERS = ["business", "api", "paid", "free"] as const;
export type NoTrainingTier = (typeof NO_TRAINING_TIERS)[number];
export const NO_TRAINING_LABELS: Readonly<Record<NoTrainingTier, string>> = {
  business: "Does not train on business data",
  api: "Does not train on API data",
  paid: "Does not train on paid plans' data",
  free: "Does not train on free plan data",
};
export const TOOLS_PAGE_SIZE = 24;
export const MAX_SEARCH_LENGTH = 100;

export type ToolFilters = {
  search: string;
  categories: string[];
  rating: number | null;
  pricing: PricingFilter[];
  minPrice: number | null;
  maxPrice: number | null;
  trial: boolean | null;
  pro: boolean | null;
  featured: boolean;
  /** The training filter's tier (`?notrain=business`), or null. */
  noTraining: NoTrainingTier | null;
  /** Only the tools a task page lists (the open data's `task` filter, issue 46); the directory's pages never set it. */
  task: string | null;
  sort: SortOption;
  /** The team the team-cost sorts cost (`?team=`, 1..10,000, default 5); read, and written, with those sorts only. */
  team: number;
  page: number;
};

export const EMPTY_FILTERS: ToolFilters = {
  search: "",
  categories: [],
  rating: null,
  pricing: [],
  minPrice: null,
  maxPrice: null,
  trial: null,
  pro: null,
  featured: false,
  noTraining: null,
  task: null,
  sort: DEFAULT_SORT,
  team: DEFAULT_TEAM_SIZE,
  page: 1,
};

const slugPattern = /^[a-z0-9-]{1,60}$/;

function parseBoolean(value: string | null): boolean | null {
  if (value === "true" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  return null;
}

function parseNumber(value: string | null, min: number, max: number): number | null {
  if (value === null || value.trim() === "") return null;
  const number = Number(value);
  if (!Number.isFinite(number)) return null;
  return Math.min(max, Math.max(min, number));
}

/** Several ratings (the sidebar's 4+, 3+, 2+ boxes) mean the lowest of them. */
function parseRating(values: string[]): number | null {
  const ratings = values.map((value) => parseNumber(value, 0, 5)).filter((value): value is number => value !== null);
  return ratings.length ? Math.min(...ratings) : null;
}

function listParam(params: URLSearchParams, name: string): string[] {
  return params
    .getAll(name)
    .flatMap((value) => value.split(","))
    .map((value) => value.trim().toLowerCase())
    .filter(Boolean);
}

/** Reads filters from the URL. Anything malformed is ignored rather than an error: a bad link still shows tools. */
export function parseToolFilters(params: URLSearchParams, fixedCategory?: string): ToolFilters {
  const sort = params.get("sort");
  const page = Number(params.get("page"));
  const parsedSort: SortOption = SORT_OPTIONS.some((option) => option.value === sort)
    ? (sort as SortOption)
    : ((sort && Object.hasOwn(SORT_ALIASES, sort) ? SORT_ALIASES[sort] : undefined) ?? DEFAULT_SORT);
  const categories = fixedCategory ? [fixedCategory] : [...new Set(listParam(params, "category").filter((slug) => slugPattern.test(slug)))];
  return {
    search: readableText(params.get("search") ?? params.get("q") ?? "")
      .trim()
      .slice(0, MAX_SEARCH_LENGTH),
    categories,
    rating: parseRating(params.getAll("rating")),
    pricing: [...new Set(listParam(params, "pricing"))].filter((value): value is PricingFilter => (PRICING_FILTERS as readonly string[]).includes(value)),
    minPrice: parseNumber(params.get("minPrice"), PRICE_BOUNDS.min, PRICE_BOUNDS.max),
    maxPrice: parseNumber(params.get("maxPrice"), PRICE_BOUNDS.min, PRICE_BOUNDS.max),
    trial: parseBoolean(params.get("trial")),
    pro: parseBoolean(params.get("pro")),
    featured: params.get("featured") === "true",
    noTraining: (NO_TRAINING_TIERS as readonly string[]).includes(params.get("notrain") ?? "") ? (params.get("notrain") as NoTrainingTier) : null,
    task: null,
    // Own keys only: `?sort=constructor` found Object's constructor through the prototype (a 500, and a function as an input's value).
    sort: parsedSort,
    // Bad or out-of-range sizes are the default or the bound, as on the pages' team-cost sections (lib/tool/team-cost.ts).
    team: isTeamSort(parsedSort) ? teamSizeOf(params.get("team")) : DEFAULT_TEAM_SIZE,
    page: Number.isInteger(page) && page > 1 ? Math.min(page, 10_000) : 1,
  };
}

/** The canonical URL query for a filter state (defaults left out, stable order). */
export function toolFiltersToSearchParams(filters: ToolFilters, options: { omitCategory?: boolean } = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set("search", filters.search);
  if (!options.omitCategory && filters.categories.length) params.set("category", filters.categories.join(","));
  if (filters.rating !== null) params.set("rating", String(filters.rating));
  if (filters.pricing.length) params.set("pricing", filters.pricing.join(","));
  if (filters.minPrice !== null) params.set("minPrice", String(filters.minPrice));
  if (filters.maxPrice !== null) params.set("maxPrice", String(filters.maxPrice));
  if (filters.trial !== null) params.set("trial", String(filters.trial));
  if (filters.pro !== null) params.set("pro", String(filters.pro));
  if (filters.featured) params.set("featured", "true");
  if (filters.noTraining) params.set("notrain", filters.noTraining);
  if (filters.sort !== DEFAULT_SORT) params.set("sort", filters.sort);
  if (isTeamSort(filters.sort) && filters.team !== DEFAULT_TEAM_SIZE) params.set("team", String(filters.team));
  if (filters.page > 1) params.set("page", String(filters.page));
  return params;
}

/** The query parameters the directory reads (`q` is the palette's spelling of `search`). */
export const FILTER_KEYS: ReadonlySet<string> = new Set([
  "search",
  "q",
  "category",
  "rating",
  "pricing",
  "minPrice",
  "maxPrice",
  "trial",
  "pro",
  "featured",
  "notrain",
  "sort",
  "team",
  "page",
]);

/**
 * The tidy query of a directory URL that needs one, or null when it is tidy already. The filter form without
 * JavaScript (components/tool/no-script-filters.tsx) sends every field, empty ones too, and one parameter per
 * ticked box (`?search=&rating=&category=a&category=b`); its answer is a redirect to the URL the scripted filters
 * make (`?category=a,b`), so the address is the one people share and the page cache keeps one copy. Parameters
 * the directory does not read (a campaign tag) stay as they were.
 */
export function tidyFilterQuery(params: URLSearchParams, filters: ToolFilters, options: { omitCategory?: boolean } = {}): string | null {
  const keys = [...params.keys()].filter((key) => FILTER_KEYS.has(key));
  const untidy = keys.length !== new Set(keys).size || [...params].some(([key, value]) => FILTER_KEYS.has(key) && value === "");
  if (!untidy) return null;
  const tidy = toolFiltersToSearchParams(filters, options);
  for (const [key, value] of params) if (!FILTER_KEYS.has(key)) tidy.append(key, value);
  const query = tidy.toString();
  return query ? `?${query}` : "";
}

/** How many filter groups are active (the Advanced Filters badge). Search and sort are not filters. */
export function countActiveFilterGroups(filters: ToolFilters, options: { ignoreCategory?: boolean } = {}): number {
  return [
    !options.ignoreCategory && filters.categories.length > 0,
    filters.rating !== null,
    filters.pricing.length > 0,
    filters.minPrice !== null || filters.maxPrice !== null,
    filters.trial !== null,
    filters.pro !== null,
    filters.featured,
    filters.noTraining !== null,
  ].filter(Boolean).length;
}
