import { describe, expect, it } from "vitest";
import { z } from "zod";
import { planFieldName } from "~/lib/tool/pricing-edit";
import { withPostedPricing } from "./pricing-input";

/** The plans editor's input: the content files' schema decides, and each refusal lands under its own field, in the catalogue's words. */
const input = withPostedPricing({ slug: z.string().min(1, "confirmSubjectUnknown") });
const problems = (fields: Record<string, string>) => {
  const result = input.safeParse(fields);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
};

const plan = (index: number, fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).map(([name, value]) => [planFieldName(index, name as "name"), value]));

describe("the posted pricing", () => {
  it("gives the pricing and trial when the plans make sense", () => {
    const result = input.parse({
      slug: "tool",
      pricingModel: "freemium",
      hasFreeTrial: "on",
      ...plan(0, { name: "Free", price: "0", currency: "USD", period: "month", limits: "Some use" }),
      ...plan(1, { name: "Pro", price: "12", currency: "USD", period: "month", limits: "More use" }),
      ...plan(2, { currency: "USD", period: "month" }),
    });
    expect(result).toEqual({
      slug: "tool",
      facts: {
        pricingModel: "freemium",
        hasFreeTrial: true,
        plans: [
          { name: "Free", price: 0, currency: "USD", period: "month", limits: "Some use" },
          { name: "Pro", price: 12, currency: "USD", period: "month", limits: "More use" },
        ],
      },
    });
  });

  it("puts each problem under the fieldset it is about, even after a skipped one", () => {
    expect(
      problems({
        slug: "tool",
        pricingModel: "paid",
        ...plan(0, { name: "Old", price: "5", remove: "on" }),
        ...plan(1, { name: "Pro", price: "12", currency: "", period: "month", limits: "More use" }),
        ...plan(2, { name: "Pro", price: "30", currency: "USD", period: "usage", limits: "x" }),
      }),
    ).toEqual({
      [planFieldName(1, "currency")]: "planCurrencyRequired",
      [planFieldName(2, "name")]: "planNameTwice",
      [planFieldName(2, "unit")]: "planUnitRequired",
      [planFieldName(2, "limits")]: "planLimitsLength",
    });
  });

  it("says which model the plans contradict", () => {
    const free = plan(0, { name: "Free", price: "0", currency: "USD", period: "month", limits: "Some use" });
    expect(problems({ slug: "tool", pricingModel: "paid", ...free })).toEqual({ pricingModel: "pricingModelPaid" });
    expect(problems({ slug: "tool", pricingModel: "contact-sales", ...free })).toEqual({ pricingModel: "pricingModelContactSales" });
    expect(problems({ slug: "tool", pricingModel: "", ...free })).toEqual({ pricingModel: "pricingModelChoose" });
    expect(problems({ slug: "", pricingModel: "free" })).toEqual({ slug: "confirmSubjectUnknown", plans: "pricingNoPlans" });
  });
});
