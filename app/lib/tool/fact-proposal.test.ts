import { describe, expect, it } from "vitest";
import { factChoice, factForm, factProposalText, isProposableFact, PROPOSABLE_FACT_KINDS, proposableValues, splitFactChoice } from "./fact-proposal";

describe("makers' proposable facts (issue 45)", () => {
  it("offers the kinds with closed values, each without 'unknown'", () => {
    expect(PROPOSABLE_FACT_KINDS).toEqual(["trains-on-content", "soc2-type2", "iso-27001", "dpa", "data-residency", "api-available"]);
    expect(proposableValues("soc2-type2")).toEqual(["yes", "no"]);
    expect(proposableValues("input-retention")).toEqual([]);
  });

  it("accepts a value only under its own kind", () => {
    expect(isProposableFact("soc2-type2", "yes")).toBe(true);
    expect(isProposableFact("data-residency", "choice")).toBe(true);
    expect(isProposableFact("soc2-type2", "choice")).toBe(false);
    expect(isProposableFact("soc2-type2", "unknown")).toBe(false);
    expect(isProposableFact("model-maker", "OpenAI")).toBe(false);
    expect(isProposableFact("made-up", "yes")).toBe(false);
  });

  it("reads the form's one choice back, and words a fact as the pages do", () => {
    expect(splitFactChoice(factChoice("trains-on-content", "if-allowed"))).toEqual(["trains-on-content", "if-allowed"]);
    expect(splitFactChoice("no-slash")).toEqual(["no-slash", ""]);
    expect(factProposalText({ fact: "soc2-type2", tier: "all", value: "yes" })).toBe("SOC 2 Type II report (All plans): Yes");
    expect(factProposalText({ fact: "trains-on-content", tier: "free", value: "yes" })).toBe("Trains its models on your content (Free plan): Yes, by default");
    expect(factProposalText(null)).toBe("Not listed");
  });

  it("gives the maker's form its words: answers grouped by fact, the tiers, and the facts listed now but the unpublished", () => {
    const form = factForm([
      { fact: "dpa", tier: "business", value: "yes", source: "https://example.com/dpa", enteredAt: "2026-12-01" },
      { fact: "soc2-type2", tier: "all", value: "unknown", enteredAt: "2026-12-01" },
      { fact: "trains-on-content", tier: "free", value: "yes", source: "https://example.com/privacy", enteredAt: "2026-12-01" },
    ]);
    expect(form.choices.map((group) => group.label)).toContain("SOC 2 Type II report");
    expect(form.choices.find((group) => group.label === "SOC 2 Type II report")!.options).toEqual([
      { value: "soc2-type2/yes", label: "SOC 2 Type II report: Yes" },
      { value: "soc2-type2/no", label: "SOC 2 Type II report: No" },
    ]);
    expect(form.tiers[0]).toEqual({ value: "all", label: "All plans" });
    expect(form.listed).toEqual(["Trains its models on your content (Free plan): Yes, by default", "Data processing agreement (Business and enterprise plans): Yes"]);
  });
});
