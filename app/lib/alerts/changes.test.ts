import { describe, expect, it } from "vitest";
import { describeChange, planFigure } from "./changes";

describe("a change in a watcher's words", () => {
  it("says a price change with both figures and their terms", () => {
    expect(
      describeChange({
        kind: "price-up",
        planName: "Pro",
        before: { price: 20, currency: "USD", period: "month" },
        after: { price: 25, currency: "USD", period: "month", billedAnnually: true },
      }),
    ).toBe("Pro went up from $20/month to $25/month, billed annually.");
    expect(
      describeChange({
        kind: "price-down",
        planName: "Team",
        before: { price: 30, period: "month", per: "seat", minSeats: 5 },
        after: { price: 25, period: "month", per: "seat", minSeats: 5 },
      }),
    ).toMatch(/^Team went down from \$30\/month per seat.* to \$25\/month per seat/);
  });

  it("names added and removed plans with their price, and a free plan that goes", () => {
    expect(describeChange({ kind: "plan-added", planName: "Enterprise", before: null, after: { price: null } })).toBe("New plan Enterprise: Contact sales.");
    expect(describeChange({ kind: "plan-removed", planName: "Starter", before: { price: 9, period: "month" }, after: null })).toBe("Plan Starter was removed (it was $9/month).");
    expect(describeChange({ kind: "free-plan-dropped", planName: "Free", before: { price: 0 }, after: null })).toBe("The free plan Free is gone.");
  });

  it("says trials, links and Verified reviews without inventing figures", () => {
    expect(describeChange({ kind: "trial-changed", planName: null, before: { trial: true }, after: { trial: false } })).toBe("Free trial: was a free trial, now no free trial.");
    expect(describeChange({ kind: "site-moved", planName: null, before: null, after: { finalUrl: "https://parked.example/" } })).toContain("https://parked.example/");
    expect(describeChange({ kind: "site-down", planName: null, before: null, after: null })).toMatch(/stopped answering/);
    expect(describeChange({ kind: "review-verified", planName: null, before: null, after: { rating: 4 } })).toBe(
      "A reader's review (4/5) was marked Verified: the reader showed proof of use.",
    );
  });

  it("says 'none' for a figure that is not a plan", () => {
    expect(planFigure(null, "Pro")).toBe("none");
    expect(planFigure({ price: "20" }, "Pro")).toBe("none");
  });
});
