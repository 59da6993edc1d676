import { describe, expect, it } from "vitest";
import { checkable, factCanonical, factSubject, findEvidence, findPlatforms, periodsIn, platformsCanonical, sentencesOf } from "./fact-evidence";

const page = [
  "Security at Example",
  "We hold a SOC 2 Type II report, available under NDA. Our ISO/IEC 27001 certificate covers the platform.",
  "A Data Processing Addendum is available to every business customer.",
  "We do not train our models on your business data or API inputs by default.",
  "Free users: we may use your conversations to train models unless you turn it off in Settings.",
  "Enterprise customers can choose data residency in the EU or the US.",
  "API inputs are retained for up to 30 days for abuse monitoring, then deleted.",
  "The assistant is powered by models from OpenAI and Anthropic.",
  "Developers: read the API reference and create an API key to send your first request.",
].join("\n");

describe("a data fact's evidence on its page", () => {
  it("finds the sentence that states each checkable value", () => {
    expect(findEvidence(page, { fact: "soc2-type2", value: "yes" })).toEqual(["We hold a SOC 2 Type II report, available under NDA."]);
    expect(findEvidence(page, { fact: "iso-27001", value: "yes" })).toEqual(["Our ISO/IEC 27001 certificate covers the platform."]);
    expect(findEvidence(page, { fact: "dpa", value: "yes" })).toHaveLength(1);
    expect(findEvidence(page, { fact: "trains-on-content", value: "no" })).toEqual(["We do not train our models on your business data or API inputs by default."]);
    expect(findEvidence(page, { fact: "trains-on-content", value: "yes" })?.[0]).toContain("unless you turn it off");
    expect(findEvidence(page, { fact: "data-residency", value: "choice" })?.[0]).toContain("data residency");
    expect(findEvidence(page, { fact: "input-retention", value: "Up to 30 days; zero retention by agreement" })?.[0]).toContain("up to 30 days");
    expect(findEvidence(page, { fact: "model-maker", value: "OpenAI and Anthropic models" })).toEqual(["The assistant is powered by models from OpenAI and Anthropic."]);
    expect(findEvidence(page, { fact: "api-available", value: "yes" })).toEqual(["Developers: read the API reference and create an API key to send your first request."]);
  });

  it("confirms nothing the page does not say", () => {
    const bare = "Welcome to Example. We make great software. Contact sales.";
    for (const fact of [
      { fact: "soc2-type2", value: "yes" },
      { fact: "iso-27001", value: "yes" },
      { fact: "trains-on-content", value: "no" },
      { fact: "input-retention", value: "30 days" },
      { fact: "model-maker", value: "OpenAI (own models)" },
      { fact: "api-available", value: "yes" },
    ] as const)
      expect(findEvidence(bare, fact)).toBeNull();
    // SOC 2 without Type II is another report.
    expect(findEvidence("We completed a SOC 2 Type I audit.", { fact: "soc2-type2", value: "yes" })).toBeNull();
    // "Trains" with no negation does not state "does not train".
    expect(findEvidence("We train our models on your content.", { fact: "trains-on-content", value: "no" })).toBeNull();
    // A retention of 18 months is not stated by a sentence about 30 days.
    expect(findEvidence(page, { fact: "input-retention", value: "18 months by default" })).toBeNull();
    // Every maker the value names must be on the page.
    expect(findEvidence(page, { fact: "model-maker", value: "OpenAI, Anthropic and Google" })).toBeNull();
  });

  it("leaves to an editor what no sentence can prove", () => {
    expect(findEvidence(page, { fact: "soc2-type2", value: "no" })).toBeNull();
    expect(findEvidence(page, { fact: "data-residency", value: "no-choice" })).toBeNull();
    expect(findEvidence(page, { fact: "dpa", value: "unknown" })).toBeNull();
    expect(checkable({ fact: "soc2-type2", value: "no", source: "https://a.com/" })).toBe(false);
    expect(checkable({ fact: "soc2-type2", value: "yes" })).toBe(false);
    expect(checkable({ fact: "soc2-type2", value: "yes", source: "https://a.com/" })).toBe(true);
    expect(checkable({ fact: "input-retention", value: "Until you delete it", source: "https://a.com/" })).toBe(false);
  });

  it("names a fact's checks and what a confirmation covers", () => {
    expect(factSubject("chatgpt", { fact: "trains-on-content", tier: "api" })).toBe("chatgpt/trains-on-content/api");
    const fact = { fact: "dpa", tier: "all", value: "yes", source: "https://a.com/dpa" } as const;
    expect(factCanonical(fact)).toBe(factCanonical({ ...fact }));
    expect(factCanonical(fact)).not.toBe(factCanonical({ ...fact, value: "no" }));
    expect(factCanonical(fact)).not.toBe(factCanonical({ ...fact, source: "https://a.com/other" }));
  });

  it("reads sentences and periods", () => {
    expect(sentencesOf("One. Two!\nThree")).toEqual(["One.", "Two!", "Three"]);
    expect(periodsIn("18 months by default (3 or 36 selectable); up to 72 hours")).toEqual(["18 month", "72 hour"]);
  });

  it("confirms a list of platforms only when the page names every one", () => {
    const download = "Download the app\nChatGPT for Mac and Windows.\nGet it on the App Store or Google Play.\nOr use it in your browser.";
    expect(findPlatforms(download, ["web", "windows", "macos", "ios", "android"])).toEqual([
      "Or use it in your browser.",
      "ChatGPT for Mac and Windows.",
      "Get it on the App Store or Google Play.",
    ]);
    expect(findPlatforms(download, ["windows", "linux"])).toBeNull();
    expect(findPlatforms(download, [])).toBeNull();
    expect(platformsCanonical(["web", "ios"])).toBe(platformsCanonical(["ios", "web"]));
  });
});
