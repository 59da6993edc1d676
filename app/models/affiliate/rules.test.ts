import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { affiliateConfigSchema, affiliateUrl, clickValue, programFor, type AffiliateConfig } from "./rules";

const config: AffiliateConfig = affiliateConfigSchema.parse({
  defaultTrackingId: "atlas",
  programs: [
    { id: "shop", name: "Shop", hosts: ["amazon.com"], rule: { type: "query", params: { tag: "{id}" } }, trackingId: "atlas-20", lastChecked: "2026-11-23" },
    { id: "courses", name: "Courses", hosts: ["udemy.com"], rule: { type: "wrap", template: "https://click.example.net/deeplink?id={id}&murl={url}" }, lastChecked: "2026-11-23" },
    { id: "hosting", name: "Hosting", hosts: ["digitalocean.com"], rule: { type: "path", template: "https://m.do.co/c/{id}" }, lastChecked: "2026-11-23" },
    { id: "writer", name: "Writer", hosts: ["jasper.ai"], rule: { type: "query", params: { fpr: "{id}" } }, priority: "high", lastChecked: "2026-11-23" },
    { id: "own", name: "Own", hosts: ["writesonic.com"], rule: { type: "query", params: { via: "{id}" } }, lastChecked: "2026-11-23" },
    {
      id: "crm",
      name: "CRM",
      hosts: ["hubspot.com"],
      rule: { type: "query", params: { "hubs_signup-url": "{url}", "hubs_signup-cta": "{id}" } },
      priority: "very-high",
      lastChecked: "2026-11-23",
    },
  ],
});

describe("affiliateUrl (spec part 2 §7)", () => {
  it("gives retail links a tag parameter with the program's own id", () => {
    expect(affiliateUrl("https://www.amazon.com/dp/B0TEST?th=1", config)).toBe("https://www.amazon.com/dp/B0TEST?th=1&tag=atlas-20");
  });
  it("wraps course-marketplace links in the program's redirect, destination encoded", () => {
    expect(affiliateUrl("https://www.udemy.com/course/machine-learning/?x=1&y=2", config)).toBe(
      `https://click.example.net/deeplink?id=atlas&murl=${encodeURIComponent("https://www.udemy.com/course/machine-learning/?x=1&y=2")}`,
    );
  });
  it("turns hosting links into the referral path", () => {
    expect(affiliateUrl("https://www.digitalocean.com/pricing", config)).toBe("https://m.do.co/c/atlas");
  });
  it("gives writing-tool links fpr and other programs their own parameter", () => {
    expect(affiliateUrl("https://www.jasper.ai/pricing", config)).toBe("https://www.jasper.ai/pricing?fpr=atlas");
    expect(affiliateUrl("https://writesonic.com/", config)).toBe("https://writesonic.com/?via=atlas");
  });
  it("gives CRM links the signup-url and signup-cta pair", () => {
    const url = new URL(affiliateUrl("https://www.hubspot.com/products/crm?utm=x", config));
    expect(url.searchParams.get("hubs_signup-url")).toBe("https://www.hubspot.com/products/crm");
    expect(url.searchParams.get("hubs_signup-cta")).toBe("atlas");
    expect(url.searchParams.get("utm")).toBe("x");
  });
  it("gives any other link a ref parameter with the default id", () => {
    expect(affiliateUrl("https://www.canva.com/", config)).toBe("https://www.canva.com/?ref=atlas");
  });
  it("leaves a link that already carries the tracking id alone", () => {
    expect(affiliateUrl("https://www.canva.com/?ref=atlas", config)).toBe("https://www.canva.com/?ref=atlas");
    expect(affiliateUrl("https://www.amazon.com/dp/B0TEST?tag=atlas-20", config)).toBe("https://www.amazon.com/dp/B0TEST?tag=atlas-20");
  });
  it("sends a link that does not parse, or is not http(s), out unchanged", () => {
    expect(affiliateUrl("not a url", config)).toBe("not a url");
    expect(affiliateUrl("mailto:someone@example.com", config)).toBe("mailto:someone@example.com");
  });
  it("matches a program by host or subdomain, never by a look-alike", () => {
    expect(programFor("https://app.jasper.ai/x", config)?.id).toBe("writer");
    expect(programFor("https://notjasper.ai/x", config)).toBeUndefined();
    expect(programFor("https://jasper.ai.evil.example/x", config)).toBeUndefined();
  });
});

describe("clickValue", () => {
  it("is high=10, medium=5, anything else 1, and medium by default", () => {
    expect([clickValue("high"), clickValue("medium"), clickValue("very-high"), clickValue(undefined)]).toEqual([10, 5, 1, 5]);
  });
});

describe("content/affiliates.json", () => {
  it("is valid and holds the spec's programs with their rates and priorities", () => {
    const file = affiliateConfigSchema.parse(JSON.parse(readFileSync(new URL("../../../content/affiliates.json", import.meta.url), "utf8")));
    const byId = Object.fromEntries(file.programs.map((program) => [program.id, program]));
    expect(byId["jasper-ai"]?.commissionRate).toBe(30);
    expect(byId.writesonic?.commissionRate).toBe(30);
    expect(byId.hubspot).toMatchObject({ commissionRate: 100, priority: "very-high" });
    expect(byId.intercom?.commissionRate).toBe(25);
    expect(byId["surfer-seo"]).toMatchObject({ commissionRate: 25, priority: "medium" });
    expect(byId.semrush?.commissionRate).toBe(40);
  });
});
