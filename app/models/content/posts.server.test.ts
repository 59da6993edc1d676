import { cpSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ContentError, loadEditorialContent, normaliseSlug, parsePostFile, renderPost } from "./load.server";

const article = (front: string, body = "## First\n\nSome words here.\n\n### Detail\n\nMore words.") => `---\n${front}\n---\n${body}\n`;
const BASE = `category: tutorials\nauthor: editorial-team\npublished: 2026-11-20\nlastReviewed: 2026-11-21\nkeywords: [prompts, chatgpt]`;

describe("article files", () => {
  it("normalises slugs as the spec says", () => {
    expect(normaliseSlug("  Midjourney vs DALL·E  2025! ")).toBe("midjourney-vs-dalle-2025");
    expect(normaliseSlug("--a  --  b--")).toBe("a-b");
    expect(normaliseSlug("ÜBER")).toBe("ber");
  });

  it("accepts words about testing in general: A/B testing, tested backups, a job seeker's hands-on experience", () => {
    const body = "## First\n\nRun A/B testing on subject lines, keep tested backups, and note that research roles ask for hands-on experience.";
    expect(parsePostFile("content/posts/a.md", article(`slug: a\n${BASE}`, body)).slug).toBe("a");
  });

  it("takes the spec's defaults for a missing title and excerpt, and renders the body with its table of contents", () => {
    const post = renderPost(parsePostFile("x.md", article(`slug: My First Post\n${BASE}`)));
    expect(post.slug).toBe("my-first-post");
    expect(post.title).toBe("Untitled Post");
    expect(post.excerpt).toBe("No excerpt available.");
    expect(post.toc.map((entry) => entry.id)).toEqual(["first", "detail"]);
    expect(post.readMinutes).toBe(1);
    expect(post.tags).toEqual([]);
    expect(post.faq).toEqual([]);
  });

  it.each([
    ["no front matter", "Just text", /no front matter/],
    ["bad YAML", article("slug: [unclosed"), /not valid YAML/],
    ["an unknown category", article(`slug: a\n${BASE.replace("tutorials", "gossip")}`), /category/],
    ["an unknown key", article(`slug: a\n${BASE}\nrating: 5`), /rating/],
    ["a slug with nothing left", article(`slug: "!!!"\n${BASE}`), /slug is empty/],
    // No article records a test (issue 26): first-person claims of use are refused wherever they are.
    ["a claim of testing in the body", article(`slug: a\n${BASE}`, "## First\n\nIn our testing it was fast."), /claims a hands-on test \("In our testing"\)/],
    ["a claim of use in an answer", article(`slug: a\n${BASE}\nfaq:\n  - question: Is it good?\n    answer: We tried it for a month.`), /claims a hands-on test \("We tried"\)/],
  ])("refuses %s with a message naming the file", (_label, source, message) => {
    expect(() => parsePostFile("content/posts/a.md", source)).toThrow(ContentError);
    expect(() => parsePostFile("content/posts/a.md", source)).toThrow(message);
  });

  it("stops the start on a duplicate slug, a file named differently from its slug, or an unknown author", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "posts-"));
    cpSync(path.resolve("content/authors.json"), path.join(dir, "authors.json"));
    cpSync(path.resolve("content/categories.json"), path.join(dir, "categories.json"));
    cpSync(path.resolve("content/currency-rates.json"), path.join(dir, "currency-rates.json"));
    // Every category needs its tools (at least five each) for the content to load.
    cpSync(path.resolve("content/tools"), path.join(dir, "tools"), { recursive: true });
    const posts = path.join(dir, "posts");
    cpSync(path.resolve("content/posts/midjourney-vs-dall-e.md"), path.join(posts, "midjourney-vs-dall-e.md"));
    expect(loadEditorialContent(dir).posts.map((post) => post.slug)).toEqual(["midjourney-vs-dall-e"]);

    writeFileSync(path.join(posts, "other.md"), article(`slug: Midjourney vs Dall E\n${BASE}`));
    expect(() => loadEditorialContent(dir)).toThrow(/other\.md: file name must be midjourney-vs-dall-e\.md/);

    writeFileSync(path.join(posts, "other.md"), article(`slug: other\n${BASE.replace("editorial-team", "nobody")}`));
    expect(() => loadEditorialContent(dir)).toThrow(/author "nobody" is not in authors.json/);
  });

  it("loads every article of content/posts: 16 or more, each 800 to 2,500 words, three FAQs and dated", () => {
    const content = loadEditorialContent(path.resolve("content"));
    const { tools } = content;
    const posts = content.posts.map(renderPost);
    const pages = new Set([...tools.map((tool) => tool.slug), "comparison", "seo-comparison"]);
    const articles = new Set(posts.map((post) => post.slug));
    expect(posts.length).toBeGreaterThanOrEqual(16);
    for (const post of posts) {
      const words = post.bodyText.split(" ").length;
      expect(words, post.slug).toBeGreaterThanOrEqual(800);
      expect(words, post.slug).toBeLessThanOrEqual(2500);
      expect(post.faq, post.slug).toHaveLength(3);
      expect(post.lastReviewed >= post.published, post.slug).toBe(true);
      // Every link to a tool or another article leads to one that exists.
      for (const [, slug] of post.html.matchAll(/href="\/tools\/([a-z0-9-]+)"/g)) expect(pages.has(slug!), `${post.slug} links /tools/${slug}`).toBe(true);
      for (const [, slug] of post.html.matchAll(/href="\/blog\/([a-z0-9-]+)"/g)) expect(articles.has(slug!) || slug === "category", `${post.slug} links /blog/${slug}`).toBe(true);
    }
  });
});
