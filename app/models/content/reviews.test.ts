import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadEditorialContent } from "./load.server";
import { authorSchema, authorsFileSchema, reviewContentSchema } from "./schemas";

/**
 * Issue 26: a review may claim a hands-on test only when it records one (`testedAt`, `testedBy`), names the vendor
 * pages it relied on, and carries no date ahead of today; a byline's bio claims nothing that did not happen.
 */
const content = path.resolve("content");
const chatgpt = JSON.parse(readFileSync(path.join(content, "reviews/chatgpt.json"), "utf8")) as Record<string, unknown> & { overview: string; verdict: string };
const issuesOf = (value: unknown) => {
  const result = reviewContentSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
};
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

describe("the review schema", () => {
  it("accepts a real review as it is", () => {
    expect(issuesOf(chatgpt)).toEqual([]);
  });

  it("refuses testing claims anywhere in a review that records no test, naming the field and the words", () => {
    expect(issuesOf({ ...chatgpt, overview: `${chatgpt.overview}\n\nIn our testing it was quick.` })).toEqual([
      'overview: claims a hands-on test ("In our testing") but the review records none: add testedAt and testedBy, or say what it is based on',
    ]);
    expect(issuesOf({ ...chatgpt, pros: ["Quick setup", "Cheap enough", "We tested every plan hands-on"] })).toEqual([
      expect.stringMatching(/^pros\.2: claims a hands-on test \("We tested"\)/),
    ]);
    expect(issuesOf({ ...chatgpt, verdict: `Last tested in November. ${chatgpt.verdict}` })).toEqual([expect.stringMatching(/^verdict: claims a hands-on test \("Last tested"\)/)]);
  });

  it("accepts the same claims when the review records who tested it and when, and refuses half a record", () => {
    const claiming = { ...chatgpt, overview: `${chatgpt.overview}\n\nIn our testing it was quick.` };
    expect(issuesOf({ ...claiming, testedAt: "2026-11-22", testedBy: "editorial-team" })).toEqual([]);
    expect(issuesOf({ ...chatgpt, testedAt: "2026-11-22" })).toEqual(["testedBy: testedAt and testedBy go together: when and who"]);
    expect(issuesOf({ ...chatgpt, testedBy: "editorial-team" })).toEqual(["testedAt: testedAt and testedBy go together: when and who"]);
  });

  it("refuses a date in the future, a review without sources, an http source and a source listed twice", () => {
    expect(issuesOf({ ...chatgpt, publishedAt: tomorrow() })).toEqual(["publishedAt: is in the future"]);
    expect(issuesOf({ ...chatgpt, sourcesReadAt: tomorrow() })).toEqual(["sourcesReadAt: is in the future"]);
    expect(issuesOf({ ...chatgpt, sources: [] })).toEqual([expect.stringMatching(/^sources: /)]);
    expect(issuesOf({ ...chatgpt, sources: [{ title: "Pricing", url: "http://chatgpt.com/pricing" }] })).toEqual([expect.stringMatching(/^sources\.0\.url: /)]);
    const twice = { title: "Pricing", url: "https://chatgpt.com/pricing" };
    expect(issuesOf({ ...chatgpt, sources: [twice, twice] })).toEqual(["sources.1.url: is listed twice"]);
  });
});

describe("the bylines", () => {
  it("refuses a bio that claims hands-on testing", () => {
    const bio = "Daniel covers developer tools. He tests tools hands-on through their free plans and trials and reads the documentation.";
    const result = authorSchema.safeParse({ id: "daniel", name: "Daniel Reyes", bio, expertise: ["Code", "Video"] });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toMatch(/^claims hands-on testing \("hands-on"\)/);
  });

  it("ships the editorial team as the one byline, an honest bio, and every article and review pointing to it", () => {
    const authors = authorsFileSchema.parse(JSON.parse(readFileSync(path.join(content, "authors.json"), "utf8")));
    expect(authors).toEqual([expect.objectContaining({ id: "editorial-team", kind: "team", name: "AI Tools Atlas editorial team", links: [] })]);
    const { reviews, posts } = loadEditorialContent(content);
    expect(new Set([...reviews.map((review) => review.authorId), ...posts.map((post) => post.author)])).toEqual(new Set(["editorial-team"]));
  });
});

describe("the site's reviews", () => {
  const files = readdirSync(path.join(content, "reviews")).filter((name) => name.endsWith(".json"));

  it("all 31 name their sources on the vendor's domain and record no test (none happened)", () => {
    expect(files).toHaveLength(31);
    const { reviews } = loadEditorialContent(content);
    for (const review of reviews) {
      expect(review.sources.length, review.toolSlug).toBeGreaterThanOrEqual(2);
      expect(review.testedAt, review.toolSlug).toBeUndefined();
      expect(review.sourcesReadAt >= review.publishedAt, review.toolSlug).toBe(true);
    }
  });
});
