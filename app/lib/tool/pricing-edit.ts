import { comparableMonthlyUsd, hasFreePlan, hasPaidPlan, type CurrencyRates, type Plan, type Pricing, type PricingModel } from "./pricing.ts";
import { teamCostTerms } from "./team-cost.ts";

/**
 * The structured plans editor of /admin/prices/<slug> (issue 27, decision 036), without its validation (the
 * content files' zod schema does that, models/tool/pricing-input.ts): the form's field names, the values it shows
 * for a stored pricing, the pricing its posted fields stand for, and the tools-row columns a pricing makes. One
 * fieldset per plan, named `plans.<n>.<field>`, so the form works without JavaScript. Pure and isomorphic.
 */

/** Empty fieldsets shown after a tool's plans, for adding plans without JavaScript; empty ones are ignored. */
export const SPARE_PLAN_FIELDSETS = 2;
/** The most plans a pricing has (the content schema's limit) plus the spare fieldsets: what the form reads. */
export const MAX_PLAN_FIELDSETS = 8 + SPARE_PLAN_FIELDSETS;

export const PLAN_FIELDS = ["name", "price", "noPrice", "currency", "period", "unit", "billedAnnually", "per", "minSeats", "plusUsage", "limits", "remove"] as const;
export type PlanField = (typeof PLAN_FIELDS)[number];

export const planFieldName = (index: number, field: PlanField) => `plans.${index}.${field}`;

/** A ticked box posts "on" (or "true"); an unticked one posts nothing. */
const ticked = (value: unknown) => value === "on" || value === "true" || value === "1";
const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** The form's values for a stored pricing: what the editor starts from. */
export function pricingFormValues(pricing: Pricing, hasFreeTrial: boolean): Record<string, string> {
  const values: Record<string, string> = { pricingModel: pricing.model };
  if (hasFreeTrial) values.hasFreeTrial = "on";
  pricing.plans.forEach((plan, index) => {
    const set = (field: PlanField, value: string | undefined) => {
      if (value !== undefined && value !== "") values[planFieldName(index, field)] = value;
    };
    set("name", plan.name);
    if (plan.price === null) set("noPrice", "on");
    else set("price", String(plan.price));
    set("currency", plan.currency);
    set("period", plan.period);
    set("unit", plan.unit);
    if (plan.billedAnnually) set("billedAnnually", "on");
    set("per", plan.per);
    set("minSeats", plan.minSeats === undefined ? undefined : String(plan.minSeats));
    if (plan.plusUsage) set("plusUsage", "on");
    set("limits", plan.limits);
  });
  return values;
}

/** A problem the form itself finds before the schema sees the plans, as a field message key (lib/messages.ts). */
export type FormProblem = "planPriceRequired" | "planPriceInvalid" | "planPriceAndNone" | "planMinSeatsInvalid";

export type PricingCandidate = {
  /** The model as posted (the schema checks it is one of PRICING_MODELS). */
  pricing: { model: string; plans: Record<string, unknown>[] };
  hasFreeTrial: boolean;
  /** The fieldset each plan came from, by its place in `plans`: errors are printed under that fieldset. */
  fieldsets: number[];
  problems: Record<string, FormProblem>;
};

/** '20', '8.33', '$1,200', '€ 15': a figure as an editor types it; NaN when it is not one. */
function figure(value: string): number {
  const cleaned = value.replace(/^[$€£]\s*/, "").replaceAll(",", "");
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/**
 * The pricing the posted fields stand for, in the files' key order (name, price, currency, period, unit,
 * billedAnnually, per, minSeats, plusUsage, limits), so an exported override reads like a file written by hand. A
 * fieldset ticked 'Remove' or left empty is skipped; a plan with no published price keeps no terms (as the files
 * write it: name, price null, limits).
 */
export function readPricingForm(fields: Record<string, unknown>): PricingCandidate {
  const plans: Record<string, unknown>[] = [];
  const fieldsets: number[] = [];
  const problems: Record<string, FormProblem> = {};
  for (let index = 0; index < MAX_PLAN_FIELDSETS; index++) {
    const field = (name: PlanField) => fields[planFieldName(index, name)];
    if (ticked(field("remove"))) continue;
    const name = text(field("name"));
    const price = text(field("price"));
    const limits = text(field("limits"));
    const unit = text(field("unit"));
    const minSeats = text(field("minSeats"));
    const noPrice = ticked(field("noPrice"));
    if (!name && !price && !limits && !unit && !minSeats && !noPrice) continue;
    const problem = (name: PlanField, key: FormProblem) => (problems[planFieldName(index, name)] ??= key);
    fieldsets.push(index);
    if (noPrice) {
      if (price) problem("price", "planPriceAndNone");
      plans.push({ name, price: null, limits });
      continue;
    }
    const amount = figure(price);
    if (!price) problem("price", "planPriceRequired");
    else if (Number.isNaN(amount)) problem("price", "planPriceInvalid");
    const seats = minSeats ? Number(minSeats) : undefined;
    if (seats !== undefined && !Number.isInteger(seats)) problem("minSeats", "planMinSeatsInvalid");
    const plan: Record<string, unknown> = { name, price: Number.isNaN(amount) ? 0 : amount };
    const currency = text(field("currency"));
    const period = text(field("period"));
    const per = text(field("per"));
    if (currency) plan.currency = currency;
    if (period) plan.period = period;
    if (unit) plan.unit = unit;
    if (ticked(field("billedAnnually"))) plan.billedAnnually = true;
    if (per) plan.per = per;
    if (seats !== undefined && Number.isInteger(seats)) plan.minSeats = seats;
    if (ticked(field("plusUsage"))) plan.plusUsage = true;
    plan.limits = limits;
    plans.push(plan);
  }
  return { pricing: { model: text(fields.pricingModel), plans }, hasFreeTrial: ticked(fields.hasFreeTrial), fieldsets, problems };
}

/** A plan's keys in the order the content files write them (jsonb keeps its own order). */
const PLAN_KEY_ORDER = ["name", "price", "currency", "period", "unit", "billedAnnually", "per", "minSeats", "plusUsage", "limits"] as const;

/** A plan with its keys in the files' order, for writing it into a file. */
export function inFileOrder(plan: Plan): Plan {
  const ordered: Record<string, unknown> = {};
  for (const key of PLAN_KEY_ORDER) if (plan[key] !== undefined) ordered[key] = plan[key];
  for (const [key, value] of Object.entries(plan)) if (!(key in ordered) && value !== undefined) ordered[key] = value;
  return ordered as Plan;
}

/**
 * The capabilities that follow from pricing ('Free plan', 'Free trial'): kept in step with the plans and the trial,
 * as every content file and approved submission has them, the rest left as they are.
 */
export function capabilitiesWithPricing(capabilities: readonly string[], pricing: Pricing, hasFreeTrial: boolean): string[] {
  const wanted = { "Free plan": hasFreePlan(pricing), "Free trial": hasFreeTrial };
  const result = capabilities.filter((name) => !(name in wanted) || wanted[name as keyof typeof wanted]);
  // Added where the catalogue lists them: 'Free plan' first, 'Free trial' after it.
  if (wanted["Free plan"] && !result.includes("Free plan")) result.unshift("Free plan");
  if (wanted["Free trial"] && !result.includes("Free trial")) result.splice(result.indexOf("Free plan") + 1, 0, "Free trial");
  return result;
}

/** An edited pricing as stored and compared: the model, the plans and the trial. */
export type PricingFacts = { pricingModel: PricingModel; plans: Plan[]; hasFreeTrial: boolean };

/**
 * The tools row's columns a pricing makes: the model and plans, the trial, the flags the files state
 * (`isFree`, `isPro`), the comparable figure (decision 030) and the pricing capabilities. The content sync, an
 * editor's edit and an override's removal all write these, so a row never holds plans its figures contradict.
 */
export function pricingColumns(facts: PricingFacts, capabilities: readonly string[], rates: CurrencyRates) {
  const pricing: Pricing = { model: facts.pricingModel, plans: facts.plans };
  return {
    pricingModel: facts.pricingModel,
    plans: facts.plans,
    hasFreeTrial: facts.hasFreeTrial,
    isFree: hasFreePlan(pricing),
    isPro: hasPaidPlan(pricing),
    priceMonthlyUsd: comparableMonthlyUsd(pricing, rates),
    teamCostTerms: teamCostTerms(pricing, rates),
    capabilities: capabilitiesWithPricing(capabilities, pricing, facts.hasFreeTrial),
  };
}
