import { describe, expect, it } from "vitest";
import { diffDataFacts, doesNotTrainOn, factValueText, isStale, nextStaleMoment, sortedFacts, type DataFact } from "./data-facts";

const fact = (change: Partial<DataFact>): DataFact => ({
  fact: "trains-on-content",
  tier: "business",
  value: "no",
  source: "https://example.com/p",
  enteredAt: "2026-12-04",
  ...change,
});

describe("data facts", () => {
  it("passes the training filter only on a stated no for that tier or for all plans", () => {
    expect(doesNotTrainOn([fact({})], "business")).toBe(true);
    expect(doesNotTrainOn([fact({ tier: "all" })], "business")).toBe(true);
    expect(doesNotTrainOn([fact({ tier: "free", value: "no" })], "business")).toBe(false);
    expect(doesNotTrainOn([fact({ value: "unknown" })], "business")).toBe(false);
    expect(doesNotTrainOn([fact({ value: "if-allowed" })], "business")).toBe(false);
    expect(doesNotTrainOn([fact({}), fact({ tier: "all", value: "yes" })], "business")).toBe(false);
    expect(doesNotTrainOn([], "business")).toBe(false);
  });

  it("says unknown as not published and a closed value in words", () => {
    expect(factValueText(fact({ value: "unknown" }))).toBe("Not published");
    expect(factValueText(fact({ value: "yes" }))).toBe("Yes, by default");
    expect(factValueText(fact({ value: "if-allowed" }))).toBe("Only if you allow it");
    expect(factValueText(fact({ fact: "dpa", value: "yes" }))).toBe("Yes");
    expect(factValueText(fact({ fact: "model-maker", value: "no" }))).toBe("no");
  });

  it("marks a fact more than 180 days old, and knows when the next one will be", () => {
    expect(isStale("2026-06-06", "2026-12-03")).toBe(false);
    expect(isStale("2026-06-06", "2026-12-04")).toBe(true);
    expect(nextStaleMoment([{ enteredAt: "2026-06-06" }, { enteredAt: "2026-12-01" }], new Date("2026-12-03T10:00:00Z"))).toBe(Date.parse("2026-12-04T00:00:00Z"));
    expect(nextStaleMoment([{ enteredAt: "2026-01-01" }], new Date("2026-12-03T10:00:00Z"))).toBeUndefined();
  });

  it("lists facts by kind, then tier", () => {
    const sorted = sortedFacts([fact({ fact: "dpa", tier: "all" }), fact({ tier: "api" }), fact({ tier: "free" })]);
    expect(sorted.map((f) => `${f.fact}/${f.tier}`)).toEqual(["trains-on-content/free", "trains-on-content/api", "dpa/all"]);
  });

  it("tells a changed, new or dropped value from a reworded detail or a new page", () => {
    const was = [fact({}), fact({ fact: "dpa", tier: "all", value: "unknown" }), fact({ fact: "soc2-type2", tier: "all", value: "yes" })];
    const now = [
      fact({ detail: "Reworded", source: "https://example.com/q" }),
      fact({ fact: "dpa", tier: "all", value: "yes" }),
      fact({ fact: "iso-27001", tier: "all", value: "yes" }),
    ];
    expect(diffDataFacts(was, now)).toEqual([
      { before: { fact: "soc2-type2", tier: "all", value: "yes" }, after: null },
      { before: null, after: { fact: "iso-27001", tier: "all", value: "yes" } },
      { before: { fact: "dpa", tier: "all", value: "unknown" }, after: { fact: "dpa", tier: "all", value: "yes" } },
    ]);
    expect(diffDataFacts(was, was)).toEqual([]);
  });
});
