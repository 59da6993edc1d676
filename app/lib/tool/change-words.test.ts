import { describe, expect, it } from "vitest";
import { CHANGE_KIND_LABELS, CHANGE_SOURCE_WORDS, changeKindLabel, changeSourceWords, describeChange } from "./change-words";
import type { Plan } from "./pricing";
import { diffPricing, planFigure } from "./pricing-changes";

const pro: Plan = { name: "Pro", price: 20, currency: "USD", period: "month", limits: "" };
const team: Plan = { name: "Team", price: 30, currency: "USD", period: "month", per: "seat", limits: "" };
const free: Plan = { name: "Free", price: 0, currency: "USD", period: "month", limits: "" };
const model = (plans: Plan[]) => (plans.some((plan) => plan.price === 0) ? "freemium" : "paid");
const words = (before: Plan[], after: Plan[], trial = [false, false]) =>
  diffPricing({ pricingModel: model(before), plans: before, hasFreeTrial: trial[0]! }, { pricingModel: model(after), plans: after, hasFreeTrial: trial[1]! }).map(describeChange);

describe("a change in words", () => {
  it("prints both figures of a price change with all their terms", () => {
    expect(words([free, pro], [free, { ...pro, price: 25, billedAnnually: true }])).toEqual(["Pro: $20/month → $25/month, billed annually"]);
    expect(words([free, pro], [free, { ...pro, currency: "EUR" }])).toEqual(["Pro: $20/month → €20/month"]);
    expect(words([free, { ...team, minSeats: 3 }], [free, team])).toEqual(["Team: $30/month per seat, 3 seats minimum → $30/month per seat"]);
  });

  it("names plans added and removed with their price", () => {
    expect(words([free, pro], [free, pro, team])).toEqual(["Plan added: Team $30/month per seat"]);
    expect(words([free, pro, team], [free, pro])).toEqual(["Plan removed: Team $30/month per seat"]);
    expect(words([free, pro], [free, pro, { name: "Enterprise", price: null, limits: "" }])).toEqual(["Plan added: Enterprise (contact sales)"]);
  });

  it("says a free plan was dropped or added, and what it costs or cost", () => {
    expect(words([free, pro], [pro])).toEqual(["Free plan dropped: Free"]);
    expect(words([free, pro], [{ ...free, price: 5 }, pro])).toEqual(["Free plan dropped: Free, now $5/month"]);
    expect(words([pro], [{ ...pro, price: 0 }])).toEqual(["Free plan added: Pro, was $20/month"]);
    expect(describeChange({ kind: "free-plan-dropped", planName: null, before: null, after: null })).toBe("Free plan dropped");
  });

  it("says a trial was added or ended", () => {
    expect(words([pro], [pro], [false, true])).toEqual(["Free trial added"]);
    expect(words([pro], [pro], [true, false])).toEqual(["Free trial no longer offered"]);
  });

  it("describes the site events the link checker records", () => {
    expect(describeChange({ kind: "site-down", planName: null, before: { url: "https://a.com/" }, after: { status: null, error: "dns" } })).toBe(
      "Site went dark: the link failed 3 checks in a row (last: Host not found (DNS))",
    );
    expect(describeChange({ kind: "site-down", planName: null, before: null, after: { status: 404, error: null } })).toContain("(last: 404 Not found)");
    expect(describeChange({ kind: "site-moved", planName: null, before: { site: "a.com" }, after: { site: "b.ai" } })).toBe("Site moved to another domain: a.com → b.ai");
    expect(describeChange({ kind: "review-verified", planName: null, before: null, after: null })).toBe("A reader's review was marked Verified");
    // A policy page's change claims nothing about what changed until an editor has written it (issue 44).
    const policy = { kind: "policy-changed", planName: null, before: null, after: { page: "privacy", url: "https://a.com/privacy" } };
    expect(describeChange(policy)).toBe("Privacy policy changed; our editors have not yet described what changed");
    expect(describeChange({ ...policy, editorNote: "Chats are now kept for 30 days instead of 90." })).toBe(
      "Privacy policy changed: Chats are now kept for 30 days instead of 90.",
    );
    expect(
      describeChange({
        kind: "data-fact-changed",
        planName: null,
        before: { fact: "soc2-type2", tier: "all", value: "unknown" },
        after: { fact: "soc2-type2", tier: "all", value: "yes" },
      }),
    ).toBe("SOC 2 Type II report (All plans): Not published → Yes");
    expect(describeChange({ kind: "data-fact-changed", planName: null, before: null, after: { fact: "dpa", tier: "business", value: "yes" } })).toBe(
      "Data processing agreement (Business and enterprise plans): not listed → Yes",
    );
  });

  it("says only that a policy page changed until an editor has said what changed, then says it in their words", () => {
    const after = { page: "privacy", url: "https://acme.com/privacy", check: 7 };
    expect(describeChange({ kind: "policy-changed", planName: null, before: { check: 3 }, after })).toBe("Privacy policy changed; our editors have not yet described what changed");
    expect(describeChange({ kind: "policy-changed", planName: null, before: null, after: { ...after, page: "terms" }, editorNote: null })).toBe(
      "Terms of service changed; our editors have not yet described what changed",
    );
    expect(describeChange({ kind: "policy-changed", planName: null, before: null, after, editorNote: "Chats are now kept for 90 days." })).toBe(
      "Privacy policy changed: Chats are now kept for 90 days.",
    );
  });

  it("has a label for every kind and words for every source, and says only the price check checked anything", () => {
    expect(changeKindLabel("price-up")).toBe("Price up");
    expect(changeSourceWords("content")).toBe("from our catalogue update");
    const claims = Object.entries(CHANGE_SOURCE_WORDS).filter(([, text]) => /checked|verified|confirmed/i.test(text));
    expect(claims.map(([source]) => source)).toEqual(["fetch"]);
    expect(Object.keys(CHANGE_KIND_LABELS)).toHaveLength(14);
    // A maker's accepted proposal says whose it was and who accepted it, and claims no check.
    expect(changeSourceWords("maker")).toBe("as proposed by the maker, accepted by our editors");
    expect(describeChange({ kind: "plan-added", planName: "Team", before: null, after: planFigure(team) })).toBe("Plan added: Team $30/month per seat");
  });

  it("says what a maker's accepted listing change changed: platforms by name, a website by address, a description only that it was rewritten", () => {
    const platforms = { kind: "listing-changed", planName: null, before: { field: "platforms", value: ["web"] }, after: { field: "platforms", value: ["web", "ios", "vscode"] } };
    expect(describeChange(platforms)).toBe("Platforms: Web → Web, iOS, VS Code");
    const website = { kind: "listing-changed", planName: null, before: { field: "website", value: "https://a.example" }, after: { field: "website", value: "https://b.example" } };
    expect(describeChange(website)).toBe("Website: https://a.example → https://b.example");
    expect(describeChange({ kind: "listing-changed", planName: null, before: { field: "description", value: "Old." }, after: { field: "description", value: "New." } })).toBe(
      "Description rewritten",
    );
    const logo = { field: "logo", value: { kind: "upload", key: `logos/${"a".repeat(32)}-1764806400000.webp` } };
    expect(describeChange({ kind: "listing-changed", planName: null, before: { field: "logo", value: { kind: "brand", key: "notion" } }, after: logo })).toBe("Logo replaced");
  });
});
