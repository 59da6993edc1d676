import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpAndConfirm, uniqueEmail } from "./support/accounts";
import { openMarked, sameDocument, useBrowser, waitForHydration } from "./support/browser";
import { expectMenuOpen, PHONE } from "./support/phone";

const browser = useBrowser();
const cards = (page: Page) => page.locator("article[data-post-slug]");
const ARTICLE = "/blog/midjourney-vs-dall-e";

describe("the blog in the browser", () => {
  // Blog lists are reading pages (decision 049): Load More adds in place; tags and the search are ordinary page loads.
  it("adds the next page in place with Load More, and filters by tag and search", async () => {
    const page = await openMarked(browser, "/blog");
    expect(await cards(page).count()).toBe(6);
    await page.getByRole("link", { name: "Load More" }).click();
    await expect.poll(() => cards(page).count()).toBe(12);
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");
    expect(await sameDocument(page)).toBe(true);

    await page.getByRole("link", { name: /^comparison \(\d+\)/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("tags")).toBe("comparison");
    expect(new URL(page.url()).searchParams.get("page")).toBeNull();
    // A page load: the address changes before the new page's cards are there.
    await expect.poll(() => cards(page).count()).toBeGreaterThan(0);
    await page.getByRole("group", { name: "Active filters" }).getByRole("link", { name: "Clear all" }).click();
    await expect.poll(() => page.url()).toMatch(/\/blog$/);

    await page.getByRole("search", { name: "Search articles" }).getByRole("searchbox").fill("midjorney");
    await page.getByRole("search", { name: "Search articles" }).getByRole("button", { name: "Search" }).click();
    await page.getByText("Showing results for").waitFor();
    expect(await page.locator('article[data-post-slug="midjourney-vs-dall-e"]').count()).toBe(1);
  });

  it("jumps to a section from the table of contents and reports the read", async () => {
    const page = await openMarked(browser, ARTICLE);
    const toc = page.getByRole("navigation", { name: "In this article" });
    const first = toc.getByRole("link").nth(1);
    const target = (await first.getAttribute("href"))!;
    const reported = page.waitForRequest((request) => request.url().endsWith("/api/posts/midjourney-vs-dall-e/read") && request.method() === "POST", { timeout: 10_000 });
    await first.click();
    await expect.poll(() => new URL(page.url()).hash).toBe(target);
    await expect.poll(() => page.locator(target).evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(200);
    await reported;
  });

  it("saves an article on this device while signed out, moves it to the account at sign-in, and saves and unsaves signed in", async () => {
    const page = await browser.newPage();
    await page.goto("/blog/ai-video-tools-guide");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("button", { name: "Saved", exact: true }).waitFor();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("bookmarkedPosts") ?? "[]"))).toEqual([{ slug: "ai-video-tools-guide", title: expect.any(String) }]);
    await page.goto("/blog");
    await page.getByRole("region", { name: "Your saved articles" }).getByRole("link").first().waitFor();

    // Signing in (here: confirming a new account) hands the device's list to the account.
    await signUpAndConfirm(page);
    await page.goto(ARTICLE);
    await waitForHydration(page);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("bookmarkedPosts"))).toBeNull();
    // The button turns when the article's answer says so; leaving the page before the write answers could cancel it.
    const saved = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith(ARTICLE));
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("button", { name: "Saved", exact: true }).waitFor();
    await saved;
    await page.goto("/dashboard/bookmarks");
    await expect
      .poll(() => page.locator("article[data-post-slug]").evaluateAll((cards) => cards.map((card) => card.getAttribute("data-post-slug")).sort()))
      .toEqual(["ai-video-tools-guide", "midjourney-vs-dall-e"]);

    await page.goto(ARTICLE);
    await waitForHydration(page);
    const unsaved = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith(ARTICLE));
    await page.getByRole("button", { name: "Saved", exact: true }).click();
    await page.getByRole("button", { name: "Save", exact: true }).waitFor();
    await unsaved;
    await page.reload();
    await page.getByRole("button", { name: "Save", exact: true }).waitFor();
  });
});

// Issue 30: an article is read on a phone without React. Without JavaScript every control is a link or a form; with
// it, the one enhancement script (app/enhance/) does the same in place.
describe("an article at 360 px", () => {
  it("works without JavaScript: the menu reaches every header item, the theme, newsletter and Save are forms", async () => {
    const page = await browser.newPage({ ...PHONE, javaScriptEnabled: false, colorScheme: "light" });
    await page.goto(ARTICLE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // Controls that need a script are not shown without one.
    for (const hidden of ["[data-copy-link]", "[data-share-native]"]) expect(await page.locator(hidden).isVisible()).toBe(false);

    expect(await page.getByRole("navigation", { name: "Mobile" }).isVisible()).toBe(false);
    await page.locator("summary[aria-label='Menu']").click();
    await expectMenuOpen(page);
    // The rest of the header is in view beside the menu button: search, the theme switch, Sign In.
    const banner = page.getByRole("banner");
    expect(await banner.getByRole("link", { name: "Search the site, Ctrl K" }).getAttribute("href")).toBe("/search");
    for (const control of [banner.getByRole("button", { name: /^Theme:/ }), banner.getByRole("link", { name: "Sign In" })]) expect(await control.isVisible()).toBe(true);
    await page.locator("summary[aria-label='Menu']").click();

    await page.getByRole("button", { name: "Theme: system. Switch to light" }).click();
    await page.waitForURL((url) => url.pathname === ARTICLE);
    await page.getByRole("button", { name: "Theme: light. Switch to dark" }).waitFor();

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/auth" && url.searchParams.get("redirectTo") === ARTICLE);

    await page.goto(ARTICLE);
    const box = page.getByRole("region", { name: "Get AI Tool Updates & Deals" });
    await box.getByLabel("Email address").fill(uniqueEmail("phone-no-js"));
    await box.getByRole("button", { name: "Subscribe" }).click();
    await page.waitForURL(/\/newsletter$/);
    await page.getByText("Thanks for subscribing! Check your inbox soon.").first().waitFor();
  });

  it("with its one script: the palette key, the menu, the theme, newsletter and Save answer in place", async () => {
    const page = await browser.newPage({ ...PHONE, colorScheme: "light" });
    const scripts: string[] = [];
    page.on("request", (request) => request.resourceType() === "script" && scripts.push(new URL(request.url()).pathname));
    await page.goto(ARTICLE);
    await waitForHydration(page);
    // The script of reading pages and nothing else on a first view (no React, no on-demand code yet). The web vitals
    // reporter of a sampled view (VITALS_SAMPLE_RATE, a tenth in production) loads after the load event, by design:
    // counting it failed this test in one run of ten.
    const sampledVitals = /^\/assets\/enhance-on-demand-report-vitals-[\w-]+\.js$/;
    expect(scripts.filter((script) => !sampledVitals.test(script))).toEqual([expect.stringMatching(/^\/assets\/enhance-[\w-]+\.js$/)]);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    const menu = page.locator("summary[aria-label='Menu']");
    await menu.click();
    await expectMenuOpen(page);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("navigation", { name: "Mobile" }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Menu");

    const themeSaved = () => page.waitForResponse((response) => response.url().includes("/resources/theme") && response.request().method() === "POST");
    await Promise.all([themeSaved(), page.getByRole("button", { name: "Theme: system. Switch to light" }).click()]);
    await Promise.all([themeSaved(), page.getByRole("button", { name: "Theme: light. Switch to dark" }).click()]);
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("button", { name: "Saved", exact: true }).waitFor();
    await page.locator("[data-toast]").filter({ hasText: "Article saved" }).waitFor();

    const box = page.getByRole("region", { name: "Get AI Tool Updates & Deals" });
    await box.getByLabel("Email address").fill(uniqueEmail("phone-reader"));
    await box.getByRole("button", { name: "Subscribe" }).click();
    await box.getByText("Thanks for subscribing! Check your inbox soon.").waitFor();
    expect(await sameDocument(page)).toBe(true);

    // No header search box at 360 px: Ctrl+K goes to the search page.
    await page.keyboard.press("Control+k");
    await page.waitForURL((url) => url.pathname === "/search");
    // The theme was saved: the next page comes dark from the server.
    await page.goto(ARTICLE);
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
  });
});
