import { DATA_FACT_KINDS, DATA_FACT_LABELS } from "~/lib/tool/data-facts";
import { beforeAll, expect, it } from "vitest";
import { comparedFeatures } from "~/lib/tool/comparison";
import { pairTitle } from "~/lib/tool/comparison-pair";
import { pageTitle } from "~/lib/seo/seo";
import { CAPABILITIES } from "~/lib/tool/capabilities";
import { BASE_URL, describeEachBackend } from "../support/app";
import { ONE_BACKEND } from "../support/sample";

const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "";
const canonicalOf = (html: string) => html.match(/<link rel="canonical" href="([^"]*)"/)?.[1];
const robotsOf = (html: string) => html.match(/<meta name="robots" content="([^"]*)"/)?.[1];
const descriptionOf = (html: string) => html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? "";
const jsonLdTypes = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!)["@type"]);
/** The tool names heading the comparison table's columns, in order. */
const columnsOf = (html: string) => {
  const head = html.match(/<thead[^>]*>([\s\S]*?)<\/thead>/)?.[1] ?? "";
  return [...head.matchAll(/<th[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]).slice(1);
};
const featureRowsOf = (html: string) => [...html.matchAll(/<tr data-feature="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
const pickerSlugsOf = (html: string) => [...html.matchAll(/data-picker-tool="([^"]+)"/g)].map((m) => m[1]);

type ToolRow = { slug: string; name: string; category_slug: string; secondary_category_slugs: string[]; capabilities: string[]; rating: number | null };
/** Whether two tools share a category, primary or secondary (issue 29): then they have a pair page. */
const shareCategory = (a: ToolRow, b: ToolRow) =>
  [a.category_slug, ...a.secondary_category_slugs].some((slug) => slug === b.category_slug || b.secondary_category_slugs.includes(slug));

/** Copies ChatGPT's row under another slug, name and category, for cases the editorial catalogue does not have. */
const insertToolLike = (app: { query: (text: string, params?: unknown[]) => Promise<unknown> }, id: number, slug: string, name: string, category = "ai-assistant") =>
  app.query(
    `insert into tools (id, slug, name, tagline, description, category_slug, rating, website_url, pricing_url, pricing_model, plans, price_monthly_usd, is_free, is_pro,
                        has_free_trial, features, capabilities, use_cases, alternatives, added_at, content_hash)
     select $1, $2, $3, tagline, description, $4, rating, website_url, pricing_url, pricing_model, plans, price_monthly_usd, is_free, is_pro,
            has_free_trial, features, capabilities, use_cases, '[]'::jsonb, added_at, 'test' from tools where slug = 'chatgpt'`,
    [id, slug, name, category],
  );

describeEachBackend(
  "tool comparison",
  (app) => {
    let tools: ToolRow[];
    beforeAll(async () => {
      tools = await app.query<ToolRow>("select slug, name, category_slug, secondary_category_slugs, capabilities, rating from tools");
    });
    const tool = (slug: string) => tools.find((t) => t.slug === slug)!;

    it("renders the comparison table on the server, no JavaScript needed", async () => {
      const { response, body } = await app.html("/tools/comparison?tools=chatgpt,claude-ai");
      expect(response.status).toBe(200);
      expect(columnsOf(body)).toEqual(["ChatGPT", "Claude"]);
      expect(featureRowsOf(body)).toEqual(comparedFeatures([tool("chatgpt"), tool("claude-ai")], CAPABILITIES));
      for (const text of ["Comparison Results", "Next Steps", "2/4 selected", "Select up to 4", "Pricing", "Our rating 4.5/5", "our rating 4.3/5", "Free plan; from $20/month"]) {
        expect(body, text).toContain(text);
      }
      // Check marks and crosses carry words, not only colour.
      expect(body).toContain('<span class="sr-only">Yes</span>');
      expect(body).toContain('<span class="sr-only">No</span>');
      expect(body).toMatch(/<a (?=[^>]*aria-label="Full Review of ChatGPT")(?=[^>]*href="\/tools\/chatgpt")[^>]*>Full Review<\/a>/);
      expect(body).toMatch(/<a (?=[^>]*target="_blank")(?=[^>]*rel="sponsored nofollow noopener")(?=[^>]*href="\/go\/tool\/chatgpt")[^>]*aria-label="Try Now: ChatGPT/);
      // The summary shows each tool's first three features.
      expect(body).toContain("Chat with OpenAI&#x27;s latest models");
      expect(body).toContain("File and data analysis");
      expect(body).not.toContain("Custom GPTs");
      // Breadcrumb Home > AI Tools > Compare Tools, also as structured data.
      expect(body).toMatch(/<span aria-current="page"[^>]*>Compare Tools<\/span>/);
      expect(jsonLdTypes(body)).toEqual(expect.arrayContaining(["BreadcrumbList", "ItemList"]));
    });

    it("lists only features at least one selected tool has", async () => {
      const { body } = await app.html("/tools/comparison?tools=midjourney");
      expect(featureRowsOf(body)).toEqual(CAPABILITIES.filter((feature) => tool("midjourney").capabilities.includes(feature)));
    });

    it("shows 'Start Your Comparison' with none selected, as the one indexable picker page", async () => {
      const { response, body } = await app.html("/tools/comparison");
      expect(response.status).toBe(200);
      expect(body).toContain("Start Your Comparison");
      expect(body).toMatch(/<a[^>]*href="\/tools"[^>]*>Browse All Tools<\/a>/);
      expect(body).toContain("0/4 selected");
      expect(body).not.toContain("<table");
      expect(canonicalOf(body)).toBe(`${BASE_URL}/tools/comparison`);
      expect(robotsOf(body)).toBeUndefined();
      expect(descriptionOf(body).length).toBeGreaterThan(50);
      expect(titleOf(body)).toBe("Compare AI Tools Side by Side | AI Tools Atlas");
    });

    it.each([
      ["tools=claude-ai,chatgpt", ["Claude", "ChatGPT"]],
      ["tools=not-a-tool,chatgpt,also-not", ["ChatGPT"]],
      ["tools=chatgpt,chatgpt,claude-ai,chatgpt", ["ChatGPT", "Claude"]],
      ["tools=chatgpt,claude-ai,midjourney,jasper-ai,perplexity-ai", ["ChatGPT", "Claude", "Midjourney", "Jasper"]],
      ["tools=nope,chatgpt,claude-ai,nope,midjourney,jasper-ai,perplexity-ai", ["ChatGPT", "Claude", "Midjourney", "Jasper"]],
      ["tools=CHATGPT&tools=claude-ai%2Cmidjourney", ["ChatGPT", "Claude", "Midjourney"]],
    ])("normalizes ?%s", async (query, expected) => {
      const { response, body } = await app.html(`/tools/comparison?${query}`);
      expect(response.status).toBe(200);
      expect(columnsOf(body)).toEqual(expected);
      expect(body).toContain(`${expected.length}/4 selected`);
    });

    it("gives a selection its normalized URL as canonical and keeps it out of the index", async () => {
      const { body } = await app.html("/tools/comparison?tools=nope,claude-ai,chatgpt,claude-ai&q=gpt&page=2");
      expect(canonicalOf(body)).toBe(`${BASE_URL}/tools/comparison?tools=claude-ai,chatgpt`);
      expect(robotsOf(body)).toBe("noindex, follow");
      expect(titleOf(body).length).toBeLessThanOrEqual(60);
      expect(titleOf(body)).toContain("Claude vs ChatGPT");
    });

    it("never fails on bad input", async () => {
      for (const query of [
        "tools=%ZZ",
        "tools=",
        "tools=,,,",
        `tools=${"a,".repeat(3000)}`,
        "tools=../../etc/passwd",
        "tools='%3B--",
        "q=%25&page=-1",
        "page=99999",
        "q=" + "x".repeat(500),
        "tools[]=chatgpt",
      ]) {
        const { response } = await app.html(`/tools/comparison?${query}`);
        expect(response.status, query).toBe(200);
      }
    });

    it("at four tools, disables every other add button as 'Max Tools Selected'", async () => {
      const { body } = await app.html("/tools/comparison?tools=chatgpt,claude-ai,midjourney,jasper-ai");
      expect(body).toContain("4/4 selected");
      expect(body).toMatch(/<button[^>]*disabled=""[^>]*>Max Tools Selected<\/button>/);
      expect(body).not.toMatch(/aria-label="Add /);
      // Each selected tool can be removed with a plain link.
      expect(body).toMatch(/<a (?=[^>]*aria-label="Remove Claude from the comparison")[^>]*href="\/tools\/comparison\?tools=chatgpt,midjourney,jasper-ai"/);
    });

    it("searches the picker's choices on the server and ships only one small page of them", async () => {
      const first = await app.html("/tools/comparison?tools=chatgpt");
      expect(pickerSlugsOf(first.body)).toHaveLength(8);
      const listed = new Set(pickerSlugsOf(first.body));
      const unlisted = tools.filter((t) => !listed.has(t.slug) && t.slug !== "chatgpt");
      // The catalogue is not in the page: tools not on this picker page appear nowhere in it.
      for (const other of unlisted) {
        expect(first.body, other.slug).not.toContain(`/tools/${other.slug}"`);
        expect(first.body, other.slug).not.toContain(`/${other.slug}.svg`);
      }

      const typo = await app.html("/tools/comparison?tools=chatgpt&q=midjorney");
      expect(pickerSlugsOf(typo.body)[0]).toBe("midjourney");
      expect(typo.body).toContain('href="/tools/comparison?tools=chatgpt,midjourney&amp;q=midjorney"');
      // The no-JavaScript search form keeps the selection.
      expect(typo.body).toMatch(/<form (?=[^>]*method="get")[^>]*action="\/tools\/comparison"/);
      expect(typo.body).toContain('<input type="hidden" name="tools" value="chatgpt"/>');

      const second = await app.html("/tools/comparison?page=2");
      expect(pickerSlugsOf(second.body)).toHaveLength(8);
      expect(pickerSlugsOf(second.body).some((slug) => listed.has(slug))).toBe(false);
    });

    it("serves the CSV with one row per feature, pricing and rating rows, the data and security rows, and RFC 4180 quoting", async () => {
      const response = await app.request("/tools/comparison.csv?tools=claude-ai,chatgpt,nope");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/csv; charset=utf-8/);
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="ai-tools-comparison-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(response.headers.get("content-disposition")).toContain(new Date().toISOString().slice(0, 10));
      const text = await response.text();
      expect(text.endsWith("\r\n")).toBe(true);
      const rows = text.trimEnd().split("\r\n");
      const features = comparedFeatures([tool("claude-ai"), tool("chatgpt")], CAPABILITIES);
      expect(rows[0]).toBe("Feature,Claude,ChatGPT");
      // The data and security facts (issue 44) come last, a row per kind; the team's cost (issue 47: the default team
      // of 5, two rows) follows the pricing.
      const dataRows = DATA_FACT_KINDS.length;
      expect(rows).toHaveLength(1 + features.length + 4 + dataRows);
      const firstField = (row: string) => (row.startsWith('"') ? row.slice(1, row.indexOf('",')) : row.split(",")[0]);
      expect(rows.slice(1, -4 - dataRows).map(firstField)).toEqual(features);
      expect(rows).toContain("Image generation,No,Yes");
      expect(rows).toContain('"Integrations (Zapier, Slack and others)",Yes,Yes');
      expect(rows.at(-4 - dataRows)).toBe("Pricing,Free plan; from $20/month,Free plan; from $20/month");
      expect(rows.at(-3 - dataRows)).toBe("Team of 5: per month (cheapest fitting plan),Free: $0/month,Free: $0/month");
      expect(rows.at(-2 - dataRows)).toBe("Team of 5: first year (cheapest fitting plan),Free: $0 a year,Free: $0 a year");
      expect(rows.at(-1 - dataRows)).toBe("Our rating,4.3/5,4.5/5");
      expect(rows.slice(-dataRows).map(firstField)).toEqual(DATA_FACT_KINDS.map((kind) => DATA_FACT_LABELS[kind]));
    });

    it("answers a CSV request without a known tool with 400, not an error", async () => {
      for (const query of ["", "?tools=nope", "?tools=%ZZ"]) {
        const response = await app.request(`/tools/comparison.csv${query}`);
        expect(response.status, query).toBe(400);
        expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
      }
    });

    it("defuses a tool name a spreadsheet would run as a formula", async () => {
      await insertToolLike(app, 990001, "formula-test", '=HYPERLINK("http://evil.example","x")');
      try {
        const text = await (await app.request("/tools/comparison.csv?tools=formula-test")).text();
        expect(text.split("\r\n")[0]).toBe(`Feature,"'=HYPERLINK(""http://evil.example"",""x"")"`);
      } finally {
        await app.query("delete from tools where slug = 'formula-test'");
      }
    });

    it("renders a same-category pair page with its own title, description, canonical and structured data", async () => {
      const { response, body } = await app.html("/tools/compare/chatgpt-vs-claude-ai");
      expect(response.status).toBe(200);
      expect(titleOf(body)).toBe("ChatGPT vs Claude: Features, Pricing and Ratings");
      expect(canonicalOf(body)).toBe(`${BASE_URL}/tools/compare/chatgpt-vs-claude-ai`);
      expect(robotsOf(body)).toBeUndefined();
      expect(descriptionOf(body)).toContain("ChatGPT vs Claude");
      expect(descriptionOf(body).length).toBeLessThanOrEqual(160);
      expect(columnsOf(body)).toEqual(["ChatGPT", "Claude"]);
      expect(body).toContain("Comparison Results");
      expect(body).toContain('href="/tools/comparison?tools=chatgpt,claude-ai"');
      expect(jsonLdTypes(body)).toEqual(expect.arrayContaining(["BreadcrumbList", "ItemList"]));
      const crumbs = JSON.parse(body.match(/<script type="application\/ld\+json">(\{"@context":"https:\/\/schema.org","@type":"BreadcrumbList"[\s\S]*?)<\/script>/)![1]!);
      expect(crumbs.itemListElement.map((item: { name: string }) => item.name)).toEqual(["Home", "AI Tools", "Compare Tools", "ChatGPT vs Claude"]);
      expect(crumbs.itemListElement.map((item: { item: string }) => new URL(item.item).pathname)).toEqual([
        "/",
        "/tools",
        "/tools/comparison",
        "/tools/compare/chatgpt-vs-claude-ai",
      ]);
    });

    it("shows the editors' verdict above the table on a pair with one, indexable, with a description from its summary (decision 043)", async () => {
      const { body } = await app.html("/tools/compare/chatgpt-vs-claude-ai");
      expect(robotsOf(body)).toBeUndefined();
      expect(body).not.toContain("data-generated-pair");
      const verdict = body.slice(body.indexOf('id="verdict-heading"'), body.indexOf("<table"));
      for (const text of [
        "Choose ChatGPT if…",
        "Choose Claude if…",
        "The differences that matter",
        "Image generation",
        "Team plans",
        "Written by AI Tools Atlas editorial team on",
      ]) {
        expect(verdict, text).toContain(text);
      }
      expect(verdict).toContain('<time dateTime="2026-11-26">November 26, 2026</time>');
      expect(descriptionOf(body)).toMatch(/^ChatGPT vs Claude: Both are broad assistants with free plans/);
      expect(descriptionOf(body).length).toBeLessThanOrEqual(160);
      expect(jsonLdTypes(body)).toContain("ItemList");
    });

    it("keeps a pair page without a verdict reachable, says it is generated and marks it noindex, follow", async () => {
      const verdicts = new Set((await app.query<{ pair: string }>("select pair from pair_verdicts")).map((row) => row.pair));
      const same = tools.filter((t) => t.category_slug === tool("chatgpt").category_slug && t.slug > "chatgpt").map((t) => `chatgpt-vs-${t.slug}`);
      const pair = same.find((candidate) => !verdicts.has(candidate))!;
      expect(pair).toBeDefined();
      const { response, body } = await app.html(`/tools/compare/${pair}`);
      expect(response.status).toBe(200);
      expect(robotsOf(body)).toBe("noindex, follow");
      expect(body).toContain("data-generated-pair");
      expect(body).toMatch(/This is a generated side-by-side of ChatGPT&#x27;s and .+&#x27;s listed facts \(pricing, features and ratings\), with no editorial verdict/);
      expect(body).not.toContain('id="verdict-heading"');
      expect(columnsOf(body)[0]).toBe("ChatGPT");
    });

    it("serves a verdict pair of tools in different categories, linking both categories", async () => {
      // Copy.ai and Writesonic share no category, primary or secondary (the one verdict pair of the content that does not).
      expect(shareCategory(tool("copy-ai"), tool("writesonic"))).toBe(false);
      const { response, body } = await app.html("/tools/compare/copy-ai-vs-writesonic");
      expect(response.status).toBe(200);
      expect(robotsOf(body)).toBeUndefined();
      expect(body).toContain('id="verdict-heading"');
      expect(body).toContain(`href="/tools/category/${tool("copy-ai").category_slug}"`);
      expect(body).toContain(`href="/tools/category/${tool("writesonic").category_slug}"`);
      const reversed = await app.request("/tools/compare/writesonic-vs-copy-ai", { redirect: "manual" });
      expect(reversed.headers.get("location")).toBe("/tools/compare/copy-ai-vs-writesonic");
    });

    it("redirects the reversed or upper-case spelling of a pair with 301", async () => {
      for (const path of ["/tools/compare/claude-ai-vs-chatgpt", "/tools/compare/ChatGPT-vs-Claude-AI", "/tools/compare/chatgpt-VS-claude-ai"]) {
        const response = await app.request(path, { redirect: "manual" });
        expect(response.status, path).toBe(301);
        expect(response.headers.get("location"), path).toBe("/tools/compare/chatgpt-vs-claude-ai");
      }
    });

    it.each([
      ["a cross-category pair", "chatgpt-vs-midjourney"],
      ["an unknown slug", "chatgpt-vs-not-a-tool"],
      ["two unknown slugs", "foo-vs-bar"],
      ["the same tool twice", "chatgpt-vs-chatgpt"],
      ["no separator", "chatgpt"],
      ["an empty side", "chatgpt-vs-"],
      ["a broken encoding", "%E0%A4%A"],
      ["a huge parameter", `${"a-vs-".repeat(400)}b`],
    ])("answers %s with 404 and noindex", async (_case, pair) => {
      const { response, body } = await app.html(`/tools/compare/${pair}`);
      expect(response.status).toBe(404);
      expect(robotsOf(body)).toBe("noindex, follow");
      expect(body).not.toContain("<table");
    });

    it("keeps every pair page's title within 60 characters", async () => {
      const pairs = tools.flatMap((a) => tools.filter((b) => shareCategory(a, b) && a.slug < b.slug).map((b) => [a, b] as const));
      expect(pairs.length).toBeGreaterThan(20);
      // Every pair's title from the one function the page uses (hundreds of pairs: rendering each would take minutes)...
      const rated = (a: ToolRow, b: ToolRow) => ({ rated: a.rating !== null || b.rating !== null });
      for (const [a, b] of pairs) expect(pageTitle(pairTitle(a.name, b.name, rated(a, b))).length, `${a.slug}-vs-${b.slug}`).toBeLessThanOrEqual(60);
      // ...and the served page for the longest pair of names in each category.
      const longest = new Map<string, (typeof pairs)[number]>();
      const size = ([a, b]: (typeof pairs)[number]) => a.name.length + b.name.length;
      for (const pair of pairs) if (size(pair) > size(longest.get(pair[0].category_slug) ?? pair) || !longest.has(pair[0].category_slug)) longest.set(pair[0].category_slug, pair);
      for (const [a, b] of longest.values()) {
        const { response, body } = await app.html(`/tools/compare/${a.slug}-vs-${b.slug}`);
        expect(response.status, `${a.slug}-vs-${b.slug}`).toBe(200);
        const title = titleOf(body);
        expect(title.length, title).toBeLessThanOrEqual(60);
        expect(title).toBe(pageTitle(pairTitle(a.name, b.name, rated(a, b))));
      }
    });

    it("reads slugs that themselves contain '-vs-' by trying every split", async () => {
      await insertToolLike(app, 990002, "rock-vs-roll", "Rock vs Roll");
      try {
        const { response, body } = await app.html("/tools/compare/chatgpt-vs-rock-vs-roll");
        expect(response.status).toBe(200);
        expect(columnsOf(body)).toEqual(["ChatGPT", "Rock vs Roll"]);
        const reversed = await app.request("/tools/compare/rock-vs-roll-vs-chatgpt", { redirect: "manual" });
        expect(reversed.status).toBe(301);
        expect(reversed.headers.get("location")).toBe("/tools/compare/chatgpt-vs-rock-vs-roll");
      } finally {
        await app.query("delete from tools where slug = 'rock-vs-roll'");
      }
    });

    it("links a tool page's similar tools of its category, and its pairs with a verdict, to their pair pages, and only those", async () => {
      const { body } = await app.html("/tools/chatgpt");
      const verdicts = new Set((await app.query<{ pair: string }>("select pair from pair_verdicts where 'chatgpt' in (first_slug, second_slug)")).map((row) => row.pair));
      const section = body.slice(body.indexOf('id="similar-heading"'), body.indexOf('id="spot-ai-reviews"'));
      const pairLinks = [...section.matchAll(/href="\/tools\/compare\/([^"]+)"/g)].map((m) => m[1]!);
      expect(pairLinks.length).toBeGreaterThan(0);
      // Every verdict pair of the tool is linked (the indexable ones, decision 043), the cross-category one included.
      expect(verdicts.has("chatgpt-vs-perplexity-ai")).toBe(true);
      for (const pair of verdicts) expect(pairLinks, pair).toContain(pair);
      for (const pair of new Set(pairLinks)) {
        const other = pair.split("-vs-").find((slug) => slug !== "chatgpt")!;
        if (!verdicts.has(pair)) expect(shareCategory(tool(other), tool("chatgpt")), other).toBe(true);
        expect((await app.request(`/tools/compare/${pair}`)).status).toBe(200);
      }
      expect(body).toContain('href="/tools/comparison?tools=chatgpt"');
      // The category's page links the verdict pairs of its tools, and only those.
      const category = (await app.html(`/tools/category/${tool("chatgpt").category_slug}`)).body;
      const listed = [...category.matchAll(/href="\/tools\/compare\/([^"]+)"/g)].map((m) => m[1]!);
      expect(listed).toEqual(expect.arrayContaining([...verdicts]));
      const all = new Set((await app.query<{ pair: string }>("select pair from pair_verdicts")).map((row) => row.pair));
      for (const pair of listed) expect(all.has(pair), pair).toBe(true);
      // A tool listed in a category as a secondary one brings its verdict pairs along: Ahrefs and Semrush are SEO &
      // Marketing tools also in SEO Tools.
      expect(tool("ahrefs").category_slug).not.toBe("seo-tools");
      expect((await app.html("/tools/category/seo-tools")).body).toContain('href="/tools/compare/ahrefs-vs-semrush"');
    });
  },
  ONE_BACKEND,
);
