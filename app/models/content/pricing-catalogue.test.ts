import path from "node:path";
import { describe, expect, it } from "vitest";
import { cheapestPaidPlan, comparableMonthlyUsd, firstYearCost, formatPlanPrice, pricingOffer, pricingText } from "~/lib/tool/pricing";
import { appRoot } from "~/utils/paths.server";
import { loadEditorialContent } from "./load.server";

/**
 * The whole catalogue's prices (issue 26, decision 030): every summary carries its terms, and the one comparable
 * figure orders the tools by what their cheapest paid plan costs over a first year, in US dollars.
 */
const content = loadEditorialContent(path.join(appRoot(), "content"));
const { tools, currencyRates: rates } = content;
const figure = (slug: string) => comparableMonthlyUsd(tools.find((tool) => tool.slug === slug)!.pricing, rates);
/** A figure as the summary prints it: an amount in a currency. */
const AMOUNT = /[$€£]\d[\d,]*(?:\.\d+)?/g;
/** What makes an amount mean something: a period, one-time, or usage. */
const TERM = /^(\/month|\/year| one-time| per [^;]+?, usage-based)/;

describe("the catalogue's price summaries", () => {
  it("reads the whole catalogue (200 tools) with a dated rate table", () => {
    expect(tools.length).toBeGreaterThanOrEqual(200);
    expect(rates.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it.each(tools.map((tool) => [tool.slug, tool] as const))("%s: every figure of the summary carries a period, 'one-time' or 'usage-based'", (_slug, tool) => {
    const text = pricingText(tool.pricing);
    const amounts = [...text.matchAll(AMOUNT)];
    if (!amounts.length) expect(["Free", "Contact sales", "Free plan; paid plans: contact sales"]).toContain(text);
    for (const match of amounts) expect(text.slice(match.index + match[0].length), text).toMatch(TERM);
    // 'Free plan' leads whenever there is one.
    if (tool.pricing.plans.some((plan) => plan.price === 0)) expect(text).toMatch(/^Free( plan|$)/);
    // Each plan's own price, as the plans table shows it, carries its terms as well.
    for (const plan of tool.pricing.plans) {
      const price = formatPlanPrice(plan);
      for (const match of price.matchAll(AMOUNT)) expect(price.slice(match.index + match[0].length), price).toMatch(TERM);
    }
    // The JSON-LD offer describes itself with the same summary.
    const offer = pricingOffer(tool.pricing);
    if (offer) expect(offer.description).toBe(text);
  });

  it("gives the leading plan's price with every term the plan records (billing, seat, minimum, use on top)", () => {
    let terms = 0;
    for (const tool of tools) {
      const lead = cheapestPaidPlan(tool.pricing);
      if (!lead) continue;
      const text = pricingText(tool.pricing);
      expect(text).toContain(formatPlanPrice(lead));
      if (lead.billedAnnually) expect(text, tool.slug).toContain(`/month${lead.per ? ` per ${lead.per}` : ""}, billed annually`);
      if (lead.per) expect(text, tool.slug).toContain(` per ${lead.per}`);
      if (lead.minSeats) expect(text, tool.slug).toMatch(new RegExp(`, ${lead.minSeats} \\w+ minimum`));
      if (lead.plusUsage) expect(text, tool.slug).toContain("plus usage");
      if (lead.billedAnnually || lead.per || lead.plusUsage) terms++;
    }
    // The catalogue's many annually billed and per-seat plans (issue 26: 51 tools billed annually).
    expect(terms).toBeGreaterThan(60);
  });
});

describe("the comparable figure over the catalogue", () => {
  it("is the cheapest first year of the tool's plans, in dollars, a month; 0 when all is free; none without a yearly figure", () => {
    for (const tool of tools) {
      const yearly = tool.pricing.plans.flatMap((plan) => {
        const cost = firstYearCost(plan);
        return cost === undefined ? [] : [(cost * rates.usdPer[plan.currency ?? "USD"]) / 12];
      });
      const value = comparableMonthlyUsd(tool.pricing, rates);
      if (tool.pricing.plans.every((plan) => plan.price === 0)) expect(value, tool.slug).toBe(0);
      else if (!yearly.length) expect(value, tool.slug).toBeNull();
      else expect(value, tool.slug).toBeCloseTo(Math.min(...yearly), 2);
    }
  });

  it("orders the issue's cases by what they cost, not by their raw numbers", () => {
    // '£199/year' (Screaming Frog) sorts below '$199/month per seat' (Sprout Social).
    expect(figure("screaming-frog")!).toBeLessThan(figure("sprout-social")!);
    expect(figure("screaming-frog")).toBeCloseTo((199 * rates.usdPer.GBP) / 12, 2);
    // A one-time $295 (DaVinci Resolve Studio) is about $24.58 a month over a first year, not $295.
    expect(figure("davinci-resolve")).toBe(24.58);
    // Surfer's $79 billed annually is $79 a month; Canva leads with Pro's $15, not Teams' $100 a year per person.
    expect(figure("surfer-seo")).toBe(79);
    expect(figure("canva")).toBe(15);
    // Claude Team's five-seat minimum is not its entry price: Pro is.
    expect(figure("claude-ai")).toBe(20);
    // Contact sales and tools paid only by use have no figure.
    expect(figure("darktrace")).toBeNull();
    expect(figure("replicate")).toBeNull();
  });

  it("puts the most expensive first year first by price_high, never a raw one-time or yearly number", () => {
    const ranked = tools
      .map((tool) => ({ slug: tool.slug, value: comparableMonthlyUsd(tool.pricing, rates) }))
      .filter((tool): tool is { slug: string; value: number } => tool.value !== null)
      .sort((a, b) => b.value - a.value);
    const top = ranked[0]!;
    const plans = tools.find((tool) => tool.slug === top.slug)!.pricing.plans;
    // The top tool's cheapest plan really costs that much a month.
    expect(plans.some((plan) => plan.period === "month" && plan.price !== null && plan.price >= top.value - 0.01)).toBe(true);
    // By raw numbers the one-time $295 led; by the first year it comes after Surfer's $79 a month and Sprout's $199.
    const place = (slug: string) => ranked.findIndex((tool) => tool.slug === slug);
    expect(place("davinci-resolve")).toBeGreaterThan(place("surfer-seo"));
    expect(place("davinci-resolve")).toBeGreaterThan(place("sprout-social"));
    expect(place("screaming-frog")).toBeGreaterThan(place("sprout-social"));
  });
});
