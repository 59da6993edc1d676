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
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

describe("the home page's marketing sections", () => {
  it.each([1280, 360])("are all on the page at %i px, without sideways scrolling", async (width) => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto("/");
    await waitForHydration(page);
    for (const name of [
      "Recommended Programs",
      "Ready to Find Your Next AI Tool?",
      // No deal is exclusive or has a code (issue 26): neutral words, no coupon steps.
      "Deals on AI tools",
      /^Best AI Writing Tools Comparison \d{4}$/,
    ]) {
      const heading = page.getByRole("heading", { name, exact: true });
      await heading.scrollIntoViewIfNeeded();
      expect(await heading.isVisible(), String(name)).toBe(true);
    }
    expect(await page.getByRole("heading", { name: /exclusive|coupon/i }).count()).toBe(0);
    const partners = page.locator("article[data-partner]");
    expect(await partners.count()).toBe(3);
    for (const card of await partners.all()) {
      const cta = card.getByRole("link", { name: /\(opens in a new tab\)$/ });
      await cta.scrollIntoViewIfNeeded();
      expect(await cta.isVisible()).toBe(true);
      expect(await cta.getAttribute("href")).toMatch(/^\/go\/partner\/[a-z0-9-]+$/);
      expect([await cta.getAttribute("target"), await cta.getAttribute("rel")]).toEqual(["_blank", "sponsored nofollow noopener"]);
    }
    const deals = page.locator("article[data-deal-id]");
    expect(await deals.count()).toBe(4);
    for (const deal of await deals.all()) {
      await deal.scrollIntoViewIfNeeded();
      expect(await deal.getByRole("link", { name: /^Get Deal/ }).isVisible()).toBe(true);
    }
    expect(await page.getByRole("complementary", { name: /^Advertisement: / }).count()).toBe(2);
    const table = page.getByRole("table", { name: /^Best AI Writing Tools Comparison/ });
    await table.scrollIntoViewIfNeeded();
    expect(await table.isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "View All Deals" }).getAttribute("href")).toBe("/deals");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
});

describe("/deals in the browser", () => {
  it("filters by category from the keyboard, in place", async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 900 } });
    await page.goto("/deals");
    await waitForHydration(page);
    const all = await page.locator("article[data-deal-id]").count();
    await tabTo(page, 'a[href="/deals?category=design"]');
    await page.keyboard.press("Enter");
    await expect.poll(() => new URL(page.url()).searchParams.get("category")).toBe("design");
    await expect.poll(() => page.locator("article[data-deal-id]").count()).toBeLessThan(all);
    expect(await page.getByRole("link", { name: /^Design \(\d+\)$/ }).getAttribute("aria-current")).toBe("page");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

/**
 * No deal of ours has a code (we publish none we have not seen on the vendor's page), so the Copy
 * button is tested on a fixture copy of the content with one: a second server started from it.
 */
describe("a coupon code", () => {
  let fixture: FixtureProject | undefined;
  let server: ProductionServer | undefined;
  beforeAll(async () => {
    fixture = fixtureProject((contentDir) => {
      const file = path.join(contentDir, "deals.json");
      const withCode = {
        id: "fixture-code-deal",
        title: "Fixture offer with a code",
        description: "A deal that exists only in this test's copy of the content, to copy its code.",
        discount: "Fixture discount",
        code: "ATLAS-E2E",
        expiryDate: "Ongoing",
        toolSlug: "jasper-ai",
        isExclusive: false,
        source: "https://www.jasper.ai/pricing",
        addedAt: "2026-11-23",
      };
      writeFileSync(file, JSON.stringify([withCode, ...JSON.parse(readFileSync(file, "utf8"))], null, 2));
    });
    server = await startProductionServer({ cwd: fixture.root, timeoutMs: 110_000 });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    fixture?.remove();
  });

  it("copies: 'Copy', then 'Copied!' for 2 seconds, then 'Copy' again", async () => {
    const page = await browser.newPage({ baseURL: server!.baseUrl, permissions: ["clipboard-read", "clipboard-write"] });
    // The page's clock is the test's: the two seconds are counted on it, not measured against the machine's speed.
    await page.clock.install();
    await page.goto("/deals");
    await waitForHydration(page);
    // Stopped: from here the page's time moves only when the test moves it.
    await page.clock.pauseAt(Date.now() + 60_000);
    const card = page.locator('article[data-deal-id="fixture-code-deal"]');
    await card.getByRole("button", { name: "Copy code ATLAS-E2E" }).click();
    await card.getByRole("button", { name: "Copied!" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("ATLAS-E2E");
    await page.clock.runFor(1999);
    expect(await card.getByRole("button", { name: "Copied!" }).count(), "still 'Copied!' just before 2 s").toBe(1);
    await page.clock.runFor(1);
    await card.getByRole("button", { name: "Copy code ATLAS-E2E" }).waitFor();
  });

  it("shows the code without JavaScript, and no Copy button that could not work", async () => {
    const page = await browser.newPage({ baseURL: server!.baseUrl, javaScriptEnabled: false });
    await page.goto("/deals");
    const card = page.locator('article[data-deal-id="fixture-code-deal"]');
    expect(await card.locator("code").textContent()).toBe("ATLAS-E2E");
    expect(await card.getByRole("button").count()).toBe(0);
    expect(await card.getByRole("link", { name: /^Get Deal/ }).getAttribute("href")).toBe("/go/deal/fixture-code-deal");
  });
});
