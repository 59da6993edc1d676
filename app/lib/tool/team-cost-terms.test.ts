import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { CurrencyRates, Plan, Pricing } from "./pricing";
import { parseTeamSize, teamCost, teamCostTerms, teamFirstYearUsd } from "./team-cost";
import { teamSizeOf } from "./team-size";

const rates: CurrencyRates = { asOf: "2026-11-26", source: "test", usdPer: { USD: 1, EUR: 1.16, GBP: 1.32 } };
const plan = (name: string, price: number | null, extra: Partial<Plan> = {}): Plan => ({
  name,
  price,
  ...(price === null ? {} : { currency: "USD" as const, period: "month" as const }),
  limits: "",
  ...extra,
});
/** The figure of `teamCost`'s marked plan (no needs): what the sort must order by. */
const marked = (pricing: Pricing, size: number, table = rates) => {
  const cost = teamCost(pricing, size, table);
  return cost.best ? cost.plans.find((entry) => entry.name === cost.best!.name)!.usd!.firstYear : null;
};
const SIZES = [1, 2, 3, 4, 5, 6, 9, 10, 12, 20, 25, 50, 99, 100, 101, 1000, 10_000];

describe("teamCostTerms: the stored reading the team-cost sort orders by", () => {
  it("keeps only plans with a first-year figure, with the factors and the people a flat plan covers", () => {
    const pricing: Pricing = {
      model: "freemium",
      plans: [
        plan("Free", 0, { limits: "For 1 user" }),
        plan("Starter", 10, { limits: "Up to five seats" }),
        plan("Solo", 8),
        plan("Team", 20, { per: "seat", minSeats: 3, billedAnnually: true }),
        plan("Studio", 400, { period: "year", currency: "EUR", limits: "Unlimited users" }),
        plan("Licence", 99, { period: "one-time", per: "user" }),
        plan("API", 0.5, { period: "usage", unit: "per 1M tokens" }),
        plan("Enterprise", null),
      ],
    };
    expect(teamCostTerms(pricing, rates)).toEqual([
      { price: 0, periods: 1, usdPer: 1, perSeat: false, minSeats: 1, covers: null },
      { price: 10, periods: 12, usdPer: 1, perSeat: false, minSeats: 1, covers: 5 },
      { price: 8, periods: 12, usdPer: 1, perSeat: false, minSeats: 1, covers: 1 },
      { price: 20, periods: 12, usdPer: 1, perSeat: true, minSeats: 3, covers: null },
      { price: 400, periods: 1, usdPer: 1.16, perSeat: false, minSeats: 1, covers: null },
      { price: 99, periods: 1, usdPer: 1, perSeat: true, minSeats: 1, covers: null },
    ]);
  });

  it("hand-worked: a flat plan counts only up to the people its words cover, a seat minimum applies", () => {
    const pricing: Pricing = { model: "paid", plans: [plan("Solo", 8), plan("Small team", 30, { limits: "Up to 5 users" }), plan("Team", 12, { per: "user", minSeats: 3 })] };
    const terms = teamCostTerms(pricing, rates);
    expect(teamFirstYearUsd(terms, 1)).toBe(96); // Solo: $8 × 12
    expect(teamFirstYearUsd(terms, 2)).toBe(360); // Small team $360 < Team 3 seats × $12 × 12 = $432
    expect(teamFirstYearUsd(terms, 5)).toBe(360);
    expect(teamFirstYearUsd(terms, 6)).toBe(864); // Team: 6 × $144
    expect(teamFirstYearUsd(teamCostTerms({ model: "contact-sales", plans: [plan("Enterprise", null)] }, rates), 5)).toBeNull();
    expect(teamFirstYearUsd(teamCostTerms({ model: "paid", plans: [plan("Pro", 20)] }, rates), 2)).toBeNull(); // one account, covers nobody else
  });

  it("gives teamCost's marked figure for every tool in the content and every size", () => {
    const root = path.resolve(import.meta.dirname, "../../../content");
    const table = JSON.parse(readFileSync(path.join(root, "currency-rates.json"), "utf8")) as CurrencyRates;
    const files = readdirSync(path.join(root, "tools")).filter((name) => name.endsWith(".json"));
    expect(files.length).toBeGreaterThan(100);
    let compared = 0;
    for (const file of files) {
      const pricing = (JSON.parse(readFileSync(path.join(root, "tools", file), "utf8")) as { pricing: Pricing }).pricing;
      const terms = JSON.parse(JSON.stringify(teamCostTerms(pricing, table))) as ReturnType<typeof teamCostTerms>;
      for (const size of SIZES) {
        expect([file, size, teamFirstYearUsd(terms, size)]).toEqual([file, size, marked(pricing, size, table)]);
        compared++;
      }
    }
    expect(compared).toBe(files.length * SIZES.length);
  });
});

describe("teamSizeOf: the size the sorts read", () => {
  it("is parseTeamSize's size for every kind of value", () => {
    for (const raw of [null, "", " 12 ", "0", "1", "5", "10000", "10001", "99999999999999", "abc", "1.5", "-3", "012"])
      expect(teamSizeOf(raw), String(raw)).toBe(parseTeamSize(raw).size);
  });
});
