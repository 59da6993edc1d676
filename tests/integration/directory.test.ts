import { beforeAll, expect, it } from "vitest";
import { existsSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "../support/paths";
import { TOOLS_PAGE_SIZE } from "~/lib/tool/tool-filters";
import { BASE_URL, describeEachBackend } from "../support/app";
import { catalogue, expectedPage, slugsIn } from "../support/catalogue";
import { routeOf } from "../support/routes";
import { sample } from "../support/sample";
import { categoriesOf, compareTools } from "../support/tool-filter-oracle";
import { formatPlanPrice, pricingText } from "~/lib/tool/pricing";

const jsonLdTypes = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!)["@type"]);
const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "";

const FILTER_CASES = [
  "",
  "pricing=free",
  "pricing=freemium",
  "pricing=paid",
  "pricing=free,paid",
  "rating=4.5",
  "rating=4&rating=3",
  "minPrice=10&maxPrice=25",
  "maxPrice=15",
  "minPrice=100",
  "trial=true",
  "trial=false",
  "pro=true",
  "pro=false",
  "featured=true",
  // The training filter (issue 44): only a stated "no" for the tier or for all plans.
  "notrain=business",
  "notrain=api&sort=name_asc",
  "notrain=free",
  "notrain=business&pricing=paid",
  "category=seo-tools",
  "category=seo-tools,image-generation",
  "category=image-generation&pricing=free&sort=price_low",
  "sort=rating",
  // The team-cost sorts (decision 086): `teamCost`'s marked plan for the team; tools without one last both ways.
  "sort=team_low",
  "sort=team_low&team=12",
  "sort=team_low&team=12&page=4",
  "sort=team_high&team=12",
  "sort=team_high&team=1&page=3",
  "sort=team_low&team=3&page=2",
  "sort=team_low&team=10000",
  "sort=team_low&team=abc",
  "pricing=paid&sort=team_low&team=25",
  "category=seo-tools&sort=team_high&team=12",
  "sort=recent",
  "sort=newest",
  "maxPrice=15&sort=price_high",
  "minPrice=100&sort=price_low",
  "pricing=paid&sort=price_low&page=2",
  "sort=price_low",
  "sort=price_high",
  "sort=name_asc",
  "sort=name_desc",
  "pricing=paid&trial=true&sort=price_high",
  "rating=4.6&pro=true&sort=name_desc",
  "page=2",
  "page=3&sort=name_asc",
];

// Every tool and category page's title on PGlite; three of each on PostgreSQL (support/sample.ts). The filter cases run on both.
describeEachBackend("tool directory", (app) => {
  let tools: Awaited<ReturnType<typeof catalogue>>;
  beforeAll(async () => {
    tools = await catalogue(app);
  });

  it("renders /tools on the server with cards, structured data and its own title", async () => {
    const { response, body } = await app.html("/tools");
    expect(response.status).toBe(200);
    expect(slugsIn(body)).toHaveLength(TOOLS_PAGE_SIZE);
    expect(titleOf(body)).toBe("AI Tools Directory | AI Tools Atlas");
    expect(body).toContain('rel="canonical" href="http://localhost:3000/tools"');
    expect(jsonLdTypes(body)).toEqual(expect.arrayContaining(["BreadcrumbList", "ItemList", "FAQPage"]));
    for (const text of ["All Categories", "Compare AI Tools", "Advanced Filters", "Frequently asked questions", "Related pages"]) expect(body).toContain(text);
    // The FAQ's and, for browsers without JavaScript, the filters' (decision 051).
    expect(body.slice(body.indexOf("<main")).match(/<details/g)).toHaveLength(6);
    expect(body).toContain("data-no-script-filters");
  });

  it("sends the sections below the tools in place, hydrated later but never left for a script to reveal", async () => {
    const { body } = await app.html("/tools");
    const main = body.slice(body.indexOf("<main"), body.indexOf("</main>"));
    // Related pages, the FAQ and the structured data load after the page (decision 056): rendered in full inside
    // <main>, after the section's hidden mark. An outlined boundary would leave a <template> here and put the section
    // in a hidden div after the page, with a script to move it in (React Router's streamed loader data is one such,
    // which is fine: it is data).
    const mark = main.indexOf("data-hydrate-later");
    expect(mark).toBeGreaterThan(main.indexOf('aria-label="Tools"'));
    for (const part of ['"@type":"FAQPage"', 'id="related-pages-heading"', 'id="faq-heading"']) expect(main.indexOf(part), part).toBeGreaterThan(mark);
    // The tools as structured data differ by address: they are the tools part's, which ends before the section (decision 074).
    const list = main.indexOf('"@type":"ItemList"');
    expect(list).toBeGreaterThan(main.indexOf('aria-label="Tools"'));
    expect(list).toBeLessThan(main.indexOf("</page-part>", list));
    expect(main.indexOf("</page-part>", list)).toBeLessThan(mark);
    expect(main).not.toContain("<template");
  });

  it.each(FILTER_CASES)("filters and sorts in the database exactly as the reference rules: ?%s", async (query) => {
    // A repeated parameter ('rating=4&rating=3') is answered with its tidy address first (below).
    const first = await app.request(`/tools?${query}`);
    const tidy = first.status === 301 ? new URL(first.headers.get("location")!, BASE_URL) : null;
    const { body } = tidy ? await app.html(tidy.pathname + tidy.search) : { body: await first.text() };
    expect(slugsIn(body)).toEqual(expectedPage(tools, query));
  });

  it("answers the no-script form's query (empty fields, a parameter per ticked box) with a 301 to the tidy address", async () => {
    const cases: [string, string][] = [
      [
        "/tools?search=&category=seo-tools&category=image-generation&rating=4&pricing=paid&minPrice=&maxPrice=",
        "/tools?category=seo-tools%2Cimage-generation&rating=4&pricing=paid",
      ],
      ["/tools?search=&rating=&minPrice=&maxPrice=", "/tools"],
      ["/tools?utm_source=news&rating=&sort=newest", "/tools?sort=newest&utm_source=news"],
      ["/tools/category/seo-tools?search=&pricing=free&pricing=paid", "/tools/category/seo-tools?pricing=free%2Cpaid"],
    ];
    for (const [from, to] of cases) {
      const response = await app.request(from);
      expect(response.status, from).toBe(301);
      expect(new URL(response.headers.get("location")!, BASE_URL).toString(), from).toBe(new URL(to, BASE_URL).toString());
    }
    // A tidy query is the page itself.
    expect((await app.request("/tools?category=seo-tools,image-generation&rating=4")).status).toBe(200);
  });

  it("marks in the category shortcuts the categories the list shows: all, one page's, or those ticked", async () => {
    /** The names of the highlighted shortcuts. */
    const chosenChips = (body: string) => {
      const nav = /<nav aria-label="Category shortcuts">([\s\S]*?)<\/nav>/.exec(body)![1]!;
      return [...nav.matchAll(/<a [^>]*class="([^"]*)"[^>]*>([^<]+)/g)].filter(([, classes]) => classes!.split(" ").includes("bg-primary")).map(([, , name]) => name!.trim());
    };
    expect(chosenChips((await app.html("/tools")).body)).toEqual(["All Categories"]);
    expect(chosenChips((await app.html("/tools/category/seo-tools")).body)).toEqual(["SEO Tools"]);
    expect(chosenChips((await app.html("/tools?category=seo-tools%2Ccontent-writing")).body)).toEqual(["SEO Tools", "Content Writing"]);
  });

  it("finds tools despite typos and while a word is half typed", async () => {
    expect(slugsIn((await app.html("/tools?search=midjorney")).body)[0]).toBe("midjourney");
    const corrected = (await app.html("/tools?search=grammerly")).body;
    expect(slugsIn(corrected)).toContain("grammarly");
    expect(corrected).toContain("No exact matches for “grammerly”. Showing results for <strong>“grammarly”</strong>");
    expect(slugsIn((await app.html("/tools?search=midj")).body)).toContain("midjourney");
    expect(slugsIn((await app.html("/tools?search=Perplexity")).body)[0]).toBe("perplexity-ai");
  });

  // The directory's statements carry the typed text as a literal in their text (decision 070), not as a bound value:
  // quotes, backslashes and SQL in a search must be read as words, never as the statement's own text.
  it("reads quotes, backslashes and SQL typed into a search as words", async () => {
    for (const typed of ["O'Reilly", "it\\'s", "x'); drop table tools; --", "\\' or 1=1 --", "a''b"]) {
      const { response, body } = await app.html(`/tools?search=${encodeURIComponent(typed)}&sort=rating`);
      expect(response.status).toBe(200);
      expect(body).toContain("AI Tools Directory");
    }
    const [row] = await app.query<{ n: number }>("select count(*)::int as n from tools");
    expect(row?.n).toBeGreaterThan(100);
    expect(slugsIn((await app.html(`/tools?search=${encodeURIComponent("chatgpt'")}`)).body)).toContain("chatgpt");
  });

  it("searches descriptions and category text, not only names", async () => {
    const results = slugsIn((await app.html("/tools?search=transcription")).body);
    expect(results).toContain("otter-ai");
    expect(slugsIn((await app.html("/tools?search=image%20generation")).body)).toContain("midjourney");
  });

  it("offers the task page a search names above the tools, finds synonyms and dotted names (decision 046)", async () => {
    const { body } = await app.html("/tools?search=remove%20background");
    expect(body).toMatch(/<a data-task-slug="remove-image-background" href="\/tasks\/remove-image-background"[^>]*>Remove an image background<\/a>/);
    expect(body.indexOf("data-task-slug")).toBeLessThan(body.indexOf("<article data-tool-slug"));
    // Not for a tool's name, nor past the first page.
    expect((await app.html("/tools?search=ChatGPT")).body).not.toContain("data-task-slug");
    expect((await app.html("/tools?search=ai&page=2")).body).not.toContain("data-task-slug");
    // 'dictation' is no tool's word, but its synonyms are; names with a dot are found as typed.
    expect(slugsIn((await app.html("/tools?search=dictation&category=productivity")).body)).toContain("otter-ai");
    for (const [search, slug] of [
      ["Bolt.new", "bolt-new"],
      ["Otter.ai", "otter-ai"],
      ["Apollo.io", "apollo-io"],
    ])
      expect(slugsIn((await app.html(`/tools?search=${encodeURIComponent(search!)}`)).body), search).toContain(slug);
  });

  it("shows the empty state when nothing matches", async () => {
    const { body } = await app.html("/tools?search=zzqqxxnothing");
    expect(slugsIn(body)).toEqual([]);
    expect(body).toContain("No tools found");
    expect(body).toContain("Try adjusting your search or filters to find what you&#x27;re looking for.");
  });

  it("treats SQL and LIKE metacharacters in a search as text", async () => {
    for (const search of ["%", "_", "'; drop table tools; --", "\\", "a:*|b", "!!!"]) {
      const { response } = await app.html(`/tools?search=${encodeURIComponent(search)}`);
      expect(response.status).toBe(200);
    }
    const [row] = await app.query<{ n: number }>("select count(*)::int as n from tools");
    expect(row!.n).toBe(tools.length);
  });

  it("renders a category page with only its tools (primary or secondary) and its own blocks", async () => {
    const { response, body } = await app.html("/tools/category/seo-tools");
    expect(response.status).toBe(200);
    const expected = tools
      .filter((tool) => categoriesOf(tool).includes("seo-tools"))
      .map((tool) => tool.slug)
      .sort();
    expect(slugsIn(body).sort()).toEqual(expected);
    expect(body).toContain("Can&#x27;t Find the Perfect SEO Tool?");
    expect(body).toContain('href="/tools/seo-comparison"');
    expect(body).toContain('href="/blog/category/ai-tools"');
    // The FAQ's and the filters' for browsers without JavaScript (decision 051).
    expect(body.slice(body.indexOf("<main")).match(/<details/g)).toHaveLength(4);
    expect(body).not.toContain("{category}");
    expect(titleOf(body).length).toBeLessThanOrEqual(60);
  });

  it("lists a tool under its secondary categories with its primary badge, in the page's count and the directory filter (issue 29)", async () => {
    const members = tools.filter((tool) => categoriesOf(tool).includes("seo-tools"));
    const { body } = await app.html("/tools/category/seo-tools");
    expect(body).toContain(`<p class="mt-1 text-sm text-muted-foreground">${members.length} tools</p>`);
    const filtered = slugsIn((await app.html("/tools?category=seo-tools")).body);
    for (const slug of ["ahrefs", "semrush"]) {
      const tool = tools.find((t) => t.slug === slug)!;
      expect(tool.categorySlug, slug).not.toBe("seo-tools");
      const card = body.slice(body.indexOf(`<article data-tool-slug="${slug}"`), body.indexOf("</article>", body.indexOf(`<article data-tool-slug="${slug}"`)));
      expect(card, slug).toContain(`>${tool.categoryName.replaceAll("&", "&amp;")}</`);
      expect(card, slug).not.toContain(">SEO Tools</");
      expect(filtered, slug).toContain(slug);
    }
    // The tool page names its secondary categories; two tools that share only a secondary one make a pair page.
    expect((await app.html("/tools/ahrefs")).body).toMatch(/data-testid="also-in">Also in: (?:<!-- -->)?<span><a[^>]*href="\/tools\/category\/seo-tools"/);
    expect(tools.find((t) => t.slug === "surfer-seo")!.categorySlug).toBe("seo-tools");
    const pair = await app.html("/tools/compare/ahrefs-vs-surfer-seo");
    expect(pair.response.status).toBe(200);
    expect(pair.body).toContain("Two SEO tools side by side.");
  });

  it("only the seo-tools category links to the SEO comparison", async () => {
    expect((await app.html("/tools/category/design")).body).not.toContain("Compare SEO Tools");
  });

  it("answers an unknown category with 404 and the spec's buttons", async () => {
    const { response, body } = await app.html("/tools/category/not-a-category");
    expect(response.status).toBe(404);
    expect(body).toContain("Category Not Found");
    expect(body).toContain("doesn&#x27;t exist or has been moved");
    expect(body).toContain(">Browse All Tools</a>");
    expect(body).toContain("Go Home</a>");
    expect(body).toContain('content="noindex, follow"');
  });

  it("renders an in-depth review with every section and structured data", async () => {
    const { response, body } = await app.html("/tools/surfer-seo");
    expect(response.status).toBe(200);
    for (const text of [
      "Our Rating",
      "Back to Tools",
      "Reviewed by",
      "Key features",
      "Use cases",
      "Pros and cons",
      "Rating breakdown",
      "Verdict",
      "Pricing",
      "Similar tools",
      "How to spot AI-generated reviews",
      "Compare with Others",
      "Copy link",
    ]) {
      expect(body, text).toContain(text);
    }
    expect(body).toContain('href="/tools/comparison?tools=surfer-seo"');
    expect(body).toMatch(/rel="sponsored nofollow noopener"/);
    expect(jsonLdTypes(body)).toEqual(expect.arrayContaining(["SoftwareApplication", "BreadcrumbList"]));
    expect(body).toContain('href="/tools/category/seo-tools"');
  });

  it("gives a tool without an in-depth review an honest fallback of structured facts, not the description again", async () => {
    const { response, body } = await app.html("/tools/moz-pro");
    expect(response.status).toBe(200);
    expect(body).toContain("we have not published an in-depth review of Moz Pro yet");
    expect(existsSync(path.join(projectRoot, "content/reviews/moz-pro.json"))).toBe(false);
    expect(body).toContain("We have not written an in-depth review of Moz Pro yet.");
    expect(body).not.toContain("Pros and cons");
    expect(body).not.toContain("Rating breakdown");
    expect(body).not.toContain("About Moz Pro");
    // The description shows once at any width (the head and JSON-LD aside): in the header on wide screens, after the
    // pricing on phones (decision 052), each copy hidden at the other width.
    const [description] = await app.query<{ description: string }>("select description from tools where slug = 'moz-pro'");
    const visible = body.slice(body.indexOf("<main")).replace(/<script[\s\S]*?<\/script>/g, "");
    const opening = description!.description.slice(0, 60).replaceAll("'", "&#x27;");
    expect(visible.split(opening).length - 1).toBe(2);
    const copies = [...visible.matchAll(/<p class="([^"]*)">([^<]*)/g)].filter(([, , text]) => text!.startsWith(opening)).map(([, classes]) => classes!.split(" "));
    expect(copies.map((classes) => classes.filter((name) => /^(max-)?lg:hidden$/.test(name)))).toEqual([["max-lg:hidden"], ["lg:hidden"]]);
    // Plans from the structured pricing, capabilities, platforms and alternatives.
    const mozPro = tools.find((t) => t.slug === "moz-pro")!;
    expect(body).toContain("Plans and pricing");
    for (const plan of mozPro.pricing.plans) {
      expect(body).toContain(`<th scope="row" class="px-3 py-2 font-medium">${plan.name}</th>`);
      expect(body).toContain(formatPlanPrice(plan));
    }
    for (const heading of ["Capabilities", "Platforms", "Alternatives to Moz Pro"]) expect(body).toContain(heading);
    for (const slug of mozPro.alternatives) expect(body).toContain(`href="/tools/${slug}"`);
  });

  it("shows a reviewed tool's plans with the prices of its structured pricing", async () => {
    const { body } = await app.html("/tools/surfer-seo");
    expect(body).toContain("$79/month, billed annually");
    expect(body).toContain("$175/month, billed annually");
    expect(body).toContain("Contact sales");
    expect(body).not.toContain("Plans and pricing");
  });

  it("picks similar tools by the spec's rule", async () => {
    const tool = tools.find((t) => t.slug === "chatgpt")!;
    const same = tools
      .filter((t) => categoriesOf(t).some((slug) => categoriesOf(tool).includes(slug)) && t.slug !== tool.slug)
      .sort(compareTools("rating"))
      .slice(0, 3)
      .map((t) => t.slug);
    const others = tools
      .filter((t) => tool.alternatives.includes(t.slug) && !categoriesOf(t).some((slug) => categoriesOf(tool).includes(slug)) && t.rating !== null && t.rating >= 4.5)
      .sort(compareTools("rating"))
      .slice(0, 2)
      .map((t) => t.slug);
    const { body } = await app.html("/tools/chatgpt");
    const section = body.slice(body.indexOf('id="similar-heading"'), body.indexOf('id="spot-ai-reviews"'));
    expect(slugsIn(section)).toEqual([...same, ...others]);
  });

  it("answers an unknown tool with 404, noindex and helpful links", async () => {
    const { response, body } = await app.html("/tools/not-a-real-tool");
    expect(response.status).toBe(404);
    expect(body).toContain('content="noindex, follow"');
    // The site search for what was typed and the directory (decision 047: the nearest names, when there are any,
    // are tests/integration/forgiving-urls.test.ts's).
    for (const href of ["/search?q=not-a-real-tool", "/tools"]) expect(body).toContain(`href="${href}"`);
  });

  // About 90 pages rendered in turn: room for a busy two-core machine.
  // Every tool and category page's title is held to 60 characters by the crawl (crawl.test.ts, every page on PGlite);
  // here three of each kind on both backends, so a slip shows up near its cause.
  it("keeps tool and category page titles within 60 characters", async () => {
    const slugs = tools.map((tool) => `/tools/${tool.slug}`);
    const categories = (await app.query<{ slug: string }>("select slug from categories")).map((row) => `/tools/category/${row.slug}`);
    for (const path of [...sample([...slugs, ...categories], { exhaustive: false, kind: routeOf }), "/", "/tools", "/tools/seo-comparison"]) {
      const title = titleOf((await app.html(path)).body);
      expect(title.length, `${path}: ${title}`).toBeLessThanOrEqual(60);
      expect(title.length, path).toBeGreaterThan(10);
    }
  });

  it("renders the static SEO comparison with the catalogue's own prices and ratings, and the spec's picks", async () => {
    const { response, body } = await app.html("/tools/seo-comparison");
    expect(response.status).toBe(200);
    for (const slug of ["clearscope", "surfer-seo", "frase", "scalenut"]) {
      const tool = tools.find((t) => t.slug === slug)!;
      // The same words the tool's card and page show, from the same plans.
      expect(body, slug).toContain(`<td class="px-4 py-3">${pricingText(tool.pricing).replace("&", "&amp;")}</td>`);
      // All four have an in-depth review, hence our rating.
      expect(tool.rating, slug).not.toBeNull();
      expect(body, slug).toContain(`${tool.rating!.toFixed(1)}/5`);
      expect((await app.html(`/tools/${slug}`)).body).toContain(pricingText(tool.pricing));
    }
    for (const text of ["Clearscope", "Surfer SEO", "Frase", "Scalenut", "Best Overall", "Most Accurate", "Best Value", "View Full Review"]) {
      expect(body, text).toContain(text);
    }
    expect(body.slice(body.indexOf("<main")).match(/<details/g)).toHaveLength(4);
  });

  it("home shows the six featured tools and figures that match the database", async () => {
    const { body } = await app.html("/");
    expect(slugsIn(body.slice(body.indexOf('id="featured-heading"'), body.indexOf('id="recently-added-heading"'))).sort()).toEqual([
      "chatgpt",
      "claude-ai",
      "github-copilot",
      "jasper-ai",
      "midjourney",
      "perplexity-ai",
    ]);
    expect(body).toContain(`${tools.length} AI tools across`);
    expect(body).toContain("Illustrative examples written by our team");
    // The FAQ's and the bottom bar's quick actions (decision 051).
    expect(body.slice(body.indexOf("<main")).match(/<details/g)).toHaveLength(5);
  });

  it("serves logo files (brand mark or monogram, a symbol per theme), never remote images", async () => {
    const response = await app.request("/images/tools/chatgpt.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    const monogram = await response.text();
    expect(monogram).toContain('aria-label="ChatGPT logo"');
    expect(monogram).toMatch(/<symbol id="light".*<text[^>]*>C<\/text>.*<symbol id="dark"/);
    const brand = await (await app.request("/images/tools/github-copilot.svg")).text();
    expect(brand).toMatch(/<symbol id="light".*<path [^>]*d="M/);
    expect(brand).not.toContain("<text");
    expect((await app.request("/images/tools/nope.svg")).status).toBe(404);
    const { body } = await app.html("/tools");
    expect(body).not.toMatch(/<img[^>]+src="https?:/);
    // Cards refer to the files: no path data in the listing, no word 'placeholder'.
    expect(body).toMatch(/<use href="\/images\/tools\/[a-z0-9-]+\.svg#light"/);
    expect(body).not.toMatch(/<path d=/);
    expect(body).not.toMatch(/logo placeholder/i);
  });
});
