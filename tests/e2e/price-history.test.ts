import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureProject, type FixtureProject } from "../support/fixture-project";
import { useBrowser, waitForHydration } from "./support/browser";
import { startProductionServer, type ProductionServer } from "./support/server";

const browser = useBrowser();

/** Presses Tab until the focused element matches `selector`, as a keyboard user gets there. */
async function tabTo(page: Page, selector: string) {
  for (let presses = 0; presses < 80; presses++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/**
 * Price history in the browser (issue 27, decision 033), on a server whose content changed since the template's sync:
 * ChatGPT's Plus plan dearer and a long-named per-seat plan added, so the rows are as wide as real ones get.
 */
describe("price history pages", () => {
  let fixture: FixtureProject | undefined;
  let server: ProductionServer | undefined;
  beforeAll(async () => {
    fixture = fixtureProject((contentDir) => {
      const file = path.join(contentDir, "tools/chatgpt.json");
      const tool = JSON.parse(readFileSync(file, "utf8"));
      tool.pricing.plans = tool.pricing.plans.map((plan: { name: string; price: number }) => (plan.name === "Plus" ? { ...plan, price: 25 } : plan));
      tool.pricing.plans.push({
        name: "Enterprise Analytics Workspace",
        price: 1299.99,
        currency: "USD",
        period: "month",
        billedAnnually: true,
        per: "seat",
        minSeats: 25,
        plusUsage: true,
        limits: "A long plan name and every term at once",
      });
      writeFileSync(file, JSON.stringify(tool, null, 2));
    });
    server = await startProductionServer({ cwd: fixture.root, timeoutMs: 110_000 });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    fixture?.remove();
  });

  it.each([360, 1280])("/changes and the tool's Change history fit %i px without sideways scrolling", async (width) => {
    const page = await browser.newPage({ baseURL: server!.baseUrl, viewport: { width, height: 900 } });
    await page.goto("/changes");
    await waitForHydration(page);
    expect(await page.locator("[data-change-kind]").count()).toBe(2);
    expect(await page.getByText("Plus: $20/month → $25/month").isVisible()).toBe(true);
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(width);
    await page.goto("/tools/chatgpt");
    const history = page.getByRole("region", { name: "Change history" });
    await history.scrollIntoViewIfNeeded();
    expect(await history.getByText(/^Plan added: Enterprise Analytics Workspace \$1,299.99\/month per seat, billed annually, 25 seats minimum plus usage$/).isVisible()).toBe(true);
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(width);
  });

  it("filters by kind from the keyboard", async () => {
    const page = await browser.newPage({ baseURL: server!.baseUrl, viewport: { width: 360, height: 900 } });
    await page.goto("/changes");
    await waitForHydration(page);
    await tabTo(page, "#changes-kind");
    await page.locator("#changes-kind").selectOption("plan-added");
    await tabTo(page, 'button[type="submit"]');
    await page.keyboard.press("Enter");
    await expect.poll(() => new URL(page.url()).searchParams.get("kind")).toBe("plan-added");
    await expect.poll(() => page.locator("[data-change-kind]").count()).toBe(1);
    expect(await page.locator("[data-change-kind]").getAttribute("data-change-kind")).toBe("plan-added");
  });

  it("filters without JavaScript", async () => {
    const page = await browser.newPage({ baseURL: server!.baseUrl, javaScriptEnabled: false, viewport: { width: 360, height: 900 } });
    await page.goto("/changes");
    await page.locator("#changes-kind").selectOption("price-up");
    await page.getByRole("button", { name: "Show changes" }).click();
    await page.waitForURL(/kind=price-up/);
    expect(await page.locator("[data-change-kind]").count()).toBe(1);
    expect(await page.getByText("Plus: $20/month → $25/month").isVisible()).toBe(true);
  });
});
