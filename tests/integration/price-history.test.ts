import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import Parser from "rss-parser";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachBackend, type TestApp } from "../support/app";
import { ONE_BACKEND } from "../support/sample";
import { fixtureProject, type FixtureProject } from "../support/fixture-project";
import { serverBuildPath } from "../support/paths";

/**
 * Price history (issue 27, decision 033): the content sync records what changed in a tool's pricing, the link check
 * records a site going dark once; the tool page's 'Change history', /changes and /feed/changes.xml show it, and
 * pages cached before a change are dropped when it is recorded.
 */

type LinkTarget = { kind: "tool"; target: string; url: string; name: string };
type Build = { runLinkPass: (options: { targets?: LinkTarget[] }) => Promise<unknown> };
type Item = { title: string; link: string; guid: unknown; description: string; pubDate: string; category?: string };

const text = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
const today = () => new Date().toISOString().slice(0, 10);
const longDate = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const feedItems = (xml: string): Item[] => {
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "item" }).parse(xml) as {
    rss: { "@_version": string; channel: { title: string; link: string; description: string; item?: Item[] } };
  };
  expect(parsed.rss["@_version"]).toBe("2.0");
  expect(parsed.rss.channel.title).toBeTruthy();
  expect(parsed.rss.channel.description).toBeTruthy();
  return parsed.rss.channel.item ?? [];
};
const changesOf = (app: TestApp) =>
  app.query<{ slug: string; kind: string; source: string; plan_name: string | null; before: unknown; after: unknown }>(
    "select t.slug, c.kind, c.source, c.plan_name, c.before, c.after from tool_changes c join tools t on t.id = c.tool_id order by c.id",
  );

/** The tool's site: answers 404 while `siteDown`, else 200. */
let siteDown = true;
const site = createServer((request, response) => {
  // Another site by name: 'localhost' is not '127.0.0.1' (lib/link-health/site-events.ts compares sites).
  if (request.url === "/move") return void response.writeHead(301, { Location: `http://localhost:${(site.address() as AddressInfo).port}/welcome` }).end();
  if (request.url === "/welcome") return void response.writeHead(200).end();
  response.writeHead(siteDown ? 404 : 200).end();
});
await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
afterAll(() => {
  site.closeAllConnections();
  site.close();
});

describeEachBackend(
  "price history on a database whose content has not changed since its first sync",
  (app) => {
    let build: Build;
    let tool: { slug: string; name: string };
    beforeAll(async () => {
      build = (await import(serverBuildPath)) as Build;
      [tool] = (await app.query<{ slug: string; name: string }>("select slug, name from tools where source = 'editorial' order by slug limit 1")) as [typeof tool];
    });

    it("records nothing at the first sync, and says since when the history is kept without claiming a check", async () => {
      expect(await changesOf(app)).toEqual([]);
      expect(await app.query("select record from records_kept_since")).toEqual([{ record: "tool-changes" }]);
      const page = text((await app.html(`/tools/${tool.slug}`)).body);
      expect(page).toContain("Change history");
      expect(page).toContain(`No changes recorded for ${tool.name} since we started keeping this history on`);
      expect(page).toContain('href="/changes"');
    });

    it("serves /changes with its empty state, head, feed link and filters that work without JavaScript", async () => {
      const { response, body } = await app.html("/changes");
      expect(response.status).toBe(200);
      const page = text(body);
      expect(page).toContain("No changes recorded yet");
      expect(page).toMatch(/<title>AI Tool Price Changes[^<]*<\/title>/);
      expect(page).toContain('<link rel="canonical" href="http://localhost:3000/changes"/>');
      expect(page).toMatch(/<link [^>]*rel="alternate" type="application\/rss\+xml" title="[^"]+" href="\/feed\/changes.xml"\/>/);
      const form = /<form [^>]*aria-label="Filter price changes"[^>]*>/.exec(page)?.[0] ?? "";
      expect(form).toContain('method="get"');
      expect(form).toContain('action="/changes"');
      expect(page).toContain('for="changes-category"');
      expect(page).toContain('for="changes-kind"');
      expect(page).not.toContain('name="robots"');
      // A filtered view is not a page of its own; a page past the last is none.
      expect(text((await app.html("/changes?kind=price-up")).body)).toContain("noindex");
      expect((await app.request("/changes?page=2")).status).toBe(404);
      expect((await app.request("/changes?page=x")).status).toBe(404);
      expect((await app.request("/changes?tool=no-such-tool")).status).toBe(404);
    });

    it("serves an empty but valid feed with an explicit Cache-Control, and lists /changes in the sitemaps", async () => {
      const feed = await app.request("/feed/changes.xml");
      expect(feed.status).toBe(200);
      expect(feed.headers.get("content-type")).toContain("application/rss+xml");
      expect(feed.headers.get("cache-control")).toMatch(/^public/);
      expect(feedItems(await feed.text())).toEqual([]);
      const main = await (await app.request("/sitemap.xml")).text();
      expect(main).toContain("<loc>http://localhost:3000/changes</loc>");
      expect(await (await app.request("/sitemap-index.xml")).text()).toContain("<loc>http://localhost:3000/sitemap.xml</loc>");
    });

    it("records a site going dark once, when the third failed check makes its link broken, and drops the cached pages", async () => {
      expect((await app.request("/changes")).headers.get("x-cache")).toMatch(/HIT|MISS/);
      expect((await app.request("/changes")).headers.get("x-cache")).toBe("HIT");
      const targets: LinkTarget[] = [{ kind: "tool", target: tool.slug, url: `${base}/gone`, name: tool.name }];
      for (let pass = 1; pass <= 2; pass++) await build.runLinkPass({ targets });
      expect(await changesOf(app)).toEqual([]);
      await build.runLinkPass({ targets });
      await build.runLinkPass({ targets });
      const rows = await changesOf(app);
      expect(rows).toEqual([
        {
          slug: tool.slug,
          kind: "site-down",
          source: "link-check",
          plan_name: null,
          before: expect.objectContaining({ url: `${base}/gone` }),
          after: { status: 404, error: null },
        },
      ]);

      const list = await app.request("/changes");
      expect(list.headers.get("x-cache")).not.toBe("HIT");
      const page = text(await list.text());
      expect(page).toContain("Site went dark: the link failed 3 checks in a row (last: 404 Not found)");
      expect(page).toContain(`href="/tools/${tool.slug}"`);
      expect(page).toContain("Recorded by our link checker.");
      expect(page).toContain(`<time dateTime="${today()}">${longDate(today())}</time>`);
      const toolPage = text((await app.html(`/tools/${tool.slug}`)).body);
      expect(toolPage).toContain("Site went dark");
      expect(toolPage).not.toContain("No changes recorded");
      expect(feedItems(await (await app.request("/feed/changes.xml")).text()).map((item) => item.title)).toEqual([
        `${tool.name}: Site went dark: the link failed 3 checks in a row (last: 404 Not found)`,
      ]);
      expect(await (await app.request("/sitemap.xml")).text()).toContain(`<loc>http://localhost:3000/changes</loc><lastmod>${today()}</lastmod>`);
    });

    it("records nothing more while the site stays dark or when it comes back, and again when it goes dark again", async () => {
      const targets: LinkTarget[] = [{ kind: "tool", target: tool.slug, url: `${base}/gone`, name: tool.name }];
      await build.runLinkPass({ targets });
      siteDown = false;
      await build.runLinkPass({ targets });
      expect((await changesOf(app)).map((row) => row.kind)).toEqual(["site-down"]);
      siteDown = true;
      for (let pass = 1; pass <= 3; pass++) await build.runLinkPass({ targets });
      expect((await changesOf(app)).map((row) => row.kind)).toEqual(["site-down", "site-down"]);
    });

    it("records a site that moved to another domain once, however many passes find it there", async () => {
      const [other] = await app.query<{ slug: string; name: string }>("select slug, name from tools where source = 'editorial' order by slug offset 1 limit 1");
      const targets: LinkTarget[] = [{ kind: "tool", target: other!.slug, url: `${base}/move`, name: other!.name }];
      await build.runLinkPass({ targets });
      await build.runLinkPass({ targets });
      const moved = (await changesOf(app)).filter((row) => row.slug === other!.slug);
      expect(moved).toEqual([
        {
          slug: other!.slug,
          kind: "site-moved",
          source: "link-check",
          plan_name: null,
          before: { url: `${base}/move`, site: "127.0.0.1" },
          after: { finalUrl: `http://localhost:${(site.address() as AddressInfo).port}/welcome`, site: "localhost" },
        },
      ]);
      expect(text((await app.html("/changes?kind=site-moved")).body)).toContain("Site moved to another domain: 127.0.0.1 → localhost");
    });
  },
  // The fixture site is on this machine: the outbound fetcher reaches it only when the owner allows it (decision 031).
  { env: () => ({ OUTBOUND_ALLOWED_HOSTS: [new URL(base).host, `localhost:${new URL(base).port}`].join(","), LINK_CHECK_HOST_DELAY_MS: "0" }) },
);

describeEachBackend(
  "/changes filters and pages",
  (app) => {
    let tools: { id: number; slug: string; category: string; categories: string[] }[];
    beforeAll(async () => {
      // Rows as writers record them, before any page is read (the lists are cached until a writer invalidates them).
      tools = await app.query<{ id: number; slug: string; category: string; categories: string[] }>(
        "select id, slug, category_slug as category, array[category_slug] || secondary_category_slugs as categories from tools where source = 'editorial' and category_slug in (select category_slug from tools group by 1 order by 1 limit 2) order by slug",
      );
      const plan = (price: number) => JSON.stringify({ name: "Pro", price, currency: "USD", period: "month" });
      for (let index = 0; index < 30; index++) {
        const tool = tools[index % tools.length]!;
        await app.query(
          "insert into tool_changes (tool_id, occurred_at, kind, source, plan_name, before, after) values ($1, now() - make_interval(days => $2), $3, 'content', 'Pro', $4::jsonb, $5::jsonb)",
          [tool.id, index, index % 3 === 0 ? "price-down" : "price-up", plan(20 + index), plan(index % 3 === 0 ? 10 : 30 + index)],
        );
      }
    });

    it("pages 30 changes by 25, newest first, with numbered page links", async () => {
      const first = text((await app.html("/changes")).body);
      expect(first).toContain("30 changes recorded");
      expect(first.match(/data-change-kind=/g)).toHaveLength(25);
      expect(first).toContain("Pro: $20/month → $10/month");
      expect(first).toContain('href="/changes?page=2"');
      const second = await app.html("/changes?page=2");
      expect(second.response.status).toBe(200);
      expect(text(second.body).match(/data-change-kind=/g)).toHaveLength(5);
      expect(text(second.body)).toContain("noindex");
      expect((await app.request("/changes?page=3")).status).toBe(404);
    });

    it("filters by kind and by category, keeping the other filter in the page links, and says when nothing matches", async () => {
      const down = text((await app.html("/changes?kind=price-down")).body);
      expect(down).toContain("10 changes recorded");
      expect(down).not.toContain('data-change-kind="price-up"');
      expect(down).toContain('<option value="price-down" selected="">Price down</option>');
      const category = tools[0]!.category;
      // A category's changes are those of its primary and secondary members (issue 29).
      const inCategory = tools.filter((tool) => tool.categories.includes(category)).map((tool) => tool.slug);
      const filtered = text((await app.html(`/changes?category=${category}&kind=price-up`)).body);
      const linked = [...filtered.matchAll(/data-change-kind="price-up"[\s\S]*?href="\/tools\/([a-z0-9-]+)"/g)].map((match) => match[1]);
      expect(linked.length).toBeGreaterThan(0);
      for (const slug of linked) expect(inCategory).toContain(slug);
      expect(text((await app.html("/changes?kind=site-moved")).body)).toContain("No changes match these filters");
      // An unknown category or kind is ignored, as the directory's filters are.
      expect(text((await app.html("/changes?category=nothing-here&kind=bogus")).body)).toContain("30 changes recorded");
    });

    it("shows one tool's whole history on /changes?tool=, linked from its page when it has more than the page shows", async () => {
      const slug = tools[0]!.slug;
      const [{ n }] = (await app.query<{ n: number }>("select count(*)::int as n from tool_changes c join tools t on t.id = c.tool_id where t.slug = $1", [slug])) as [
        { n: number },
      ];
      const page = text((await app.html(`/tools/${slug}`)).body);
      expect(page.slice(page.indexOf("Change history")).match(/data-change-kind=/g)).toHaveLength(Math.min(n, 5));
      if (n > 5) expect(page).toContain(`href="/changes?tool=${slug}"`);
      const history = text((await app.html(`/changes?tool=${slug}`)).body);
      expect(history).toContain(`${n} change${n === 1 ? "" : "s"} recorded`);
      expect(history).toContain("price history");
    });
  },
  ONE_BACKEND,
);

/** The content as a later deploy has it: ChatGPT Plus dearer. */
let fixture: FixtureProject;
beforeAll(() => {
  fixture = fixtureProject((contentDir) => {
    const file = path.join(contentDir, "tools/chatgpt.json");
    const tool = JSON.parse(readFileSync(file, "utf8"));
    tool.pricing.plans = tool.pricing.plans.map((plan: { name: string; price: number }) => (plan.name === "Plus" ? { ...plan, price: 25 } : plan));
    writeFileSync(file, JSON.stringify(tool, null, 2));
  });
});
afterAll(() => fixture?.remove());

describeEachBackend(
  "price history after a content sync that changed a plan's price",
  (app) => {
    it("records the price rise in the sync's transaction, once, from the catalogue update", async () => {
      expect(await changesOf(app)).toEqual([
        {
          slug: "chatgpt",
          kind: "price-up",
          source: "content",
          plan_name: "Plus",
          before: { name: "Plus", price: 20, currency: "USD", period: "month" },
          after: { name: "Plus", price: 25, currency: "USD", period: "month" },
        },
      ]);
    });

    it("shows it in the tool's Change history and on /changes, with the prices' terms, the date and who recorded it", async () => {
      const page = text((await app.html("/tools/chatgpt")).body);
      const history = page.slice(page.indexOf('id="pricing-history-heading"'));
      expect(history).toContain("Price up");
      expect(history).toContain("Plus: $20/month → $25/month");
      expect(history).toContain("Recorded from our catalogue update.");
      expect(history).toContain(`<time dateTime="${today()}">`);
      const list = text((await app.html("/changes")).body);
      expect(list).toContain("1 change recorded");
      expect(list).toContain("Plus: $20/month → $25/month");
      expect(list).toContain('href="/tools/chatgpt"');
      expect(text((await app.html("/changes?kind=price-up")).body)).toContain("Plus: $20/month → $25/month");
      expect(text((await app.html("/changes?kind=price-down")).body)).toContain("No changes match these filters");
    });

    it("lists it in the feed, which parses as RSS 2.0 and links to the tool's history", async () => {
      const items = feedItems(await (await app.request("/feed/changes.xml")).text());
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({ title: "ChatGPT: Plus: $20/month → $25/month", category: "AI Assistant" });
      expect(items[0]!.link).toMatch(/^http:\/\/localhost:3000\/changes\?tool=chatgpt#change-\d+$/);
      expect(items[0]!.description).toContain("Recorded");
      expect(new Date(items[0]!.pubDate).toISOString().slice(0, 10)).toBe(today());
      // And as a feed reader's parser reads it.
      const parsed = await new Parser().parseString(await (await app.request("/feed/changes.xml")).text());
      expect(parsed.title).toBe("AI Tools Atlas: Price Changes");
      expect(parsed.items.map((item) => item.title)).toEqual(["ChatGPT: Plus: $20/month → $25/month"]);
    });
  },
  { serverBuild: () => fixture.serverBuildPath },
);
