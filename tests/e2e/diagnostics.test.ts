import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, CHROMIUM_PATH, uniqueClientIp, useBrowser, waitForHydration } from "./support/browser";

const browser = useBrowser();

describe("diagnostic modes and pages (spec part 1 §2.1, §4, §8)", () => {
  it("?mode=minimal renders the page without any script and is noindex", async () => {
    const page = await browser.newPage();
    const response = await page.goto("/tools?mode=minimal");
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).count()).toBe(1);
    // Structured data is not a script that runs; nothing else may be there.
    const scripts = await page.locator("script:not([type='application/ld+json'])").count();
    expect(scripts).toBe(0);
    expect(await page.locator("link[rel='modulepreload']").count()).toBe(0);
    expect(await page.locator("meta[name='robots']").first().getAttribute("content")).toContain("noindex");
    // Never hydrated, and the plain page still has its scripts.
    await page.waitForTimeout(500);
    expect(await page.locator("html[data-hydrated]").count()).toBe(0);
    const plain = await (await fetch(`${baseUrl()}/tools`)).text();
    expect(plain).toContain('type="module"');
    expect(plain).not.toMatch(/<meta name="robots" content="noindex"\/>/);
  });

  it("?mode=step-test lists the start-up steps with their timings", async () => {
    const page = await browser.newPage();
    await page.goto("/?mode=step-test");
    await waitForHydration(page);
    const steps = page.getByRole("list", { name: "Start-up steps" }).getByRole("listitem");
    await expect.poll(() => steps.count()).toBe(7);
    await expect.poll(() => page.locator("[data-step='done']").count()).toBe(7);
    for (const name of ["Server response", "Document parsed", "Scripts ready", "App hydrated", "Page loaded", "Database answered"]) {
      expect(await steps.filter({ hasText: name }).textContent()).toMatch(/\d+ ms/);
    }
    expect(await page.locator("meta[name='robots']").first().getAttribute("content")).toContain("noindex");
  });

  it("?mode=loading-test shows the guards in turn, and Clear Cache & Reload really clears storage", { timeout: 60_000 }, async () => {
    const page = await browser.newPage();
    await page.goto("/?mode=loading-test");
    await waitForHydration(page);
    await expect.poll(() => page.getByText("Loading...").first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Taking longer than expected...").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Refresh Page" }).isVisible()).toBe(true);
    // Three retries, each timing out, then the last guard.
    for (let retry = 0; retry < 3; retry++) {
      await page.getByRole("button", { name: "Retry" }).click({ timeout: 10_000 });
      await expect.poll(() => page.getByText(`Retrying (attempt ${retry + 1} of 3)...`).isVisible()).toBe(true);
    }
    await expect.poll(() => page.getByText("Loading Issues Detected").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Reload Page" }).isVisible()).toBe(true);

    await page.evaluate(async () => {
      localStorage.setItem("left-over", "1");
      sessionStorage.setItem("left-over", "1");
      await (await caches.open("old-assets")).put("/x", new Response("x"));
    });
    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Clear Cache & Reload" }).click();
    await reloaded;
    await waitForHydration(page);
    const left = await page.evaluate(async () => ({ local: localStorage.length, session: sessionStorage.getItem("left-over"), caches: (await caches.keys()).length }));
    expect(left).toEqual({ local: expect.any(Number), session: null, caches: 0 });
    expect(await page.evaluate(() => localStorage.getItem("left-over"))).toBeNull();
  });

  it("/test1 and /test2 render their checks and are noindex", async () => {
    const page = await browser.newPage();
    await page.goto("/test1");
    await waitForHydration(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Test Page 1: Rendering");
    await expect.poll(() => page.locator("[data-check='pass']").count()).toBe(2);
    expect(await page.locator("meta[name='robots']").getAttribute("content")).toContain("noindex");
    await page.getByRole("link", { name: "Test page 2: browser features" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Test Page 2: Browser Features");
    await expect.poll(() => page.locator("[data-check='pass']").count()).toBe(8);
    expect(await page.locator("meta[name='robots']").getAttribute("content")).toContain("noindex");
  });

  it("a lazily loaded part that fails to load reloads the page once, not in a loop", { timeout: 60_000 }, async () => {
    // Its own browser: the failed chunk's errors are what this test provokes, not failures of the page.
    const own = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--no-sandbox", "--disable-gpu"] });
    try {
      const context = await own.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() } });
      const page = await context.newPage();
      let paletteRequests = 0;
      await page.route(/\/assets\/command-palette-[^/]+\.js$/, (route) => {
        paletteRequests++;
        return route.fulfill({ status: 404, body: "gone" });
      });
      let loads = 0;
      page.on("load", () => loads++);
      await page.goto("/tools");
      await waitForHydration(page);
      expect(loads).toBe(1);
      await page.keyboard.press("Control+k");
      await expect.poll(() => loads, { timeout: 10_000 }).toBe(2);
      await waitForHydration(page);
      expect(await page.evaluate(() => sessionStorage.getItem("atlas.chunkReload"))).toMatch(/^\d+$/);
      // The chunk is still missing: this time the page does not reload again.
      await page.keyboard.press("Control+k");
      await expect.poll(() => paletteRequests).toBeGreaterThanOrEqual(2);
      await page.waitForTimeout(3000);
      expect(loads).toBe(2);
    } finally {
      await own.close();
    }
  });
});
