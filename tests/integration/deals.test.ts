import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { isDealLive } from "../../app/lib/deal/deals";
import { WRITING_CATEGORY_SLUGS, WRITING_COMPARISON_COLUMNS } from "../../app/lib/tool/writing-comparison";
import { readToolFiles } from "../../app/models/content/load.server";
import { loadOffers } from "../../app/models/content/offers.server";
import type { DealContent } from "../../app/models/content/schemas";
import { describeEachBackend, type TestApp } from "../support/app";
import { ONE_BACKEND } from "../support/sample";
import { fixtureProject, type FixtureProject } from "../support/fixture-project";
import { projectRoot } from "../support/paths";

/** The reference: the content files, read by the loader the app uses. */
const tools = readToolFiles(path.join(projectRoot, "content"));
const { deals, partnerPrograms } = loadOffers(tools);
/**
 * The order the pages show live deals in: popular first (counted from recorded clicks, none in a fresh database: see
 * honest-labels.test.ts), then the file's order.
 */
const liveAt = (now: Date) => deals.filter((deal) => isDealLive(deal, now));

const dealIds = (html: string) => [...html.matchAll(/<article id="deal-[^"]+" data-deal-id="([^"]+)"/g)].map((match) => match[1]!);
/** One deal card's HTML. */
const dealCard = (html: string, id: string) => html.slice(html.indexOf(`data-deal-id="${id}"`), html.indexOf("</article>", html.indexOf(`data-deal-id="${id}"`)));
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!));
/** The text of every heading, tags stripped. */
const headingsOf = (html: string) => [...html.matchAll(/<h[1-6]\b[^>]*>([\s\S]*?)<\/h[1-6]>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, ""));
/** The coupon steps' items, or null when the section is not there. */
const couponSteps = (html: string) =>
  html.includes("How to Use Our Coupon Codes")
    ? (html
        .slice(html.indexOf("How to Use Our Coupon Codes"))
        .match(/<ol[^>]*>([\s\S]*?)<\/ol>/)![1]!
        .match(/<li\b/g)?.length ?? 0)
    : null;
const headingLevels = (html: string) => [...html.matchAll(/<h([1-6])\b/g)].map((match) => Number(match[1]));
const outbound = (href: string) => new RegExp(`<a (?=[^>]*target="_blank")(?=[^>]*rel="sponsored nofollow noopener")[^>]*href="${href.replace(/[/.]/g, "\\$&")}"`);

/** Headings start at one h1 and never skip a level on the way down. */
function expectHeadingOutline(html: string) {
  const levels = headingLevels(html);
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  levels.reduce((previous, level) => {
    expect(level, `h${level} after h${previous}`).toBeLessThanOrEqual(previous + 1);
    return level;
  }, 1);
}

describeEachBackend(
  "deals, the cybersecurity page and the home page's marketing sections",
  (app) => {
    it("lists every live deal on /deals with its tool, code or 'No code needed', expiry, source and outbound link", async () => {
      const live = liveAt(new Date());
      expect(live.length).toBeGreaterThanOrEqual(6);
      const { response, body } = await app.html("/deals");
      expect(response.status).toBe(200);
      expect(dealIds(body)).toEqual(live.map((deal) => deal.id));
      for (const deal of live) {
        const card = dealCard(body, deal.id);
        expect(card).toContain(`href="/tools/${deal.toolSlug}"`);
        expect(card).toContain(`>${deal.toolName}</a>`);
        expect(card).toContain(deal.discount.replaceAll("&", "&amp;"));
        expect(card).toMatch(outbound(`/go/deal/${deal.id}`));
        if (deal.code) expect(card).toContain(`>${deal.code}</code>`);
        else expect(card).toContain("No code needed");
        expect(card).toContain(deal.expiryDate === "Ongoing" ? "Ongoing" : `dateTime="${deal.expiryDate}"`);
        expect(card).toContain(`href="${deal.source}"`);
        expect(card).toContain('href="/affiliate-disclosure"');
        expect(card.includes(">Exclusive</span>")).toBe(deal.isExclusive);
        // No clicks recorded yet: no deal is 'Popular' (issue 41).
        expect(card.includes(">Popular</span>")).toBe(false);
      }
      // The headings say only what the deals hold (issue 26): the real deals have no code and none is exclusive.
      expect(live.some((deal) => deal.code || deal.isExclusive)).toBe(false);
      expect(body).toContain(">Deals on AI tools</h1>");
      expect(body).not.toContain("How to Use Our Coupon Codes");
      expect(headingsOf(body).filter((heading) => /exclusive|coupon/i.test(heading))).toEqual([]);
      expect(body).toContain('<link rel="canonical" href="http://localhost:3000/deals"/>');
      expect(body).toContain("<title>AI Tool Deals and Free Trials | AI Tools Atlas</title>");
      const blocks = jsonLd(body);
      expect(blocks.find((block) => block["@type"] === "BreadcrumbList").itemListElement.map((item: { name: string }) => item.name)).toEqual(["Home", "Deals"]);
      expect(blocks.find((block) => block["@type"] === "ItemList").itemListElement).toHaveLength(Math.min(10, live.length));
      const offers = blocks.find((block) => Array.isArray(block))!;
      expect(offers.map((offer: { "@type": string; name: string }) => [offer["@type"], offer.name])).toEqual(live.map((deal) => ["Offer", deal.title]));
      expectHeadingOutline(body);
    });

    it("filters /deals by category in the URL, server-rendered", async () => {
      const live = liveAt(new Date());
      const categories = [...new Set(live.flatMap((deal) => deal.categorySlugs))];
      expect(categories.length).toBeGreaterThan(3);
      for (const category of categories) {
        const { body } = await app.html(`/deals?category=${category}`);
        expect(dealIds(body), category).toEqual(live.filter((deal) => deal.categorySlugs.includes(category)).map((deal) => deal.id));
        expect(body).toMatch(new RegExp(`aria-current="page" href="/deals\\?category=${category}"`));
      }
      // Anything that is not a catalogue category shows every deal; a category without offers says so.
      expect(dealIds((await app.html("/deals?category=nonsense")).body)).toEqual(live.map((deal) => deal.id));
      const empty = (await app.html("/deals?category=video-tools")).body;
      expect(dealIds(empty)).toEqual([]);
      expect(empty).toContain("No live deals in Video Tools");
      expect(empty).toContain('href="/deals"');
    });

    it("recommends six cybersecurity tools of the catalogue on /cybersecurity, reviewed ones first by our rating, then by name, linked to their pages", async () => {
      const expected = await app.query<{ slug: string; name: string }>(
        "select slug, name from tools where category_slug = 'cybersecurity' order by rating desc nulls last, name asc limit 6",
      );
      expect(expected).toHaveLength(6);
      const { response, body } = await app.html("/cybersecurity");
      expect(response.status).toBe(200);
      expect([...body.matchAll(/<article data-tool-slug="([^"]+)"/g)].map((match) => match[1])).toEqual(expected.map((tool) => tool.slug));
      for (const tool of expected) expect(body).toContain(`href="/tools/${tool.slug}"`);
      for (const threat of ["AI-powered attacks", "Voice and deepfake threats", "Data poisoning"]) expect(body).toContain(`>${threat}</h3>`);
      expect(body).toContain(" For businesses</h3>");
      expect(body).toContain(" For individuals</h3>");
      expect(body).toContain('href="/tools/category/cybersecurity"');
      expect(body).toContain('href="/blog/category/cybersecurity"');
      expect(body).toContain('<link rel="canonical" href="http://localhost:3000/cybersecurity"/>');
      const blocks = jsonLd(body);
      expect(blocks.find((block) => block["@type"] === "ItemList").itemListElement.map((item: { name: string }) => item.name)).toEqual(expected.map((tool) => tool.name));
      expect(blocks.find((block) => block["@type"] === "BreadcrumbList").itemListElement).toHaveLength(2);
      expectHeadingOutline(body);
    });

    it("shows the home page's programs, deals and writing tools comparison, with the year of its data", async () => {
      const { body } = await app.html("/");
      for (const heading of ["Recommended Programs", "Ready to Find Your Next AI Tool?", "Deals on AI tools"]) {
        expect(body).toContain(`${heading}</h`);
      }
      // No deal is exclusive or has a code: no heading says so and no coupon steps are shown (issue 26).
      expect(headingsOf(body).filter((heading) => /exclusive|coupon/i.test(heading))).toEqual([]);
      expect(couponSteps(body)).toBeNull();
      expect([...body.matchAll(/<article data-partner="([^"]+)"/g)].map((match) => match[1])).toEqual(partnerPrograms.map((program) => program.slug));
      for (const program of partnerPrograms) expect(body).toMatch(outbound(`/go/partner/${program.slug}`));
      expect(body).toContain('href="/blog/top-ai-tools-business-automation-2025"');
      expect(body).toMatch(/<aside aria-label="Advertisement: Get AI Tool Updates by Email"[^>]*><p[^>]*>Advertisement · our own<\/p>[\s\S]*?Get AI Tool Updates by Email/);
      expect(body).toContain('href="/affiliate-disclosure"');
      expect(body).toContain('href="/contact"');
      expect(dealIds(body)).toEqual(
        liveAt(new Date())
          .slice(0, 4)
          .map((deal) => deal.id),
      );
      expect(body).toMatch(/<a [^>]*href="\/deals"[^>]*>View All Deals<\/a>/);

      // The comparison, against the catalogue's own rows.
      const rows = await app.query<{ slug: string; capabilities: string[]; facts_day: string }>(
        `select slug, capabilities, greatest(added_at, (facts_changed_at at time zone 'UTC')::date)::text as facts_day from tools where (array[category_slug] || secondary_category_slugs) && $1::text[] order by rating desc nulls last, name asc`,
        [[...WRITING_CATEGORY_SLUGS]],
      );
      const year = rows
        .map((row) => row.facts_day)
        .sort()
        .at(-1)!
        .slice(0, 4);
      expect(body).toContain(`Best AI Writing Tools Comparison ${year}</h2>`);
      expect([...body.matchAll(/<tr data-tool-slug="([^"]+)"/g)].map((match) => match[1])).toEqual(rows.map((row) => row.slug));
      for (const row of rows) {
        const tableRow = body.slice(body.indexOf(`<tr data-tool-slug="${row.slug}"`), body.indexOf("</tr>", body.indexOf(`<tr data-tool-slug="${row.slug}"`)));
        const marks = [...tableRow.matchAll(/<td data-mark="[yn]"[^>]*><span>(Yes|No)<\/span><\/td>/g)].map((match) => match[1] === "Yes");
        expect(marks, row.slug).toEqual(WRITING_COMPARISON_COLUMNS.map((column) => row.capabilities.includes(column.capability)));
        expect(tableRow).toMatch(outbound(`/go/tool/${row.slug}`));
      }
      expect(body).toMatch(/>Explore AI Tools Now <svg/);
      expect(body).toContain("Read Expert Reviews</a>");
      expectHeadingOutline(body);
    });
  },
  ONE_BACKEND,
);

/** Fixture deals the real content does not have: one with a code that ends on 15 January 2027, one already over. */
const FIXTURE_DEALS: DealContent[] = [
  {
    id: "fixture-ending-deal",
    title: "Fixture offer that ends",
    description: "A deal that exists only in this test's copy of the content, with a code and an end date.",
    discount: "Fixture discount",
    code: "ATLAS-FIXTURE",
    expiryDate: "2027-01-15",
    toolSlug: "jasper-ai",
    isExclusive: true,
    source: "https://www.jasper.ai/pricing",
    addedAt: "2026-11-23",
  },
  {
    id: "fixture-ended-deal",
    title: "Fixture offer already over",
    description: "A deal that exists only in this test's copy of the content and ended before the test's clock.",
    discount: "Fixture discount",
    expiryDate: "2027-01-10",
    toolSlug: "semrush",
    isExclusive: false,
    source: "https://www.semrush.com/prices/",
    addedAt: "2026-11-23",
  },
];

let fixture: FixtureProject;
beforeAll(() => {
  fixture = fixtureProject((contentDir) => {
    const file = path.join(contentDir, "deals.json");
    writeFileSync(file, JSON.stringify([...FIXTURE_DEALS, ...JSON.parse(readFileSync(file, "utf8"))], null, 2));
  });
});
afterAll(() => fixture?.remove());

describe("a deal that ends", () => {
  afterEach(() => vi.useRealTimers());

  describeEachBackend(
    "deals by the clock (a fixture copy of the content)",
    (app: TestApp) => {
      const page = (path: string) => app.request(path, { headers: { "X-Forwarded-For": "203.0.113.9" } });

      it("shows a dated deal with its code and Exclusive badge until its last day ends, then hides it without a resync, cached pages included", async () => {
        vi.useFakeTimers({ toFake: ["Date"], now: new Date("2027-01-15T12:00:00Z") });
        const before = await app.html("/deals");
        expect(dealIds(before.body)).toContain("fixture-ending-deal");
        expect(dealIds(before.body)).not.toContain("fixture-ended-deal");
        const card = dealCard(before.body, "fixture-ending-deal");
        expect(card).toContain(">ATLAS-FIXTURE</code>");
        expect(card).not.toContain("No code needed");
        expect(card).toContain(">Exclusive</span>");
        expect(card).toContain('<time dateTime="2027-01-15">Ends January 15, 2027</time>');
        expect(jsonLd(before.body).find((block) => Array.isArray(block))![0]).toMatchObject({ name: "Fixture offer that ends", validThrough: "2027-01-15" });
        const home = (await app.html("/")).body;
        expect(dealIds(home)[0]).toBe("fixture-ending-deal");
        // An exclusive deal with a code is shown: the headings may say so, and the five coupon steps appear.
        expect(home).toContain("Exclusive Deals &amp; Coupons</h2>");
        expect(couponSteps(home)).toBe(5);
        expect(before.body).toContain(">AI Tool Deals &amp; Coupons</h1>");
        expect(couponSteps(before.body)).toBe(5);
        expect(dealIds((await app.html("/deals?category=content-writing")).body)).toContain("fixture-ending-deal");
        // Kept by the page cache meanwhile.
        expect((await page("/deals")).headers.get("x-cache")).toBe("HIT");
        expect((await page("/")).headers.get("x-cache")).toBe("HIT");

        vi.setSystemTime(new Date("2027-01-15T23:59:59Z"));
        expect(dealIds(await (await page("/deals")).text())).toContain("fixture-ending-deal");

        vi.setSystemTime(new Date("2027-01-16T00:00:00Z"));
        const after = await page("/deals");
        expect(after.headers.get("x-cache")).toBe("MISS");
        const afterBody = await after.text();
        expect(dealIds(afterBody)).not.toContain("fixture-ending-deal");
        expect(dealIds(afterBody)).toEqual(liveAt(new Date()).map((deal) => deal.id));
        // Once it ends, the wording goes with it.
        expect(afterBody).toContain(">Deals on AI tools</h1>");
        expect(couponSteps(afterBody)).toBeNull();
        const homeAfter = await (await page("/")).text();
        expect(dealIds(homeAfter)).not.toContain("fixture-ending-deal");
        expect(headingsOf(homeAfter).filter((heading) => /exclusive|coupon/i.test(heading))).toEqual([]);
        expect(dealIds((await app.html("/deals?category=content-writing")).body)).not.toContain("fixture-ending-deal");
      });
    },
    { ...ONE_BACKEND, serverBuild: () => fixture.serverBuildPath },
  );
});
