import { describe, expect, it } from "vitest";
import type { Plan, Pricing } from "./pricing";
import { countActiveFilterGroups, EMPTY_FILTERS, parseToolFilters, SORT_OPTIONS, tidyFilterQuery, toolFiltersToSearchParams } from "./tool-filters";
import { compareTools, matchesFilters, matchesPricing, type FilterableTool } from "../../../tests/support/tool-filter-oracle";

const plan = (price: number | null, extra: Partial<Plan> = {}): Plan =>
  price === null ? { name: `Plan ${price}`, price, limits: "Quoted", ...extra } : { name: `Plan ${price}`, price, currency: "USD", period: "month", limits: "Limits", ...extra };
const FREE: Pricing = { model: "free", plans: [plan(0)] };
const FREEMIUM: Pricing = { model: "freemium", plans: [plan(0), plan(20)] };
const paid = (price: number): Pricing => ({ model: "paid", plans: [plan(price)] });
const USAGE: Pricing = { model: "pay-per-use", plans: [plan(0.99, { period: "usage", unit: "per credit" })] };
const QUOTE: Pricing = { model: "contact-sales", plans: [plan(null)] };

const tool = (overrides: Partial<FilterableTool>): FilterableTool => ({
  id: 1,
  name: "Tool",
  description: "",
  categorySlug: "seo-tools",
  categoryName: "SEO Tools",
  rating: 4,
  pricing: paid(10),
  addedAt: "2026-11-22",
  hasFreeTrial: false,
  isPro: false,
  featured: false,
  ...overrides,
});

describe("matchesPricing (spec §5, over the display text)", () => {
  const cases: Array<[string, Pricing, boolean, { free: boolean; freemium: boolean; paid: boolean }]> = [
    ["free", FREE, false, { free: true, freemium: true, paid: false }],
    ["freemium", FREEMIUM, false, { free: true, freemium: true, paid: false }],
    ["usage from $0.99", USAGE, false, { free: false, freemium: false, paid: true }],
    ["paid", paid(79), false, { free: false, freemium: false, paid: true }],
    ["paid with a trial", paid(79), true, { free: false, freemium: true, paid: true }],
    ["contact sales", QUOTE, false, { free: false, freemium: false, paid: true }],
  ];
  it.each(cases)("%s", (_, pricing, hasFreeTrial, expected) => {
    const subject = { pricing, hasFreeTrial };
    expect(matchesPricing(subject, "free")).toBe(expected.free);
    expect(matchesPricing(subject, "freemium")).toBe(expected.freemium);
    expect(matchesPricing(subject, "paid")).toBe(expected.paid);
  });
});

describe("matchesFilters", () => {
  it("matches the category by id", () => {
    expect(matchesFilters(tool({ categorySlug: "design" }), { ...EMPTY_FILTERS, categories: ["design"] })).toBe(true);
    expect(matchesFilters(tool({ categorySlug: "design" }), { ...EMPTY_FILTERS, categories: ["seo-tools"] })).toBe(false);
  });

  it("treats rating as a minimum (>=)", () => {
    expect(matchesFilters(tool({ rating: 4.5 }), { ...EMPTY_FILTERS, rating: 4.5 })).toBe(true);
    expect(matchesFilters(tool({ rating: 4.4 }), { ...EMPTY_FILTERS, rating: 4.5 })).toBe(false);
  });

  it("ORs several pricing values", () => {
    const filters = { ...EMPTY_FILTERS, pricing: ["free" as const, "paid" as const] };
    expect(matchesFilters(tool({ pricing: FREE }), filters)).toBe(true);
    expect(matchesFilters(tool({ pricing: paid(5) }), filters)).toBe(true);
  });

  it("ranges over the first-dollar price: tools without a figure (free-only, contact sales) pass", () => {
    const range = { ...EMPTY_FILTERS, minPrice: 50, maxPrice: 100 };
    expect(matchesFilters(tool({ pricing: FREE }), range)).toBe(true);
    expect(matchesFilters(tool({ pricing: QUOTE }), range)).toBe(true);
    expect(matchesFilters(tool({ pricing: paid(79) }), range)).toBe(true);
    expect(matchesFilters(tool({ pricing: paid(45) }), range)).toBe(false);
    expect(matchesFilters(tool({ pricing: paid(189) }), range)).toBe(false);
    expect(matchesFilters(tool({ pricing: paid(100) }), range)).toBe(true);
    expect(matchesFilters(tool({ pricing: FREEMIUM }), range)).toBe(false);
  });

  it("defaults the bounds to 0 and 10000 when only one is given", () => {
    expect(matchesFilters(tool({ pricing: paid(20000) }), { ...EMPTY_FILTERS, minPrice: 10 })).toBe(false);
    expect(matchesFilters(tool({ pricing: USAGE }), { ...EMPTY_FILTERS, maxPrice: 10 })).toBe(true);
  });

  it("passes the training filter only on the maker's stated no for that tier or all plans (issue 44)", () => {
    const fact = (tier: "all" | "business" | "free", value: string) => ({ fact: "trains-on-content" as const, tier, value, enteredAt: "2026-12-04" });
    const filters = { ...EMPTY_FILTERS, noTraining: "business" as const };
    expect(matchesFilters(tool({ dataFacts: [fact("business", "no")] }), filters)).toBe(true);
    expect(matchesFilters(tool({ dataFacts: [fact("all", "no")] }), filters)).toBe(true);
    expect(matchesFilters(tool({ dataFacts: [fact("business", "unknown")] }), filters)).toBe(false);
    expect(matchesFilters(tool({ dataFacts: [fact("free", "no")] }), filters)).toBe(false);
    expect(matchesFilters(tool({}), filters)).toBe(false);
  });

  it("compares trial, pro and featured for equality when set", () => {
    expect(matchesFilters(tool({ hasFreeTrial: true }), { ...EMPTY_FILTERS, trial: true })).toBe(true);
    expect(matchesFilters(tool({ hasFreeTrial: true }), { ...EMPTY_FILTERS, trial: false })).toBe(false);
    expect(matchesFilters(tool({ isPro: false }), { ...EMPTY_FILTERS, pro: false })).toBe(true);
    expect(matchesFilters(tool({ isPro: false }), { ...EMPTY_FILTERS, pro: true })).toBe(false);
    expect(matchesFilters(tool({ featured: false }), { ...EMPTY_FILTERS, featured: true })).toBe(false);
  });
});

describe("compareTools", () => {
  const a = tool({ id: 1, name: "alpha", rating: 4.2, pricing: paid(79), addedAt: "2026-11-20" });
  const b = tool({ id: 2, name: "Beta", rating: 4.8, pricing: FREE, addedAt: "2026-11-23" });
  const c = tool({ id: 3, name: "gamma", rating: 4.2, pricing: paid(10), addedAt: "2026-11-20" });
  const d = tool({ id: 4, name: "delta", rating: 3.9, pricing: QUOTE, addedAt: "2026-10-01" });
  const order = (sort: Parameters<typeof compareTools>[0]) => [a, b, c, d].sort(compareTools(sort)).map((t) => t.name);

  it("sorts by highest rating, then name", () => {
    expect(order("rating")).toEqual(["Beta", "alpha", "gamma", "delta"]);
  });
  it("sorts recent by highest id", () => expect(order("recent")).toEqual(["delta", "gamma", "Beta", "alpha"]));
  it("sorts newest by the date added, then name", () => expect(order("newest")).toEqual(["Beta", "alpha", "gamma", "delta"]));
  it("sorts by the first-dollar price, free-only as 0 and contact sales last both ways", () => {
    expect(order("price_low")).toEqual(["Beta", "gamma", "alpha", "delta"]);
    expect(order("price_high")).toEqual(["alpha", "gamma", "Beta", "delta"]);
  });
  it("sorts by name ignoring case", () => {
    expect(order("name_asc")).toEqual(["alpha", "Beta", "delta", "gamma"]);
    expect(order("name_desc")).toEqual(["gamma", "delta", "Beta", "alpha"]);
  });
});

describe("URL form", () => {
  it("reads the 'Recently added' sort and keeps the spec's 'recent'", () => {
    expect(parseToolFilters(new URLSearchParams("sort=newest")).sort).toBe("newest");
    expect(parseToolFilters(new URLSearchParams("sort=recent")).sort).toBe("recent");
    expect(toolFiltersToSearchParams({ ...EMPTY_FILTERS, sort: "newest" }).toString()).toBe("sort=newest");
    expect(SORT_OPTIONS.find((option) => option.value === "newest")?.label).toBe("Recently added");
  });

  it("takes a sort alias from its own table only, never from Object's prototype", () => {
    expect(parseToolFilters(new URLSearchParams("sort=popular")).sort).toBe("rating");
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"])
      expect(parseToolFilters(new URLSearchParams({ sort: name })).sort, name).toBe(parseToolFilters(new URLSearchParams()).sort);
  });

  it("reads every parameter, including the spec's inbound forms", () => {
    const filters = parseToolFilters(
      new URLSearchParams(
        "search=+seo+&category=seo-tools,design&rating=4&pricing=free,paid,bogus&minPrice=10&maxPrice=200&trial=true&pro=false&featured=true&notrain=business&sort=name_desc&page=3",
      ),
    );
    expect(filters).toEqual({
      search: "seo",
      categories: ["seo-tools", "design"],
      rating: 4,
      pricing: ["free", "paid"],
      minPrice: 10,
      maxPrice: 200,
      trial: true,
      pro: false,
      featured: true,
      noTraining: "business",
      task: null,
      sort: "name_desc",
      team: 5,
      page: 3,
    });
  });

  it("reads and writes the team with the team-cost sorts only (decision 086)", () => {
    expect(parseToolFilters(new URLSearchParams("sort=team_low&team=12")).team).toBe(12);
    expect(parseToolFilters(new URLSearchParams("sort=team_high&team=0")).team).toBe(1);
    expect(parseToolFilters(new URLSearchParams("sort=team_high&team=99999")).team).toBe(10_000);
    expect(parseToolFilters(new URLSearchParams("sort=team_low&team=abc")).team).toBe(5);
    expect(parseToolFilters(new URLSearchParams("sort=rating&team=12")).team).toBe(5);
    expect(toolFiltersToSearchParams(parseToolFilters(new URLSearchParams("sort=team_low&team=12"))).toString()).toBe("sort=team_low&team=12");
    // The default team is left out, as every default is.
    expect(toolFiltersToSearchParams(parseToolFilters(new URLSearchParams("sort=team_low&team=5"))).toString()).toBe("sort=team_low");
    expect(toolFiltersToSearchParams({ ...EMPTY_FILTERS, team: 12 }).toString()).toBe("");
  });

  it("ignores malformed values instead of failing", () => {
    expect(parseToolFilters(new URLSearchParams("rating=abc&sort=cheapest&page=-2&category=../../etc&trial=maybe&notrain=all"))).toEqual(EMPTY_FILTERS);
    expect(parseToolFilters(new URLSearchParams("rating=9")).rating).toBe(5);
  });

  it("reads several sidebar ratings as the lowest minimum", () => {
    expect(parseToolFilters(new URLSearchParams("rating=4&rating=2")).rating).toBe(2);
  });

  it("round-trips and leaves defaults out", () => {
    const params = "search=seo&category=seo-tools&rating=4&pricing=free&trial=true&notrain=api&sort=recent&page=2";
    expect(toolFiltersToSearchParams(parseToolFilters(new URLSearchParams(params))).toString()).toBe(params);
    expect(toolFiltersToSearchParams(EMPTY_FILTERS).toString()).toBe("");
  });

  it("counts active filter groups for the badge", () => {
    expect(countActiveFilterGroups(EMPTY_FILTERS)).toBe(0);
    expect(countActiveFilterGroups({ ...EMPTY_FILTERS, search: "x", sort: "recent" })).toBe(0);
    expect(countActiveFilterGroups({ ...EMPTY_FILTERS, pricing: ["free", "paid"], minPrice: 5, maxPrice: 50, pro: true })).toBe(3);
  });
});

describe("tidyFilterQuery (the no-script filter form's answer)", () => {
  const tidy = (query: string, fixedCategory?: string) => {
    const params = new URLSearchParams(query);
    return tidyFilterQuery(params, parseToolFilters(params, fixedCategory), { omitCategory: Boolean(fixedCategory) });
  };

  it("leaves a tidy query alone, whatever its order", () => {
    expect(tidy("")).toBeNull();
    expect(tidy("category=design,video&rating=4")).toBeNull();
    expect(tidy("rating=4&category=design")).toBeNull();
    expect(tidy("utm_source=news&search=seo")).toBeNull();
  });

  it("drops empty fields and joins repeated boxes the way the scripted filters write them", () => {
    expect(tidy("search=&rating=&minPrice=&maxPrice=")).toBe("");
    expect(tidy("search=seo&rating=4&minPrice=&maxPrice=50&trial=true")).toBe("?search=seo&rating=4&maxPrice=50&trial=true");
    expect(tidy("category=design&category=video&pricing=free&pricing=paid")).toBe("?category=design%2Cvideo&pricing=free%2Cpaid");
  });

  it("keeps parameters the directory does not read, and a category page keeps its category out of the query", () => {
    expect(tidy("utm_source=news&rating=&sort=newest")).toBe("?sort=newest&utm_source=news");
    expect(tidy("rating=&pricing=free", "design")).toBe("?pricing=free");
  });
});
