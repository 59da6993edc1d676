import { describe, expect, it } from "vitest";
import { factChoice, factProposalText, isProposableFact, PROPOSABLE_FACT_KINDS, proposableValues, splitFactChoice } from "./fact-proposal";

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
});
