import { describe, expect, it } from "vitest";
import {
  cheapestPaidPlan,
  firstDollarPrice,
  formatAmount,
  formatPlanPrice,
  hasFreePlan,
  hasPaidPlan,
  pricingClassLabel,
  pricingIssues,
  pricingOffer,
  pricingText,
  type Pricing,
} from "./pricing";

const chatgpt: Pricing = {
  model: "freemium",
  plans: [
    { name: "Free", price: 0, currency: "USD", period: "month", limits: "Limited messages" },
    { name: "Plus", price: 20, currency: "USD", period: "month", limits: "Higher limits" },
    { name: "Pro", price: 200, currency: "USD", period: "month", limits: "Near-unlimited use" },
    { name: "Enterprise", price: null, limits: "Custom pricing" },
  ],
};
const surfer: Pricing = {
  model: "paid",
  plans: [
    { name: "Essential", price: 79, currency: "USD", period: "month", billedAnnually: true, limits: "Content Editor" },
    { name: "Enterprise", price: null, limits: "Custom" },
  ],
};
const api: Pricing = {
  model: "pay-per-use",
  plans: [
    { name: "Large model", price: 3, currency: "USD", period: "usage", unit: "per 1M input tokens", limits: "Best quality" },
    { name: "Small model", price: 0.15, currency: "USD", period: "usage", unit: "per 1M input tokens", limits: "Fast and cheap" },
  ],
};
const quote: Pricing = { model: "contact-sales", plans: [{ name: "Enterprise", price: null, limits: "Quoted per endpoint" }] };
const free: Pricing = { model: "free", plans: [{ name: "Free", price: 0, currency: "USD", period: "month", limits: "Everything, no account" }] };

describe("display text", () => {
  it("reads as the card shows it for every model", () => {
    expect(pricingText(free)).toBe("Free");
    expect(pricingText(chatgpt)).toBe("Free plan; from $20/month");
    expect(pricingText(surfer)).toBe("From $79/month");
    expect(pricingText(api)).toBe("From $0.15 per 1M input tokens");
    expect(pricingText(quote)).toBe("Contact sales");
  });

  it("compares plans billed yearly by their monthly cost and shows the plan as billed", () => {
    const yearly: Pricing = {
      model: "paid",
      plans: [
        { name: "Monthly", price: 15, currency: "USD", period: "month", limits: "Billed monthly" },
        { name: "Licence", price: 99, currency: "GBP", period: "year", limits: "One seat" },
      ],
    };
    expect(cheapestPaidPlan(yearly)?.name).toBe("Licence");
    expect(pricingText(yearly)).toBe("From £99/year");
    expect(firstDollarPrice(yearly)).toBe(99);
  });

  it("formats amounts with their currency, thousands and small fractions", () => {
    expect(formatAmount(20)).toBe("$20");
    expect(formatAmount(8.33)).toBe("$8.33");
    expect(formatAmount(9.9)).toBe("$9.90");
    expect(formatAmount(0.075)).toBe("$0.075");
    expect(formatAmount(1200, "EUR")).toBe("€1,200");
    expect(formatAmount(12, "GBP")).toBe("£12");
  });

  it("formats each plan's price with its period and billing", () => {
    expect(formatPlanPrice(chatgpt.plans[0]!)).toBe("Free");
    expect(formatPlanPrice(chatgpt.plans[1]!)).toBe("$20/month");
    expect(formatPlanPrice(chatgpt.plans[3]!)).toBe("Contact sales");
    expect(formatPlanPrice(surfer.plans[0]!)).toBe("$79/month, billed annually");
    expect(formatPlanPrice({ name: "Logo pack", price: 20, currency: "USD", period: "one-time", limits: "One logo" })).toBe("$20 one-time");
    expect(formatPlanPrice(api.plans[1]!)).toBe("$0.15 per 1M input tokens");
  });

  it("labels the pricing class by model", () => {
    expect(pricingClassLabel(api)).toBe("Pay per use");
    expect(pricingClassLabel(quote)).toBe("Contact sales");
    expect(pricingClassLabel(chatgpt)).toBe("Freemium");
  });
});

describe("figures for sorting, filtering and offers", () => {
  it("takes the cheapest paid plan's price, 0 for a free-only tool and none for contact sales", () => {
    expect(firstDollarPrice(chatgpt)).toBe(20);
    expect(firstDollarPrice(surfer)).toBe(79);
    expect(firstDollarPrice(api)).toBe(0.15);
    expect(firstDollarPrice(free)).toBe(0);
    expect(firstDollarPrice(quote)).toBeNull();
  });

  it("keeps the spec's text rules true of the display text", () => {
    // Part 1 §5: 'free' = text mentions free or $0; the price range reads the first dollar figure.
    const mentionsFree = (text: string) => /free|\$\s*0(?![\d.,]*[1-9])/i.test(text);
    for (const pricing of [chatgpt, surfer, api, quote, free]) {
      expect(mentionsFree(pricingText(pricing))).toBe(hasFreePlan(pricing));
      const dollar = pricingText(pricing).match(/\$\s*(\d[\d,]*(?:\.\d+)?)/)?.[1];
      if (dollar) expect(Number(dollar.replace(/,/g, ""))).toBe(firstDollarPrice(pricing));
    }
  });

  it("says which tools have a free plan and which a paid one", () => {
    expect([hasFreePlan(chatgpt), hasPaidPlan(chatgpt)]).toEqual([true, true]);
    expect([hasFreePlan(free), hasPaidPlan(free)]).toEqual([true, false]);
    expect([hasFreePlan(quote), hasPaidPlan(quote)]).toEqual([false, true]);
  });

  it("offers the lead figure in its currency, and no offer without a published price", () => {
    expect(pricingOffer(surfer)).toEqual({ "@type": "Offer", price: "79", priceCurrency: "USD" });
    expect(pricingOffer(free)).toEqual({ "@type": "Offer", price: "0", priceCurrency: "USD" });
    expect(pricingOffer(quote)).toBeUndefined();
  });
});

describe("consistency refusals", () => {
  const messages = (pricing: Pricing) => pricingIssues(pricing).map((issue) => `${issue.path.join(".")}: ${issue.message}`);

  it("accepts consistent pricing", () => {
    for (const pricing of [chatgpt, surfer, api, quote, free]) expect(messages(pricing)).toEqual([]);
  });

  it('refuses "paid" or "freemium" with no figure above 0', () => {
    expect(messages({ model: "paid", plans: [{ name: "Pro", price: null, limits: "Quoted" }] })[0]).toMatch(/^model: "paid" needs at least one plan with a price above 0/);
    expect(messages({ model: "freemium", plans: [free.plans[0]!, { name: "Pro", price: null, limits: "Quoted" }] })[0]).toMatch(/^model: "freemium" needs/);
  });

  it("refuses a model its plans contradict", () => {
    expect(messages({ model: "free", plans: chatgpt.plans })).toEqual(['model: "free" means every plan has price 0']);
    expect(messages({ model: "paid", plans: chatgpt.plans })).toEqual(['model: "paid" has no price-0 plan; a free plan makes it "freemium"']);
    expect(messages({ model: "contact-sales", plans: surfer.plans })[0]).toMatch(/every plan has price null/);
    expect(messages({ model: "pay-per-use", plans: surfer.plans })[0]).toMatch(/period "usage"/);
    expect(messages({ model: "freemium", plans: surfer.plans })[0]).toMatch(/needs a price-0 plan/);
  });

  it("refuses a priced plan without currency or period, usage without a unit and a unit elsewhere", () => {
    expect(messages({ model: "paid", plans: [{ name: "Pro", price: 10, limits: "One seat" }] })).toEqual([
      "plans.0.currency: is required when the plan has a price",
      "plans.0.period: is required when the plan has a price",
    ]);
    expect(messages({ model: "pay-per-use", plans: [{ name: "API", price: 1, currency: "USD", period: "usage", limits: "Tokens" }] })[0]).toMatch(/^plans.0.unit: is required/);
    expect(messages({ model: "paid", plans: [{ name: "Pro", price: 10, currency: "USD", period: "month", unit: "per seat", limits: "One seat" }] })).toEqual([
      'plans.0.unit: is only for plans with period "usage"',
    ]);
  });

  it("refuses two plans of the same name (a review names its plans)", () => {
    expect(messages({ model: "paid", plans: [surfer.plans[0]!, { ...surfer.plans[0]!, price: 99 }] })).toEqual(['plans.1.name: "Essential" is named twice']);
  });
});

describe("the plan a price leads with", () => {
  it("leads with subscriptions unless the tool is priced by use", () => {
    const seats: Pricing = {
      model: "paid",
      plans: [
        { name: "Per resolution", price: 0.99, currency: "USD", period: "usage", unit: "per resolution", limits: "Charged per resolved conversation" },
        { name: "Essential", price: 29, currency: "USD", period: "month", billedAnnually: true, limits: "Per seat" },
      ],
    };
    expect(pricingText(seats)).toBe("From $29/month");
    expect(pricingText({ ...seats, model: "pay-per-use" })).toBe("From $0.99 per resolution");
    expect(pricingText({ model: "paid", plans: [seats.plans[0]!] })).toBe("From $0.99 per resolution");
  });
});
