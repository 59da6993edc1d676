import { describe, expect, it } from "vitest";
import type { Plan } from "./pricing";
import { diffPricing, offersFreePlan, planFigure, type PricingState } from "./pricing-changes";

const free: Plan = { name: "Free", price: 0, currency: "USD", period: "month", limits: "Limited" };
const pro: Plan = { name: "Pro", price: 20, currency: "USD", period: "month", limits: "More" };
const team: Plan = { name: "Team", price: 30, currency: "USD", period: "month", per: "seat", limits: "Shared" };
const enterprise: Plan = { name: "Enterprise", price: null, limits: "Custom" };

const state = (plans: Plan[], extra: Partial<PricingState> = {}): PricingState => ({
  pricingModel: plans.some((plan) => plan.price === 0)
    ? plans.every((plan) => plan.price === 0)
      ? "free"
      : "freemium"
    : plans.some((plan) => plan.price)
      ? "paid"
      : "contact-sales",
  plans,
  hasFreeTrial: false,
  ...extra,
});

describe("diffPricing: no change", () => {
  it("finds nothing between equal states, whatever the plans' order, name case or wording of limits", () => {
    expect(diffPricing(state([free, pro, enterprise]), state([free, pro, enterprise]))).toEqual([]);
    expect(
      diffPricing(
        state([free, pro]),
        state([
          { ...pro, name: "PRO", limits: "Other words" },
          { ...free, name: " free " },
        ]),
      ),
    ).toEqual([]);
    expect(diffPricing(state([]), state([]))).toEqual([]);
  });

  it("treats an absent term and an undefined one alike, and a missing currency or period as dollars a month", () => {
    expect(diffPricing(state([pro]), state([{ ...pro, billedAnnually: undefined, per: undefined }]))).toEqual([]);
    expect(diffPricing(state([pro]), state([{ name: "Pro", price: 20, limits: "" }]))).toEqual([]);
    expect(diffPricing(state([enterprise]), state([{ ...enterprise, limits: "Call us" }]))).toEqual([]);
  });
});

describe("diffPricing: plans added and removed", () => {
  it("records a new plan and a withdrawn one by name, with their figures", () => {
    expect(diffPricing(state([free, pro]), state([free, pro, team]))).toEqual([{ kind: "plan-added", planName: "Team", before: null, after: planFigure(team) }]);
    expect(diffPricing(state([free, pro, team]), state([free, pro]))).toEqual([{ kind: "plan-removed", planName: "Team", before: planFigure(team), after: null }]);
  });

  it("sees a renamed plan as one removed and one added", () => {
    expect(diffPricing(state([free, pro]), state([free, { ...pro, name: "Plus" }])).map((change) => [change.kind, change.planName])).toEqual([
      ["plan-removed", "Pro"],
      ["plan-added", "Plus"],
    ]);
  });

  it("keeps no limits wording in the stored figure", () => {
    expect(planFigure(team)).toEqual({ name: "Team", price: 30, currency: "USD", period: "month", per: "seat" });
  });
});

describe("diffPricing: prices up and down", () => {
  it("compares like for like: same currency and period", () => {
    const [up] = diffPricing(state([free, pro]), state([free, { ...pro, price: 25 }]));
    expect(up).toEqual({ kind: "price-up", planName: "Pro", before: planFigure(pro), after: planFigure({ ...pro, price: 25 }) });
    expect(diffPricing(state([free, pro]), state([free, { ...pro, price: 15 }]))[0]!.kind).toBe("price-down");
  });

  it("counts a price change that also changes billing as a price change, both figures keeping their terms", () => {
    const after = { ...pro, price: 25, billedAnnually: true };
    expect(diffPricing(state([pro]), state([after]))).toEqual([{ kind: "price-up", planName: "Pro", before: planFigure(pro), after: planFigure(after) }]);
  });

  it("compares usage prices of the same unit", () => {
    const tokens: Plan = { name: "API", price: 3, currency: "USD", period: "usage", unit: "per 1M input tokens", limits: "" };
    expect(diffPricing(state([tokens], { pricingModel: "pay-per-use" }), state([{ ...tokens, price: 2.5 }], { pricingModel: "pay-per-use" }))[0]!.kind).toBe("price-down");
    expect(diffPricing(state([tokens]), state([{ ...tokens, unit: "per 1M output tokens" }]))[0]!.kind).toBe("terms-changed");
  });

  it("calls a plan that stops being free while another free plan stays a price rise", () => {
    const starter: Plan = { name: "Starter", price: 0, currency: "USD", period: "month", limits: "" };
    expect(diffPricing(state([free, starter, pro]), state([free, { ...starter, price: 10 }, pro]))).toEqual([
      { kind: "price-up", planName: "Starter", before: planFigure(starter), after: planFigure({ ...starter, price: 10 }) },
    ]);
    expect(diffPricing(state([free, { ...starter, price: 10 }]), state([free, starter]))[0]!.kind).toBe("price-down");
  });
});

describe("diffPricing: terms changed", () => {
  it("is a change of terms, not of price, when the currency or the period changes", () => {
    const euros = { ...pro, currency: "EUR" as const };
    expect(diffPricing(state([pro]), state([euros]))).toEqual([{ kind: "terms-changed", planName: "Pro", before: planFigure(pro), after: planFigure(euros) }]);
    expect(diffPricing(state([pro]), state([{ ...pro, price: 200, period: "year" }]))[0]!.kind).toBe("terms-changed");
    expect(diffPricing(state([pro]), state([{ ...pro, price: 19, currency: "GBP" }]))[0]!.kind).toBe("terms-changed");
  });

  it("is a change of terms when a flat price becomes per seat, even at a lower figure", () => {
    expect(diffPricing(state([pro]), state([{ ...pro, price: 15, per: "user" }]))[0]!.kind).toBe("terms-changed");
    expect(diffPricing(state([team]), state([{ ...team, per: "user" }]))[0]!.kind).toBe("terms-changed");
  });

  it("records the same figure with other terms: billing, seats, minimum, usage on top", () => {
    for (const terms of [{ billedAnnually: true }, { per: "seat" as const }, { plusUsage: true }]) {
      expect(diffPricing(state([pro]), state([{ ...pro, ...terms }]))).toEqual([
        { kind: "terms-changed", planName: "Pro", before: planFigure(pro), after: planFigure({ ...pro, ...terms }) },
      ]);
    }
    expect(diffPricing(state([team]), state([{ ...team, minSeats: 3 }]))[0]!.kind).toBe("terms-changed");
    expect(diffPricing(state([{ ...pro, billedAnnually: true }]), state([pro]))[0]!.kind).toBe("terms-changed");
  });

  it("records a figure published for a plan that was 'Contact sales', and withdrawn again", () => {
    const priced = { ...enterprise, price: 99, currency: "USD" as const, period: "month" as const };
    expect(diffPricing(state([pro, enterprise]), state([pro, priced]))).toEqual([
      { kind: "terms-changed", planName: "Enterprise", before: planFigure(enterprise), after: planFigure(priced) },
    ]);
    expect(diffPricing(state([pro, priced]), state([pro, enterprise]))[0]!.kind).toBe("terms-changed");
  });
});

describe("diffPricing: free plans", () => {
  it("records a free plan dropped once, not also as a plan removed", () => {
    expect(diffPricing(state([free, pro]), state([pro]))).toEqual([{ kind: "free-plan-dropped", planName: "Free", before: planFigure(free), after: null }]);
  });

  it("records a free plan that became paid as the free plan dropped, with its new figure", () => {
    const paid = { ...free, price: 5 };
    expect(diffPricing(state([free, pro]), state([paid, pro]))).toEqual([{ kind: "free-plan-dropped", planName: "Free", before: planFigure(free), after: planFigure(paid) }]);
  });

  it("records a free plan added, new or a paid plan made free", () => {
    expect(diffPricing(state([pro]), state([free, pro]))).toEqual([{ kind: "free-plan-added", planName: "Free", before: null, after: planFigure(free) }]);
    expect(diffPricing(state([pro, team]), state([{ ...pro, price: 0 }, team]))).toEqual([
      { kind: "free-plan-added", planName: "Pro", before: planFigure(pro), after: planFigure({ ...pro, price: 0 }) },
    ]);
  });

  it("says nothing of the free plan when one free plan replaces another", () => {
    const hobby = { ...free, name: "Hobby" };
    expect(diffPricing(state([free, pro]), state([hobby, pro])).map((change) => change.kind)).toEqual(["plan-removed", "plan-added"]);
  });

  it("reads a free plan from a plan priced 0 or from the model (a community tool's 'free' or 'freemium')", () => {
    expect(offersFreePlan({ pricingModel: "paid", plans: [free, pro] })).toBe(true);
    expect(offersFreePlan({ pricingModel: "freemium", plans: [{ ...pro, name: "Paid plans" }] })).toBe(true);
    expect(offersFreePlan({ pricingModel: "paid", plans: [pro] })).toBe(false);
    const paidPlans = [{ ...pro, name: "Paid plans" }];
    expect(diffPricing({ pricingModel: "freemium", plans: paidPlans, hasFreeTrial: false }, { pricingModel: "paid", plans: paidPlans, hasFreeTrial: false })).toEqual([
      { kind: "free-plan-dropped", planName: null, before: null, after: null },
    ]);
    expect(diffPricing({ pricingModel: "paid", plans: paidPlans, hasFreeTrial: false }, { pricingModel: "freemium", plans: paidPlans, hasFreeTrial: false })[0]!.kind).toBe(
      "free-plan-added",
    );
  });

  it("does not compare a free plan's terms", () => {
    expect(diffPricing(state([free, pro]), state([{ ...free, period: "year" }, pro]))).toEqual([]);
  });
});

describe("diffPricing: trial and several changes at once", () => {
  it("records a trial added or ended", () => {
    expect(diffPricing(state([pro]), state([pro], { hasFreeTrial: true }))).toEqual([
      { kind: "trial-changed", planName: null, before: { hasFreeTrial: false }, after: { hasFreeTrial: true } },
    ]);
    expect(diffPricing(state([pro], { hasFreeTrial: true }), state([pro]))[0]!.after).toEqual({ hasFreeTrial: false });
  });

  it("lists every change in a stable order: free plan, removed plans, then the plans as they are now, then the trial", () => {
    const before = state([free, pro, team, enterprise], { hasFreeTrial: true });
    const after = state(
      [
        { ...pro, price: 25 },
        { ...team, price: 28 },
        { name: "Scale", price: 99, currency: "USD", period: "month", limits: "" },
      ],
      { hasFreeTrial: false },
    );
    expect(diffPricing(before, after).map((change) => [change.kind, change.planName])).toEqual([
      ["free-plan-dropped", "Free"],
      ["plan-removed", "Enterprise"],
      ["price-up", "Pro"],
      ["price-down", "Team"],
      ["plan-added", "Scale"],
      ["trial-changed", null],
    ]);
  });

  it("ignores a model change its plans do not make a buyer's change (paid to pay-per-use with the same plans)", () => {
    expect(diffPricing(state([pro]), state([pro], { pricingModel: "pay-per-use" }))).toEqual([]);
  });
});
