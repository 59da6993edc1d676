import { beforeAll, expect, it } from "vitest";
import { BLOG_PAGE_SIZE } from "~/lib/blog/blog-filters";
import { COURSES_PAGE_SIZE } from "~/lib/course/course-filters";
import { TOOLS_PAGE_SIZE } from "~/lib/tool/tool-filters";
import { describeEachBackend } from "../support/app";
import { ONE_BACKEND } from "../support/sample";

const robotsOf = (html: string) => html.match(/<meta name="robots" content="([^"]*)"/)?.[1];
const countLine = (html: string) => html.match(/Showing (\d+)-(\d+) of (\d+\+?) tools?/);

describeEachBackend(
  "numbered listing pages (issue 18)",
  (app) => {
    let tools = 0;
    let seoTools = 0;
    let posts = 0;
    let courses = 0;
    beforeAll(async () => {
      const count = async (sql: string) => Number((await app.query<{ n: number }>(sql))[0]!.n);
      tools = await count("select count(*)::int as n from tools");
      seoTools = await count("select count(*)::int as n from tools where 'seo-tools' = any(array[category_slug] || secondary_category_slugs)");
      posts = await count("select count(*)::int as n from posts");
      courses = await count("select count(*)::int as n from courses");
    });

    it("numbers the last page of /tools from its first item to the total, never inverted", async () => {
      const last = Math.ceil(tools / TOOLS_PAGE_SIZE);
      const { response, body } = await app.html(`/tools?page=${last}`);
      expect(response.status).toBe(200);
      const [, first, end, total] = countLine(body) ?? [];
      expect([Number(first), Number(end), total]).toEqual([(last - 1) * TOOLS_PAGE_SIZE + 1, tools, String(tools)]);
    });

    it.each([
      ["/tools?page=99", () => 99],
      ["/tools?page={past}&sort=name_asc", () => Math.ceil(tools / TOOLS_PAGE_SIZE) + 1],
      ["/tools/category/seo-tools?page={past}", () => Math.ceil(seoTools / TOOLS_PAGE_SIZE) + 1],
      ["/tools?search=zzqqxxnothing&page=2", () => 2],
      ["/courses?page={past}", () => Math.ceil(courses / COURSES_PAGE_SIZE) + 1],
      ["/courses/category/data-science?page=99", () => 99],
      ["/blog?page={past}", () => Math.ceil(posts / BLOG_PAGE_SIZE) + 1],
      ["/blog/category/tutorials?page=99", () => 99],
    ])("answers a page past the last, %s, with the not-found page, 404 and noindex", async (pattern, past) => {
      const url = pattern.replace("{past}", String(past()));
      const { response, body } = await app.html(url);
      expect(response.status, url).toBe(404);
      expect(robotsOf(body), url).toMatch(/^noindex/);
      expect(countLine(body), url).toBeNull();
    });

    it("keeps page 1 of an empty result: it says nothing matches", async () => {
      const { response, body } = await app.html("/tools?search=zzqqxxnothing");
      expect(response.status).toBe(200);
      expect(body).toContain("No matching tools");
      expect(countLine(body)).toBeNull();
    });

    it("names a category's tools once: 'SEO Tools', 'Can't Find the Perfect SEO Tool?', 'N SEO tools compared'", async () => {
      const { body } = await app.html("/tools/category/seo-tools");
      expect(body).not.toMatch(/Tools Tool|Tools tool/);
      expect(body).toContain("Can&#x27;t Find the Perfect SEO Tool?");
      expect(body).toMatch(new RegExp(`<meta name="description" content="${seoTools} SEO tools? compared`));
      expect(body).toContain(`>${seoTools} ${seoTools === 1 ? "tool" : "tools"}<`);
      const writing = (await app.html("/tools/category/content-writing")).body;
      expect(writing).toContain("Can&#x27;t Find the Perfect Content Writing Tool?");
    });

    it("draws each category's own icon from the sprite, not an empty square", async () => {
      const categories = await app.query<{ slug: string; icon: string }>("select slug, icon from categories order by sort_order");
      const home = (await app.html("/")).body;
      const section = home.slice(home.indexOf('id="categories-heading"'), home.indexOf('id="insights-heading"'));
      expect(section.match(/<use href="[^"]*icons[^"]*\.svg#[a-z-]+"/g)?.length).toBeGreaterThanOrEqual(categories.length);
      const seo = (await app.html("/tools/category/seo-tools")).body;
      expect(seo).toMatch(/<span class="category-icon [^"]*size-12[^"]*" style="background-color:#[0-9a-f]{6}"><svg[^>]*aria-hidden="true"><use href="[^"]*#search"/);
    });
  },
  ONE_BACKEND,
);
