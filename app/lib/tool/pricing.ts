/**
 * Structured pricing (content/tools/<slug>.json `pricing`, decision 025): the one place that turns a
 * tool's plans into what the site shows and sorts by. The card, the tool page, the comparisons, the
 * JSON-LD offers and the database's stored columns (`price_monthly_usd`, `is_free`) all come from here, so a
 * price reads the same everywhere. Pure and isomorphic: no clock, no database.
 */
import { formatNumber } from "../ui/numbers.ts";

export const PRICING_MODELS = ["free", "freemium", "paid", "pay-per-use", "contact-sales"] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];

export const CURRENCIES = ["USD", "EUR", "GBP"] as const;
export type Currency = (typeof CURRENCIES)[number];

export const PLAN_PERIODS = ["month", "year", "one-time", "usage"] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];

/**
 * What a per-seat price is counted by, in the vendor's own word ('per user', 'per agent', 'per device'): a plan
 * with `per` costs its price once for each of them.
 */
export const SEAT_UNITS = ["seat", "user", "person", "member", "agent", "device", "endpoint", "channel", "developer", "creator", "contributor", "doc maker"] as const;
export type SeatUnit = (typeof SEAT_UNITS)[number];
const plural = (unit: SeatUnit) => (unit === "person" ? "people" : `${unit}s`);

export type Plan = {
  name: string;
  /** null: the vendor publishes no figure for this plan ('Contact sales'). */
  price: number | null;
  currency?: Currency;
  period?: PlanPeriod;
  /** With period 'usage' only: 'per 1M input tokens'. */
  unit?: string;
  /** The price is the monthly equivalent of annual billing (period 'month' only). */
  billedAnnually?: boolean;
  /** The price is for each seat, user, agent… ('$25/month per seat'). */
  per?: SeatUnit;
  /** With `per`: the fewest the vendor sells (Claude Team: 5 seats). */
  minSeats?: number;
  /** The price is a base; use is charged on top ('$250/month plus usage'). */
  plusUsage?: boolean;
  limits: string;
};

export type Pricing = { model: PricingModel; plans: readonly Plan[] };

/**
 * US dollars per unit of each currency, with the day they are for (content/currency-rates.json, read by
 * models/content/currency-rates.server.ts): only the comparable figure converts, and says so with `asOf`.
 */
export type CurrencyRates = { asOf: string; source: string; usdPer: Record<Currency, number> };

const SYMBOLS: Record<Currency, string> = { USD: "$", EUR: "€", GBP: "£" };

export const PRICING_MODEL_LABELS: Record<PricingModel, string> = {
  free: "Free",
  freemium: "Freemium",
  paid: "Paid",
  "pay-per-use": "Pay per use",
  "contact-sales": "Contact sales",
};

type PaidPlan = Plan & { price: number };

/** A plan with a published figure above zero. */
const isPaid = (plan: Plan): plan is PaidPlan => plan.price !== null && plan.price > 0;

export const hasFreePlan = (pricing: Pricing) => pricing.plans.some((plan) => plan.price === 0);
/** Any plan one pays for, published figure or not ('isPro' of the content format). */
export const hasPaidPlan = (pricing: Pricing) => pricing.plans.some((plan) => plan.price !== 0);

/** One number format per count of decimals, made once (one per call was 5% of a tool page's server time, issue 31),
 * and only for an amount with more than four decimals: the others are written by hand, so that a page's prices do not
 * load ICU's locale data in the browser (lib/ui/numbers.ts says why). */
const ROUNDED_FORMATS = new Map<number, Intl.NumberFormat>();
const roundedFormat = (decimals: number) => {
  let format = ROUNDED_FORMATS.get(decimals);
  if (!format) ROUNDED_FORMATS.set(decimals, (format = new Intl.NumberFormat("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals })));
  return format;
};

/** '$20', '$8.33', '$0.075', '€1,200': whole amounts without decimals, others with at least two. */
export function formatAmount(price: number, currency: Currency = "USD"): string {
  if (Number.isInteger(price)) return `${SYMBOLS[currency]}${formatNumber(price)}`;
  const written = (String(price).split(".")[1] ?? "").length;
  const decimals = Math.max(2, Math.min(4, written));
  if (written > decimals || price < 0 || !Number.isFinite(price)) return `${SYMBOLS[currency]}${roundedFormat(decimals).format(price)}`;
  // No rounding is needed: toFixed writes the amount's own digits, padded to two.
  const [whole, fraction] = price.toFixed(decimals).split(".");
  return `${SYMBOLS[currency]}${formatNumber(Number(whole))}.${fraction}`;
}

/**
 * A priced plan with all its terms, in one grammar: amount and period, then who it is counted by, then how it is
 * billed, then the minimum and anything charged on top. '$20/month', '$79/month, billed annually', '$100/year per
 * person, 3 people minimum', '$295 one-time', '$0.15 per 1M input tokens, usage-based', '$250/month plus usage'.
 */
function planTerms(plan: PaidPlan): string {
  const amount = formatAmount(plan.price, plan.currency);
  if (plan.period === "usage") return `${amount}${plan.unit ? ` ${plan.unit}` : ""}, usage-based`;
  let text = plan.period === "year" ? `${amount}/year` : plan.period === "one-time" ? `${amount} one-time` : `${amount}/month`;
  if (plan.per) text += ` per ${plan.per}`;
  if (plan.billedAnnually) text += ", billed annually";
  if (plan.per && plan.minSeats && plan.minSeats > 1) text += `, ${plan.minSeats} ${plural(plan.per)} minimum`;
  if (plan.plusUsage) text += " plus usage";
  return text;
}

/** One plan's price as a plans table shows it: 'Free', 'Contact sales', '$79/month, billed annually'. */
export function formatPlanPrice(plan: Plan): string {
  if (plan.price === null) return "Contact sales";
  if (plan.price === 0) return "Free";
  return planTerms(plan as PaidPlan);
}

/** How many seats the vendor sells at least: 1 unless the plan is per seat with a minimum. */
const seatsBought = (plan: Plan) => (plan.per ? (plan.minSeats ?? 1) : 1);

/**
 * What a plan costs for its first year at its minimum seats, in its own currency: monthly × 12 (a monthly
 * equivalent of annual billing is billed as 12 of it), yearly as billed, one-time as paid. Usage has no such
 * figure (it depends on use): undefined.
 */
export function firstYearCost(plan: Plan): number | undefined {
  if (!isPaid(plan) || plan.period === "usage") return undefined;
  const perSeat = plan.period === "year" || plan.period === "one-time" ? plan.price : plan.price * 12;
  return perSeat * seatsBought(plan);
}

/** A plan's cost per seat per month over a first year, to see whether a per-seat price looks cheaper than it is. */
const perSeatMonthly = (plan: PaidPlan) => (firstYearCost(plan) ?? 0) / seatsBought(plan) / 12;

/**
 * The plan a tool's price leads with: the cheapest with a published price above zero. Plans with a first-year
 * cost are ranked by it (a tool's priced plans share one currency, which the validator keeps true); usage prices
 * are not put against them: a pay-per-use tool leads with its usage prices, any other with its subscriptions
 * (Intercom's seat price, not its per-resolution fee), each falling back to the other kind when it has none.
 */
export function cheapestPaidPlan(pricing: Pricing): PaidPlan | undefined {
  const paid = pricing.plans.filter(isPaid);
  const usage = paid.filter((plan) => plan.period === "usage");
  const other = paid.filter((plan) => plan.period !== "usage");
  const preferred = pricing.model === "pay-per-use" ? (usage.length ? usage : other) : other.length ? other : usage;
  const cost = (plan: PaidPlan) => firstYearCost(plan) ?? plan.price;
  let best: PaidPlan | undefined;
  for (const plan of preferred) if (!best || cost(plan) < cost(best)) best = plan;
  return best;
}

/** Cents, so the stored figure, the sorts and the tests agree to the digit. */
const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * THE comparable figure (decision 030): what the cheapest paid plan with a first-year cost costs for its first
 * year at its minimum seats, in US dollars (other currencies by the dated rate table), divided by 12: a monthly
 * equivalent. 0 when every plan is free; null when no plan has a first-year figure (contact sales, or paid only
 * by use), which sorts last both ways and passes the price range. Stored as `tools.price_monthly_usd`.
 */
export function comparableMonthlyUsd(pricing: Pricing, rates: CurrencyRates): number | null {
  if (pricing.plans.every((plan) => plan.price === 0)) return 0;
  let best: number | null = null;
  for (const plan of pricing.plans) {
    const cost = firstYearCost(plan);
    if (cost === undefined) continue;
    const usd = cost * rates.usdPer[plan.currency ?? "USD"];
    if (best === null || usd < best) best = usd;
  }
  return best === null ? null : cents(best / 12);
}

/** The plan `comparableMonthlyUsd` is figured from, with whether its figure was converted from another currency. */
function comparablePlan(pricing: Pricing): PaidPlan | undefined {
  let best: PaidPlan | undefined;
  for (const plan of pricing.plans.filter(isPaid)) {
    const cost = firstYearCost(plan);
    if (cost !== undefined && (!best || cost < firstYearCost(best)!)) best = plan;
  }
  return best;
}

/**
 * The comparable figure in words where it says more than the summary: when the plan is yearly, one-time, sold
 * with a seat minimum or priced in another currency. 'First year: $295, about $24.58/month', 'First year at 3
 * people: $300, about $25/month', 'First year: about US$262.68 at the rates of 2026-11-26, about $21.89/month'.
 * Nothing when the summary's own monthly dollar figure is the comparable one.
 */
export function comparableNote(pricing: Pricing, rates: CurrencyRates): string | undefined {
  const plan = comparablePlan(pricing);
  const monthly = comparableMonthlyUsd(pricing, rates);
  if (!plan || monthly === null) return undefined;
  const currency = plan.currency ?? "USD";
  const seats = seatsBought(plan);
  if (plan.period === "month" && seats === 1 && currency === "USD") return undefined;
  const year = cents(firstYearCost(plan)! * rates.usdPer[currency]);
  const heading = seats > 1 ? `First year at ${seats} ${plural(plan.per!)}` : "First year";
  const cost = currency === "USD" ? formatAmount(year) : `about US${formatAmount(year)} at the rates of ${rates.asOf}`;
  return `${heading}: ${cost}, about ${formatAmount(monthly)}/month`;
}

/** Whether a tool's comparable figure is converted from another currency (the rate table's date must show). */
export const comparableIsConverted = (pricing: Pricing) => {
  const plan = comparablePlan(pricing);
  return Boolean(plan && (plan.currency ?? "USD") !== "USD");
};

/**
 * A figure two tools' prices can be compared by ('cheaper than', the alternatives page): the comparable monthly
 * figure, with the leading plan's terms in words ('from $29/month per seat, billed annually'). Nothing when the
 * tool has no comparable figure (contact sales, paid only by use). models/tool/alternatives.server.ts reads the
 * same figure from `price_monthly_usd`.
 */
export function subscriptionFloor(pricing: Pricing, rates: CurrencyRates): { monthly: number; text: string } | undefined {
  const monthly = comparableMonthlyUsd(pricing, rates);
  if (monthly === null) return undefined;
  if (monthly === 0) return { monthly: 0, text: "free" };
  const plan = comparablePlan(pricing)!;
  return { monthly, text: `from ${planTerms(plan)}` };
}

/**
 * THE price summary (decision 030), the one line every card, table, comparison, pair page, JSON-LD description
 * and CSV prints: 'Free plan' first when there is one, then the cheapest paid plan with all its terms ('from'
 * when other paid plans exist), then a per-seat plan that looks cheaper than the lead but is sold with a minimum:
 * 'Free plan; from $15/month; Teams $100/year per person, 3 people minimum'. 'Free' when every plan is free,
 * 'Contact sales' when no figure is published.
 */
export function pricingText(pricing: Pricing): string {
  const lead = cheapestPaidPlan(pricing);
  const free = hasFreePlan(pricing);
  const others = pricing.plans.filter((plan) => plan.price !== 0 && plan !== lead);
  const parts: string[] = [];
  if (free) parts.push(lead || others.length ? "Free plan" : "Free");
  if (lead) {
    parts.push(`${others.length ? "from " : ""}${planTerms(lead)}`);
    // Led by a usage price: the subscription the comparable figure comes from, when there is one.
    // Led by a subscription: a per-seat price below it that only looks cheaper, its seat minimum making it cost more.
    const second =
      lead.period === "usage"
        ? comparablePlan(pricing)
        : others
            .filter(isPaid)
            .filter((plan) => plan.period !== "usage" && seatsBought(plan) > 1 && perSeatMonthly(plan) < perSeatMonthly(lead))
            .sort((a, b) => perSeatMonthly(a) - perSeatMonthly(b))[0];
    if (second) parts.push(`${second.name} ${planTerms(second)}`);
  } else if (others.length) parts.push(free ? "paid plans: contact sales" : "Contact sales");
  const text = parts.join("; ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The pricing class of a badge: the model's label. */
export const pricingClassLabel = (pricing: Pricing) => PRICING_MODEL_LABELS[pricing.model];

/** The JSON-LD Offer of a tool page (schema.org): the lead figure with its terms. */
export type PricingOffer = {
  "@type": "Offer";
  price: string;
  priceCurrency: Currency;
  /** The summary, so the terms travel with the figure. */
  description: string;
  priceSpecification?: {
    "@type": "UnitPriceSpecification";
    price: string;
    priceCurrency: Currency;
    description: string;
    /** UN/CEFACT codes: MON (month), ANN (year). */
    referenceQuantity?: { "@type": "QuantitativeValue"; value: 1; unitCode: "MON" | "ANN" };
  };
};

/**
 * A schema.org Offer for the tool page's JSON-LD: the figure the page leads with, in its currency, with the
 * summary as its description and the plan's terms as a unit price specification (period, seats, billing).
 * Nothing when no figure is published (an offer without a price is not one).
 */
export function pricingOffer(pricing: Pricing): PricingOffer | undefined {
  const description = pricingText(pricing);
  const paid = cheapestPaidPlan(pricing);
  if (paid) {
    const currency = paid.currency ?? "USD";
    const unitCode = paid.period === "year" ? "ANN" : paid.period === "month" || paid.period === undefined ? "MON" : undefined;
    return {
      "@type": "Offer",
      price: String(paid.price),
      priceCurrency: currency,
      description,
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price: String(paid.price),
        priceCurrency: currency,
        description: `${paid.name}: ${planTerms(paid)}`,
        ...(unitCode ? { referenceQuantity: { "@type": "QuantitativeValue" as const, value: 1 as const, unitCode } } : {}),
      },
    };
  }
  return hasFreePlan(pricing) ? { "@type": "Offer", price: "0", priceCurrency: "USD", description } : undefined;
}

/**
 * The version of the figures the database stores from a pricing (`price_monthly_usd`): part of each tool's
 * content hash (with the rate table), so changing `comparableMonthlyUsd` and bumping this makes the next sync
 * rewrite every tool.
 */
export const PRICE_DERIVATION = "monthly-usd-1";

export type PricingIssue = { path: (string | number)[]; message: string };

/**
 * What makes a pricing inconsistent (the content validator's refusals): a plan priced without currency or
 * period, usage pricing without a unit, a unit on anything else, and a model its plans contradict, such as
 * 'paid' with no figure.
 */
export function pricingIssues(pricing: Pricing): PricingIssue[] {
  const issues: PricingIssue[] = [];
  pricing.plans.forEach((plan, index) => {
    if (plan.price === null) return;
    if (!plan.currency) issues.push({ path: ["plans", index, "currency"], message: "is required when the plan has a price" });
    if (!plan.period) issues.push({ path: ["plans", index, "period"], message: "is required when the plan has a price" });
    if (plan.period === "usage" && !plan.unit) issues.push({ path: ["plans", index, "unit"], message: 'is required with period "usage" (e.g. "per 1M input tokens")' });
  });
  pricing.plans.forEach((plan, index) => {
    if (plan.unit !== undefined && plan.period !== "usage") issues.push({ path: ["plans", index, "unit"], message: 'is only for plans with period "usage"' });
    // The terms of a figure: each needs a figure it can be a term of.
    const term = (field: keyof Plan, message: string) => issues.push({ path: ["plans", index, field], message });
    if (plan.billedAnnually && plan.period !== "month")
      term("billedAnnually", 'is only for period "month" (the monthly equivalent of annual billing); a yearly price is period "year"');
    if (plan.per !== undefined && (plan.price === null || plan.period === "usage")) term("per", "is only for a plan with a published price that is not usage (usage has its unit)");
    if (plan.minSeats !== undefined && plan.per === undefined) term("minSeats", 'needs "per" (what the minimum counts: seats, users…)');
    if (plan.plusUsage && (plan.price === null || plan.period === "usage" || plan.period === "one-time"))
      term("plusUsage", "is only for a monthly or yearly price that has use charged on top");
  });
  const currencies = new Set(pricing.plans.filter(isPaid).map((plan) => plan.currency ?? "USD"));
  if (currencies.size > 1) issues.push({ path: ["plans"], message: "priced plans of one tool are in one currency (the summary compares them by their figures)" });
  const names = new Set<string>();
  pricing.plans.forEach((plan, index) => {
    const key = plan.name.toLowerCase();
    if (names.has(key)) issues.push({ path: ["plans", index, "name"], message: `"${plan.name}" is named twice` });
    names.add(key);
  });
  const free = pricing.plans.filter((plan) => plan.price === 0).length;
  const paid = pricing.plans.filter(isPaid).length;
  const unpublished = pricing.plans.filter((plan) => plan.price === null).length;
  const model = (message: string) => issues.push({ path: ["model"], message });
  switch (pricing.model) {
    case "free":
      if (free !== pricing.plans.length) model('"free" means every plan has price 0');
      break;
    case "freemium":
      if (!free || !paid) model('"freemium" needs a price-0 plan and at least one plan with a price above 0 ("Paid" with no figure is refused)');
      break;
    case "paid":
      if (!paid) model('"paid" needs at least one plan with a price above 0; if the vendor publishes no price, use "contact-sales"');
      if (free) model('"paid" has no price-0 plan; a free plan makes it "freemium"');
      break;
    case "pay-per-use":
      if (!pricing.plans.some((plan) => isPaid(plan) && plan.period === "usage")) model('"pay-per-use" needs a plan with a price above 0 and period "usage"');
      break;
    case "contact-sales":
      if (unpublished !== pricing.plans.length) model('"contact-sales" means the vendor publishes no price: every plan has price null');
      break;
  }
  return issues;
}
