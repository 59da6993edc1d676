import { describe, expect, it } from "vitest";
import { checkPageHead, summarise } from "./verification";

const page = (head: string, body = "") => `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;
const GOOD =
  '<title>AI Tools Directory | AI Tools Atlas</title><meta name="description" content="Find tools"/><link rel="canonical" href="https://example.com/tools"/>' +
  '<script type="application/ld+json">{"@type":"WebSite"}</script>';

describe("checkPageHead", () => {
  it("passes a head with one short title, a description, one canonical and JSON-LD that parses; icons' titles do not count", () => {
    const result = checkPageHead("/tools", page(GOOD, "<svg><title>icon</title></svg>"));
    expect(result.issues).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.info[0]).toContain("(35 characters)");
  });

  it("names every problem", () => {
    const long = "A".repeat(55) + " &amp; more";
    const html = page(`<title>${long}</title><title>x</title><link rel="canonical" href="/relative"/><script type="application/ld+json">{broken</script>`);
    expect(checkPageHead("/x", html).issues).toEqual([
      "/x: 2 title elements (one expected)",
      "/x: title is 62 characters (at most 60)",
      "/x: missing meta description",
      "/x: canonical URL is not absolute",
      "/x: JSON-LD does not parse",
    ]);
    expect(checkPageHead("/y", page('<meta name="description" content="d"/>')).issues).toEqual(["/y: 0 title elements (one expected)", "/y: 0 canonical links (one expected)"]);
    expect(checkPageHead("/y", page('<title>t</title><meta name="description" content="d"/><link rel="canonical" href="https://e.com/"/>')).warnings).toEqual(["/y: no JSON-LD"]);
  });
});

describe("summarise", () => {
  it("is PASSED only without issues, and counts warnings and tests", () => {
    const card = (issues: string[], warnings: string[]) => ({ id: "c", name: "C", issues, warnings, info: [] });
    expect(summarise([card([], ["w"]), card([], [])])).toEqual({ passed: true, issues: 0, warnings: 1, testsRun: 2 });
    expect(summarise([card(["a", "b"], []), card([], ["w", "v"]), card([], [])])).toEqual({ passed: false, issues: 2, warnings: 2, testsRun: 3 });
  });
});
