import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { categoriesFileSchema, categorySchema } from "./schemas";

const base = {
  slug: "seo-tools",
  name: "SEO Tools",
  description: "Tools that help you research keywords and optimise pages for search engines.",
  icon: "Search",
  color: "#2563eb",
  sortOrder: 0,
};
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

describe("category guide", () => {
  it("accepts 100 to 200 words", () => {
    expect(categorySchema.safeParse({ ...base, guide: words(100) }).success).toBe(true);
    expect(categorySchema.safeParse({ ...base, guide: words(200) }).success).toBe(true);
  });

  it("refuses a guide outside 100-200 words, or none", () => {
    for (const guide of [words(99), words(201), "", undefined]) {
      const result = categorySchema.safeParse({ ...base, guide });
      expect(result.success).toBe(false);
    }
    expect(JSON.stringify(categorySchema.safeParse({ ...base, guide: words(99) }).error?.issues)).toContain("must be 100-200 words");
  });

  it("every category in content has one", () => {
    const categories = categoriesFileSchema.parse(JSON.parse(readFileSync("content/categories.json", "utf8")));
    for (const category of categories) expect(category.guide.length).toBeGreaterThan(0);
  });
});
