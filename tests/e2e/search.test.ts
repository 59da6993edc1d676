import { describe, expect, it } from "vitest";
import { openMarked, sameDocument, useBrowser, waitForHydration } from "./support/browser";

const browser = useBrowser();
type Page = import("playwright-core").Page;
const toolCards = (page: Page) => page.locator("article[data-tool-slug]");
const postCards = (page: Page) => page.locator("article[data-post-slug]");
const siteSearch = (page: Page) => page.getByRole("search", { name: "Site search" }).getByRole("searchbox");
const tabs = (page: Page) => page.getByRole("navigation", { name: "Result types" });

describe("the site search in the browser", () => {
  it("lands on /search from the header box and switches tabs in place", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("banner").getByRole("searchbox", { name: "Search tools and articles" }).fill("midjourney");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/search" && url.search === "?q=midjourney");
    await page.getByRole("heading", { level: 1, name: 'Search Results for "midjourney"' }).waitFor();
    expect(await siteSearch(page).inputValue()).toBe("midjourney");
    expect(await toolCards(page).first().getAttribute("data-tool-slug")).toBe("midjourney");
    expect(await postCards(page).count()).toBeGreaterThan(0);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    await tabs(page)
      .getByRole("link", { name: /^Blog Posts/ })
      .click();
    await page.waitForURL(/tab=posts/);
    await expect.poll(() => toolCards(page).count()).toBe(0);
    expect(await postCards(page).count()).toBeGreaterThan(0);
    await expect
      .poll(() =>
        tabs(page)
          .getByRole("link", { name: /^Blog Posts/ })
          .getAttribute("aria-current"),
      )
      .toBe("page");
    await tabs(page)
      .getByRole("link", { name: /^AI Tools/ })
      .click();
    await page.waitForURL(/tab=tools/);
    await expect.poll(() => postCards(page).count()).toBe(0);
    expect(await toolCards(page).first().getAttribute("data-tool-slug")).toBe("midjourney");
    expect(await sameDocument(page)).toBe(true);
  });

  it("updates the results and the URL while typing, and back restores the previous search", async () => {
    const page = await openMarked(browser, "/search");
    await page.getByRole("heading", { name: "Start Your Search" }).waitFor();
    await siteSearch(page).pressSequentially("midjorney", { delay: 20 });
    await page.waitForURL(/\/search\?q=midjorney$/);
    await page.getByText("Showing results for").waitFor();
    await expect.poll(() => toolCards(page).first().getAttribute("data-tool-slug")).toBe("midjourney");

    // Refining replaces the entry; back returns to where the search started.
    await siteSearch(page).fill("seo");
    await page.waitForURL(/\/search\?q=seo$/);
    await page.getByRole("heading", { level: 1, name: 'Search Results for "seo"' }).waitFor();
    await tabs(page)
      .getByRole("link", { name: /^AI Tools/ })
      .click();
    await page.waitForURL(/\?q=seo&tab=tools$/);
    await page.goBack();
    await page.waitForURL(/\/search\?q=seo$/);
    await expect.poll(() => postCards(page).count()).toBeGreaterThan(0);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/search" && url.search === "");
    await page.getByRole("heading", { name: "Start Your Search" }).waitFor();
    expect(await siteSearch(page).inputValue()).toBe("");
    await page.goForward();
    await page.waitForURL(/\/search\?q=seo$/);
    await expect.poll(() => siteSearch(page).inputValue()).toBe("seo");
    expect(await sameDocument(page)).toBe(true);

    // A blank term is no search: the box cleared (spaces included) is the start page, never `?q=+++`.
    await siteSearch(page).fill("   ");
    await page.getByRole("search", { name: "Site search" }).getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.pathname === "/search" && url.search === "");
    await page.getByRole("heading", { name: "Start Your Search" }).waitFor();
  });

  it("hydrates a search served from the search shell as it was served, then searches again in place (decision 059)", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
    await page.goto(`/search?q=${encodeURIComponent("image generator")}&tab=tools`);
    // Served from the shell: its results came as JSON beside the loader data (SHELL, or MISS when kept on a retry).
    expect(await page.locator("script#search-result").count()).toBe(1);
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await page.getByRole("heading", { level: 1, name: 'Search Results for "image generator"' }).waitFor();
    expect(await page.getByRole("banner").getByRole("searchbox", { name: "Search tools and articles" }).inputValue()).toBe("image generator");
    expect(await toolCards(page).count()).toBeGreaterThan(0);
    expect(await postCards(page).count()).toBe(0);

    await tabs(page).getByRole("link", { name: /^All/ }).click();
    await page.waitForURL((url) => url.search === "?q=image+generator");
    await expect.poll(() => postCards(page).count()).toBeGreaterThan(0);
    await siteSearch(page).fill("midjourney");
    await page.waitForURL(/\/search\?q=midjourney$/);
    await expect.poll(() => toolCards(page).first().getAttribute("data-tool-slug")).toBe("midjourney");
    expect(await sameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
  });

  it("works without JavaScript as a plain form", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto("/search");
    await siteSearch(page).fill("midjorney");
    await page.getByRole("search", { name: "Site search" }).getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/\/search\?q=midjorney$/);
    expect(await toolCards(page).first().getAttribute("data-tool-slug")).toBe("midjourney");
  });

  it("the command palette finds an article as you type and opens it", async () => {
    const page = await browser.newPage();
    await page.goto("/tools");
    await waitForHydration(page);
    await page.keyboard.press("Control+k");
    const input = page.getByPlaceholder("Search across the site...");
    await input.waitFor();
    await input.pressSequentially("prompts");
    const article = page.getByRole("option", { name: "How to Write Better AI Prompts: Techniques That Work Anywhere" });
    await article.waitFor();
    // Arrow keys move through the live results; Enter opens the one selected.
    for (let step = 0; step < 20 && (await article.getAttribute("aria-selected")) !== "true"; step++) await page.keyboard.press("ArrowDown");
    expect(await article.getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/blog/how-to-write-better-ai-prompts");
    await page.getByRole("heading", { level: 1, name: /How to Write Better AI Prompts/ }).waitFor();
    expect(await input.isVisible()).toBe(false);

    // A typo still finds the tool; 'See all results' goes to the search page.
    await page.keyboard.press("Control+k");
    await input.pressSequentially("midjorney");
    await page
      .getByRole("option", { name: /^Midjourney/ })
      .first()
      .waitFor();
    await page.getByRole("option", { name: /See all results for “midjorney”/ }).click();
    await page.waitForURL(/\/search\?q=midjorney$/);

    // A job brings its task page (decision 046), listed above the tools; Enter opens it.
    await page.keyboard.press("Control+k");
    await input.pressSequentially("remove background");
    const task = page.getByRole("option", { name: /^Remove an image background/ });
    await task.waitFor();
    const groups = await page.locator("[cmdk-group]:not([hidden]) [cmdk-group-heading]").allTextContents();
    expect(groups.indexOf("Tasks")).toBeGreaterThanOrEqual(0);
    expect(groups.indexOf("Tasks")).toBeLessThan(groups.indexOf("AI Tools"));
    for (let step = 0; step < 20 && (await task.getAttribute("aria-selected")) !== "true"; step++) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/tasks/remove-image-background");
  });
});
