import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { editorialRating, headlineRating } from "~/lib/review/headline-rating";
import { appRoot } from "~/utils/paths.server";
import { ContentError, loadEditorialContent } from "./load.server";
import { realContent, smallCatalogue } from "./small-catalogue.fixture";
import { testimonialSchema } from "./page-copy.server";

/**
 * Issue 41 ('Promises kept', decision 063): the content validator refuses a figure without its basis, naming the file
 * and the field: a rating without a review, a rating the review's scores do not give (without a recorded reason), a
 * hands-on percent without a recorded test, a pair verdict without its author, a named sample testimonial, a course's
 * `lastChecked` or a figure without its source, and a home page given as a pricing page without a reason.
 */
const real = realContent;
let dir: string;
const file = (name: string) => path.join(dir, name);
const read = (name: string) => JSON.parse(readFileSync(file(name), "utf8"));
const write = (name: string, value: unknown) => writeFileSync(file(name), JSON.stringify(value));
const edit = (name: string, change: (value: Record<string, unknown>) => unknown) => write(name, change(read(name)));
const VERDICT = "pair-verdicts/tool-1-vs-tool-2.json";

beforeEach(() => {
  dir = smallCatalogue("aitools-promises-");
  mkdirSync(file("pair-verdicts"));
  const verdict = real(`pair-verdicts/${readdirFirst("pair-verdicts")}`);
  write(VERDICT, { ...verdict, tools: ["tool-1", "tool-2"] });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function readdirFirst(folder: string): string {
  return readdirSync(path.join(appRoot(), "content", folder)).sort()[0]!;
}

describe("the headline rating (decision 063)", () => {
  it("is the mean of the review's scores over 20, to one decimal; none without a review", () => {
    // Midjourney's scores once ease of use and support (never tested) are gone: 90 and 81.
    expect(headlineRating({ features: 90, valueForMoney: 81 })).toBe(4.3);
    expect(headlineRating({ easeOfUse: 74, features: 90, valueForMoney: 81, customerSupport: 65 })).toBe(3.9);
    expect(editorialRating(undefined, null)).toBeNull();
    expect(editorialRating(4.8, undefined)).toBeNull();
    expect(editorialRating(undefined, { ratingBreakdown: { features: 90, valueForMoney: 81 } })).toBe(4.3);
  });

  it("is what the real catalogue stores: every reviewed tool's rating is its review's scores'", () => {
    const content = loadEditorialContent(path.join(appRoot(), "content"));
    const reviews = new Map(content.reviews.map((review) => [review.toolSlug, review]));
    expect(content.tools.filter((tool) => tool.rating !== undefined && !reviews.has(tool.slug)).map((tool) => tool.slug)).toEqual([]);
    expect(reviews.get("midjourney")!.ratingBasis).toBeUndefined();
    expect(editorialRating(content.tools.find((tool) => tool.slug === "midjourney")!.rating, reviews.get("midjourney"))).toBe(4.3);
  });
});

describe("the content validator refuses a figure without its basis (issue 41)", () => {
  it("accepts the small catalogue", () => {
    expect(() => loadEditorialContent(dir)).not.toThrow();
  });

  it("refuses a rating on a tool without a review", () => {
    edit("tools/tool-2.json", (tool) => ({ ...tool, rating: 4.5 }));
    expect(() => loadEditorialContent(dir)).toThrow(ContentError);
    expect(() => loadEditorialContent(dir)).toThrow(
      "content/tools/tool-2.json: rating: a rating needs an in-depth review (content/reviews/tool-2.json), which this tool has not; remove it",
    );
  });

  it("refuses a headline rating the review's scores do not give, unless the review records how it was set", () => {
    const derived = headlineRating(read("reviews/tool-1.json").ratingBreakdown);
    edit("tools/tool-1.json", (tool) => ({ ...tool, rating: derived }));
    expect(() => loadEditorialContent(dir)).not.toThrow();
    edit("tools/tool-1.json", (tool) => ({ ...tool, rating: 4.9 }));
    expect(() => loadEditorialContent(dir)).toThrow(`content/tools/tool-1.json: rating: 4.9 is not what the review's scores give (${derived})`);
    edit("reviews/tool-1.json", (review) => ({ ...review, ratingBasis: "Set by the editorial team above the scores' average because of one reason written here." }));
    const content = loadEditorialContent(dir);
    expect(editorialRating(content.tools.find((tool) => tool.slug === "tool-1")!.rating, content.reviews[0])).toBe(4.9);
    // A reason for a rating nobody set apart is refused too.
    edit("tools/tool-1.json", ({ rating: _rating, ...tool }) => tool);
    expect(() => loadEditorialContent(dir)).toThrow("content/reviews/tool-1.json: ratingBasis: explains a rating set apart from the scores");
  });

  it("refuses a percent for ease of use or customer support without a recorded hands-on test", () => {
    edit("reviews/tool-1.json", (review) => ({ ...review, ratingBreakdown: { ...(review.ratingBreakdown as object), easeOfUse: 90 } }));
    expect(() => loadEditorialContent(dir)).toThrow(
      /reviews[/\\]tool-1\.json: ratingBreakdown\.easeOfUse: is a hands-on score: it needs a recorded test \(testedAt and testedBy\)/,
    );
    edit("reviews/tool-1.json", (review) => ({ ...review, ratingBreakdown: { features: 90, valueForMoney: 80, customerSupport: 70 } }));
    expect(() => loadEditorialContent(dir)).toThrow(/reviews[/\\]tool-1\.json: ratingBreakdown\.customerSupport: is a hands-on score/);
    edit("reviews/tool-1.json", (review) => ({ ...review, testedAt: "2026-11-20", testedBy: "editorial-team" }));
    expect(() => loadEditorialContent(dir)).not.toThrow();
  });

  it("refuses a pair verdict without its author, or with one authors.json lacks", () => {
    edit(VERDICT, ({ authorId: _author, ...verdict }) => verdict);
    expect(() => loadEditorialContent(dir)).toThrow(/tool-1-vs-tool-2\.json: authorId: is required: who wrote the verdict/);
    edit(VERDICT, (verdict) => ({ ...verdict, authorId: "nobody-known" }));
    expect(() => loadEditorialContent(dir)).toThrow('content/pair-verdicts/tool-1-vs-tool-2.json: authorId: "nobody-known" is not in content/authors.json');
  });

  it("lists every tool whose pricing source is its home page without a reason, and refuses a reason for a pricing page", () => {
    for (const slug of ["tool-2", "tool-4"]) edit(`tools/${slug}.json`, (tool) => ({ ...tool, pricingUrl: `${tool.websiteUrl as string}/` }));
    let message = "";
    try {
      loadEditorialContent(dir);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/tool-2\.json: pricingUrlReason: is required: pricingUrl is the tool's home page/);
    expect(message).toMatch(/tool-4\.json: pricingUrlReason: is required/);
    for (const slug of ["tool-2", "tool-4"]) edit(`tools/${slug}.json`, (tool) => ({ ...tool, pricingUrlReason: "The vendor publishes no prices; its home page is the source." }));
    expect(() => loadEditorialContent(dir)).not.toThrow();
    edit("tools/tool-3.json", (tool) => ({ ...tool, pricingUrlReason: "The vendor publishes no prices; its home page is the source." }));
    expect(() => loadEditorialContent(dir)).toThrow(/tool-3\.json: pricingUrlReason: is only for a pricingUrl that is the home page/);
  });

  it("refuses a named sample testimonial, or one with a company or a star rating", () => {
    const sample = { role: "Marketing Lead", content: "The side-by-side comparisons helped us narrow five tools down to two.", sample: true };
    expect(testimonialSchema.safeParse(sample).success).toBe(true);
    for (const [field, value] of [
      ["name", "Priya Sandoval"],
      ["company", "Brightfern Studio"],
      ["rating", 5],
    ] as const) {
      const result = testimonialSchema.safeParse({ ...sample, [field]: value });
      expect(result.success, field).toBe(false);
      expect(result.error!.issues[0]!.path).toEqual([field]);
      expect(result.error!.issues[0]!.message).toMatch(/a sample testimonial is written by our team/);
    }
    // The real file names nobody.
    for (const item of real("testimonials.json")) expect(testimonialSchema.safeParse(item).success).toBe(true);
  });
});

describe("course figures keep their sources (issue 41)", () => {
  beforeEach(() => {
    for (const name of ["course-categories.json", "course-platforms.json", "courses"]) cpSync(path.join(appRoot(), "content", name), file(name), { recursive: true });
  });

  it("refuses lastChecked, naming the file and the field", () => {
    edit("courses/ai-for-everyone.json", (course) => ({ ...course, lastChecked: "2026-11-23" }));
    expect(() => loadEditorialContent(dir)).toThrow(/ai-for-everyone\.json: lastChecked: is not a content field: give each figure the page it was read from/);
  });

  it("refuses a figure without its source, and a source without its figure", () => {
    edit("courses/ai-for-everyone.json", (course) => ({ ...course, sources: { ...(course.sources as object), rating: undefined } }));
    expect(() => loadEditorialContent(dir)).toThrow(/ai-for-everyone\.json: sources\.rating: is required: rating needs the page it was read from/);
    edit("courses/ai-for-everyone.json", (course) => ({ ...course, rating: undefined }));
    expect(() => loadEditorialContent(dir)).not.toThrow();
    edit("courses/ai-for-everyone.json", (course) => ({ ...course, sources: { ...(course.sources as object), priceUsd: course.url } }));
    expect(() => loadEditorialContent(dir)).toThrow(/sources\.priceUsd: is the source of a figure the file does not give/);
  });

  it("refuses a source on another site than the platform's or the course's", () => {
    edit("courses/ai-for-everyone.json", (course) => ({ ...course, sources: { ...(course.sources as object), students: "https://example.com/enrolments" } }));
    expect(() => loadEditorialContent(dir)).toThrow(
      "content/courses/ai-for-everyone.json: sources.students: https://example.com/enrolments is on neither Coursera's domain nor the course's",
    );
  });

  it("loads every real course with a source for each figure it gives", () => {
    for (const course of loadEditorialContent(path.join(appRoot(), "content")).courses) {
      expect(course.sources.price, course.slug).toBeDefined();
      expect(course.sources.duration, course.slug).toBeDefined();
      if (course.rating !== undefined) expect(course.sources.rating, course.slug).toBeDefined();
    }
  });
});
