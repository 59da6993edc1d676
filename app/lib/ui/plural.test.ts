import { describe, expect, it } from "vitest";
import { categoryTools, countCategoryTools, countOf, pluralise } from "./plural";

describe("plurals", () => {
  it.each([
    [0, "0 reviews"],
    [1, "1 review"],
    [2, "2 reviews"],
    [1234, "1,234 reviews"],
  ])("%i -> %s", (count, text) => {
    expect(countOf(count, "review")).toBe(text);
  });

  it("takes irregular plurals", () => {
    expect(countOf(1, "person", "people")).toBe("1 person");
    expect(countOf(3, "person", "people")).toBe("3 people");
    expect(pluralise(2, "retry", "retries")).toBe("retries");
    expect(pluralise(1, "Review")).toBe("Review");
  });
});

describe("category tools", () => {
  it.each([
    ["SEO Tools", 4, "4 SEO tools"],
    ["SEO Tools", 1, "1 SEO tool"],
    ["Content Writing", 1, "1 Content Writing tool"],
    ["Content Writing", 0, "0 Content Writing tools"],
    ["Voice & Audio", 12, "12 Voice & Audio tools"],
  ])("%s x %i -> %s", (name, count, text) => {
    expect(countCategoryTools(count, name)).toBe(text);
  });

  it("never doubles 'Tools' in a heading", () => {
    expect(categoryTools("SEO Tools", 1, { title: true })).toBe("SEO Tool");
    expect(categoryTools("SEO Tools", 2, { title: true })).toBe("SEO Tools");
    expect(categoryTools("Design", 1, { title: true })).toBe("Design Tool");
    expect(categoryTools("Design", 2, { title: true })).toBe("Design Tools");
  });
});
