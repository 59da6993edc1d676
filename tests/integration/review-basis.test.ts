import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { formatLongDate } from "~/lib/ui/dates";
import { reviewBasedOn, reviewTestedBy } from "~/lib/words";
import { describeEachBackend } from "../support/app";
import { ONE_BACKEND } from "../support/sample";
import { fixtureProject, type FixtureProject } from "../support/fixture-project";
import { projectRoot } from "../support/paths";

/**
 * Issue 26 on the tool page: a review says what it is based on and lists its sources; 'Last tested' and 'hands-on'
 * only when its file records a test; the byline of the editorial team is an Organization in structured data.
 */
const reviewOf = (slug: string) => JSON.parse(readFileSync(path.join(projectRoot, "content/reviews", `${slug}.json`), "utf8"));
const jsonLd = (body: string) => [...body.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "")
    .replaceAll("&#x27;", "'");

describeEachBackend(
  "a review's basis and sources",
  (app) => {
    it("says a review without a recorded test is based on the vendor's pages, read on a date, and never 'Last tested'", async () => {
      const review = reviewOf("surfer-seo");
      const { response, body } = await app.html("/tools/surfer-seo");
      expect(response.status).toBe(200);
      const [tool] = await app.query<{ name: string }>("select name from tools where slug = 'surfer-seo'");
      expect(text(body)).toContain(reviewBasedOn(tool!.name, formatLongDate(review.sourcesReadAt)));
      expect(body).toContain(`<time dateTime="${review.sourcesReadAt}">`);
      expect(text(body)).not.toMatch(/last tested|hands-on|in our testing/i);
    });

    it("lists every source as an outbound link that opens no window with access to ours", async () => {
      const review = reviewOf("surfer-seo");
      const { body } = await app.html("/tools/surfer-seo");
      expect(body).toContain('id="sources-heading"');
      for (const source of review.sources as { title: string; url: string }[]) {
        expect(body, source.url).toContain(`<a href="${source.url}" target="_blank" rel="noopener noreferrer"`);
        expect(body, source.title).toContain(`>${source.title}</a>`);
      }
    });

    it("names the editorial team as the review's author, an Organization in structured data", async () => {
      const { body } = await app.html("/tools/surfer-seo");
      expect(text(body)).toContain("Reviewed by AI Tools Atlas editorial team");
      const software = jsonLd(body).find((block) => block["@type"] === "SoftwareApplication") as { review?: { author: unknown } };
      expect(software.review?.author).toEqual({ "@type": "Organization", name: "AI Tools Atlas editorial team" });
    });

    it("every review in the database records no test, so no tool page says it was tested", async () => {
      expect(await app.query("select tool_slug from tool_reviews where tested_at is not null or tested_by is not null")).toEqual([]);
      const [{ count }] = (await app.query<{ count: number }>("select count(*)::int as count from tool_reviews")) as [{ count: number }];
      expect(count).toBe(31);
    });
  },
  ONE_BACKEND,
);

/** A copy of the content in which an editor recorded a hands-on test of one review: only then does the page say so. */
let fixture: FixtureProject;
beforeAll(() => {
  fixture = fixtureProject((contentDir) => {
    const authorsFile = path.join(contentDir, "authors.json");
    const authors = JSON.parse(readFileSync(authorsFile, "utf8"));
    authors.push({
      id: "jane-editor",
      kind: "person",
      name: "Jane Editor",
      bio: "Jane edits the writing and SEO sections and checks each review against the vendor's own pages before it is published.",
      expertise: ["SEO tools", "Writing tools"],
      links: [{ title: "Jane's site", url: "https://jane.example.com/" }],
    });
    writeFileSync(authorsFile, JSON.stringify(authors));
    const reviewFile = path.join(contentDir, "reviews/surfer-seo.json");
    const review = JSON.parse(readFileSync(reviewFile, "utf8"));
    writeFileSync(reviewFile, JSON.stringify({ ...review, authorId: "jane-editor", testedAt: review.publishedAt, testedBy: "jane-editor" }));
  });
});
afterAll(() => fixture?.remove());

describeEachBackend(
  "a review with a recorded test",
  (app) => {
    it("says who tested it and when, instead of the 'based on' line, and the editor is a Person", async () => {
      const review = reviewOf("surfer-seo");
      const { body } = await app.html("/tools/surfer-seo");
      expect(text(body)).toContain(reviewTestedBy("Jane Editor", formatLongDate(review.publishedAt)));
      expect(text(body)).not.toContain("documentation, pricing page and public materials, read on");
      expect(body).toContain('id="sources-heading"');
      const software = jsonLd(body).find((block) => block["@type"] === "SoftwareApplication") as { review?: { author: unknown } };
      expect(software.review?.author).toEqual({ "@type": "Person", name: "Jane Editor", sameAs: ["https://jane.example.com/"] });
      // Another review, with no test recorded, still says what it is based on.
      expect(text((await app.html("/tools/ahrefs")).body)).toContain("documentation, pricing page and public materials, read on");
    });
  },
  { ...ONE_BACKEND, serverBuild: () => fixture.serverBuildPath },
);
