import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { MAX_ALTERNATIVES, MIN_ALTERNATIVES, PRICE_CAPABILITIES, alternativeScore, isCheaper, isSensibleAlternative, type AlternativeFacts } from "~/lib/tool/alternatives";
import { hasFreePlan, type Pricing } from "~/lib/tool/pricing";
import { describeEachBackend, type TestApp } from "../support/app";
import { ONE_BACKEND } from "../support/sample";
import { slugsIn } from "../support/catalogue";
import { RATES } from "../support/tool-filter-oracle";
import { fixtureProject, type FixtureProject } from "../support/fixture-project";

type Row = {
  slug: string;
  name: string;
  categorySlug: string;
  categories: string[];
  capabilities: string[];
  alternatives: string[];
  pricing: Pricing;
  rating: number | null;
  openSource: boolean;
};

async function loadTools(app: TestApp): Promise<Row[]> {
  const rows = await app.query<Record<string, unknown>>(
    "select slug, name, category_slug, secondary_category_slugs, capabilities, alternatives, pricing_model, plans, rating, open_source from tools",
  );
  return rows.map((row) => ({
    slug: String(row.slug),
    name: String(row.name),
    categorySlug: String(row.category_slug),
    // Every category the tool is in, primary first (issue 29).
    categories: [String(row.category_slug), ...(row.secondary_category_slugs as string[])],
    capabilities: row.capabilities as string[],
    alternatives: row.alternatives as string[],
    pricing: { model: row.pricing_model, plans: row.plans } as Pricing,
    rating: row.rating === null ? null : Number(row.rating),
    openSource: Boolean(row.open_source),
  }));
}

/** The reference: every other tool's facts against `tool`, in plain code from the pure rules. */
function candidates(all: Row[], tool: Row) {
  const price = new Set<string>(PRICE_CAPABILITIES);
  return all
    .filter((other) => other.slug !== tool.slug)
    .map((other) => {
      const facts: AlternativeFacts = {
        listed: tool.alternatives.includes(other.slug),
        sameCategory: other.categories.some((slug) => tool.categories.includes(slug)),
        shared: other.capabilities.filter((name) => tool.capabilities.includes(name) && !price.has(name)),
        rating: other.rating,
      };
      return { other, facts, score: alternativeScore(facts) };
    })
    .filter((candidate) => isSensibleAlternative(candidate.facts));
}

const robotsOf = (html: string) => html.match(/<meta name="robots" content="([^"]*)"/)?.[1];
const canonicalOf = (html: string) => html.match(/<link rel="canonical" href="([^"]*)"/)?.[1];
const escapeHtml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");
const reasonsOf = (html: string, name: string) => {
  const list = html.split(`aria-label="Why ${escapeHtml(name)}"`)[1]?.split("</ul>")[0] ?? "";
  return [...list.matchAll(/<span>([^<]*)<\/span>/g)].map((match) => match[1]);
};
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);

/** The page shows the best-scoring sensible candidates, in score order, up to twelve. */
function expectRanking(shown: string[], expected: ReturnType<typeof candidates>) {
  const score = new Map(expected.map((candidate) => [candidate.other.slug, candidate.score]));
  expect(shown.length).toBe(Math.min(MAX_ALTERNATIVES, expected.length));
  for (const slug of shown) expect(score.has(slug), slug).toBe(true);
  const scores = shown.map((slug) => score.get(slug)!);
  for (let i = 1; i < scores.length; i++) expect(scores[i]!).toBeLessThanOrEqual(scores[i - 1]! + 1e-6);
  // On a tie, tools with our rating come before those without, best rated first (compareAlternatives).
  const rating = new Map(expected.map((candidate) => [candidate.other.slug, candidate.facts.rating]));
  for (let i = 1; i < shown.length; i++) {
    if (Math.abs(scores[i]! - scores[i - 1]!) > 1e-6) continue;
    const [before, after] = [rating.get(shown[i - 1]!) ?? null, rating.get(shown[i]!) ?? null];
    if (after !== null) expect(before, `${shown[i - 1]} before ${shown[i]}`).not.toBeNull();
    if (before !== null && after !== null) expect(after).toBeLessThanOrEqual(before);
  }
  const left = expected.filter((candidate) => !shown.includes(candidate.other.slug));
  if (shown.length && left.length) expect(Math.max(...left.map((candidate) => candidate.score))).toBeLessThanOrEqual(scores.at(-1)! + 1e-6);
}

describeEachBackend(
  "tool alternatives pages (issue 18)",
  (app) => {
    let all: Row[] = [];
    const get = (slug: string) => all.find((tool) => tool.slug === slug)!;
    beforeAll(async () => {
      all = await loadTools(app);
    });

    it("ranks Surfer's listed alternatives first, by the same score as the rules", async () => {
      const { response, body } = await app.html("/tools/surfer-seo/alternatives");
      expect(response.status).toBe(200);
      const shown = slugsIn(body) as string[];
      // Its listed alternatives lead: Semrush too since it is in SEO Tools as a secondary category (issue 29).
      expect(shown.slice(0, 2).sort()).toEqual(["frase", "semrush"]);
      for (const slug of shown.slice(0, 2)) expect(get("surfer-seo").alternatives).toContain(slug);
      expectRanking(shown, candidates(all, get("surfer-seo")));
      expect(body).toContain("<title>Surfer Alternatives: 12 Similar Tools Compared");
      expect(canonicalOf(body)).toBe("http://localhost:3000/tools/surfer-seo/alternatives");
      expect(robotsOf(body)).toBeUndefined();
    });

    it("stores every tool's count of sensible alternatives as the rules count them (the sitemap and tool page read it)", async () => {
      const stored = new Map(
        (await app.query<{ slug: string; alternatives_count: number | null }>("select slug, alternatives_count from tools")).map((row) => [row.slug, row.alternatives_count]),
      );
      for (const tool of all) expect(stored.get(tool.slug), tool.slug).toBe(candidates(all, tool).length);
    });

    it("ranks every tool's page by the rules (a second tool in another category)", async () => {
      const { body } = await app.html("/tools/chatgpt/alternatives");
      expectRanking(slugsIn(body) as string[], candidates(all, get("chatgpt")));
    });

    it("gives each alternative its reasons, in words built from the facts", async () => {
      const { body } = await app.html("/tools/surfer-seo/alternatives");
      const frase = reasonsOf(body, "Frase");
      expect(frase).toContain("Listed as a Surfer alternative");
      expect(frase).toContain("Same category: SEO Tools");
      expect(frase).toContain("Cheaper: from $15/month vs from $79/month, billed annually");
      expect(frase.find((reason) => reason?.startsWith("Also does: "))).toBeTruthy();
      for (const slug of slugsIn(body)) expect(reasonsOf(body, get(slug!).name).length, slug).toBeGreaterThan(0);
    });

    it.each([
      ["free=1", (tool: Row, other: Row) => hasFreePlan(other.pricing) && Boolean(tool)],
      ["cheaper=1", (tool: Row, other: Row) => isCheaper(tool.pricing, other.pricing, RATES)],
      ["open-source=1", (_tool: Row, other: Row) => other.openSource],
    ])("filters with ?%s on the server, as the data says", async (query, keep) => {
      for (const slug of ["surfer-seo", "chatgpt", "github-copilot"]) {
        const tool = get(slug);
        if (!tool) continue;
        const { response, body } = await app.html(`/tools/${slug}/alternatives?${query}`);
        expect(response.status).toBe(200);
        const expected = candidates(all, tool).filter((candidate) => keep(tool, candidate.other));
        const shown = slugsIn(body) as string[];
        expectRanking(shown, expected);
        if (!expected.length) expect(body).toContain("No alternatives match these filters.");
        // A filtered view is the same page narrowed: not indexed, canonical to the whole list.
        expect(robotsOf(body)).toMatch(/^noindex/);
        expect(canonicalOf(body)).toBe(`http://localhost:3000/tools/${slug}/alternatives`);
      }
    });

    it("shows an empty state, not a 404, when the filters leave nothing", async () => {
      const tool = all.find((candidate) => {
        const list = candidates(all, candidate);
        return list.length >= MIN_ALTERNATIVES && !list.some((c) => c.other.openSource && isCheaper(candidate.pricing, c.other.pricing, RATES) && hasFreePlan(c.other.pricing));
      })!;
      const { response, body } = await app.html(`/tools/${tool.slug}/alternatives?free=1&cheaper=1&open-source=1`);
      expect(response.status).toBe(200);
      expect(body).toContain("No alternatives match these filters.");
    });

    it("writes an ItemList of the first ten alternatives shown, in order, and the breadcrumb trail", async () => {
      const { body } = await app.html("/tools/surfer-seo/alternatives");
      const list = jsonLd(body).find((data) => data["@type"] === "ItemList") as { itemListElement: { position: number; url: string }[] };
      expect(list.itemListElement.map((item) => item.url)).toEqual(
        slugsIn(body)
          .slice(0, 10)
          .map((slug) => `http://localhost:3000/tools/${slug}`),
      );
      const trail = jsonLd(body).find((data) => data["@type"] === "BreadcrumbList") as { itemListElement: { name: string }[] };
      expect(trail.itemListElement.map((item) => item.name)).toEqual(["Home", "AI Tools", "Surfer", "Alternatives"]);
    });

    it("answers an unknown tool with the tool not-found page", async () => {
      const { response, body } = await app.html("/tools/no-such-tool/alternatives");
      expect(response.status).toBe(404);
      expect(robotsOf(body)).toMatch(/^noindex/);
      expect(body).toContain("Tool not found");
    });

    it("lists the pages in the tools sitemap and links them from the tool page, for the tools that have one", async () => {
      const withPage = all.filter((tool) => candidates(all, tool).length >= MIN_ALTERNATIVES).map((tool) => tool.slug);
      const sitemap = await (await app.request("/sitemap-tools.xml")).text();
      const listed = [...sitemap.matchAll(/\/tools\/([^/<]+)\/alternatives</g)].map((match) => match[1]);
      expect(listed.sort()).toEqual([...withPage].sort());
      const { body } = await app.html("/tools/surfer-seo");
      expect(body).toContain('href="/tools/surfer-seo/alternatives"');
      expect(body).toContain("See all Surfer alternatives");
    });

    it("still serves category pages, now with their guide", async () => {
      const guides = JSON.parse(readFileSync("content/categories.json", "utf8")) as { slug: string; name: string; guide: string }[];
      const seo = guides.find((category) => category.slug === "seo-tools")!;
      const { response, body } = await app.html("/tools/category/seo-tools");
      expect(response.status).toBe(200);
      expect(body).toContain(`What to look for in ${seo.name}</h2>`);
      expect(body).toContain(escapeHtml(seo.guide));
    });
  },
  ONE_BACKEND,
);

let fixture: FixtureProject;
beforeAll(() => {
  // A tool that shares nothing with anything (only price capabilities) and names no alternatives.
  fixture = fixtureProject((contentDir) => {
    const source = JSON.parse(readFileSync(path.join(contentDir, "tools/frase.json"), "utf8")) as Record<string, unknown>;
    const ids = JSON.parse(readFileSync(path.join(contentDir, "tools/surfer-seo.json"), "utf8")) as { id: number };
    writeFileSync(
      path.join(contentDir, "tools/lonely-tool.json"),
      JSON.stringify({
        ...source,
        id: 90_000 + ids.id,
        slug: "lonely-tool",
        name: "Lonely Tool",
        websiteUrl: "https://lonely-tool.example.org",
        pricingUrl: "https://lonely-tool.example.org/pricing",
        capabilities: [...PRICE_CAPABILITIES],
        alternatives: [],
      }),
    );
  });
});
afterAll(() => fixture?.remove());

describeEachBackend(
  "a tool with too few alternatives (issue 18)",
  (app) => {
    it("answers 404 noindex, is not in the sitemap and is not linked from the tool page", async () => {
      const { response, body } = await app.html("/tools/lonely-tool/alternatives");
      expect(response.status).toBe(404);
      expect(robotsOf(body)).toMatch(/^noindex/);
      expect(body).toContain("No alternatives page");
      const page = await app.html("/tools/lonely-tool");
      expect(page.response.status).toBe(200);
      expect(page.body).not.toContain("/tools/lonely-tool/alternatives");
      expect(await (await app.request("/sitemap-tools.xml")).text()).not.toContain("/tools/lonely-tool/alternatives");
    });
  },
  { ...ONE_BACKEND, serverBuild: () => fixture.serverBuildPath },
);
