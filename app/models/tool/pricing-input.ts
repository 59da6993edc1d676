import { z } from "zod";
import type { FieldMessageKey } from "~/lib/messages";
import { planFieldName, readPricingForm, type PlanField, type PricingFacts } from "~/lib/tool/pricing-edit";
import { pricingSchema } from "~/models/content/schemas";

/**
 * The plans editor's input (issue 27, decision 036): the posted fieldsets become a pricing (lib/tool/pricing-edit.ts),
 * which the content files' own schema validates, so an edit is refused for exactly what a file would be refused
 * for. Each problem is printed under the field it is about, in the catalogue's words (lib/messages.ts).
 */

type Issue = z.core.$ZodIssue;

/** The words for a schema problem of one plan's field. */
function planProblem(field: PlanField, issue: Issue, plan: Record<string, unknown> | undefined): FieldMessageKey {
  switch (field) {
    case "name":
      return issue.code === "custom" ? "planNameTwice" : "planNameLength";
    case "price":
      return "planPriceInvalid";
    case "currency":
      return "planCurrencyRequired";
    case "period":
      return "planPeriodRequired";
    case "unit":
      return plan?.period === "usage" ? "planUnitRequired" : "planUnitOnlyUsage";
    case "billedAnnually":
      return "planBilledAnnuallyMonthOnly";
    case "per":
      return "planPerInvalid";
    case "minSeats":
      return "planMinSeatsInvalid";
    case "plusUsage":
      return "planPlusUsageInvalid";
    default:
      return "planLimitsLength";
  }
}

/** The words for a model its plans contradict, by the model chosen. */
function modelProblem(model: string, plans: Record<string, unknown>[]): FieldMessageKey {
  switch (model) {
    case "free":
      return "pricingModelFree";
    case "freemium":
      return "pricingModelFreemium";
    case "paid":
      return plans.some((plan) => typeof plan.price === "number" && plan.price > 0) ? "pricingModelPaidHasFree" : "pricingModelPaid";
    case "pay-per-use":
      return "pricingModelPayPerUse";
    case "contact-sales":
      return "pricingModelContactSales";
    default:
      return "pricingModelChoose";
  }
}

/**
 * The posted fields, validated: the fields of `shape` (the tool, a note, the page checked) and `facts`, the pricing
 * and trial; or every problem under its own field.
 */
export const withPostedPricing = <T extends z.ZodRawShape>(shape: T) =>
  z.looseObject({}).transform((fields, ctx): z.infer<z.ZodObject<T>> & { facts: PricingFacts } => {
    const problems: Record<string, string> = {};
    const base = z.object(shape).safeParse(fields);
    if (!base.success) for (const issue of base.error.issues) problems[String(issue.path[0] ?? "form")] ??= issue.message;
    const candidate = readPricingForm(fields);
    for (const [name, key] of Object.entries(candidate.problems)) problems[name] ??= key;
    const parsed = pricingSchema.safeParse(candidate.pricing);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [head, index, field] = issue.path;
        if (head === "model") problems.pricingModel ??= modelProblem(candidate.pricing.model, candidate.pricing.plans);
        else if (head === "plans" && typeof index === "number" && typeof field === "string") {
          const name = planFieldName(candidate.fieldsets[index] ?? index, field as PlanField);
          problems[name] ??= planProblem(field as PlanField, issue, candidate.pricing.plans[index]);
        } else problems.plans ??= issue.code === "too_small" ? "pricingNoPlans" : issue.code === "too_big" ? "pricingTooManyPlans" : "pricingOneCurrency";
      }
    }
    for (const [path, message] of Object.entries(problems)) ctx.addIssue({ code: "custom", path: [path], message });
    if (!base.success || !parsed.success || Object.keys(problems).length) return z.NEVER;
    return { ...base.data, facts: { pricingModel: parsed.data.model, plans: [...parsed.data.plans], hasFreeTrial: candidate.hasFreeTrial } };
  });
