import { describe, expect, it } from "vitest";
import { alternativeReasons, alternativeScore, compareAlternatives, isCheaper, isSensibleAlternative, parseAlternativeFilters, pricePosition } from "./alternatives";
import type { Pricing } from "./pricing";
import { subscriptionFloor } from "./pricing";

const monthly = (price: number): Pricing => ({ model: "paid", plans: [{ name: "Pro", price, currency: "USD", period: "month", limits: "" }] });
const freemium = (price: number): Pricing => ({ model: "freemium", plans: [{ name: "Free", price: 0, limits: "" }, ...monthly(price).plans] });
const contactSales: Pricing = { model: "contact-sales", plans: [{ name: "Enterprise", price: null, limits: "" }] };
const usage: Pricing = { model: "pay-per-use", plans: [{ name: "API", price: 0.15, currency: "USD", period: "usage", unit: "per 1M input tokens", limits: "" }] };
const onlyFree: Pricing = { model: "free", plans: [{ name: "Free", price: 0, limits: "" }] };

const facts = { listed: false, sameCategory: false, shared: [] as string[], rating: 4 };
const tool = { name: "Surfer", categoryName: "SEO Tools", pricing: monthly(79) };

describe("alternatives: which count and their order", () => {
  it("counts a listed tool, a category peer sharing a capability, or any tool sharing two", () => {
    expect(isSensibleAlternative({ ...facts, listed: true })).toBe(true);
    expect(isSensibleAlternative({ ...facts, sameCategory: true })).toBe(false);
    expect(isSensibleAlternative({ ...facts, sameCategory: true, shared: ["Blog content"] })).toBe(true);
    expect(isSensibleAlternative({ ...facts, shared: ["Blog content"] })).toBe(false);
    expect(isSensibleAlternative({ ...facts, shared: ["Blog content", "SEO integration"] })).toBe(true);
  });

  it("ranks listed over category over capabilities; our rating never adds to the score", () => {
    const listed = alternativeScore({ ...facts, listed: true, rating: 3 });
    const category = alternativeScore({ ...facts, sameCategory: true, shared: ["A"], rating: 5 });
    const capabilities = alternativeScore({ ...facts, shared: ["A", "B", "C"], rating: 5 });
    expect(listed).toBeGreaterThan(category);
    expect(category).toBeGreaterThan(capabilities);
    // A reviewed tool is not more alike for having been reviewed.
    expect(alternativeScore({ ...facts, rating: 4.8 })).toBe(alternativeScore({ ...facts, rating: null }));
  });

  it("breaks ties by our rating, unrated tools after rated ones, then by name", () => {
    const rows = [
      { name: "Zed", score: 5, rating: null },
      { name: "Able", score: 5, rating: null },
      { name: "Low", score: 5, rating: 3.9 },
      { name: "High", score: 5, rating: 4.6 },
      { name: "Closer", score: 7, rating: null },
    ];
    expect([...rows].sort(compareAlternatives).map((row) => row.name)).toEqual(["Closer", "High", "Low", "Able", "Zed"]);
  });
});

describe("alternatives: prices", () => {
  it("compares subscriptions as monthly equivalents, free as zero, and nothing else", () => {
    expect(subscriptionFloor(monthly(29))).toEqual({ monthly: 29, text: "from $29/month" });
    expect(subscriptionFloor({ model: "paid", plans: [{ name: "Year", price: 120, currency: "USD", period: "year", limits: "" }] })).toEqual({
      monthly: 10,
      text: "from $120/year",
    });
    expect(subscriptionFloor(onlyFree)).toEqual({ monthly: 0, text: "free" });
    expect(subscriptionFloor(usage)).toBeUndefined();
    expect(subscriptionFloor(contactSales)).toBeUndefined();
  });

  it("says where the price stands", () => {
    expect(pricePosition(monthly(79), monthly(29))).toBe("Cheaper: from $29/month vs from $79/month");
    expect(pricePosition(monthly(79), monthly(99))).toBe("Pricier: from $99/month vs from $79/month");
    expect(pricePosition(monthly(79), onlyFree)).toBe("Cheaper: free vs from $79/month");
    expect(pricePosition(contactSales, contactSales)).toBe("Also contact sales");
    expect(pricePosition(monthly(79), contactSales)).toBe("Contact sales for a price");
    expect(pricePosition(monthly(79), usage)).toBeUndefined();
    expect(isCheaper(monthly(79), freemium(20))).toBe(true);
    expect(isCheaper(monthly(79), usage)).toBe(false);
    expect(isCheaper(contactSales, monthly(5))).toBe(false);
  });
});

describe("alternatives: reasons", () => {
  it("builds each reason from a fact", () => {
    const reasons = alternativeReasons(tool, {
      listed: true,
      sameCategory: true,
      shared: ["Blog content", "SEO integration", "Templates", "Multilingual", "Brand voice"],
      rating: 4.5,
      pricing: freemium(29),
      openSource: true,
    });
    expect(reasons).toEqual([
      "Listed as a Surfer alternative",
      "Same category: SEO Tools",
      "Also does: Blog content, SEO integration, Templates, Multilingual and 1 more",
      "Cheaper: from $29/month vs from $79/month",
      "Has a free plan",
      "Open source",
    ]);
  });

  it("leaves out what is not true", () => {
    expect(alternativeReasons(tool, { ...facts, shared: ["A", "B"], pricing: usage, openSource: false })).toEqual(["Also does: A, B"]);
  });

  it("reads the filters from the URL", () => {
    expect(parseAlternativeFilters(new URLSearchParams("free=1&open-source=1&cheaper=yes"))).toEqual({ free: true, cheaper: false, "open-source": true });
  });
});
