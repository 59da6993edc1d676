import { beforeAll, expect, it } from "vitest";
import { pageTitle } from "~/lib/seo/seo";
import { compareTools } from "../support/tool-filter-oracle";
import { createVerifiedUser, get, post } from "../support/accounts";
import { BASE_URL, describeEachBackend, type TestApp } from "../support/app";
import { ONE_BACKEND } from "../support/sample";
import { catalogue, slugsIn } from "../support/catalogue";

/**
 * Ratings with their basis (issue 26): 'Our Rating', the review title and the JSON-LD Review only where an in-depth
 * review is published; readers' ratings with their count or 'No ratings yet'; AggregateRating only from published
 * reader reviews; rated tools first in every rating order; /how-we-review's figures from the database.
 */
const UNREVIEWED = "moz-pro";
const REVIEWED = "surfer-seo";

const plain = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "";
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
const software = (html: string) => jsonLd(html).find((block) => block["@type"] === "SoftwareApplication")!;
/** The figures /how-we-review prints, by name (`data-figure`), as numbers. */
const figuresOf = (html: string) =>
  Object.fromEntries([...html.matchAll(/data-figure="([^"]+)"[^>]*>([\d,]+) /g)].map((match) => [match[1]!, Number(match[2]!.replaceAll(",", ""))]));

async function publicPage(app: TestApp, path: string) {
  const response = await app.request(path);
  expect(response.status, path).toBe(200);
  return { body: await plain(response), cache: response.headers.get("x-cache") };
}

const count = async (app: TestApp, query: string) => Number((await app.query<{ n: number }>(query))[0]!.n);

describeEachBackend(
  "ratings with their basis (issue 26)",
  (app) => {
    let reader: Awaited<ReturnType<typeof createVerifiedUser>>;
    let editor: Awaited<ReturnType<typeof createVerifiedUser>>;
    beforeAll(async () => {
      [reader, editor] = await Promise.all([createVerifiedUser(app, { name: "Rita Reader" }), createVerifiedUser(app, { name: "Eddie Editor" })]);
      await app.query("update users set role = 'editor' where email = $1", [editor.email]);
    });

    it("stores our rating exactly for the tools with an in-depth review", async () => {
      const rated = await app.query<{ slug: string }>("select slug from tools where rating is not null order by slug");
      const reviewed = await app.query<{ slug: string }>("select tool_slug as slug from tool_reviews order by tool_slug");
      expect(rated).toEqual(reviewed);
      expect(await count(app, "select count(*)::int as n from tools where rating is null")).toBeGreaterThan(150);
    });

    it("shows a tool without a review its facts and readers' ratings, never 'Our Rating', a review title or a Review in its JSON-LD", async () => {
      const { body } = await publicPage(app, `/tools/${UNREVIEWED}`);
      expect(body).not.toContain("Our Rating");
      // The page's own header (other tools' cards further down keep their ratings).
      const header = body.slice(body.indexOf("<h1"), body.indexOf('aria-label="About this review"'));
      expect(header).toContain("Moz Pro");
      expect(header).not.toContain('aria-label="Our rating:');
      expect(header).not.toContain("Editor&#x27;s choice");
      expect(titleOf(body)).toBe(pageTitle("Moz Pro: pricing, features and alternatives"));
      expect(titleOf(body).length).toBeLessThanOrEqual(60);
      expect(titleOf(body)).not.toMatch(/review/i);
      expect(body).not.toMatch(/<meta name="description" content="[^"]*Our rating/);
      const data = software(body);
      expect(data.review).toBeUndefined();
      expect(JSON.stringify(jsonLd(body))).not.toContain("reviewRating");
      // No reader has rated it: no AggregateRating, and the page says so.
      expect(data.aggregateRating).toBeUndefined();
      expect(body).toContain('data-testid="reader-rating"><span class="font-medium">Reader rating:</span> No ratings yet');
    });

    it("adds an AggregateRating from a published reader review, and takes it away when an editor hides the review", async () => {
      await publicPage(app, `/tools/${UNREVIEWED}`); // in the page cache now
      const posted = await post(
        app,
        `/tools/${UNREVIEWED}`,
        { intent: "review", rating: "4", comment: "Keyword research is solid; the site audit is slower than I hoped." },
        { cookie: reader.cookie },
      );
      expect(posted.status).toBe(302);
      const withReview = await publicPage(app, `/tools/${UNREVIEWED}`);
      expect(withReview.cache).toBe("MISS");
      expect(software(withReview.body).aggregateRating).toMatchObject({ "@type": "AggregateRating", ratingValue: 4, ratingCount: 1, reviewCount: 1 });
      expect(withReview.body).toContain("Reader rating:</span> 4.0/5 from 1 reader rating");
      // Still no rating of ours.
      expect(withReview.body).not.toContain("Our Rating");
      expect(software(withReview.body).review).toBeUndefined();

      const [{ id }] = (await app.query<{ id: number }>(
        "select r.id from reviews r join tools t on t.id = r.tool_id join users u on u.id = r.user_id where t.slug = $1 and u.email = $2",
        [UNREVIEWED, reader.email],
      )) as [{ id: number }];
      const hidden = await post(app, "/admin/reports", { intent: "hide", id: String(id) }, { cookie: editor.cookie });
      expect(hidden.status).toBe(200);
      const afterHide = await publicPage(app, `/tools/${UNREVIEWED}`);
      expect(software(afterHide.body).aggregateRating).toBeUndefined();
      expect(afterHide.body).toContain("Reader rating:</span> No ratings yet");
    });

    it("shows a reviewed tool our rating, the review title, a JSON-LD Review and the link to /how-we-review", async () => {
      const [{ rating }] = (await app.query<{ rating: number }>("select rating from tools where slug = $1", [REVIEWED])) as [{ rating: number }];
      const { body } = await publicPage(app, `/tools/${REVIEWED}`);
      expect(body).toContain(">Our Rating</span>");
      expect(body).toContain(`aria-label="Our rating: ${rating.toFixed(1)} out of 5"`);
      expect(body).toMatch(/<a [^>]*href="\/how-we-review"[^>]*>How we review<\/a>/);
      expect(titleOf(body)).toBe(pageTitle("Surfer Review: Pricing, Features, Pros and Cons"));
      expect(software(body).review).toMatchObject({ "@type": "Review", reviewRating: { "@type": "Rating", ratingValue: rating, bestRating: 5 } });
      // Nobody has rated it here: no AggregateRating, whatever our own rating is.
      expect(software(body).aggregateRating).toBeUndefined();
    });

    it("shows 'Our rating' on a card only for a reviewed tool, and says 'Not reviewed yet' on the others", async () => {
      const body = (await publicPage(app, "/tools?sort=name_asc")).body;
      const cards = [...body.matchAll(/<article data-tool-slug="([^"]+)"[\s\S]*?<\/article>/g)];
      expect(cards.length).toBe(24);
      const rated = new Set((await app.query<{ slug: string }>("select slug from tools where rating is not null")).map((row) => row.slug));
      for (const [card, slug] of cards) {
        expect(card.includes('aria-label="Our rating:'), slug).toBe(rated.has(slug!));
        expect(card.includes("Not reviewed yet"), slug).toBe(!rated.has(slug!));
        expect(card.includes(">Read Review</a>"), slug).toBe(rated.has(slug!));
      }
    });

    it("sorts by rating with the rated tools first, best first, and the others after them by name, as the page says", async () => {
      const tools = await catalogue(app);
      const expected = [...tools].sort(compareTools("rating")).map((tool) => tool.slug);
      const rated = tools.filter((tool) => tool.rating !== null).length;
      const shown = [...slugsIn((await publicPage(app, "/tools?sort=rating")).body), ...slugsIn((await publicPage(app, "/tools?sort=rating&page=2")).body)];
      expect(shown).toEqual(expected.slice(0, shown.length));
      expect(shown.length).toBeGreaterThan(rated);
      // Every rated tool before every unrated one.
      const ratings = shown.map((slug) => tools.find((tool) => tool.slug === slug)!.rating);
      expect(ratings.findIndex((rating) => rating === null)).toBe(rated);
      expect(ratings.slice(rated).every((rating) => rating === null)).toBe(true);
      expect((await publicPage(app, "/tools")).body).toContain("Highest rated (reviewed first)");
      // A minimum rating is one of ours: only reviewed tools pass.
      const filtered = slugsIn((await publicPage(app, "/tools?rating=3")).body);
      expect(filtered.length).toBeGreaterThan(0);
      for (const slug of filtered) expect(tools.find((tool) => tool.slug === slug)!.rating, slug).not.toBeNull();
    });

    it("says 'Not reviewed yet' instead of a rating in the comparison, its CSV and the matrix", async () => {
      const comparison = (await publicPage(app, `/tools/comparison?tools=${REVIEWED},${UNREVIEWED}`)).body;
      expect(comparison).toContain("Not reviewed yet");
      const csv = await (await app.request(`/tools/comparison.csv?tools=${REVIEWED},${UNREVIEWED}`)).text();
      expect(csv).toMatch(/Our rating,\d\.\d\/5,Not reviewed yet/);
      const matrix = (await publicPage(app, "/resources/ai-tools-comparison-matrix")).body;
      const mozRow = matrix.slice(matrix.indexOf(`href="/tools/${UNREVIEWED}"`), matrix.indexOf("</tr>", matrix.indexOf(`href="/tools/${UNREVIEWED}"`)));
      expect(mozRow).toContain("Not reviewed yet");
    });

    it("serves /how-we-review with every figure equal to the database's count, cached, and dropped when a review is hidden", async () => {
      const { body } = await publicPage(app, "/how-we-review");
      expect(titleOf(body)).toBe(pageTitle("How We Review AI Tools"));
      expect(body).toContain(`<link rel="canonical" href="${BASE_URL}/how-we-review"/>`);
      expect(body).toMatch(/<meta name="description" content="[^"]{50,160}"/);
      const crumbs = jsonLd(body).find((block) => block["@type"] === "BreadcrumbList") as { itemListElement: { name: string }[] };
      expect(crumbs.itemListElement.map((item) => item.name)).toEqual(["Home", "How We Review"]);
      expect(body).toContain('href="/contact"');
      expect(body).toContain('href="/affiliate-disclosure"');
      expect(body).not.toMatch(/hands-on test(ed|ing) (every|each|all)/i);

      const expected = {
        tools: await count(app, "select count(*)::int as n from tools"),
        editorialTools: await count(app, "select count(*)::int as n from tools where source = 'editorial'"),
        communityTools: await count(app, "select count(*)::int as n from tools where source = 'community'"),
        editorialReviews: await count(app, "select count(*)::int as n from tool_reviews"),
        publishedRatings: await count(app, "select count(*)::int as n from reviews where hidden_at is null"),
        publishedReviews: await count(app, "select count(*)::int as n from reviews where hidden_at is null and comment <> ''"),
        verifiedReviews: await count(app, "select count(*)::int as n from reviews where hidden_at is null and comment <> '' and verified_at is not null"),
        hiddenLast90Days: await count(app, "select count(*)::int as n from reviews where hidden_at >= now() - interval '90 days'"),
        deletedLast90Days: await count(app, "select count(*)::int as n from audit_log where action = 'review.delete' and created_at >= now() - interval '90 days'"),
      };
      expect(figuresOf(body)).toEqual(expected);
      expect(expected.hiddenLast90Days).toBe(1); // the review hidden above

      // Cached, then dropped by a review write: the next render counts the new review.
      expect((await publicPage(app, "/how-we-review")).cache).toBe("HIT");
      await post(
        app,
        `/tools/${REVIEWED}`,
        { intent: "review", rating: "2", comment: "Useful scores, but the price climbed for our small team this year." },
        { cookie: reader.cookie },
      );
      const after = await publicPage(app, "/how-we-review");
      expect(after.cache).toBe("MISS");
      expect(figuresOf(after.body)).toMatchObject({ publishedReviews: expected.publishedReviews + 1, publishedRatings: expected.publishedRatings + 1 });
    });

    it("lists /how-we-review in the sitemap and links it from the footer and the affiliate notice", async () => {
      expect(await (await app.request("/sitemap.xml")).text()).toContain(`<loc>${BASE_URL}/how-we-review</loc>`);
      const home = (await publicPage(app, "/")).body;
      const footer = home.slice(home.indexOf("<footer"));
      expect(footer).toContain('href="/how-we-review"');
      const tool = (await publicPage(app, `/tools/${UNREVIEWED}`)).body;
      const notice = tool.slice(tool.indexOf("We may earn a commission"), tool.indexOf("</p>", tool.indexOf("We may earn a commission")));
      expect(notice).toContain('href="/how-we-review"');
      expect((await get(app, "/how-we-review")).status).toBe(200);
    });
  },
  ONE_BACKEND,
);
