import { describe, expect, it } from "vitest";
import { canonicalJson, dealFacts, pricingFacts, siteDomain, sourceUrlIssue, toolFacts } from "./provenance";

describe("canonicalJson", () => {
  it("gives the same text whatever the key order (jsonb reorders keys), and another text when a fact changes", () => {
    const plan = { name: "Plus", price: 20, currency: "USD", period: "month", limits: "More" };
    const reordered = { limits: "More", period: "month", currency: "USD", price: 20, name: "Plus" };
    expect(pricingFacts({ model: "paid", plans: [plan] })).toBe(pricingFacts({ model: "paid", plans: [reordered] }));
    expect(pricingFacts({ model: "paid", plans: [plan] })).not.toBe(pricingFacts({ model: "paid", plans: [{ ...plan, price: 25 }] }));
    expect(canonicalJson({ b: [1, { d: 1, c: undefined }], a: null })).toBe('{"a":null,"b":[1,{"d":1}]}');
  });

  it("leaves a deal's wording and a review's dates and byline out of the facts", () => {
    const deal = { discount: "20% off", expiryDate: "Ongoing", source: "https://a.example/pricing", toolSlug: "a" };
    expect(dealFacts({ ...deal, code: undefined })).toBe(dealFacts({ ...deal, code: null }));
    const tool = { pricing: { model: "free", plans: [] }, features: ["x"], capabilities: ["Free plan"] };
    const review = { toolSlug: "a", authorId: "ed", publishedAt: "2026-11-23", lastTestedAt: "2026-11-23", verdict: "Good." };
    expect(toolFacts(tool, review)).toBe(toolFacts(tool, { ...review, publishedAt: "2026-12-01", lastTestedAt: "2026-12-01", authorId: "other" }));
    expect(toolFacts(tool, review)).not.toBe(toolFacts(tool, { ...review, verdict: "Better." }));
    expect(toolFacts(tool, null)).not.toBe(toolFacts({ ...tool, features: ["y"] }, null));
  });
});

describe("sourceUrlIssue", () => {
  it("takes https pages on the tool's own domain, its subdomains and known vendor domains", () => {
    expect(siteDomain("www.screamingfrog.co.uk")).toBe("screamingfrog.co.uk");
    expect(sourceUrlIssue("https://www.screamingfrog.co.uk/seo-spider/pricing/", "https://www.screamingfrog.co.uk")).toBeNull();
    expect(sourceUrlIssue("https://mistral.ai/pricing", "https://chat.mistral.ai")).toBeNull();
    expect(sourceUrlIssue("https://aws.amazon.com/q/developer/pricing/", "https://aws.amazon.com/q/developer/")).toBeNull();
    expect(sourceUrlIssue("https://claude.com/pricing", "https://claude.ai")).toBeNull();
    expect(sourceUrlIssue("https://openai.com/chatgpt/pricing/", "https://sora.com")).toBeNull();
  });

  it("refuses http, other sites and lookalike hosts", () => {
    expect(sourceUrlIssue("http://cursor.com/pricing", "https://cursor.com")).toMatch(/https/);
    expect(sourceUrlIssue("https://cursor.com.evil.example/pricing", "https://cursor.com")).toMatch(/own domain \(cursor\.com\)/);
    expect(sourceUrlIssue("https://notcursor.com/pricing", "https://cursor.com")).toMatch(/own domain/);
    expect(sourceUrlIssue("not a url", "https://cursor.com")).toMatch(/full https URL/);
    // Each allowed domain is named once, though claude.ai is both the host and its registrable domain.
    expect(sourceUrlIssue("https://claude.example.net/pricing", "https://claude.ai")).toMatch(/own domain \(claude\.ai\) or claude\.com, anthropic\.com;/);
  });
});
