import { describe, expect, it } from "vitest";
import { breadcrumbsFor } from "./breadcrumbs";

describe("breadcrumbsFor", () => {
  it("starts at Home and names tools 'AI Tools'", () => {
    expect(breadcrumbsFor("/tools")).toEqual([
      { label: "Home", href: "/" },
      { label: "AI Tools", href: "/tools" },
    ]);
  });

  it("reads 'comparison' as 'Tool Comparison'", () => {
    expect(breadcrumbsFor("/tools/comparison").map((c) => c.label)).toEqual(["Home", "AI Tools", "Tool Comparison"]);
  });

  it("skips the 'category' segment but keeps the category's own link", () => {
    expect(breadcrumbsFor("/tools/category/seo-tools")).toEqual([
      { label: "Home", href: "/" },
      { label: "AI Tools", href: "/tools" },
      { label: "Seo tools", href: "/tools/category/seo-tools" },
    ]);
  });

  it("skips 'resources', which has no page of its own", () => {
    expect(breadcrumbsFor("/resources/ai-tools-comparison-matrix", "AI Tools Comparison Matrix")).toEqual([
      { label: "Home", href: "/" },
      { label: "AI Tools Comparison Matrix", href: "/resources/ai-tools-comparison-matrix" },
    ]);
  });

  it("lets the page name the last crumb", () => {
    expect(breadcrumbsFor("/tools/category/seo-tools", "SEO Tools").at(-1)?.label).toBe("SEO Tools");
  });

  it("has only Home on the home page", () => {
    expect(breadcrumbsFor("/")).toEqual([{ label: "Home", href: "/" }]);
  });
});
