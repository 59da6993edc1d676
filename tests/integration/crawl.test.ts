import sharp from "sharp";
import { expect, it } from "vitest";
import { BASE_URL, describeEachBackend, type TestApp } from "../support/app";
import { routeOf } from "../support/routes";
import { isExhaustive, sample, sampler } from "../support/sample";

/**
 * Every page reachable from the home page by internal links, each path once (queries dropped), and the
 * status each link target answers. No link may lead to a missing page. Every page found is then read as a
 * search engine would: its head (title, description, canonical, robots, Open Graph, Twitter card) and its
 * structured data, which must say what the page shows.
 *
 * In full on the exhaustive backend (support/sample.ts), but for a share of the pair pages (PAIR_SHARE). On the other
 * the crawl follows the first three links to each kind of page (each route; /go/ and /og/ per kind of target), so
 * every kind of page and its share image is still read there,
 * and the numbered pages and every check of a page's head run on what it reached. Share images: every page's is
 * asked for on both (a 304 for the version the page names), and three of each kind are drawn.
 */

/**
 * Paths that are files, endpoints or personal pages rather than pages to crawl. /go/... links are followed (each must
 * redirect, not 404) but their external destinations are not.
 */
const SKIPPED = /^\/(api|uploads|images|og|assets|resources\/theme|auth\/sign-out|settings\/export)(\/|$)|\.(csv|png|svg|xml|json|txt)$/;

/** Numbered pages of the listings, which the crawl (queries dropped) does not reach: they too need titles and canonicals of their own. */
// No tool category has a second page since issue 18's catalogue (the largest holds 16 tools, a page 24), nor the
// ai-tools blog category (5 articles, a page 6), and a page past the last answers 404 (listing-pages.test.ts).
const NUMBERED_PAGES = ["/tools?page=2", "/tools?page=9", "/blog?page=2", "/courses?page=2"];

const decode = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&nbsp;", " ")
    .replaceAll("&amp;", "&");

const textOf = (html: string) => decode(html.replace(/<[^>]+>/g, "")).trim();

function attributesOf(tag: string): Record<string, string> {
  return Object.fromEntries([...tag.matchAll(/([a-zA-Z:-]+)="([^"]*)"/g)].map((match) => [match[1]!.toLowerCase(), decode(match[2]!)]));
}

type Thing = { "@type"?: string | string[]; [key: string]: unknown };

/** What a crawler reads of one page. */
type PageFacts = {
  path: string;
  titles: string[];
  meta: Record<string, string>[];
  canonicals: string[];
  noindex: boolean;
  jsonLd: Thing[];
  jsonLdErrors: string[];
  breadcrumbLabels: string[] | null;
  faqShown: boolean;
  body: string;
};

function readPage(path: string, body: string): PageFacts {
  const head = body.slice(0, body.indexOf("</head>"));
  const meta = [...head.matchAll(/<meta [^>]*>/g)].map((match) => attributesOf(match[0]));
  const canonicals = [...head.matchAll(/<link [^>]*rel="canonical"[^>]*>/g)].map((match) => attributesOf(match[0]).href!);
  const jsonLd: Thing[] = [];
  const jsonLdErrors: string[] = [];
  for (const match of body.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)) {
    try {
      const data = JSON.parse(match[1]!) as Thing | Thing[];
      jsonLd.push(...(Array.isArray(data) ? data : [data]));
    } catch (error) {
      jsonLdErrors.push(String(error));
    }
  }
  const nav = /<nav aria-label="Breadcrumb"[^>]*>(.*?)<\/nav>/s.exec(body)?.[1];
  return {
    path,
    titles: [...body.matchAll(/<title>(.*?)<\/title>/gs)].map((match) => decode(match[1]!)),
    meta,
    canonicals,
    noindex: meta.some((tag) => tag.name === "robots" && /noindex/.test(tag.content ?? "")),
    jsonLd,
    jsonLdErrors,
    breadcrumbLabels: nav ? [...nav.matchAll(/<li[^>]*>(.*?)<\/li>/gs)].map((match) => textOf(match[1]!)) : null,
    faqShown: body.includes('id="faq-heading"'),
    body,
  };
}

const contentOf = (page: PageFacts, key: string) => page.meta.filter((tag) => tag.property === key || tag.name === key).map((tag) => tag.content ?? "");
const typesOf = (page: PageFacts) => page.jsonLd.flatMap((thing) => [thing["@type"] ?? []].flat());
const ofType = (page: PageFacts, type: string) => page.jsonLd.filter((thing) => [thing["@type"]].flat().includes(type));

/** What is wrong with one page's head and structured data, in words; empty when nothing is. */
function problemsOf(page: PageFacts): string[] {
  const problems: string[] = [];
  if (page.titles.length !== 1) problems.push(`${page.titles.length} <title> elements`);
  for (const title of page.titles) if (title.length > 60 || !title.trim()) problems.push(`title of ${title.length} characters: ${title}`);
  if (contentOf(page, "description").length !== 1 || !contentOf(page, "description")[0]) problems.push("no single meta description");
  if (page.canonicals.length !== 1) problems.push(`${page.canonicals.length} canonical links`);
  for (const key of ["og:title", "og:description", "og:url", "og:type", "og:site_name", "og:image", "og:image:alt", "twitter:title", "twitter:description", "twitter:image"]) {
    if (contentOf(page, key).length !== 1 || !contentOf(page, key)[0]) problems.push(`no single ${key}`);
  }
  if (contentOf(page, "og:image:width")[0] !== "1200" || contentOf(page, "og:image:height")[0] !== "630") problems.push("og:image is not 1200x630");
  if (contentOf(page, "twitter:card")[0] !== "summary_large_image") problems.push("no summary_large_image Twitter card");
  if (page.canonicals[0] && contentOf(page, "og:url")[0] !== page.canonicals[0]) problems.push("og:url is not the canonical URL");
  problems.push(...page.jsonLdErrors.map((error) => `JSON-LD does not parse: ${error}`));
  if (page.jsonLd.some((thing) => thing["@context"] !== "https://schema.org")) problems.push("JSON-LD without the schema.org context");
  for (const list of ofType(page, "ItemList")) {
    if ((list.itemListElement as unknown[]).length > 10) problems.push(`an ItemList of ${(list.itemListElement as unknown[]).length} items`);
  }
  // BreadcrumbList where, and only where, breadcrumbs show: the same names in the same order.
  const crumbs = ofType(page, "BreadcrumbList").map((list) => (list.itemListElement as { name: string }[]).map((item) => item.name));
  if (page.breadcrumbLabels && !crumbs.some((names) => JSON.stringify(names) === JSON.stringify(page.breadcrumbLabels)))
    problems.push(`breadcrumbs ${page.breadcrumbLabels.join(" > ")} without the same BreadcrumbList (${crumbs.map((names) => names.join(" > ")).join("; ")})`);
  if (!page.breadcrumbLabels && crumbs.length) problems.push("a BreadcrumbList on a page that shows no breadcrumbs");
  if (crumbs.length > 1) problems.push(`${crumbs.length} BreadcrumbLists`);
  // FAQPage where, and only where, questions show, each question on the page.
  const faqs = ofType(page, "FAQPage");
  if (page.faqShown !== faqs.length > 0) problems.push(page.faqShown ? "questions shown without an FAQPage" : "an FAQPage without questions shown");
  for (const question of faqs.flatMap((faq) => faq.mainEntity as { name: string }[])) {
    if (!decode(page.body).includes(question.name)) problems.push(`FAQ question not on the page: ${question.name}`);
  }
  return problems;
}

/** The structured data each kind of page must carry. */
const EXPECTED_TYPES: [RegExp, string[]][] = [
  [/^\/$/, ["Organization", "WebSite", "FAQPage"]],
  [/^\/tools$/, ["BreadcrumbList", "ItemList", "FAQPage"]],
  [/^\/tools\/category\/[a-z0-9-]+$/, ["BreadcrumbList", "ItemList", "FAQPage"]],
  [/^\/tools\/compare\/[a-z0-9-]+$/, ["BreadcrumbList", "ItemList"]],
  [/^\/tools\/(?!category|compare|comparison|seo-comparison)[a-z0-9-]+$/, ["BreadcrumbList", "SoftwareApplication"]],
  [/^\/blog$/, ["BreadcrumbList", "ItemList"]],
  [/^\/blog\/category\/[a-z0-9-]+$/, ["BreadcrumbList", "ItemList"]],
  [/^\/blog\/(?!category)[a-z0-9-]+$/, ["BreadcrumbList", "BlogPosting"]],
  [/^\/courses(\/.*)?$/, ["BreadcrumbList", "ItemList", "Course"]],
  [/^\/about$/, ["BreadcrumbList", "Organization"]],
  [/^\/tasks$/, ["BreadcrumbList", "ItemList"]],
  [/^\/tasks\/[a-z0-9-]+$/, ["BreadcrumbList", "ItemList", "FAQPage"]],
];

/** The kind of page a path is, for the sample: its route, and for /go/ and /og/ links also what they lead to. */
const kindOf = (path: string) => {
  const route = routeOf(path);
  return route === "go/:kind/:slug" || route === "og/:kind/:file" ? `${route} ${path.split("/")[2]}` : route;
};

/**
 * The pair pages a full crawl reads: about one in PAIR_SHARE of some 1,500 (two tools that share a category, primary
 * or secondary). They are one template filled with two tools' facts, and they were most of the crawl's time (issue 25). Each tool's facts are read on its own page, every pair's
 * title length is checked in comparison.test.ts, and a share chosen by a hash of the path (the same pages on every run)
 * spreads over every category. Most are noindex, follow (decision 043); the ones with a verdict are in the sitemap,
 * whose every URL the sitemap check below requests.
 */
const PAIR_SHARE = 20;
/** Task pages (issue 29), some 185 of one template, likewise: every task's data is checked in tasks.test.ts. */
const TASK_SHARE = 6;
const isReadPair = (path: string) => {
  const share = path.startsWith("/tools/compare/") ? PAIR_SHARE : path.startsWith("/tasks/") ? TASK_SHARE : 1;
  if (share === 1) return true;
  let hash = 0;
  for (const char of path) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % share === 0;
};

async function crawl(app: TestApp, keep: (path: string) => boolean) {
  // Each path is fetched once; `linkedFrom` remembers the first page linking to it.
  const linkedFrom = new Map<string, string>([["/", "(start)"]]);
  const queue = ["/"];
  const broken = new Map<string, string>();
  const pages: PageFacts[] = [];
  while (queue.length) {
    const path = queue.shift()!;
    const response = await app.request(path, { redirect: "manual" });
    if (response.status === 404) {
      broken.set(path, linkedFrom.get(path)!);
      continue;
    }
    const location = response.headers.get("location");
    const body = response.status === 200 ? await response.text() : "";
    if (response.status === 200 && response.headers.get("content-type")?.startsWith("text/html")) pages.push(readPage(path, body));
    const targets = [...body.matchAll(/<a [^>]*href="(\/[^"#?]*)[^"]*"/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));
    if (location?.startsWith("/")) targets.push(location.split(/[?#]/)[0]!);
    for (const target of targets) {
      if (target.startsWith("//") || SKIPPED.test(target) || linkedFrom.has(target) || !keep(target)) continue;
      linkedFrom.set(target, path);
      queue.push(target);
    }
  }
  for (const path of NUMBERED_PAGES) {
    const response = await app.request(path);
    expect(response.status, path).toBe(200);
    pages.push(readPage(path, await response.text()));
  }
  return { seen: [...linkedFrom.keys()], broken, pages };
}

/** The first commit of any file under content/: no date a page shows may precede it (issue 26). */
const CONTENT_BEGAN = "2026-11-22";

/** A page's words as a reader sees them: no scripts, styles, JSON-LD or tags. */
const visibleText = (html: string) =>
  decode(
    html
      .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, " ")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " "),
  );

/** An amount of money: $79, US$262.68, €12, £199, $1,200. */
const PRICE = /(?:US)?[$€£]\d[\d,]*(?:\.\d+)?/g;
/** What must follow a price: its period, one-time, usage, billing, or a range, list or comparison it is part of. */
const PRICE_TERMS =
  /^(\s?(\/|per\b|a (month|year|seat|user)|one-time|usage|billed|of\b|monthly|yearly|annually|each\b|off\b|at the rates|–|-|to\b|and\b|or\b|vs\b|,|\)|;|\.\s|$)|\s?\(|k\b|\s?(a|an|every) )/i;
/** Or what may come before it: a first-year figure or a filter range names its period there. */
const PRICE_CONTEXT = /(first year|a month|per month|purchase of|\$\/month|\/month|range|under|over|up to|between|from|course|price:|save)[^.]*$/i;

/**
 * Words by which the site claims that it checked, confirmed, verified or tested something itself (issue 26). Readers
 * being told to check output, a course being hands-on or a certificate being verified are not claims of ours.
 */
const CHECK_WORDS =
  /\b(we|we've|we have|our (team|editors?))\s+(\w+\s+){0,2}(checked|re-checked|tested|verified|confirmed)\b|\bre-checked\b|\blast (tested|checked|verified)\b|\bin our (testing|tests|experience)\b|\b(tested|test|tests|trying) (\w+ ){0,2}hands-on\b|\bhands-on (test|testing|review)\b/gi;
/** The only claims a page may make, each rendered from a record: a link check that worked, a recorded hands-on test. */
const RECORDED_CHECKS = [/Link checked \w+ \d{1,2}, \d{4}/, /Tested hands-on by .+ on /, /says it was tested hands-on only when/];

/** Every date a JSON-LD thing states (datePublished, dateModified, dateCreated, uploadDate). */
function collectDates(thing: unknown): string[] {
  if (!thing || typeof thing !== "object") return [];
  return Object.entries(thing as Record<string, unknown>).flatMap(([key, value]) =>
    /^date(Published|Modified|Created)$|^uploadDate$/.test(key) && typeof value === "string" ? [value.slice(0, 10)] : collectDates(value),
  );
}

describeEachBackend("a crawl of every internal link from the home page", (app, backend) => {
  const exhaustive = isExhaustive(backend);
  let result: Awaited<ReturnType<typeof crawl>>;

  // Every page takes about a minute on two cores, and twice that while the machine is busy.
  it("finds no link to a missing page (the blog's included)", { timeout: 480_000 }, async () => {
    const sampled = sampler({ exhaustive, kind: kindOf, perKind: 3 });
    result = await crawl(app, (path) => isReadPair(path) && sampled(path));
    const { seen, broken } = result;
    expect(Object.fromEntries(broken)).toEqual({});
    // Including the growth pages (each its own route, so in the sample too).
    for (const path of ["/courses", "/deals", "/contact", "/newsletter", "/about", "/privacy", "/terms", "/affiliate-disclosure", "/support", "/startup-toolkit"]) {
      expect(seen, path).toContain(path);
    }
    if (!exhaustive) {
      // The sample reached each kind of page the full crawl counts below.
      const kinds = new Set(seen.map(kindOf));
      for (const kind of [
        "blog/:slug",
        "blog/category/:slug?",
        "tools/:slug",
        "tools/:slug/alternatives",
        "tools/category/:slug",
        "tools/compare/:pair",
        "courses/category/:category",
        "courses/platform/:platform",
        "courses/platform/:platform/category/:category",
        "go/:kind/:slug tool",
      ])
        expect(kinds, kind).toContain(kind);
      return;
    }
    // It really walked the site: every tool, category and article page.
    expect(seen.filter((path) => path.startsWith("/blog/")).length).toBeGreaterThanOrEqual(16);
    expect(seen.filter((path) => /^\/tools\/[a-z0-9-]+$/.test(path)).length).toBeGreaterThanOrEqual(60);
    // Every course category and platform page, and their pairs.
    expect(seen.filter((path) => /^\/courses\/(category|platform)\/[a-z0-9-]+$/.test(path)).length).toBe(10);
    expect(seen.filter((path) => /^\/courses\/platform\/[a-z0-9-]+\/category\/[a-z0-9-]+$/.test(path)).length).toBe(24);
    // And every outbound redirect.
    expect(seen.filter((path) => path.startsWith("/go/")).length).toBeGreaterThanOrEqual(60);
  });

  it("gives every page one title of at most 60 characters, a description, one canonical, share tags and structured data that parses and matches the page", () => {
    expect(result.pages.length).toBeGreaterThan(exhaustive ? 150 : 30);
    const problems = Object.fromEntries(result.pages.map((page) => [page.path, problemsOf(page)]).filter(([, list]) => list!.length));
    expect(problems).toEqual({});
  });

  it("gives each kind of page its structured data", async () => {
    const missing: Record<string, string[]> = {};
    for (const page of result.pages) {
      const expected = EXPECTED_TYPES.find(([pattern]) => pattern.test(page.path.split("?")[0]!))?.[1] ?? [];
      const types = [
        ...typesOf(page),
        ...ofType(page, "ItemList").flatMap((list) => (list.itemListElement as { item?: Thing }[]).map((element) => element.item?.["@type"] ?? []).flat()),
      ];
      // A listing with nothing in it (a course platform without courses in a category) has an empty ItemList, and no Course.
      const emptyList = ofType(page, "ItemList").every((list) => !(list.itemListElement as unknown[]).length);
      const absent = expected.filter((type) => !types.includes(type) && !(type === "Course" && emptyList));
      if (absent.length) missing[page.path] = absent;
    }
    expect(missing).toEqual({});
    expect(result.pages.filter((page) => EXPECTED_TYPES.some(([pattern]) => pattern.test(page.path))).length).toBeGreaterThan(exhaustive ? 100 : 20);

    const home = result.pages.find((page) => page.path === "/")!;
    // Founded the day the catalogue opened, as the database records it (decision 062).
    const [opening] = await app.query<{ opened: string }>("select min(added_at)::text as opened from tools");
    expect(ofType(home, "Organization")[0]).toMatchObject({ name: "AI Tools Atlas", foundingDate: opening!.opened });
    expect(ofType(home, "WebSite")[0]).toMatchObject({
      potentialAction: { "@type": "SearchAction", target: "http://localhost:3000/search?q={search_term_string}", "query-input": "required name=search_term_string" },
    });
    // A tool's aggregate rating is the readers' one, present only when there are readers' ratings.
    for (const page of result.pages.filter((page) => ofType(page, "SoftwareApplication").length)) {
      const app = ofType(page, "SoftwareApplication")[0]!;
      const rating = app.aggregateRating as { ratingCount: number } | undefined;
      if (rating) expect(rating.ratingCount, page.path).toBeGreaterThan(0);
      expect(app.name, page.path).toBeTruthy();
    }
  });

  it("claims our rating, a review title or a Review only for tools with an in-depth review, and no Exclusive or coupon heading without such a deal (issue 26)", async () => {
    const reviewed = new Set((await app.query<{ slug: string }>("select tool_slug as slug from tool_reviews")).map((row) => row.slug));
    const claims: Record<string, string[]> = {};
    const claim = (path: string, what: string) => (claims[path] ??= []).push(what);
    let toolPages = 0;
    for (const page of result.pages) {
      const slug = /^\/tools\/([a-z0-9-]+)$/.exec(page.path)?.[1];
      const tool = ofType(page, "SoftwareApplication")[0];
      if (slug && tool) {
        toolPages++;
        if (reviewed.has(slug)) continue;
        if (page.body.includes(">Our Rating</span>")) claim(page.path, "Our Rating");
        if (/review/i.test(page.titles[0]!)) claim(page.path, `title ${page.titles[0]}`);
        if (tool.review || JSON.stringify(page.jsonLd).includes("reviewRating")) claim(page.path, "Review in JSON-LD");
      }
      for (const heading of page.body.matchAll(/<h[1-6]\b[^>]*>([\s\S]*?)<\/h[1-6]>/g)) {
        const text = heading[1]!.replace(/<[^>]+>/g, "");
        // The real deals: none is exclusive and none has a code (tests/integration/deals.test.ts checks the data).
        if (/exclusive|coupon/i.test(text)) claim(page.path, `heading ${text}`);
      }
    }
    expect(toolPages).toBeGreaterThanOrEqual(exhaustive ? 60 : 3);
    expect(claims).toEqual({});
  });

  it("prints every price with its terms, says checked, confirmed, tested or hands-on only from a record, and dates nothing before the content existed (issue 26)", () => {
    const problems: Record<string, string[]> = {};
    const problem = (path: string, what: string) => (problems[path] ??= []).push(what);
    const today = new Date().toISOString().slice(0, 10);
    for (const page of result.pages) {
      const text = visibleText(page.body);
      for (const match of text.matchAll(PRICE)) {
        const after = text.slice(match.index + match[0].length, match.index + match[0].length + 40);
        const before = text.slice(Math.max(0, match.index - 40), match.index);
        if (!PRICE_TERMS.test(after) && !PRICE_CONTEXT.test(before)) problem(page.path, `price without its terms: …${before}${match[0]}${after}…`);
      }
      for (const match of text.matchAll(CHECK_WORDS)) {
        const sentence = text.slice(Math.max(0, match.index - 60), match.index + 60);
        if (!RECORDED_CHECKS.some((allowed) => allowed.test(sentence))) problem(page.path, `a claim of checking or testing: …${sentence}…`);
      }
      const dates = [...[...page.body.matchAll(/<time [^>]*dateTime="(\d{4}-\d{2}-\d{2})/gi)].map((match) => match[1]!), ...page.jsonLd.flatMap((thing) => collectDates(thing))];
      for (const date of dates) {
        if (date < CONTENT_BEGAN) problem(page.path, `date ${date} before the content was written (${CONTENT_BEGAN})`);
        if (date > today) problem(page.path, `date ${date} in the future`);
      }
    }
    expect(problems).toEqual({});
  });

  it("has crawled every URL the sitemaps list: each answers 200 at that address, indexable, with itself as canonical", async () => {
    // On the sampled backend tests/integration/seo-files.test.ts requests a sample of sitemap URLs instead.
    if (!exhaustive) return;
    const sections = [...(await (await app.request("/sitemap-index.xml")).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    const urls: string[] = [];
    for (const section of sections) {
      const xml = await (await app.request(section.slice(BASE_URL.length))).text();
      urls.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!.replaceAll("&amp;", "&")));
    }
    expect(urls.length).toBeGreaterThan(200);
    const crawled = new Map(result.pages.map((page) => [page.path, page]));
    const problems: string[] = [];
    for (const url of urls) {
      const path = url.slice(BASE_URL.length);
      // A listed page no link reaches is requested here, so every listed URL is checked on this backend.
      let page = crawled.get(path);
      if (!page) {
        const response = await app.request(path, { redirect: "manual" });
        if (response.status !== 200) {
          problems.push(`${url}: ${response.status} ${response.headers.get("location") ?? ""}`);
          continue;
        }
        page = readPage(path, await response.text());
      }
      if (page.noindex) problems.push(`${url}: noindex`);
      else if (page.canonicals[0] !== url) problems.push(`${url}: canonical ${page.canonicals[0]}`);
    }
    expect(problems).toEqual([]);
  });

  it("lets no two indexable pages share a title or a canonical URL", () => {
    const indexable = result.pages.filter((page) => !page.noindex);
    expect(indexable.length).toBeGreaterThan(exhaustive ? 150 : 30);
    const shared = (key: (page: PageFacts) => string) => {
      const byKey = Map.groupBy(indexable, key);
      return Object.fromEntries([...byKey].filter(([, pages]) => pages.length > 1).map(([value, pages]) => [value, pages.map((page) => page.path)]));
    };
    expect(shared((page) => page.titles[0]!)).toEqual({});
    expect(shared((page) => page.canonicals[0]!)).toEqual({});
  });

  it("serves each page's share image for the card the page names, cacheable, drawn as a 1200x630 PNG", { timeout: 120_000 }, async () => {
    const images = [...new Set(result.pages.map((page) => contentOf(page, "og:image")[0]!))];
    // Per tool, category and article, the home page and the site's own (on the sample, some of each).
    expect(images.filter((url) => url.includes("/og/tool/")).length).toBeGreaterThanOrEqual(exhaustive ? 60 : 2);
    expect(images.filter((url) => url.includes("/og/category/")).length).toBeGreaterThanOrEqual(exhaustive ? 15 : 2);
    expect(images.filter((url) => url.includes("/images/posts/")).length).toBeGreaterThanOrEqual(exhaustive ? 16 : 2);
    expect(images.some((url) => url.includes("/og/home.png"))).toBe(true);
    expect(images.some((url) => url.includes("/og/default.png"))).toBe(true);
    // Every image answers for the very card its page names: asked with that version as ETag, 304, without drawing it.
    // A drawn card depends only on its words (og-image.server.test.ts draws one), so three of each kind are drawn.
    const cards = images.filter((url) => new URL(url).searchParams.has("v"));
    for (const url of cards) {
      const { pathname, search, searchParams } = new URL(url);
      const response = await app.request(pathname + search, { headers: { "If-None-Match": `"${searchParams.get("v")}"` } });
      expect(response.status, url).toBe(304);
      expect(response.headers.get("etag"), url).toBe(`"${searchParams.get("v")}"`);
      expect(response.headers.get("cache-control"), url).toBe("public, max-age=31536000, immutable");
    }
    const drawn = [...sample(cards, { exhaustive: false, kind: (url) => kindOf(new URL(url).pathname) }), ...images.filter((url) => !cards.includes(url))];
    for (const url of drawn) {
      const { pathname, search } = new URL(url);
      const response = await app.request(pathname + search);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("content-type"), url).toBe("image/png");
      expect(response.headers.get("cache-control"), url).toMatch(/^public, max-age=\d+/);
      expect(response.headers.get("etag"), url).toBeTruthy();
      const { width, height } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([width, height], url).toEqual([1200, 630]);
    }
  });
});
