/**
 * Structured pricing (content/tools/<slug>.json `pricing`, decision 025): the one place that turns a
 * tool's plans into what the site shows and sorts by. The card, the tool page, the comparisons, the
 * JSON-LD offers and the database's stored columns (`price_from`, `is_free`) all come from here, so a
 * price reads the same everywhere. Pure and isomorphic: no clock, no database.
 */

export const PRICING_MODELS = ["free", "freemium", "paid", "pay-per-use", "contact-sales"] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];

export const CURRENCIES = ["USD", "EUR", "GBP"] as const;
export type Currency = (typeof CURRENCIES)[number];

export const PLAN_PERIODS = ["month", "year", "one-time", "usage"] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];

export type Plan = {
  name: string;
  /** null: the vendor publishes no figure for this plan ('Contact sales'). */
  price: number | null;
  currency?: Currency;
  period?: PlanPeriod;
  /** With period 'usage' only: 'per 1M input tokens'. */
  unit?: string;
  /** The price is the monthly equivalent of annual billing. */
  billedAnnually?: boolean;
  limits: string;
};

export type Pricing = { model: PricingModel; plans: readonly Plan[] };

const SYMBOLS: Record<Currency, string> = { USD: "$", EUR: "€", GBP: "£" };

export const PRICING_MODEL_LABELS: Record<PricingModel, string> = {
  free: "Free",
  freemium: "Freemium",
  paid: "Paid",
  "pay-per-use": "Pay per use",
  "contact-sales": "Contact sales",
};

/** A plan with a published figure above zero. */
const isPaid = (plan: Plan): plan is Plan & { price: number } => plan.price !== null && plan.price > 0;

export const hasFreePlan = (pricing: Pricing) => pricing.plans.some((plan) => plan.price === 0);
/** Any plan one pays for, published figure or not ('isPro' of the content format). */
export const hasPaidPlan = (pricing: Pricing) => pricing.plans.some((plan) => plan.price !== 0);

/** '$20', '$8.33', '$0.075', '€1,200': whole amounts without decimals, others with at least two. */
export function formatAmount(price: number, currency: Currency = "USD"): string {
  const decimals = Number.isInteger(price) ? 0 : Math.max(2, Math.min(4, (String(price).split(".")[1] ?? "").length));
  return `${SYMBOLS[currency]}${price.toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;
}

/** '$20/month', '$99/year', '$49 one-time', '$0.15 per 1M input tokens' (no billing note). */
function shortPrice(plan: Plan & { price: number }): string {
  const amount = formatAmount(plan.price, plan.currency);
  switch (plan.period) {
    case "year":
      return `${amount}/year`;
    case "one-time":
      return `${amount} one-time`;
    case "usage":
      return plan.unit ? `${amount} ${plan.unit}` : amount;
    default:
      return `${amount}/month`;
  }
}

/** One plan's price as a plans table shows it: 'Free', 'Contact sales', '$79/month, billed annually'. */
export function formatPlanPrice(plan: Plan): string {
  if (plan.price === null) return "Contact sales";
  if (plan.price === 0) return "Free";
  const text = shortPrice(plan as Plan & { price: number });
  return plan.billedAnnually ? `${text}, billed annually` : text;
}

/** What a plan costs a month, roughly, so plans billed differently can be ranked (usage and one-off as written). */
const monthlyEquivalent = (plan: Plan & { price: number }) => (plan.period === "year" ? plan.price / 12 : plan.price);

/**
 * The plan a tool's price leads with: the cheapest with a published price above zero. Usage prices and
 * subscriptions are not compared with each other: a pay-per-use tool leads with its usage prices, any
 * other with its subscriptions (Intercom's seat price, not its per-resolution fee), each falling back to
 * the other kind when it has none.
 */
export function cheapestPaidPlan(pricing: Pricing): (Plan & { price: number }) | undefined {
  const paid = pricing.plans.filter(isPaid);
  const usage = paid.filter((plan) => plan.period === "usage");
  const other = paid.filter((plan) => plan.period !== "usage");
  const preferred = pricing.model === "pay-per-use" ? (usage.length ? usage : other) : other.length ? other : usage;
  let best: (Plan & { price: number }) | undefined;
  for (const plan of preferred) if (!best || monthlyEquivalent(plan) < monthlyEquivalent(best)) best = plan;
  return best;
}

/**
 * The figure the price sorts and the price range read (spec part 1 §5 'first dollar number', now from the
 * plans): the cheapest paid plan's price as shown; 0 for a tool that is only free; null when the vendor
 * publishes no figure (contact sales), which sorts last and falls outside any price range.
 */
export function firstDollarPrice(pricing: Pricing): number | null {
  const paid = cheapestPaidPlan(pricing);
  if (paid) return paid.price;
  return hasFreePlan(pricing) ? 0 : null;
}

/**
 * A figure two tools' prices can be compared by ('cheaper than'): 0 for a tool that is only free, else the
 * cheapest USD subscription (monthly or yearly, as a monthly equivalent) with its words ('$29/month').
 * Usage, one-off and other-currency prices are not put against a subscription, so they give none; neither
 * does contact sales. models/tool/alternatives.server.ts computes the same figure in SQL.
 */
export function subscriptionFloor(pricing: Pricing): { monthly: number; text: string } | undefined {
  if (pricing.plans.every((plan) => plan.price === 0)) return { monthly: 0, text: "free" };
  let best: (Plan & { price: number }) | undefined;
  for (const plan of pricing.plans.filter(isPaid)) {
    if ((plan.period !== "month" && plan.period !== "year") || (plan.currency ?? "USD") !== "USD") continue;
    if (!best || monthlyEquivalent(plan) < monthlyEquivalent(best)) best = plan;
  }
  return best && { monthly: monthlyEquivalent(best), text: `from ${shortPrice(best)}` };
}

/** The one-line price of a card or a table: 'Free', 'Free plan; from $20/month', 'From $79/month', 'Contact sales'. */
export function pricingText(pricing: Pricing): string {
  const paid = cheapestPaidPlan(pricing);
  const free = hasFreePlan(pricing);
  if (!paid) return free ? "Free" : "Contact sales";
  return free ? `Free plan; from ${shortPrice(paid)}` : `From ${shortPrice(paid)}`;
}

/** The pricing class of a badge: the model's label. */
export const pricingClassLabel = (pricing: Pricing) => PRICING_MODEL_LABELS[pricing.model];

/**
 * A schema.org Offer for the tool page's JSON-LD: the figure the page leads with, in its currency. Nothing
 * when no figure is published (an offer without a price is not one).
 */
export function pricingOffer(pricing: Pricing): { "@type": "Offer"; price: string; priceCurrency: Currency } | undefined {
  const paid = cheapestPaidPlan(pricing);
  if (paid) return { "@type": "Offer", price: String(paid.price), priceCurrency: paid.currency ?? "USD" };
  return hasFreePlan(pricing) ? { "@type": "Offer", price: "0", priceCurrency: "USD" } : undefined;
}

/**
 * The version of the figures the database stores from a pricing (`price_from`): part of each tool's content
 * hash, so changing `firstDollarPrice` and bumping this makes the next sync rewrite every tool.
 */
export const PRICE_DERIVATION = "price-from-1";

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
  });
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
