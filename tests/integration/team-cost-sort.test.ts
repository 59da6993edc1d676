import path from "node:path";
import { beforeAll, expect, it } from "vitest";
import { loadEditorialContent } from "../../app/models/content/load.server";
import { teamCost } from "../../app/lib/tool/team-cost";
import { TOOLS_PAGE_SIZE } from "../../app/lib/tool/tool-filters";
import { uniqueIp } from "../support/accounts";
import { describeEachBackend } from "../support/app";
import { catalogue, slugsIn } from "../support/catalogue";
import { projectRoot } from "../support/paths";
import { categoriesOf, RATES } from "../support/tool-filter-oracle";

/**
 * The 'cost for a team of N' sort (issue 47, decision 086) on the directory, a category page and a task page: the
 * order `teamCost`'s marked plan gives for the team (no needs), computed here from the plans, not from the stored
 * terms the SQL reads; tools it marks no plan for are last in both directions, then by name.
 */
const content = loadEditorialContent(path.join(projectRoot, "content"));
type Tool = Awaited<ReturnType<typeof catalogue>>[number];
const figureOf = (tool: Tool, team: number) => {
  const cost = teamCost(tool.pricing, team, RATES);
  return cost.best ? cost.plans.find((plan) => plan.name === cost.best!.name)!.usd!.firstYear : null;
};
const byName = (a: Tool, b: Tool) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : 0);
function expectedOrder(tools: Tool[], team: number, direction: 1 | -1) {
  return [...tools]
    .sort((a, b) => {
      const x = figureOf(a, team);
      const y = figureOf(b, team);
      if (x === null || y === null) return (x === y ? 0 : x === null ? 1 : -1) || byName(a, b);
      return (x - y) * direction || byName(a, b);
    })
    .map((tool) => tool.slug);
}
const cardsOf = (body: string) => [...body.matchAll(/<article data-tool-slug="([^"]+)"/g)].map((match) => match[1]!);

describeEachBackend("the directory sorted by cost for a team of N", (app) => {
  let tools: Tool[];
  beforeAll(async () => {
    tools = await catalogue(app);
  });

  async function everyPage(pathname: string, query: string) {
    const slugs: string[] = [];
    for (let page = 1; ; page++) {
      const { response, body } = await app.html(`${pathname}?${query}${page > 1 ? `&page=${page}` : ""}`);
      if (response.status === 404) break;
      expect(response.status).toBe(200);
      const shown = slugsIn(body) as string[];
      slugs.push(...shown);
      if (shown.length < TOOLS_PAGE_SIZE) break;
    }
    return slugs;
  }

  it("lists /tools?sort=team_low&team=12 in the order teamCost gives for 12 people, tools without a figure last", async () => {
    const listed = await everyPage("/tools", "sort=team_low&team=12");
    const expected = expectedOrder(tools, 12, 1);
    expect(listed).toEqual(expected);
    const bySlug = new Map(tools.map((tool) => [tool.slug, tool]));
    const figures = listed.map((slug) => figureOf(bySlug.get(slug)!, 12));
    const firstWithout = figures.indexOf(null);
    // Both kinds are in the catalogue, and every tool without a figure comes after every tool with one.
    expect(firstWithout).toBeGreaterThan(0);
    expect(figures.slice(firstWithout).every((figure) => figure === null)).toBe(true);
    // A team of 12 is not a team of 1: flat plans for one account drop out, so the orders differ.
    expect(await everyPage("/tools", "sort=team_low&team=1")).toEqual(expectedOrder(tools, 1, 1));
    expect(expectedOrder(tools, 1, 1)).not.toEqual(expected);
  });

  // The default team's figure is the stored column `team_cost_usd`, computed by the database's `team_first_year_usd`
  // (decision 088), not the expression the other sizes use: both ways, on the directory and a category, through every page.
  it("lists the default team (5 people, no ?team=) in the order teamCost gives, from the stored column", async () => {
    expect(await everyPage("/tools", "sort=team_low")).toEqual(expectedOrder(tools, 5, 1));
    expect(await everyPage("/tools", "sort=team_high")).toEqual(expectedOrder(tools, 5, -1));
    // Spelled out, 5 is the default (and the same statement).
    expect(await everyPage("/tools", "sort=team_low&team=5")).toEqual(expectedOrder(tools, 5, 1));
    const category = tools.find((tool) => tool.slug === "chatgpt")!.categorySlug;
    const inCategory = tools.filter((tool) => categoriesOf(tool).includes(category));
    expect(await everyPage(`/tools/category/${category}`, "sort=team_high")).toEqual(expectedOrder(inCategory, 5, -1));
    // The stored figure is `teamFirstYearUsd`'s for every tool, nulls included.
    const stored = await app.query<{ slug: string; figure: number | null }>("select slug, team_cost_usd as figure from tools");
    const bySlug = new Map(tools.map((tool) => [tool.slug, tool]));
    expect(stored.map(({ slug, figure }) => [slug, figure === null ? null : Number(figure)])).toEqual(stored.map(({ slug }) => [slug, figureOf(bySlug.get(slug)!, 5)]));
  });

  it("sorts high to low with tools without a figure still last, and states the basis beside the sort", async () => {
    expect(await everyPage("/tools", "sort=team_high&team=12")).toEqual(expectedOrder(tools, 12, -1));
    const { body } = await app.html("/tools?sort=team_high&team=12");
    expect(body).toContain("By the first-year cost of the cheapest plan that covers 12 people, in US dollars at the rates of");
    expect(body).toContain("tools without a published figure last.");
    expect(body).toContain("Cost for a team of 12: high to low");
    // The team's field keeps the sort; the sort's form keeps the team.
    expect(body).toMatch(/<input[^>]*name="team"[^>]*value="12"/);
    // Without the team, 5 people, and the basis says so.
    expect((await app.html("/tools?sort=team_low")).body).toContain("covers 5 people");
  });

  it("sorts a category page the same way, over the tools the category lists", async () => {
    const counts = new Map<string, number>();
    for (const tool of tools) for (const slug of categoriesOf(tool)) counts.set(slug, (counts.get(slug) ?? 0) + 1);
    const [category] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    const inCategory = tools.filter((tool) => categoriesOf(tool).includes(category));
    expect(await everyPage(`/tools/category/${category}`, "sort=team_low&team=12")).toEqual(expectedOrder(inCategory, 12, 1));
    expect(await everyPage(`/tools/category/${category}`, "sort=team_high&team=3")).toEqual(expectedOrder(inCategory, 3, -1));
  });

  it("sorts a task page's tools by the same figure, and says what it orders by", async () => {
    const bySlug = new Map(tools.map((tool) => [tool.slug, tool]));
    // A task whose tools have figures for 12 people and some without, so the order is tested both ways.
    const task = content.tasks.find((candidate) => {
      const figures = candidate.tools.map((entry) => figureOf(bySlug.get(entry.slug)!, 12));
      return figures.some((figure) => figure === null) && new Set(figures.filter((figure) => figure !== null)).size >= 2;
    })!;
    expect(task).toBeDefined();
    const listed = task.tools.map((entry) => bySlug.get(entry.slug)!);
    const low = await app.html(`/tasks/${task.slug}?sort=team_low&team=12`);
    expect(low.response.status).toBe(200);
    expect(cardsOf(low.body)).toEqual(expectedOrder(listed, 12, 1));
    expect(low.body).toContain("By the first-year cost of the cheapest plan that covers 12 people");
    expect(low.body).toContain('name="robots" content="noindex');
    expect(cardsOf((await app.html(`/tasks/${task.slug}?sort=team_high&team=12`)).body)).toEqual(expectedOrder(listed, 12, -1));
    // Our order without the sort.
    expect(cardsOf((await app.html(`/tasks/${task.slug}`)).body)).toEqual(task.tools.map((entry) => entry.slug));
  });

  it("orders the open data API's /api/v1/tools by the same figure, through every cursor, and refuses a team out of range", async () => {
    const ip = uniqueIp();
    const ask = (address: string) => app.request(address, { headers: { "X-Forwarded-For": ip } });
    const seen: string[] = [];
    let next: string | null = "/api/v1/tools?sort=team_low&team=12";
    let firstCursor: string | null = null;
    while (next) {
      const response = await ask(next);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { data: { slug: string }[]; next_cursor: string | null };
      seen.push(...body.data.map((tool) => tool.slug));
      firstCursor ??= body.next_cursor;
      next = body.next_cursor ? `/api/v1/tools?sort=team_low&team=12&cursor=${body.next_cursor}` : null;
    }
    expect(seen).toEqual(expectedOrder(tools, 12, 1));
    // A cursor is for its team: with another it is refused, not read as a page of that order.
    expect((await ask(`/api/v1/tools?sort=team_low&team=3&cursor=${firstCursor}`)).status).toBe(400);
    for (const team of ["0", "10001", "five"]) expect((await ask(`/api/v1/tools?sort=team_low&team=${team}`)).status, team).toBe(400);
  });
});
