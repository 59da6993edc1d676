import { describe, expect, it } from "vitest";
import { firstDollarPrice, pricingIssues, pricingText } from "~/lib/pricing";
import { pricingFromSubmission } from "./tool-row";

describe("a submission's pricing as structured plans", () => {
  it("keeps a free tool free, with the maker's words", () => {
    const pricing = pricingFromSubmission("Free and open source", "free");
    expect(pricing).toEqual({ model: "free", plans: [{ name: "Free", price: 0, currency: "USD", period: "month", limits: "Free and open source" }] });
    expect(pricingText(pricing)).toBe("Free");
  });

  it("prices the paid plan from the first dollar figure the maker states", () => {
    const freemium = pricingFromSubmission("Free plan; Team $1,200/month per workspace", "freemium");
    expect(pricingIssues(freemium)).toEqual([]);
    expect(firstDollarPrice(freemium)).toBe(1200);
    expect(pricingText(freemium)).toBe("Free plan; from $1,200/month");
    expect(pricingText(pricingFromSubmission("Pro $12.50 a month", "paid"))).toBe("From $12.50/month");
  });

  it("never turns a paid tool without a figure into a $0 one: it has no published price", () => {
    const pricing = pricingFromSubmission("Priced per team, ask us", "paid");
    expect(pricing.model).toBe("contact-sales");
    expect(firstDollarPrice(pricing)).toBeNull();
    expect(pricingText(pricing)).toBe("Contact sales");
  });
});
