import { describe, expect, it } from "vitest";
import { capabilitiesWithPricing, inFileOrder, planFieldName, pricingColumns, pricingFormValues, readPricingForm } from "./pricing-edit";
import type { Pricing } from "./pricing";

const RATES = { asOf: "2026-11-01", source: "test", usdPer: { USD: 1, EUR: 1.1, GBP: 1.3 } };

const pricing: Pricing = {
  model: "freemium",
  plans: [
    { name: "Free", price: 0, currency: "USD", period: "month", limits: "Limited use" },
    { name: "Team", price: 25, currency: "USD", period: "month", billedAnnually: true, per: "seat", minSeats: 3, limits: "Shared workspace" },
    { name: "Enterprise", price: null, limits: "Custom terms" },
  ],
};

describe("the plans editor's form", () => {
  it("reads back the pricing it shows, in the files' key order", () => {
    const values = pricingFormValues(pricing, true);
    expect(values[planFieldName(1, "billedAnnually")]).toBe("on");
    expect(values[planFieldName(2, "noPrice")]).toBe("on");
    const read = readPricingForm(values);
    expect(read.problems).toEqual({});
    expect(read.hasFreeTrial).toBe(true);
    expect(read.pricing).toEqual(pricing);
    expect(Object.keys(read.pricing.plans[1]!)).toEqual(["name", "price", "currency", "period", "billedAnnually", "per", "minSeats", "limits"]);
  });

  it("skips empty and removed fieldsets, and remembers which fieldset each plan came from", () => {
    const values = { ...pricingFormValues(pricing, false), [planFieldName(0, "remove")]: "on", [planFieldName(3, "currency")]: "USD", [planFieldName(3, "period")]: "month" };
    values[planFieldName(4, "name")] = "Max";
    values[planFieldName(4, "price")] = "$1,200";
    values[planFieldName(4, "currency")] = "USD";
    values[planFieldName(4, "period")] = "year";
    values[planFieldName(4, "limits")] = "Everything";
    const read = readPricingForm(values);
    expect(read.pricing.plans.map((plan) => plan.name)).toEqual(["Team", "Enterprise", "Max"]);
    expect(read.pricing.plans[2]).toMatchObject({ price: 1200, period: "year" });
    expect(read.fieldsets).toEqual([1, 2, 4]);
  });

  it("names the fields it cannot read", () => {
    const read = readPricingForm({
      pricingModel: "paid",
      [planFieldName(0, "name")]: "Pro",
      [planFieldName(0, "price")]: "twenty",
      [planFieldName(1, "name")]: "Max",
      [planFieldName(1, "price")]: "40",
      [planFieldName(1, "noPrice")]: "on",
      [planFieldName(2, "name")]: "Team",
      [planFieldName(2, "minSeats")]: "2.5",
    });
    expect(read.problems).toEqual({
      [planFieldName(0, "price")]: "planPriceInvalid",
      [planFieldName(1, "price")]: "planPriceAndNone",
      [planFieldName(2, "price")]: "planPriceRequired",
      [planFieldName(2, "minSeats")]: "planMinSeatsInvalid",
    });
  });
});

describe("the columns a pricing makes", () => {
  it("keeps the flags, the comparable figure and the pricing capabilities in step with the plans", () => {
    const paidOnly = {
      pricingModel: "paid" as const,
      plans: [{ name: "Pro", price: 20, currency: "USD" as const, period: "month" as const, limits: "All of it" }],
      hasFreeTrial: true,
    };
    expect(pricingColumns(paidOnly, ["Free plan", "API access"], RATES)).toEqual({
      ...paidOnly,
      isFree: false,
      isPro: true,
      priceMonthlyUsd: 20,
      // The team-cost sort's terms (decision 086): one account's $20 a month, covering one person.
      teamCostTerms: [{ price: 20, periods: 12, usdPer: 1, perSeat: false, minSeats: 1, covers: 1 }],
      capabilities: ["Free trial", "API access"],
    });
  });

  it("leaves capabilities in place when they stay, adding and dropping only the pricing ones", () => {
    expect(capabilitiesWithPricing(["API access", "Free plan", "Mobile app"], pricing, false)).toEqual(["API access", "Free plan", "Mobile app"]);
    expect(capabilitiesWithPricing(["API access", "Free trial"], pricing, false)).toEqual(["Free plan", "API access"]);
    expect(capabilitiesWithPricing(["Free plan", "API access"], pricing, true)).toEqual(["Free plan", "Free trial", "API access"]);
  });
});

describe("a plan written into a file", () => {
  it("has its keys in the files' order whatever order jsonb gave them", () => {
    const fromJsonb = { limits: "Shared workspace", per: "seat", price: 25, period: "month", currency: "USD", minSeats: 3, name: "Team", billedAnnually: true } as const;
    expect(Object.keys(inFileOrder(fromJsonb))).toEqual(["name", "price", "currency", "period", "billedAnnually", "per", "minSeats", "limits"]);
  });
});
