import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { AUDIENCES, type ToolRule } from "~/lib/tool/audiences";
import { directorySort, MATRIX_PATH, parseMatrixParams } from "~/lib/tool/tool-matrix";
import { loadEditorialContent } from "~/models/content/load.server";
import { CAPABILITIES } from "~/lib/tool/capabilities";
import { uniqueIp } from "../support/accounts";
import { BASE_URL, describeEachBackend } from "../support/app";
import { catalogue } from "../support/catalogue";
import { projectRoot } from "../support/paths";
import { ONE_BACKEND, isExhaustive, sample } from "../support/sample";
import { categoriesOf, compareTools } from "../support/tool-filter-oracle";

/**
 * The pages the articles link to: the comparison matrix (every tool against every capability, sorted and
 * filtered on the server) and the audience pages (tools chosen by the rules of lib/tool/audiences.ts). Each list
 * is checked against a plain-code reference over the catalogue.
 */
const content = loadEditorialContent(path.join(projectRoot, "content"));

const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "";
const canonicalOf = (html: string) => html.match(/<link rel="canonical" href="([^"]*)"/)?.[1];
const robotsOf = (html: string) => html.match(/<meta name="robots" content="([^"]*)"/)?.[1];
const descriptionOf = (html: string) => html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? "";
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
const h1Of = (html: string) => html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1];
/** Headings in document order, as levels: each may go at most one level deeper than the one before. */
const headingLevels = (html: string) => [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));

/** The matrix's rows: the tool each names, and the Yes/No of each capability cell. */
const matrixRows = (html: string) =>
  [...html.matchAll(/<tr[^>]*><th scope="row"[^>]*><a href="\/tools\/([^"]+)"[\s\S]*?<\/tr>/g)].map((m) => ({
    slug: m[1]!,
    marks: [...m[0].matchAll(/<td data-mark="[yn]"[^>]*><span>(Yes|No)<\/span><\/td>/g)].map((mark) => mark[1] === "Yes"),
  }));
const matrixSlugs = (html: string) => matrixRows(html).map((row) => row.slug);

type Tool = Awaited<ReturnType<typeof catalogue>>[number] & { capabilities: string[] };

describeEachBackend(
  "pages the articles link to",
  (app, backend) => {
    let tools: Tool[];
    beforeAll(async () => {
      const capabilities = new Map((await app.query<{ slug: string; capabilities: string[] }>("select slug, capabilities from tools")).map((row) => [row.slug, row.capabilities]));
      tools = (await catalogue(app)).map((tool) => ({ ...tool, capabilities: capabilities.get(tool.slug)! }));
    });

    /** The reference order of a matrix URL: the directory's plain-code sort over the whole catalogue. */
    const expectedMatrix = (query: string) => {
      const state = parseMatrixParams(new URLSearchParams(query));
      return tools
        .filter((tool) => !state.category || categoriesOf(tool).includes(state.category))
        .sort(compareTools(directorySort(state)))
        .map((tool) => tool.slug);
    };

    describe("the comparison matrix", () => {
      it("lists every tool of the catalogue, best rated first, with a canonical URL and structured data", async () => {
        const { response, body } = await app.html(MATRIX_PATH);
        expect(response.status).toBe(200);
        expect(h1Of(body)).toBe("AI tools comparison matrix");
        expect(titleOf(body).length).toBeLessThanOrEqual(60);
        expect(descriptionOf(body)).toContain(`${content.tools.length} AI tools`);
        expect(canonicalOf(body)).toBe(`${BASE_URL}${MATRIX_PATH}`);
        expect(robotsOf(body)).toBeUndefined();
        const slugs = matrixSlugs(body);
        // Every tool, from the files and in the database, none left out.
        expect([...slugs].sort()).toEqual(content.tools.map((tool) => tool.slug).sort());
        expect(slugs).toEqual(expectedMatrix(""));
        expect(slugs.length).toBe(tools.length);
        const blocks = jsonLd(body);
        expect(blocks.find((block) => block["@type"] === "BreadcrumbList").itemListElement.map((item: { name: string }) => item.name)).toEqual([
          "Home",
          "AI Tools Comparison Matrix",
        ]);
        expect(blocks.find((block) => block["@type"] === "ItemList").itemListElement.map((item: { url: string }) => item.url)).toEqual(
          slugs.slice(0, 10).map((slug) => `${BASE_URL}/tools/${slug}`),
        );
        expect(headingLevels(body).every((level, i, all) => i === 0 || level <= all[i - 1]! + 1)).toBe(true);
      });

      it("marks each capability of each tool as the catalogue records it, in the vocabulary's order", async () => {
        const { body } = await app.html(MATRIX_PATH);
        const head = body.match(/<thead[^>]*>([\s\S]*?)<\/thead>/)![1]!;
        for (const capability of CAPABILITIES) expect(head).toContain(`>${capability.replaceAll("&", "&amp;")}</span></th>`);
        expect(head).toMatch(/<th scope="col" aria-sort="descending"[^>]*><a [^>]*href="\/resources\/ai-tools-comparison-matrix"[^>]*>Our rating/);
        expect(head.match(/aria-sort=/g)).toHaveLength(1);
        for (const row of matrixRows(body)) {
          const tool = tools.find((t) => t.slug === row.slug)!;
          expect(row.marks, row.slug).toEqual(CAPABILITIES.map((capability) => tool.capabilities.includes(capability)));
        }
        const chatgpt = body.match(/<th scope="row"[^>]*><a href="\/tools\/chatgpt"[^>]*>ChatGPT<\/a><\/th><td>4\.5<\/td><td[^>]*>([^<]*)<\/td>/);
        expect(chatgpt?.[1]).toBe("Free plan; from $20/month");
      });

      it("sorts by name and by starting price on the server, both ways, as the directory's reference sorts", async () => {
        for (const query of ["sort=name", "sort=name&order=desc", "sort=price", "sort=price&order=desc", "sort=rating"]) {
          const { response, body } = await app.html(`${MATRIX_PATH}?${query}`);
          expect(response.status, query).toBe(200);
          expect(matrixSlugs(body), query).toEqual(expectedMatrix(query));
          // A sorted view is a view of the matrix: one canonical URL, not indexed on its own.
          expect(canonicalOf(body), query).toBe(`${BASE_URL}${MATRIX_PATH}`);
        }
        const byName = matrixSlugs((await app.html(`${MATRIX_PATH}?sort=name`)).body).map((slug) => tools.find((t) => t.slug === slug)!.name.toLowerCase());
        expect(byName).toEqual([...byName].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
        const { body } = await app.html(`${MATRIX_PATH}?sort=name`);
        expect(body).toMatch(/<th scope="col" aria-sort="ascending"[^>]*><a [^>]*href="\/resources\/ai-tools-comparison-matrix\?sort=name&amp;order=desc"[^>]*>Tool/);
        expect(robotsOf(body)).toBe("noindex, follow");
      });

      it("filters by category, keeping the sort, and names the category", async () => {
        // Every category on PGlite, three on PostgreSQL (support/sample.ts).
        for (const category of sample(new Set(tools.map((tool) => tool.categorySlug)), { exhaustive: isExhaustive(backend) })) {
          for (const query of [`category=${category}`, `category=${category}&sort=name&order=desc`]) {
            const { response, body } = await app.html(`${MATRIX_PATH}?${query}`);
            expect(response.status, query).toBe(200);
            expect(matrixSlugs(body), query).toEqual(expectedMatrix(query));
          }
        }
        const { body } = await app.html(`${MATRIX_PATH}?category=design`);
        expect(titleOf(body)).toContain("Design");
        const designCount = tools.filter((tool) => categoriesOf(tool).includes("design")).length;
        expect(body).toContain(`<option value="design" selected="">Design (${designCount})</option>`);
        expect(robotsOf(body)).toBe("noindex, follow");
      });

      it("falls back to the default order for an unknown sort, and answers 404 for an unknown category", async () => {
        const fallback = await app.html(`${MATRIX_PATH}?sort=popularity&order=sideways`);
        expect(fallback.response.status).toBe(200);
        expect(matrixSlugs(fallback.body)).toEqual(expectedMatrix(""));
        expect(matrixSlugs((await app.html(`${MATRIX_PATH}?sort=rating&order=asc`)).body)).toEqual(expectedMatrix(""));
        expect((await app.html(`${MATRIX_PATH}?category=`)).response.status).toBe(200);
        for (const category of ["no-such-category", "seo tools", "<script>"]) {
          const { response, body } = await app.html(`${MATRIX_PATH}?category=${encodeURIComponent(category)}`);
          expect(response.status, category).toBe(404);
          expect(body, category).toContain("Category Not Found");
          expect(robotsOf(body), category).toBe("noindex, follow");
        }
      });
    });

    /** The reference: every tool the rule allows, best rated first, then by name (code-point order of the lower-cased name). */
    const expectedByRule = (rule: ToolRule) =>
      tools
        .filter(
          (tool) =>
            categoriesOf(tool).some((category) => rule.categories.includes(category)) &&
            (rule.requires ?? []).every((capability) => tool.capabilities.includes(capability)) &&
            (!rule.anyOf?.length || rule.anyOf.some((capability) => tool.capabilities.includes(capability))),
        )
        .sort(compareTools("rating"))
        .slice(0, rule.limit)
        .map((tool) => tool.slug);

    const sectionOf = (body: string, id: string) => {
      const start = body.indexOf(`<section id="${id}"`);
      return start < 0 ? "" : body.slice(start, body.indexOf("</section>", start));
    };
    const toolSlugsIn = (html: string) => [...html.matchAll(/<article data-tool-slug="([^"]+)"/g)].map((m) => m[1]!);
    const postSlugsIn = (html: string) => [...html.matchAll(/<article data-post-slug="([^"]+)"/g)].map((m) => m[1]!);

    describe.each(AUDIENCES.map((audience) => [audience.slug, audience] as const))("/%s", (slug, audience) => {
      it("answers 200 with its h1, title, description, canonical URL and structured data", async () => {
        const { response, body } = await app.html(`/${slug}`);
        expect(response.status).toBe(200);
        expect(h1Of(body)).toBe(audience.heading);
        expect(titleOf(body).length).toBeLessThanOrEqual(60);
        expect(titleOf(body)).toContain(audience.title);
        expect(descriptionOf(body)).toBe(audience.description);
        expect(canonicalOf(body)).toBe(`${BASE_URL}/${slug}`);
        expect(robotsOf(body)).toBeUndefined();
        const blocks = jsonLd(body);
        expect(blocks.find((block) => block["@type"] === "BreadcrumbList").itemListElement.map((item: { name: string; item: string }) => [item.name, item.item])).toEqual([
          ["Home", `${BASE_URL}/`],
          [audience.name, `${BASE_URL}/${slug}`],
        ]);
        const listed = [...new Set(audience.sections.flatMap((section) => toolSlugsIn(sectionOf(body, section.id))))];
        expect(blocks.find((block) => block["@type"] === "ItemList").itemListElement.map((item: { url: string }) => item.url)).toEqual(
          listed.slice(0, 10).map((tool) => `${BASE_URL}/tools/${tool}`),
        );
        expect(headingLevels(body).every((level, i, all) => i === 0 || level <= all[i - 1]! + 1)).toBe(true);
      });

      it("lists in each section exactly the tools its rule picks, best rated first", async () => {
        const { body } = await app.html(`/${slug}`);
        const categories = new Set(tools.map((tool) => tool.categorySlug));
        for (const section of audience.sections) {
          for (const category of section.rule.categories) expect(categories.has(category), `${section.id}: ${category}`).toBe(true);
          const shown = toolSlugsIn(sectionOf(body, section.id));
          expect(shown.length, section.id).toBeGreaterThan(0);
          for (const tool of shown.map((s) => tools.find((t) => t.slug === s)!)) {
            expect(
              categoriesOf(tool).some((category) => section.rule.categories.includes(category)),
              `${section.id}: ${tool.slug}`,
            ).toBe(true);
            for (const capability of section.rule.requires ?? []) expect(tool.capabilities, `${section.id}: ${tool.slug}`).toContain(capability);
          }
          expect(shown, section.id).toEqual(expectedByRule(section.rule));
        }
      });

      it("lists the courses its rule picks, best rated first, each going out through /go", async () => {
        const { body } = await app.html(`/${slug}`);
        const section = sectionOf(body, "courses");
        const rule = audience.courses;
        const expected = content.courses
          .filter((course) => rule.categories.includes(course.category) && (!rule.freeOnly || course.free))
          .sort((a, b) => (b.rating ?? -1) - (a.rating ?? -1) || (b.students ?? -1) - (a.students ?? -1) || (a.title.toLowerCase() < b.title.toLowerCase() ? -1 : 1))
          .slice(0, rule.limit)
          .map((course) => course.slug);
        expect(expected.length).toBeGreaterThan(0);
        expect([...section.matchAll(/<article data-course-slug="([^"]+)"/g)].map((m) => m[1])).toEqual(expected);
        for (const course of expected) expect(section).toContain(`href="/go/course/${course}"`);
        expect(body).toContain('href="#courses"');
      });

      it("links the articles its rule picks, each an existing post", async () => {
        const { body } = await app.html(`/${slug}`);
        const shown = postSlugsIn(sectionOf(body, "articles"));
        const rule = audience.articles;
        const score = (post: (typeof content.posts)[number]) =>
          Number(rule.categories.includes(post.category as never)) + post.tags.filter((tag) => rule.tags.includes(tag)).length;
        const expected = content.posts
          .filter((post) => score(post) > 0)
          .sort((a, b) => score(b) - score(a) || b.published.localeCompare(a.published) || (a.slug < b.slug ? -1 : 1))
          .slice(0, rule.limit)
          .map((post) => post.slug);
        expect(shown.length).toBeGreaterThan(0);
        expect(shown).toEqual(expected);
        for (const post of shown) expect((await app.request(`/blog/${post}`)).status, post).toBe(200);
        // Onward links: the directory, the comparison, the matrix, the blog categories.
        for (const href of ["/tools", "/tools/comparison", MATRIX_PATH, ...rule.categories.map((category) => `/blog/category/${category}`)]) {
          expect(sectionOf(body, "explore"), href).toContain(`href="${href}"`);
        }
      });
    });

    it("serves the same pages' data to client navigations", async () => {
      for (const pagePath of [`${MATRIX_PATH}.data?sort=name`, ...AUDIENCES.map((audience) => `/${audience.slug}.data`)]) {
        const response = await app.request(pagePath);
        expect(response.status, pagePath).toBe(200);
        expect(await response.text(), pagePath).toContain("chatgpt");
      }
    });

    it("keeps every one of these pages in the anonymous page cache (they read only tagged catalogue data)", async () => {
      for (const pagePath of [MATRIX_PATH, `${MATRIX_PATH}?sort=name`, ...AUDIENCES.map((audience) => `/${audience.slug}`)]) {
        const states: (string | null)[] = [];
        for (let i = 0; i < 3; i++) states.push((await app.request(pagePath, { headers: { "X-Forwarded-For": uniqueIp() } })).headers.get("x-cache"));
        expect(states.at(-1), pagePath).toBe("HIT");
      }
    });
  },
  ONE_BACKEND,
);
