import { describe, expect, it } from "vitest";
import { signUpAndConfirm } from "./support/accounts";
import { openMarked, sameDocument, useBrowser, waitForHydration } from "./support/browser";

const browser = useBrowser();
const cards = (page: import("playwright-core").Page) => page.locator("article[data-post-slug]");

describe("the blog in the browser", () => {
  it("adds the next page in place with Load More, and filters by tag and search without a reload", async () => {
    const page = await openMarked(browser, "/blog");
    expect(await cards(page).count()).toBe(6);
    await page.getByRole("link", { name: "Load More" }).click();
    await expect.poll(() => cards(page).count()).toBe(12);
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");
    expect(await sameDocument(page)).toBe(true);

    await page.getByRole("link", { name: /^comparison \(\d+\)/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("tags")).toBe("comparison");
    expect(new URL(page.url()).searchParams.get("page")).toBeNull();
    const tagged = await cards(page).count();
    expect(tagged).toBeGreaterThan(0);
    await page.getByRole("group", { name: "Active filters" }).getByRole("link", { name: "Clear all" }).click();
    await expect.poll(() => page.url()).toMatch(/\/blog$/);

    await page.getByRole("search", { name: "Search articles" }).getByRole("searchbox").fill("midjorney");
    await page.getByRole("search", { name: "Search articles" }).getByRole("button", { name: "Search" }).click();
    await page.getByText("Showing results for").waitFor();
    expect(await page.locator('article[data-post-slug="midjourney-vs-dall-e"]').count()).toBe(1);
    expect(await sameDocument(page)).toBe(true);
  });

  it("jumps to a section from the table of contents and reports the read", async () => {
    const page = await openMarked(browser, "/blog/midjourney-vs-dall-e");
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
    await page.goto("/blog/midjourney-vs-dall-e");
    await waitForHydration(page);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("bookmarkedPosts"))).toBeNull();
    // The button turns at once (optimistic); leaving the page before the write answers could cancel it.
    const saved = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/blog/midjourney-vs-dall-e"));
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("button", { name: "Saved", exact: true }).waitFor();
    await saved;
    await page.goto("/dashboard/bookmarks");
    await expect
      .poll(() => page.locator("article[data-post-slug]").evaluateAll((cards) => cards.map((card) => card.getAttribute("data-post-slug")).sort()))
      .toEqual(["ai-video-tools-guide", "midjourney-vs-dall-e"]);

    await page.goto("/blog/midjourney-vs-dall-e");
    await waitForHydration(page);
    const unsaved = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/blog/midjourney-vs-dall-e"));
    await page.getByRole("button", { name: "Saved", exact: true }).click();
    await page.getByRole("button", { name: "Save", exact: true }).waitFor();
    await unsaved;
    await page.reload();
    await page.getByRole("button", { name: "Save", exact: true }).waitFor();
  });
});
