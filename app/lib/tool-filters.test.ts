import { describe, expect, it } from "vitest";
import { countActiveFilterGroups, EMPTY_FILTERS, firstDollarAmount, parseToolFilters, toolFiltersToSearchParams } from "./tool-filters";
import { compareTools, matchesFilters, matchesPricing, type FilterableTool } from "../../tests/support/tool-filter-oracle";

const tool = (overrides: Partial<FilterableTool>): FilterableTool => ({
  id: 1,
  name: "Tool",
  description: "",
  categorySlug: "seo-tools",
  categoryName: "SEO Tools",
  rating: 4,
  pricing: "paid",
  hasFreeTrial: false,
  isPro: false,
  featured: false,
  ...overrides,
});

describe("firstDollarAmount", () => {
  it.each([
    ["From $79/month", 79],
    ["Free plan; Plus $20/month", 20],
    ["$0", 0],
    ["$1,299 per year", 1299],
    ["From $9.99/month, then $19", 9.99],
    ["$ 45 per seat", 45],
  ])("%s → %s", (text, amount) => expect(firstDollarAmount(text)).toBe(amount));

  it.each(["free", "freemium", "paid", "Free trial", "Contact sales", "€20/month"])("%s has no dollar figure", (text) => {
    expect(firstDollarAmount(text)).toBeNull();
  });
});

describe("matchesPricing (spec §5)", () => {
  const cases: Array<[string, boolean, { free: boolean; freemium: boolean; paid: boolean }]> = [
    ["free", false, { free: true, freemium: true, paid: false }],
    ["Freemium", false, { free: true, freemium: true, paid: false }],
    ["Free trial", false, { free: true, freemium: true, paid: false }],
    ["$0", false, { free: true, freemium: false, paid: false }],
    ["$0/month for one user", false, { free: true, freemium: false, paid: false }],
    ["$0.99 per credit", false, { free: false, freemium: false, paid: true }],
    ["From $79/month", false, { free: false, freemium: false, paid: true }],
    ["From $79/month", true, { free: false, freemium: true, paid: true }],
    ["paid", false, { free: false, freemium: false, paid: true }],
    ["pay-per-use", false, { free: false, freemium: false, paid: true }],
    ["FREE for students; $10 otherwise", false, { free: true, freemium: true, paid: false }],
  ];
  it.each(cases)("%s (trial %s)", (pricing, hasFreeTrial, expected) => {
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
    expect(matchesFilters(tool({ pricing: "free" }), filters)).toBe(true);
    expect(matchesFilters(tool({ pricing: "From $5/month" }), filters)).toBe(true);
  });

  it("lets tools without a dollar figure through any price range", () => {
    const range = { ...EMPTY_FILTERS, minPrice: 50, maxPrice: 100 };
    expect(matchesFilters(tool({ pricing: "paid" }), range)).toBe(true);
    expect(matchesFilters(tool({ pricing: "From $79/month" }), range)).toBe(true);
    expect(matchesFilters(tool({ pricing: "From $45/month" }), range)).toBe(false);
    expect(matchesFilters(tool({ pricing: "From $189/month" }), range)).toBe(false);
    expect(matchesFilters(tool({ pricing: "$100" }), range)).toBe(true);
  });

  it("defaults the bounds to 0 and 10000 when only one is given", () => {
    expect(matchesFilters(tool({ pricing: "$20000 a year" }), { ...EMPTY_FILTERS, minPrice: 10 })).toBe(false);
    expect(matchesFilters(tool({ pricing: "$0" }), { ...EMPTY_FILTERS, maxPrice: 10 })).toBe(true);
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
  const a = tool({ id: 1, name: "alpha", rating: 4.2, pricing: "From $79/month" });
  const b = tool({ id: 2, name: "Beta", rating: 4.8, pricing: "free" });
  const c = tool({ id: 3, name: "gamma", rating: 4.2, pricing: "$10" });
  const order = (sort: Parameters<typeof compareTools>[0]) => [a, b, c].sort(compareTools(sort)).map((t) => t.name);

  it("sorts popular and rating by highest rating, then name", () => {
    expect(order("popular")).toEqual(["Beta", "alpha", "gamma"]);
    expect(order("rating")).toEqual(["Beta", "alpha", "gamma"]);
  });
  it("sorts recent by highest id", () => expect(order("recent")).toEqual(["gamma", "Beta", "alpha"]));
  it("sorts by the first dollar figure, none counting as 0", () => {
    expect(order("price_low")).toEqual(["Beta", "gamma", "alpha"]);
    expect(order("price_high")).toEqual(["alpha", "gamma", "Beta"]);
  });
  it("sorts by name ignoring case", () => {
    expect(order("name_asc")).toEqual(["alpha", "Beta", "gamma"]);
    expect(order("name_desc")).toEqual(["gamma", "Beta", "alpha"]);
  });
});

describe("URL form", () => {
  it("reads every parameter, including the spec's inbound forms", () => {
    const filters = parseToolFilters(
      new URLSearchParams(
        "search=+seo+&category=seo-tools,design&rating=4&pricing=free,paid,bogus&minPrice=10&maxPrice=200&trial=true&pro=false&featured=true&sort=name_desc&page=3",
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
      sort: "name_desc",
      page: 3,
    });
  });

  it("ignores malformed values instead of failing", () => {
    expect(parseToolFilters(new URLSearchParams("rating=abc&sort=cheapest&page=-2&category=../../etc&trial=maybe"))).toEqual(EMPTY_FILTERS);
    expect(parseToolFilters(new URLSearchParams("rating=9")).rating).toBe(5);
  });

  it("reads several sidebar ratings as the lowest minimum", () => {
    expect(parseToolFilters(new URLSearchParams("rating=4&rating=2")).rating).toBe(2);
  });

  it("round-trips and leaves defaults out", () => {
    const params = "search=seo&category=seo-tools&rating=4&pricing=free&trial=true&sort=recent&page=2";
    expect(toolFiltersToSearchParams(parseToolFilters(new URLSearchParams(params))).toString()).toBe(params);
    expect(toolFiltersToSearchParams(EMPTY_FILTERS).toString()).toBe("");
  });

  it("counts active filter groups for the badge", () => {
    expect(countActiveFilterGroups(EMPTY_FILTERS)).toBe(0);
    expect(countActiveFilterGroups({ ...EMPTY_FILTERS, search: "x", sort: "recent" })).toBe(0);
    expect(countActiveFilterGroups({ ...EMPTY_FILTERS, pricing: ["free", "paid"], minPrice: 5, maxPrice: 50, pro: true })).toBe(3);
  });
});
