import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { CurrencyRates, Pricing } from "~/lib/tool/pricing";
import { teamCost } from "~/lib/tool/team-cost";
import { projectRoot } from "../support/paths";
import { useBrowser } from "./support/browser";
import { PHONE } from "./support/phone";

/**
 * Issue 47's team cost without JavaScript on a phone (360 px): the reader types 12 into "For a team of", sends the
 * form, and reads each plan's figures for 12 people on a tool page and on the comparison page, as the function
 * computes them. The page never scrolls sideways.
 */
const browser = useBrowser({ ...PHONE, javaScriptEnabled: false });

const content = <T>(file: string): T => JSON.parse(readFileSync(path.join(projectRoot, "content", file), "utf8")) as T;
const rates = content<CurrencyRates>("currency-rates.json");
const costFor = (slug: string, size: number) => teamCost(content<{ pricing: Pricing }>(`tools/${slug}.json`).pricing, size, rates);

/** Each plan row's name and two figures in a tool's team-cost table. */
const rowsOf = (page: Page, slug: string) =>
  page.locator(`table[data-team-cost="${slug}"] tbody[data-plan]`).evaluateAll((bodies) =>
    bodies.map((body) => ({
      name: body.getAttribute("data-plan"),
      monthly: body.querySelector('[data-cell="monthly"]')!.textContent!.trim(),
      firstYear: body.querySelector('[data-cell="first-year"]')!.textContent!.trim(),
    })),
  );

const expectedRows = (slug: string, size: number) => costFor(slug, size).plans.map((plan) => ({ name: plan.name, monthly: plan.monthlyText, firstYear: plan.firstYearText }));

async function setTeam(page: Page, size: number) {
  const field = page.getByLabel("For a team of");
  await field.fill(String(size));
  await Promise.all([page.waitForURL(new RegExp(`team=${size}`)), page.getByRole("button", { name: "Show costs" }).click()]);
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("team cost on a phone without JavaScript", () => {
  it("sets a team of 12 on a tool page and reads the figures", async () => {
    const page = await browser.newPage();
    await page.goto("/tools/claude-ai");
    expect(await rowsOf(page, "claude-ai")).toEqual(expectedRows("claude-ai", 5));
    await setTeam(page, 12);
    expect(new URL(page.url()).searchParams.get("team")).toBe("12");
    expect(await rowsOf(page, "claude-ai")).toEqual(expectedRows("claude-ai", 12));
    expect(await page.locator('table[data-team-cost="claude-ai"] tbody[data-plan="Team"] [data-cell="first-year"]').textContent()).toBe("$3,600 a year, paid up front");
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.close();
  });

  it("sets a team of 12 on the comparison page, keeping the selection, and reads each tool's figures", async () => {
    const page = await browser.newPage();
    await page.goto("/tools/comparison?tools=claude-ai,screaming-frog");
    await setTeam(page, 12);
    const url = new URL(page.url());
    expect(url.searchParams.get("tools")).toBe("claude-ai,screaming-frog");
    for (const slug of ["claude-ai", "screaming-frog"]) expect(await rowsOf(page, slug)).toEqual(expectedRows(slug, 12));
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.close();
  });
});
