import { describe, expect, it } from "vitest";
import { openMarked, sameDocument, useBrowser } from "./support/browser";

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
});
