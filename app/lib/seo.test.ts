import { describe, expect, it } from "vitest";
import { pageMeta, pageTitle } from "./seo";
import { SITE_NAME } from "./site";

describe("pageTitle", () => {
  it("appends the brand on inner pages when it fits", () => {
    expect(pageTitle("AI Tools Directory")).toBe(`AI Tools Directory | ${SITE_NAME}`);
  });

  it("does not append the brand on the home page", () => {
    expect(pageTitle("Find the right AI tool", { isHome: true })).toBe("Find the right AI tool");
  });

  it("strips a trailing brand suffix before deciding", () => {
    expect(pageTitle(`Contact | ${SITE_NAME}`)).toBe(`Contact | ${SITE_NAME}`);
    expect(pageTitle(`Contact - ${SITE_NAME}`)).toBe(`Contact | ${SITE_NAME}`);
  });

  it("leaves the brand off when the result would exceed 60 characters", () => {
    const title = "Surfer SEO vs Clearscope: which content optimizer wins";
    expect(title.length).toBeLessThanOrEqual(60);
    expect(pageTitle(title)).toBe(title);
  });

  it("cuts titles over 60 characters at a word boundary with an ellipsis", () => {
    const long = "The complete and honest guide to choosing an AI writing assistant for your team in 2026";
    const result = pageTitle(long);
    expect(result.length).toBeLessThanOrEqual(60);
    expect(result.endsWith("…")).toBe(true);
    expect(long.startsWith(result.slice(0, -1))).toBe(true);
    expect(result.slice(0, -1)).not.toMatch(/\s$/);
  });
});

describe("pageMeta", () => {
  it("gives an absolute canonical URL and noindex when asked", () => {
    const meta = pageMeta({ title: "Not found", description: "d", path: "/404", siteUrl: "https://example.com", noindex: true });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://example.com/404" });
    expect(meta).toContainEqual({ name: "robots", content: "noindex, follow" });
  });
});
