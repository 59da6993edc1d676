import { comparableMonthlyUsd, type CurrencyRates, type Plan, type Pricing } from "~/lib/tool/pricing";
import { teamCostTerms } from "~/lib/tool/team-cost";
import type { PricingModel } from "~/lib/submission/submissions";

/** The submitted fields an approved tool is made of (after the editor's corrections). */
export type ApprovedFields = {
  slug: string;
  name: string;
  websiteUrl: string;
  categorySlug: string;
  tagline: string;
  description: string;
  pricingText: string;
  pricingModel: PricingModel;
  hasFreeTrial: boolean;
};

/** The first dollar figure in the maker's words ('From $12/month'), the one price a submission can state. */
function statedPrice(text: string): number | null {
  const match = /\$\s*([0-9][0-9,]*(?:\.[0-9]+)?)/.exec(text);
  const price = match?.[1] ? Number(match[1].replaceAll(",", "")) : NaN;
  return Number.isFinite(price) && price > 0 ? price : null;
}

/**
 * The terms the maker's words give their figure (decision 030): one-time or yearly when they say so, else monthly;
 * billed annually, and per user or seat, when they say so. The editor corrects the words before approving.
 */
export function statedTerms(text: string): Pick<Plan, "period" | "billedAnnually" | "per"> {
  const per = /\bper (user|seat|member)\b/i.exec(text)?.[1]?.toLowerCase() as "user" | "seat" | "member" | undefined;
  const terms: Pick<Plan, "period" | "billedAnnually" | "per"> = { period: "month", ...(per ? { per } : {}) };
  if (/\b(one[- ]time|one[- ]off|lifetime)\b/i.test(text)) return { ...terms, period: "one-time" };
  if (/\/\s*(year|yr)\b|\b(per|a) year\b|\byearly\b|\bannual (plan|licen[cs]e|price)\b/i.test(text) && !/\bbilled (annually|yearly)\b/i.test(text))
    return { ...terms, period: "year" };
  return /\bbilled (annually|yearly)\b/i.test(text) ? { ...terms, billedAnnually: true } : terms;
}

/**
 * The structured pricing (decision 025) a submission stands for: a free plan when it has one, and one paid plan
 * carrying the maker's words, priced at the figure they state, or with no figure ('Contact sales') when they
 * state none. The editor corrects the words before approving when the figure is wrong.
 */
export function pricingFromSubmission(pricingText: string, model: PricingModel): Pricing {
  const free: Plan = { name: "Free", price: 0, currency: "USD", period: "month", limits: model === "free" ? pricingText : "Free plan" };
  if (model === "free") return { model: "free", plans: [free] };
  const price = statedPrice(pricingText);
  const paid: Plan =
    price === null ? { name: "Paid plans", price: null, limits: pricingText } : { name: "Paid plans", price, currency: "USD", ...statedTerms(pricingText), limits: pricingText };
  if (model === "freemium") return { model: "freemium", plans: [free, paid] };
  return { model: price === null ? "contact-sales" : "paid", plans: [paid] };
}

/**
 * The one place a submission becomes the tools table's columns (decision 024). The form keeps the maker's words
 * (pricing text, free/freemium/paid, trial); when the tools table's pricing format changes, only this function
 * changes. A community tool has no editorial rating (null: no in-depth review of ours), no feature lists
 * of ours, and the capabilities its pricing answers for.
 */
export function toolColumnsFromSubmission(fields: ApprovedFields, today: string, rates: CurrencyRates) {
  const hasFreePlan = fields.pricingModel !== "paid";
  const pricing = pricingFromSubmission(fields.pricingText, fields.pricingModel);
  return {
    source: "community" as const,
    slug: fields.slug,
    name: fields.name,
    tagline: fields.tagline,
    description: fields.description,
    categorySlug: fields.categorySlug,
    websiteUrl: fields.websiteUrl,
    // A maker states the pricing on their own site; the price check reads it there (an editor's edit refines it).
    pricingUrl: fields.websiteUrl,
    rating: null,
    pricingModel: pricing.model,
    plans: [...pricing.plans],
    // The same comparable figure as the content sync's (decision 030), so a community tool sorts among the rest.
    priceMonthlyUsd: comparableMonthlyUsd(pricing, rates),
    // The team-cost sort's terms (decision 086), from the same pricing and rates.
    teamCostTerms: teamCostTerms(pricing, rates),
    isFree: hasFreePlan,
    isPro: fields.pricingModel !== "free",
    hasFreeTrial: fields.hasFreeTrial,
    featured: false,
    features: [] as string[],
    capabilities: [...(hasFreePlan ? ["Free plan"] : []), ...(fields.hasFreeTrial ? ["Free trial"] : [])],
    useCases: [] as string[],
    alternatives: [] as string[],
    addedAt: today,
    // Never a file's hash: the content sync does not own this row (it only reads editorial ones).
    contentHash: "community",
  };
}
