import { afterEach, beforeAll, expect, it, vi } from "vitest";
import { firstDollarPrice } from "~/lib/pricing";
import { TOOLS_PAGE_SIZE } from "~/lib/tool-filters";
import { describeEachBackend } from "../support/app";
import { catalogue, expectedPage, slugsIn } from "../support/catalogue";
import { isExhaustive, sample } from "../support/sample";

/** Structured pricing and freshness in the directory (issue 18, decision 025), on both backends. */

const cardOf = (html: string, slug: string) => {
  const start = html.indexOf(`<article data-tool-slug="${slug}"`);
  return start < 0 ? "" : html.slice(start, html.indexOf("</article>", start));
};

describeEachBackend("structured pricing and freshness", (app, backend) => {
  let tools: Awaited<ReturnType<typeof catalogue>>;
  let quoteOnly: string[];
  let requestNumber = 0;
  // A query the page cache has not seen, so a page renders by the current (moved) clock and data.
  const fresh = (path: string) => app.html(`${path}${path.includes("?") ? "&" : "?"}n=${++requestNumber}`);
  /**
   * Every card of a sort, page by page. On PostgreSQL (support/sample.ts) the first, a middle and the last page are
   * read and the others taken from the reference, which the test compares the whole list with: every page on PGlite.
   */
  const allPages = async (query: string) => {
    const pages = Array.from({ length: Math.ceil(tools.length / TOOLS_PAGE_SIZE) }, (_, index) => index + 1);
    const read = new Set(sample(pages, { exhaustive: isExhaustive(backend) }));
    const slugs: string[] = [];
    for (const page of pages)
      slugs.push(...(read.has(page) ? slugsIn((await app.html(`/tools?${query}&page=${page}`)).body).map(String) : expectedPage(tools, `${query}&page=${page}`)));
    return slugs;
  };

  beforeAll(async () => {
    tools = await catalogue(app);
    quoteOnly = tools.filter((tool) => tool.pricing.model === "contact-sales").map((tool) => tool.slug);
  });
  afterEach(() => vi.useRealTimers());

  it("has contact-sales tools to test with, stored without a price", async () => {
    expect(quoteOnly.length).toBeGreaterThanOrEqual(2);
    const rows = await app.query<{ slug: string; price_from: string | null }>("select slug, price_from from tools where pricing_model = 'contact-sales'");
    expect(rows.map((row) => row.price_from)).toEqual(rows.map(() => null));
    const surfer = await app.query<{ price_from: string }>("select price_from from tools where slug = 'surfer-seo'");
    expect(Number(surfer[0]!.price_from)).toBe(79);
  });

  it.each(["price_low", "price_high"])("sorts contact-sales tools last by %s, never as $0", async (sort) => {
    const slugs = await allPages(`sort=${sort}`);
    expect(slugs).toHaveLength(tools.length);
    expect(slugs.slice(-quoteOnly.length).sort()).toEqual([...quoteOnly].sort());
    const prices = slugs.slice(0, -quoteOnly.length).map((slug) => firstDollarPrice(tools.find((tool) => tool.slug === slug)!.pricing)!);
    expect(prices.every((price) => price !== null)).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => (sort === "price_low" ? a - b : b - a)));
    const pages = Array.from({ length: Math.ceil(tools.length / TOOLS_PAGE_SIZE) }, (_, index) => expectedPage(tools, `sort=${sort}&page=${index + 1}`));
    expect(slugs).toEqual(pages.flat());
  });

  it("keeps contact-sales and free-only tools in a price range, as the spec has tools without a figure pass", async () => {
    const { body } = await app.html("/tools?minPrice=0&maxPrice=1000");
    const shown = slugsIn(body);
    expect(shown).toEqual(expectedPage(tools, "minPrice=0&maxPrice=1000"));
    const within = slugsIn((await app.html("/tools?minPrice=50&maxPrice=100")).body);
    for (const slug of within) {
      const price = firstDollarPrice(tools.find((tool) => tool.slug === slug)!.pricing);
      expect(price === null || price === 0 || (price >= 50 && price <= 100), slug).toBe(true);
    }
    expect(within).toContain("surfer-seo");
    expect(body).toContain("no price to compare");
    expect((await app.html("/tools")).body).not.toContain("no price to compare");
  });

  it("orders 'Recently added' by the date a tool entered the catalogue, and offers it in the sort form", async () => {
    const { body } = await app.html("/tools?sort=newest");
    const slugs = slugsIn(body);
    expect(slugs).toEqual(expectedPage(tools, "sort=newest"));
    const newest = tools.reduce((max, tool) => (tool.addedAt > max ? tool.addedAt : max), "");
    expect(tools.find((tool) => tool.slug === slugs[0])!.addedAt).toBe(newest);
    expect(body).toMatch(/<option value="newest" selected="">Recently added<\/option>/);
  });

  it("shows a 'Recently added' strip on the home page that leads to the newest sort", async () => {
    const { body } = await app.html("/");
    const strip = body.slice(body.indexOf('id="recently-added-heading"'), body.indexOf('id="categories-heading"'));
    expect(strip).toContain("Recently added");
    expect(strip).toContain('href="/tools?sort=newest"');
    expect(slugsIn(strip)).toEqual(expectedPage(tools, "sort=newest").slice(0, 3));
  });

  it("shows New and Updated recently by the server's clock, moving with it", async () => {
    const added = tools.find((tool) => tool.slug === "claude-code")!.addedAt;
    const day = (offset: number) => new Date(Date.parse(`${added}T12:00:00Z`) + offset * 86_400_000);

    vi.useFakeTimers({ toFake: ["Date"], now: day(3) });
    expect(cardOf((await fresh("/tools?search=claude+code")).body, "claude-code")).toContain(">New</span>");
    expect((await fresh("/tools/claude-code")).body).toContain(">New</span>");
    // The launch catalogue was not added: it opened with these tools (lib/freshness.ts CATALOGUE_OPENED).
    expect(cardOf((await fresh("/tools?search=chatgpt")).body, "chatgpt")).not.toContain(">New</span>");

    vi.setSystemTime(day(45));
    expect(cardOf((await fresh("/tools?search=claude+code")).body, "claude-code")).not.toContain(">New</span>");
    const page = (await fresh("/tools/claude-code")).body;
    expect(page).not.toContain(">New</span>");
    expect(page).not.toContain(">Updated recently</span>");

    // A change of the entry synced on day 40 makes it 'Updated recently' for 14 days.
    await app.query("update tools set content_changed_at = $1 where slug = 'ahrefs'", [day(40).toISOString()]);
    expect(cardOf((await fresh("/tools?search=ahrefs")).body, "ahrefs")).toContain(">Updated recently</span>");
    vi.setSystemTime(day(53.99));
    expect(cardOf((await fresh("/tools?search=ahrefs")).body, "ahrefs")).toContain(">Updated recently</span>");
    vi.setSystemTime(day(54));
    expect(cardOf((await fresh("/tools?search=ahrefs")).body, "ahrefs")).not.toContain(">Updated recently</span>");
  });

  it("keeps a page with badges in the page cache only until a badge changes", async () => {
    const added = tools.find((tool) => tool.slug === "claude-code")!.addedAt;
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(Date.parse(`${added}T00:00:00Z`) + 29 * 86_400_000) });
    expect((await app.html("/tools/claude-code?cache-probe=1")).body).toContain(">New</span>");
    vi.setSystemTime(new Date(Date.parse(`${added}T00:00:00Z`) + 30 * 86_400_000));
    expect((await app.html("/tools/claude-code?cache-probe=1")).body).not.toContain(">New</span>");
  });
});
