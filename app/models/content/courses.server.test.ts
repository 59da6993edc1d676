import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appRoot } from "~/utils/paths.server";
import { ContentError, loadEditorialContent } from "./load.server";

/** A scratch content folder holding only the course files, each test starting from the real ones. */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "aitools-courses-"));
  for (const name of ["course-categories.json", "course-platforms.json", "courses"]) cpSync(path.join(appRoot(), "content", name), path.join(dir, name), { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string) => path.join(dir, name);
const read = (name: string) => JSON.parse(readFileSync(file(name), "utf8"));
const write = (name: string, value: unknown) => writeFileSync(file(name), JSON.stringify(value));
const edit = (name: string, change: (value: Record<string, unknown>) => unknown) => write(name, change(read(name)));

describe("course content", () => {
  it("loads every course with its category and platform, exactly two featured", () => {
    const { courses, courseCategories, coursePlatforms } = loadEditorialContent(dir);
    expect(courses.length).toBeGreaterThanOrEqual(24);
    expect(courses.filter((course) => course.featured)).toHaveLength(2);
    expect(courseCategories.map((category) => category.slug)).toEqual(["data-science", "ai", "cybersecurity", "business", "real-estate", "digital-marketing"]);
    expect(courseCategories.find((category) => category.slug === "ai")?.aliases).toEqual(["artificial-intelligence"]);
    expect(coursePlatforms.map((platform) => platform.slug)).toEqual(["udemy", "coursera", "skillshare", "edx"]);
    expect(new Set(courses.map((course) => course.platform))).toEqual(new Set(["udemy", "coursera", "skillshare", "edx"]));
    for (const course of courses) expect(course.addedAt, course.slug).toBe("2026-11-23");
  });

  it("stops at an unknown category or platform, naming the file", () => {
    edit("courses/ai-for-everyone.json", (course) => ({ ...course, category: "gardening" }));
    expect(() => loadEditorialContent(dir)).toThrow(ContentError);
    expect(() => loadEditorialContent(dir)).toThrow('content/courses/ai-for-everyone.json: category "gardening" is not in course-categories.json');
    edit("courses/ai-for-everyone.json", (course) => ({ ...course, category: "ai", platform: "khan-academy" }));
    expect(() => loadEditorialContent(dir)).toThrow('content/courses/ai-for-everyone.json: platform "khan-academy" is not in course-platforms.json');
  });

  it("stops unless exactly two courses are featured, naming the featured files", () => {
    edit("courses/ai-for-everyone.json", (course) => ({ ...course, featured: true }));
    expect(() => loadEditorialContent(dir)).toThrow(/content\/courses: 3 courses are featured: .*ai-for-everyone\.json.*; exactly 2 must be/);
    edit("courses/ai-for-everyone.json", (course) => ({ ...course, featured: false }));
    edit("courses/machine-learning-specialization.json", (course) => ({ ...course, featured: false }));
    expect(() => loadEditorialContent(dir)).toThrow(/content\/courses: 1 courses are featured: content\/courses\/cs50-introduction-to-ai-with-python\.json; exactly 2 must be/);
  });

  it("stops at a bad field, a file named after another slug, or a duplicate slug or alias", () => {
    edit("courses/ai-for-everyone.json", (course) => ({ ...course, level: "Expert" }));
    expect(() => loadEditorialContent(dir)).toThrow(/ai-for-everyone\.json: level:/);
    edit("courses/ai-for-everyone.json", (course) => ({ ...course, level: "Beginner", rating: 7 }));
    expect(() => loadEditorialContent(dir)).toThrow(/ai-for-everyone\.json: rating:/);
    edit("courses/ai-for-everyone.json", (course) => ({ ...course, rating: 4.8, salePrice: 10 }));
    expect(() => loadEditorialContent(dir)).toThrow(/ai-for-everyone\.json: salePrice: needs priceUsd/);
    edit("courses/ai-for-everyone.json", (course) => ({ ...course, priceUsd: 5 }));
    expect(() => loadEditorialContent(dir)).toThrow(/ai-for-everyone\.json: salePrice: must be below priceUsd/);
    edit("courses/ai-for-everyone.json", (course) => ({ ...course, slug: "ai-for-all", priceUsd: undefined, salePrice: undefined }));
    expect(() => loadEditorialContent(dir)).toThrow(/ai-for-everyone\.json: file name must be ai-for-all\.json/);
    edit("courses/ai-for-everyone.json", (course) => ({ ...course, slug: "ai-for-everyone" }));
    expect(() => loadEditorialContent(dir)).not.toThrow();

    edit("course-categories.json", (categories) => [
      ...(categories as unknown as object[]),
      { slug: "ai", name: "AI again", description: "A second category with the slug of the first one, by mistake." },
    ]);
    expect(() => loadEditorialContent(dir)).toThrow("Duplicate course category slug in content/course-categories.json: ai");
    edit("course-categories.json", (categories) =>
      (categories as unknown as Array<{ slug: string; name: string; aliases?: string[] }>)
        .filter((c) => c.name !== "AI again")
        .map((c) => (c.slug === "business" ? { ...c, aliases: ["ai"] } : c)),
    );
    expect(() => loadEditorialContent(dir)).toThrow("Duplicate course category slug or alias in content/course-categories.json: ai");
  });
});
