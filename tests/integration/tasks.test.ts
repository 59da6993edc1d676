import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadEditorialContent } from "../../app/models/content/load.server";
import { uniqueIp } from "../support/accounts";
import { describeEachBackend } from "../support/app";
import { projectRoot } from "../support/paths";
import { ONE_BACKEND } from "../support/sample";

/**
 * Tasks (issue 29): the listing grouped by category with its server-side search, a task's page (ranked tools with
 * their reasons, the free-plan and price filters in the query, its structured data), the page cache, the sitemap and
 * the tool page's list of tasks. The reference is the task files, read by the loader the sync uses.
 */
const content = loadEditorialContent(path.join(projectRoot, "content"));
const TASK = content.tasks.find((task) => task.slug === "transcribe-meetings")!;
const categoryOrder = [...content.categories].sort((a, b) => a.sortOrder - b.sortOrder).map((category) => category.slug);

const decode = (text: string) => text.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
const jsonLd = (body: string) => [...body.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!));
const ofType = (body: string, type: string) => jsonLd(body).filter((thing) => thing["@type"] === type);
/** The listing's task links, as (category, slug) in page order. */
const listedTasks = (body: string) =>
  [...body.matchAll(/<section aria-labelledby="tasks-([a-z0-9-]+)">([\s\S]*?)<\/section>/g)].flatMap(([, category, section]) =>
    [...section!.matchAll(/href="\/tasks\/([a-z0-9-]+)"/g)].map((link) => ({ category: category!, slug: link[1]! })),
  );
/** A task page's cards: the tool slugs in order, and the reason shown on each. */
const cards = (body: string) =>
  [...body.matchAll(/<article data-tool-slug="([^"]+)"[\s\S]*?<p class="mt-3 text-sm" data-reason="true"><span class="font-medium">Why: <\/span>([^<]*)<\/p>/g)].map(
    ([, slug, reason]) => ({ slug: slug!, reason: decode(reason!) }),
  );

describe("the task files", () => {
  it("hold at least 150 tasks, each with at least 3 tools", () => {
    expect(content.tasks.length).toBeGreaterThanOrEqual(150);
    for (const task of content.tasks) expect(task.tools.length, task.slug).toBeGreaterThanOrEqual(3);
  });
});

describeEachBackend(
  "tasks",
  (app) => {
    it("lists every task on /tasks, grouped under its category in the categories' order, with counts", async () => {
      const { response, body } = await app.html("/tasks");
      expect(response.status).toBe(200);
      const listed = listedTasks(body);
      expect(listed.length).toBe(content.tasks.length);
      expect(new Set(listed.map((task) => task.slug))).toEqual(new Set(content.tasks.map((task) => task.slug)));
      for (const { category, slug } of listed) expect(content.tasks.find((task) => task.slug === slug)!.categoryId).toBe(category);
      const headings = [...new Set(listed.map((task) => task.category))];
      expect(headings).toEqual(categoryOrder.filter((slug) => headings.includes(slug)));
      for (const category of headings) {
        const count = content.tasks.filter((task) => task.categoryId === category).length;
        expect(body).toMatch(new RegExp(`id="tasks-${category}"[\\s\\S]*?\\(${count}\\)</span>`));
      }
      expect(body).toContain('<link rel="canonical" href="http://localhost:3000/tasks"/>');
      // Found from the home page's categories, not only from the footer.
      const home = (await app.html("/")).body;
      expect(home.slice(home.indexOf('id="categories-heading"'), home.indexOf('id="insights-heading"'))).toContain('href="/tasks"');
    });

    it("filters the listing by a synonym on the server (a plain GET form)", async () => {
      const synonym = TASK.synonyms.find((words) => !TASK.name.toLowerCase().includes(words))!;
      const { body } = await app.html(`/tasks?q=${encodeURIComponent(synonym.toUpperCase())}`);
      expect(body).toMatch(/<form role="search"[^>]*action="\/tasks" method="get"/);
      const expected = content.tasks.filter((task) => task.name.toLowerCase().includes(synonym) || task.synonyms.some((words) => words.includes(synonym)));
      expect(new Set(listedTasks(body).map((task) => task.slug))).toEqual(new Set(expected.map((task) => task.slug)));
      expect(expected.length).toBeLessThan(content.tasks.length / 10);
      expect(body).toContain('content="noindex, follow"');
      const none = await app.html("/tasks?q=zzqx%25_");
      expect([none.response.status, listedTasks(none.body)]).toEqual([200, []]);
      expect(none.body).toContain("No task matches");
    });

    it("shows a task's tools in our order, each with its reason, and structured data that matches the page", async () => {
      const { response, body } = await app.html(`/tasks/${TASK.slug}`);
      expect(response.status).toBe(200);
      expect(body).toMatch(new RegExp(`<h1[^>]*>${TASK.name}</h1>`));
      expect(decode(body)).toContain(TASK.summary);
      expect(body).toContain(`Written by the editorial team on <time dateTime="${TASK.writtenAt}">`);
      expect(cards(body)).toEqual(TASK.tools);
      expect(cards(body).length).toBeGreaterThanOrEqual(3);
      const title = body.match(/<title>([^<]*)<\/title>/)![1]!;
      expect(title.length).toBeLessThanOrEqual(60);
      expect(body).toContain(`<link rel="canonical" href="http://localhost:3000/tasks/${TASK.slug}"/>`);

      const names = await app.query<{ slug: string; name: string }>("select slug, name from tools where slug = any($1)", [TASK.tools.map((tool) => tool.slug)]);
      const nameOf = (slug: string) => names.find((row) => row.slug === slug)!.name;
      const [list] = ofType(body, "ItemList");
      expect(list.itemListElement.map((item: { name: string; url: string }) => [item.name, item.url])).toEqual(
        TASK.tools.slice(0, 10).map((tool) => [nameOf(tool.slug), `http://localhost:3000/tools/${tool.slug}`]),
      );
      const [crumbs] = ofType(body, "BreadcrumbList");
      expect(crumbs.itemListElement.map((item: { name: string }) => item.name)).toEqual(["Home", "Tasks", TASK.name]);
      const [faq] = ofType(body, "FAQPage");
      const questions = faq.mainEntity as { name: string; acceptedAnswer: { text: string } }[];
      expect(questions.map((question) => question.name)).toContain("Which of these tools have a free plan?");
      for (const question of questions) {
        expect(decode(body)).toContain(question.name);
        expect(decode(body)).toContain(question.acceptedAnswer.text);
      }
      const free = await app.query<{ name: string }>("select name from tools where slug = any($1) and is_free", [TASK.tools.map((tool) => tool.slug)]);
      const freeAnswer = questions.find((question) => question.name === "Which of these tools have a free plan?")!.acceptedAnswer.text;
      for (const { name } of free) expect(freeAnswer).toContain(name);
    });

    it("filters a task's tools by a free plan and a monthly price ceiling in the query, keeping our order", async () => {
      // A task where each filter leaves some tools out, so the test sees it work.
      const rows = await app.query<{ task_slug: string; tool_slug: string; is_free: boolean; price: number | null }>(
        `select task_slug, tool_slug, is_free, price_monthly_usd::float as price from task_tools join tools on tools.slug = tool_slug order by task_slug, position`,
      );
      const byTask = new Map<string, typeof rows>();
      for (const row of rows) byTask.set(row.task_slug, [...(byTask.get(row.task_slug) ?? []), row]);
      const maxPrice = 20;
      const passes = (row: (typeof rows)[number]) => row.price === null || row.price <= maxPrice;
      const [slug, tools] = [...byTask].find(([, tools]) => tools.some((tool) => !tool.is_free) && tools.some((tool) => tool.is_free) && tools.some((tool) => !passes(tool)))!;
      const freeOnly = await app.html(`/tasks/${slug}?free=1`);
      expect(cards(freeOnly.body).map((card) => card.slug)).toEqual(tools.filter((tool) => tool.is_free).map((tool) => tool.tool_slug));
      expect(freeOnly.body).toContain('content="noindex, follow"');
      const capped = await app.html(`/tasks/${slug}?maxPrice=${maxPrice}`);
      expect(cards(capped.body).map((card) => card.slug)).toEqual(tools.filter(passes).map((tool) => tool.tool_slug));
      const both = await app.html(`/tasks/${slug}?free=1&maxPrice=${maxPrice}`);
      expect(cards(both.body).map((card) => card.slug)).toEqual(tools.filter((tool) => tool.is_free && passes(tool)).map((tool) => tool.tool_slug));
    });

    it("keeps a task page in the page cache for anonymous visitors", async () => {
      const slug = content.tasks.at(-1)!.slug;
      const anonymous = () => app.request(`/tasks/${slug}`, { headers: { "X-Forwarded-For": uniqueIp() } });
      expect((await anonymous()).headers.get("x-cache")).toBe("MISS");
      expect((await anonymous()).headers.get("x-cache")).toBe("HIT");
    });

    it("lists /tasks and every task page in the tools sitemap, dated by when it was written", async () => {
      const { body } = await app.html("/sitemap-tools.xml");
      expect(body).toContain("<loc>http://localhost:3000/tasks</loc>");
      for (const task of content.tasks) expect(body).toContain(`<loc>http://localhost:3000/tasks/${task.slug}</loc><lastmod>${task.writtenAt}</lastmod>`);
    });

    it("lists on a tool's page the tasks it is listed for, with the reason written there", async () => {
      const [first] = TASK.tools;
      const { body } = await app.html(`/tools/${first!.slug}`);
      expect(body).toContain(`href="/tasks/${TASK.slug}"`);
      expect(decode(body)).toContain(first!.reason);
    });

    it("answers an unknown task with the site's 404", async () => {
      const { response, body } = await app.html("/tasks/no-such-task");
      expect(response.status).toBe(404);
      expect(body).toContain('content="noindex');
    });
  },
  ONE_BACKEND,
);
