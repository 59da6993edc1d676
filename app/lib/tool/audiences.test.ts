import { describe, expect, it } from "vitest";
import { AUDIENCES, audienceBySlug, describeCourseRule, describeRule } from "./audiences";
import { pageTitle } from "../seo/seo";
import { SITE_NAME, TITLE_MAX_LENGTH } from "../site";

describe("audience pages", () => {
  it("each has a branded title within 60 characters and a description of search-result length", () => {
    for (const audience of AUDIENCES) {
      const title = pageTitle(audience.title);
      expect(title.length, audience.slug).toBeLessThanOrEqual(TITLE_MAX_LENGTH);
      expect(title, audience.slug).toContain(SITE_NAME);
      expect(audience.description.length, audience.slug).toBeGreaterThan(70);
      expect(audience.description.length, audience.slug).toBeLessThanOrEqual(160);
    }
  });

  it("sections have distinct ids (they are the page's anchors) and rules that can match", () => {
    for (const audience of AUDIENCES) {
      const ids = audience.sections.map((section) => section.id);
      expect(new Set([...ids, "courses", "articles", "explore"]).size, audience.slug).toBe(ids.length + 3);
      for (const section of audience.sections) {
        expect(section.rule.categories.length).toBeGreaterThan(0);
        expect(section.rule.limit).toBeGreaterThan(0);
      }
    }
  });

  it("keeps the copy's promise: a page whose intro says its tools have a free plan requires one in every section", () => {
    const promising = AUDIENCES.filter((audience) => audience.intro.some((paragraph) => /free plan/i.test(paragraph)));
    expect(promising.map((audience) => audience.slug)).toEqual(["startup-toolkit", "career-resources"]);
    for (const audience of promising) for (const section of audience.sections) expect(section.rule.requires, `${audience.slug} ${section.id}`).toContain("Free plan");
  });

  it("each has a course rule over course categories that exist", async () => {
    const { readFileSync } = await import("node:fs");
    const categories = new Set((JSON.parse(readFileSync("content/course-categories.json", "utf8")) as { slug: string }[]).map((category) => category.slug));
    for (const audience of AUDIENCES) {
      expect(audience.courses.limit, audience.slug).toBeGreaterThan(0);
      for (const slug of audience.courses.categories) expect(categories.has(slug), `${audience.slug}: ${slug}`).toBe(true);
    }
    expect(describeCourseRule({ heading: "", text: "", categories: ["ai", "business"], freeOnly: true, limit: 3 }, (slug) => slug.toUpperCase())).toBe(
      "How we chose: free courses in AI or BUSINESS, best rated first, up to 3.",
    );
  });

  it("finds each page by its slug", () => {
    expect(audienceBySlug("business-hub")?.name).toBe("Business Hub");
    expect(audienceBySlug("courses")).toBeUndefined();
  });

  it("says each rule in words", () => {
    const name = (slug: string) => ({ design: "Design", research: "Research", productivity: "Productivity" })[slug] ?? slug;
    expect(describeRule({ categories: ["design"], limit: 3 }, name)).toBe("How we chose: tools in Design, reviewed tools first by our rating, then by name, up to 3.");
    expect(
      describeRule({ categories: ["design", "research", "productivity"], requires: ["Free plan", "API access"], anyOf: ["Team collaboration", "Templates"], limit: 6 }, name),
    ).toBe(
      "How we chose: tools in Design, Research or Productivity with a free plan and API access and team collaboration or templates, reviewed tools first by our rating, then by name, up to 6.",
    );
  });
});
