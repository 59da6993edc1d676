import { describe, expect, it } from "vitest";
import { isVendorUrl, registrableDomain, stringsOf, testingClaims } from "./review-basis";

describe("testingClaims (issue 26: say only what happened)", () => {
  it.each([
    ["In our testing the editor was fast.", "In our testing"],
    ["This comparison is based on our testing as of November.", "based on our testing"],
    ["We tested it on three projects.", "We tested"],
    ["We have tried every plan.", "We have tried"],
    ["He tests tools hands-on through their free plans.", "tests tools"],
    ["Last tested 2026-11-23", "Last tested"],
    ["Claude Code is strong for hands-on development work", "hands-on"],
    ["Reading the documentation, testing free plans or trials and comparing pricing.", "testing free plans"],
    ["From first-hand use, the output is clean.", "first-hand"],
  ])("finds the claim in %j", (text, claim) => {
    expect(testingClaims(text)).toContain(claim);
  });

  it.each([
    "Run A/B testing on subject lines.",
    "Keep offline, tested backups.",
    "Interactive prototypes for user testing",
    "Regression testing prompts",
    "We have not tested it ourselves.",
    "Based on the vendor's documentation, pricing page and public materials, read on November 23, 2026.",
  ])("finds no claim in %j", (text) => {
    expect(testingClaims(text)).toEqual([]);
  });

  it("in our own voice only: a reader's 'I used' and a job seeker's 'hands-on experience' are not ours", () => {
    expect(testingClaims("Can AI detectors prove that I used AI?", { firstPersonOnly: true })).toEqual([]);
    expect(testingClaims("Research roles ask for hands-on experience.", { firstPersonOnly: true })).toEqual([]);
    expect(testingClaims("In our experience it is slow; we tried it twice.", { firstPersonOnly: true })).toEqual(["In our experience", "we tried"]);
  });

  it("walks every string of a review with its path", () => {
    expect(stringsOf({ overview: "a", pros: ["b", "c"], plans: [{ features: ["d"] }], score: 3 })).toEqual([
      { path: ["overview"], text: "a" },
      { path: ["pros", 0], text: "b" },
      { path: ["pros", 1], text: "c" },
      { path: ["plans", 0, "features", 0], text: "d" },
    ]);
  });
});

describe("the vendor's domain of a review source", () => {
  it.each([
    ["docs.github.com", "github.com"],
    ["www.screamingfrog.co.uk", "screamingfrog.co.uk"],
    ["gemini.google.com", "google.com"],
    ["example.com.au", "example.com.au"],
    ["claude.ai", "claude.ai"],
  ])("%s is on %s", (host, domain) => {
    expect(registrableDomain(host)).toBe(domain);
  });

  it("accepts the tool's own domain and the domains the review names, nothing else", () => {
    expect(isVendorUrl("https://help.zapier.com/hc/en-us", "https://zapier.com")).toBe(true);
    expect(isVendorUrl("https://zapier.example.com/", "https://zapier.com")).toBe(false);
    expect(isVendorUrl("https://help.openai.com/", "https://chatgpt.com")).toBe(false);
    expect(isVendorUrl("https://help.openai.com/", "https://chatgpt.com", ["openai.com"])).toBe(true);
  });
});
