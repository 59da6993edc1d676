import { describe, expect, it } from "vitest";
import {
  cheapestPaidPlan,
  comparableMonthlyUsd,
  comparableNote,
  firstYearCost,
  formatAmount,
  formatPlanPrice,
  hasFreePlan,
  hasPaidPlan,
  pricingClassLabel,
  pricingIssues,
  pricingOffer,
  pricingText,
  type CurrencyRates,
  type Pricing,
} from "./pricing";

const rates: CurrencyRates = { asOf: "2025-10-31", source: "Test rates", usdPer: { USD: 1, EUR: 1.16, GBP: 1.32 } };

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
    expect(pricingText(surfer)).toBe("From $79/month, billed annually");
    expect(pricingText(api)).toBe("From $0.15 per 1M input tokens, usage-based");
    expect(pricingText(quote)).toBe("Contact sales");
  });

  it("compares plans billed yearly by their first-year cost and shows the plan as billed", () => {
    const yearly: Pricing = {
      model: "paid",
      plans: [
        { name: "Monthly", price: 15, currency: "USD", period: "month", limits: "Billed monthly" },
        { name: "Licence", price: 99, currency: "GBP", period: "year", limits: "One seat" },
      ],
    };
    expect(cheapestPaidPlan(yearly)?.name).toBe("Licence");
    expect(pricingText(yearly)).toBe("From £99/year");
    expect(comparableMonthlyUsd(yearly, rates)).toBe(10.89);
  });

  it("formats amounts with their currency, thousands and small fractions", () => {
    expect(formatAmount(20)).toBe("$20");
    expect(formatAmount(8.33)).toBe("$8.33");
    expect(formatAmount(9.9)).toBe("$9.90");
    expect(formatAmount(0.075)).toBe("$0.075");
    expect(formatAmount(1200, "EUR")).toBe("€1,200");
    expect(formatAmount(12, "GBP")).toBe("£12");
  });

  it("writes amounts by hand exactly as Intl's en-US would, rounding only past four decimals", () => {
    const reference = (price: number) => {
      const decimals = Number.isInteger(price) ? 0 : Math.max(2, Math.min(4, (String(price).split(".")[1] ?? "").length));
      return `$${new Intl.NumberFormat("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(price)}`;
    };
    const amounts = [0, 1, 7, 20, 999, 1000, 1234.5, 12345.67, 99999.99, 1000000, 0.1, 0.5, 0.01, 0.075, 0.0015, 0.00015, 1.005, 8.333333, 21.89, 262.68, 4.995];
    for (let cents = 1; cents < 100000; cents += 97) amounts.push(cents / 100);
    for (const price of amounts) expect(formatAmount(price)).toBe(reference(price));
  });

  it("formats each plan's price with its period and billing", () => {
    expect(formatPlanPrice(chatgpt.plans[0]!)).toBe("Free");
    expect(formatPlanPrice(chatgpt.plans[1]!)).toBe("$20/month");
    expect(formatPlanPrice(chatgpt.plans[3]!)).toBe("Contact sales");
    expect(formatPlanPrice(surfer.plans[0]!)).toBe("$79/month, billed annually");
    expect(formatPlanPrice({ name: "Logo pack", price: 20, currency: "USD", period: "one-time", limits: "One logo" })).toBe("$20 one-time");
    expect(formatPlanPrice(api.plans[1]!)).toBe("$0.15 per 1M input tokens, usage-based");
  });

  it("labels the pricing class by model", () => {
    expect(pricingClassLabel(api)).toBe("Pay per use");
    expect(pricingClassLabel(quote)).toBe("Contact sales");
    expect(pricingClassLabel(chatgpt)).toBe("Freemium");
  });
});

describe("figures for sorting, filtering and offers", () => {
  it("takes the cheapest paid plan's first year a month in dollars, 0 for a free-only tool and none without a yearly figure", () => {
    expect(comparableMonthlyUsd(chatgpt, rates)).toBe(20);
    expect(comparableMonthlyUsd(surfer, rates)).toBe(79);
    expect(comparableMonthlyUsd(free, rates)).toBe(0);
    expect(comparableMonthlyUsd(quote, rates)).toBeNull();
    // Usage has no first-year cost: a tool paid only by use has no figure to compare, free plan or not.
    expect(comparableMonthlyUsd(api, rates)).toBeNull();
    expect(comparableMonthlyUsd({ model: "freemium", plans: [free.plans[0]!, api.plans[1]!] }, rates)).toBeNull();
  });

  it("keeps the spec's text rules true of the display text", () => {
    // Part 1 §5: 'free' = text mentions free or $0.
    const mentionsFree = (text: string) => /free|\$\s*0(?![\d.,]*[1-9])/i.test(text);
    for (const pricing of [chatgpt, surfer, api, quote, free]) expect(mentionsFree(pricingText(pricing))).toBe(hasFreePlan(pricing));
  });

  it("says which tools have a free plan and which a paid one", () => {
    expect([hasFreePlan(chatgpt), hasPaidPlan(chatgpt)]).toEqual([true, true]);
    expect([hasFreePlan(free), hasPaidPlan(free)]).toEqual([true, false]);
    expect([hasFreePlan(quote), hasPaidPlan(quote)]).toEqual([false, true]);
  });

  it("offers the lead figure in its currency, and no offer without a published price", () => {
    expect(pricingOffer(surfer)).toEqual({
      "@type": "Offer",
      price: "79",
      priceCurrency: "USD",
      description: "From $79/month, billed annually",
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price: "79",
        priceCurrency: "USD",
        description: "Essential: $79/month, billed annually",
        referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "MON" },
      },
    });
    expect(pricingOffer(free)).toEqual({ "@type": "Offer", price: "0", priceCurrency: "USD", description: "Free" });
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
    expect(pricingText(seats)).toBe("From $29/month, billed annually");
    // Led by use, the subscription the comparable figure comes from follows.
    expect(pricingText({ ...seats, model: "pay-per-use" })).toBe("From $0.99 per resolution, usage-based; Essential $29/month, billed annually");
    expect(pricingText({ model: "paid", plans: [seats.plans[0]!] })).toBe("$0.99 per resolution, usage-based");
  });
});

describe("every term of a price (decision 030)", () => {
  const usd = (plan: Omit<Pricing["plans"][number], "currency" | "limits">) => ({ currency: "USD" as const, limits: "Test plan", ...plan });

  it("says the period, billing, seat, minimum, one-time, usage and use on top, in one grammar", () => {
    expect(formatPlanPrice(usd({ name: "Pro", price: 20, period: "month" }))).toBe("$20/month");
    expect(formatPlanPrice(usd({ name: "Pro", price: 79, period: "month", billedAnnually: true }))).toBe("$79/month, billed annually");
    expect(formatPlanPrice(usd({ name: "Pro", price: 120, period: "year" }))).toBe("$120/year");
    expect(formatPlanPrice(usd({ name: "Studio", price: 295, period: "one-time" }))).toBe("$295 one-time");
    expect(formatPlanPrice(usd({ name: "API", price: 0.04, period: "usage", unit: "per image" }))).toBe("$0.04 per image, usage-based");
    expect(formatPlanPrice(usd({ name: "Team", price: 19, period: "month", per: "user" }))).toBe("$19/month per user");
    expect(formatPlanPrice(usd({ name: "Team", price: 25, period: "month", per: "seat", billedAnnually: true, minSeats: 5 }))).toBe(
      "$25/month per seat, billed annually, 5 seats minimum",
    );
    expect(formatPlanPrice(usd({ name: "Teams", price: 100, period: "year", per: "person", minSeats: 3 }))).toBe("$100/year per person, 3 people minimum");
    expect(formatPlanPrice(usd({ name: "Team", price: 250, period: "month", plusUsage: true }))).toBe("$250/month plus usage");
    expect(formatPlanPrice({ name: "Licence", price: 199, currency: "GBP", period: "year", per: "user", limits: "One user" })).toBe("£199/year per user");
  });

  it("puts 'Free plan' first and 'from' only when other paid plans exist", () => {
    const studio: Pricing = { model: "freemium", plans: [usd({ name: "Free", price: 0, period: "month" }), usd({ name: "Studio", price: 295, period: "one-time" })] };
    expect(pricingText(studio)).toBe("Free plan; $295 one-time");
    expect(pricingText({ model: "paid", plans: [usd({ name: "Pro", price: 79, period: "month", billedAnnually: true })] })).toBe("$79/month, billed annually");
    expect(pricingText({ model: "freemium", plans: [free.plans[0]!, { name: "Enterprise", price: null, limits: "Quoted" }] })).toBe("Free plan; paid plans: contact sales");
  });

  it("leads with the plan cheapest over a first year, and names a per-seat plan that only looks cheaper", () => {
    // Canva: Teams is $100/year per person, but three people minimum: $300 a year against Pro's $180.
    const canva: Pricing = {
      model: "freemium",
      plans: [
        usd({ name: "Free", price: 0, period: "month" }),
        usd({ name: "Pro", price: 15, period: "month" }),
        usd({ name: "Teams", price: 100, period: "year", per: "person", minSeats: 3 }),
        { name: "Enterprise", price: null, limits: "Custom" },
      ],
    };
    expect(cheapestPaidPlan(canva)?.name).toBe("Pro");
    expect(pricingText(canva)).toBe("Free plan; from $15/month; Teams $100/year per person, 3 people minimum");
    expect(comparableMonthlyUsd(canva, rates)).toBe(15);
    // Without the minimum Teams is the cheaper plan, and nothing only looks cheaper.
    const single = { ...canva, plans: canva.plans.map((plan) => (plan.name === "Teams" ? { ...plan, minSeats: undefined } : plan)) };
    expect(pricingText(single)).toBe("Free plan; from $100/year per person");
    expect(comparableMonthlyUsd(single, rates)).toBe(8.33);
  });

  it("figures the first year as monthly × 12, yearly as billed, one-time as paid, at the minimum seats", () => {
    expect(firstYearCost(usd({ name: "Pro", price: 20, period: "month" }))).toBe(240);
    expect(firstYearCost(usd({ name: "Pro", price: 79, period: "month", billedAnnually: true }))).toBe(948);
    expect(firstYearCost(usd({ name: "Pro", price: 120, period: "year" }))).toBe(120);
    expect(firstYearCost(usd({ name: "Studio", price: 295, period: "one-time" }))).toBe(295);
    expect(firstYearCost(usd({ name: "Team", price: 25, period: "month", per: "seat", minSeats: 5 }))).toBe(1500);
    expect(firstYearCost(usd({ name: "API", price: 0.04, period: "usage", unit: "per image" }))).toBeUndefined();
    expect(firstYearCost({ name: "Enterprise", price: null, limits: "Custom" })).toBeUndefined();
  });

  it("converts other currencies by the dated table and says so with its date", () => {
    const frog: Pricing = { model: "paid", plans: [{ name: "Licence", price: 199, currency: "GBP", period: "year", per: "user", limits: "One user" }] };
    const sprout: Pricing = { model: "paid", plans: [usd({ name: "Standard", price: 199, period: "month", per: "seat" })] };
    expect(comparableMonthlyUsd(frog, rates)).toBe(21.89);
    expect(comparableNote(frog, rates)).toBe("First year: about US$262.68 at the rates of 2025-10-31, about $21.89/month");
    // '£199/year' is far below '$199/month', whatever the raw numbers say.
    expect(comparableMonthlyUsd(frog, rates)!).toBeLessThan(comparableMonthlyUsd(sprout, rates)!);
    expect(comparableNote(sprout, rates)).toBeUndefined();
    expect(comparableNote({ model: "paid", plans: [usd({ name: "Studio", price: 295, period: "one-time" })] }, rates)).toBe("First year: $295, about $24.58/month");
    expect(comparableNote({ model: "paid", plans: [usd({ name: "Team", price: 25, period: "month", per: "seat", minSeats: 5 })] }, rates)).toBe(
      "First year at 5 seats: $1,500, about $125/month",
    );
  });
});

describe("refusals of the terms", () => {
  const messages = (pricing: Pricing) => pricingIssues(pricing).map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  const paid = (plan: Partial<Pricing["plans"][number]>): Pricing => ({
    model: "paid",
    plans: [{ name: "Pro", price: 10, currency: "USD", period: "month", limits: "Test", ...plan }],
  });

  it("refuses a term without the figure it qualifies", () => {
    expect(messages(paid({ period: "year", billedAnnually: true }))[0]).toMatch(/^plans.0.billedAnnually: is only for period "month"/);
    expect(messages(paid({ minSeats: 3 }))).toEqual(['plans.0.minSeats: needs "per" (what the minimum counts: seats, users…)']);
    expect(messages(paid({ period: "one-time", plusUsage: true }))[0]).toMatch(/^plans.0.plusUsage: /);
    expect(messages({ model: "contact-sales", plans: [{ name: "Enterprise", price: null, per: "seat", limits: "Quoted" }] })[0]).toMatch(/^plans.0.per: /);
    expect(messages(paid({ per: "seat", minSeats: 3 }))).toEqual([]);
  });

  it("refuses priced plans of one tool in two currencies", () => {
    expect(messages({ model: "paid", plans: [paid({}).plans[0]!, { name: "Team", price: 20, currency: "EUR", period: "month", limits: "Test" }] })).toEqual([
      "plans: priced plans of one tool are in one currency (the summary compares them by their figures)",
    ]);
  });
});
