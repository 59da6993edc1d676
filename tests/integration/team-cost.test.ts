import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import type { CurrencyRates, Pricing } from "~/lib/tool/pricing";
import { teamCost, teamCostCells, type ReviewPlanFeatures, type TeamNeed } from "~/lib/tool/team-cost";
import { describeEachBackend } from "../support/app";

/**
 * The team cost (issue 47): the tool page, the comparison page, its CSV and the API show what the one function
 * (lib/tool/team-cost.ts) computes from the catalogue's plans, and a bad `?team=` is answered, never a 500.
 */

const json = <T>(file: string): T => JSON.parse(readFileSync(new URL(`../../content/${file}`, import.meta.url), "utf8")) as T;
const rates = json<CurrencyRates>("currency-rates.json");
const pricingOf = (slug: string) => json<{ pricing: Pricing }>(`tools/${slug}.json`).pricing;
const reviewOf = (slug: string): ReviewPlanFeatures | undefined => {
  try {
    return json<{ plans: ReviewPlanFeatures }>(`reviews/${slug}.json`).plans;
  } catch {
    return undefined;
  }
};
const expected = (slug: string, size: number, needs: TeamNeed[] = []) => teamCost(pricingOf(slug), size, rates, needs, reviewOf(slug));

const decode = (html: string) =>
  html.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&#39;", "'");
const textOf = (html: string) => decode(html.replace(/<[^>]+>/g, "")).trim();

/** Each plan's row of a tool's team-cost table: its two figures and whether it is marked. */
function planRows(html: string, slug: string) {
  const table = html.match(new RegExp(`<table[^>]*data-team-cost="${slug}"[^>]*>([\\s\\S]*?)</table>`))?.[1];
  expect(table, `the team-cost table of ${slug}`).toBeDefined();
  return [...table!.matchAll(/<tbody[^>]*data-plan="([^"]+)"([^>]*)>([\s\S]*?)<\/tbody>/g)].map(([, name, attributes, body]) => ({
    name: decode(name!),
    best: attributes!.includes("data-best"),
    monthly: textOf(body!.match(/data-cell="monthly"[^>]*>([\s\S]*?)<\/td>/)![1]!),
    firstYear: textOf(body!.match(/data-cell="first-year"[^>]*>([\s\S]*?)<\/td>/)![1]!),
  }));
}

/** RFC 4180 rows (the CSV quotes fields with commas). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.trimEnd().split("\r\n")) {
    const cells: string[] = [];
    for (const match of line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)) {
      cells.push(match[1]!.startsWith('"') ? match[1]!.slice(1, -1).replaceAll('""', '"') : match[1]!);
      if (match[2] === "") break;
    }
    rows.push(cells);
  }
  return rows;
}

describeEachBackend("team cost", (app) => {
  it("shows the function's figures on the tool page for ?team=12, the marked plan by the needs ticked", async () => {
    for (const needs of [[], ["admin"]] as TeamNeed[][]) {
      const query = `team=12${needs.length ? `&needs=${needs.join(",")}` : ""}`;
      const { response, body } = await app.html(`/tools/claude-ai?${query}`);
      expect(response.status).toBe(200);
      const cost = expected("claude-ai", 12, needs);
      const rows = planRows(body, "claude-ai");
      expect(rows).toEqual(cost.plans.map((plan) => ({ name: plan.name, best: cost.best?.name === plan.name, monthly: plan.monthlyText, firstYear: plan.firstYearText })));
      expect(decode(body)).toContain(cost.best!.reason);
      // The form keeps the size and the ticked needs, and works without a script: a GET form to the page itself.
      expect(body).toMatch(/<form [^>]*action="\/tools\/claude-ai#team-cost" method="get"/);
      expect(body).toMatch(/name="team"[^>]*value="12"/);
    }
    // Claude Team for 12: 12 seats × $25 a month billed annually.
    const team = planRows((await app.html("/tools/claude-ai?team=12&needs=admin")).body, "claude-ai").find((row) => row.name === "Team")!;
    expect(team).toEqual({ name: "Team", best: true, monthly: "$300/month equivalent", firstYear: "$3,600 a year, paid up front" });
  });

  it("the comparison page and its CSV agree with the function, across currencies", async () => {
    const slugs = ["claude-ai", "screaming-frog", "languagetool"];
    const query = `tools=${slugs.join(",")}&team=12&needs=admin`;
    const { response, body } = await app.html(`/tools/comparison?${query}`);
    expect(response.status).toBe(200);
    // The page's CSV link carries the team.
    expect(decode(body)).toContain(`/tools/comparison.csv?tools=${slugs.join(",")}&team=12&needs=admin`);
    const csv = await app.request(`/tools/comparison.csv?${query}`);
    expect(csv.status).toBe(200);
    const rows = csvRows(await csv.text());
    const monthly = rows.find((row) => row[0] === "Team of 12: per month (cheapest fitting plan)")!;
    const firstYear = rows.find((row) => row[0] === "Team of 12: first year (cheapest fitting plan)")!;
    slugs.forEach((slug, index) => {
      const cost = expected(slug, 12, ["admin"]);
      const cells = teamCostCells(cost);
      expect(monthly[index + 1]).toBe(cells.monthly);
      expect(firstYear[index + 1]).toBe(cells.firstYear);
      const page = planRows(body, slug);
      expect(page.map((row) => row.firstYear)).toEqual(cost.plans.map((plan) => plan.firstYearText));
      const marked = page.find((row) => row.best);
      if (cost.best) expect(cells.firstYear.startsWith(`${marked!.name}: ${marked!.firstYear}`)).toBe(true);
      else expect(marked).toBeUndefined();
    });
    // Screaming Frog's licence in pounds, per user per year: 12 × £199 = £2,388, US$3,152.16 at the table's rates.
    const licence = planRows(body, "screaming-frog").find((row) => row.name === "Licence")!;
    expect(licence.firstYear).toBe("£2,388 a year, paid up front");
    expect(body).toContain(`about US$3,152.16 a year (US$262.68/month) at the rates of ${rates.asOf}`);
    // LanguageTool's Teams plan has no price: price on request, never $0.
    expect(planRows(body, "languagetool").find((row) => row.name === "Teams")).toMatchObject({ monthly: "Price on request", firstYear: "Price on request" });
  });

  it("answers a bad ?team= with the default or the bound and a sentence, never a 500", async () => {
    for (const [value, size, words] of [
      ["abc", 5, "is not a whole number of people"],
      ["-3", 5, "is not a whole number of people"],
      ["0", 1, "A team has at least 1 person"],
      ["99999", 10_000, "Team sizes go up to 10,000"],
      ["1e9", 5, "is not a whole number of people"],
    ] as const) {
      for (const path of [`/tools/claude-ai?team=${value}`, `/tools/comparison?tools=claude-ai,chatgpt&team=${value}`, `/tools/comparison.csv?tools=claude-ai&team=${value}`]) {
        const response = await app.request(path);
        expect(response.status, path).toBe(200);
        const text = decode(await response.text());
        if (path.includes(".csv")) expect(text, path).toContain(`Team of ${size}:`);
        else {
          expect(text, path).toContain(words);
          expect(text, path).toMatch(new RegExp(`name="team"[^>]*value="${size}"`));
        }
      }
    }
    const api = await app.request("/api/v1/tools/claude-ai?team=abc", { headers: { "X-Forwarded-For": "203.0.113.47" } });
    expect(api.status).toBe(400);
  });

  it("gives the API's team_cost from the same function", async () => {
    const response = await app.request("/api/v1/tools/screaming-frog?team=12", { headers: { "X-Forwarded-For": "203.0.113.48" } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { team_cost: { plans: { name: string; first_year: number | null; usd_first_year: number | null; first_year_text: string }[] } };
    const cost = expected("screaming-frog", 12);
    expect(body.team_cost.plans).toEqual(
      cost.plans.map((plan) =>
        expect.objectContaining({ name: plan.name, first_year: plan.firstYear, usd_first_year: plan.usd?.firstYear ?? null, first_year_text: plan.firstYearText }),
      ),
    );
  });

  it("keeps the usual team sizes' pages and renders the others for each request", async () => {
    const states = async (path: string) => {
      const seen: (string | null)[] = [];
      for (let i = 0; i < 3; i++) seen.push((await app.request(path)).headers.get("X-Cache"));
      return seen;
    };
    expect(await states("/tools/claude-ai?team=12")).toContain("HIT");
    expect(await states("/tools/claude-ai?team=37")).not.toContain("HIT");
  });
});
