import { describe, expect, it } from "vitest";
import { comparableMonthlyUsd, pricingIssues, pricingText, type CurrencyRates } from "~/lib/tool/pricing";
import { pricingFromSubmission } from "./tool-row";

const rates: CurrencyRates = { asOf: "2025-10-31", source: "Test rates", usdPer: { USD: 1, EUR: 1.16, GBP: 1.32 } };

describe("a submission's pricing as structured plans", () => {
  it("keeps a free tool free, with the maker's words", () => {
    const pricing = pricingFromSubmission("Free and open source", "free");
    expect(pricing).toEqual({ model: "free", plans: [{ name: "Free", price: 0, currency: "USD", period: "month", limits: "Free and open source" }] });
    expect(pricingText(pricing)).toBe("Free");
  });

  it("prices the paid plan from the first dollar figure the maker states", () => {
    const freemium = pricingFromSubmission("Free plan; Team $1,200/month per workspace", "freemium");
    expect(pricingIssues(freemium)).toEqual([]);
    expect(comparableMonthlyUsd(freemium, rates)).toBe(1200);
    expect(pricingText(freemium)).toBe("Free plan; $1,200/month");
    expect(pricingText(pricingFromSubmission("Pro $12.50 a month", "paid"))).toBe("$12.50/month");
  });

  it("keeps the terms the maker states: yearly, one-time, billed annually, per user", () => {
    const yearly = pricingFromSubmission("Pro $99/year", "paid");
    expect(pricingText(yearly)).toBe("$99/year");
    expect(comparableMonthlyUsd(yearly, rates)).toBe(8.25);
    expect(pricingText(pricingFromSubmission("Lifetime licence $49", "paid"))).toBe("$49 one-time");
    expect(pricingText(pricingFromSubmission("Team $15 per user a month, billed annually", "freemium"))).toBe("Free plan; $15/month per user, billed annually");
    for (const text of ["Pro $99/year", "Lifetime licence $49", "Team $15 per user a month, billed annually"])
      expect(pricingIssues(pricingFromSubmission(text, "paid"))).toEqual([]);
  });

  it("never turns a paid tool without a figure into a $0 one: it has no published price", () => {
    const pricing = pricingFromSubmission("Priced per team, ask us", "paid");
    expect(pricing.model).toBe("contact-sales");
    expect(comparableMonthlyUsd(pricing, rates)).toBeNull();
    expect(pricingText(pricing)).toBe("Contact sales");
  });
});
