import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { useBrowser, waitForHydration, openMarked, sameDocument } from "./support/browser";
import { editorialRating } from "~/lib/review/headline-rating";
import { projectRoot } from "../support/paths";

const browser = useBrowser();

/** The editorial catalogue as its files state it, so the expectations follow the content rather than a copy of it. */
type ToolFile = { id: number; slug: string; name: string; categoryId: string; secondaryCategoryIds?: string[]; rating?: number; isPro: boolean };
const toolsDir = path.join(projectRoot, "content/tools");
const catalogue: ToolFile[] = readdirSync(toolsDir).map((file) => JSON.parse(readFileSync(path.join(toolsDir, file), "utf8")) as ToolFile);
// The directory orders names by lower(name) collate "C": code-unit order of the lower-cased names.
const byName = (a: ToolFile, b: ToolFile) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : 0);
const namesInOrder = [...catalogue].sort(byName).map((tool) => tool.slug);
/** A category lists the tools whose primary or secondary category it is (issue 29). */
const isIn = (tool: ToolFile, category: string) => tool.categoryId === category || (tool.secondaryCategoryIds ?? []).includes(category);
const inCategory = (category: string) =>
  catalogue
    .filter((tool) => isIn(tool, category))
    .sort(byName)
    .map((tool) => tool.slug);
/** Our rating as the site derives it: from the tool's in-depth review, if it has one (issue 41, decision 063). */
const reviewsDir = path.join(projectRoot, "content/reviews");
const ratingOf = (tool: ToolFile) => {
  const file = path.join(reviewsDir, `${tool.slug}.json`);
  return existsSync(file) ? editorialRating(tool.rating, JSON.parse(readFileSync(file, "utf8"))) : null;
};
const ratings = new Map(catalogue.map((tool) => [tool.slug, ratingOf(tool)]));
const topRating = Math.max(...[...ratings.values()].filter((rating) => rating !== null));

const slugs = (page: Page) => page.locator("section[aria-label=Tools] article[data-tool-slug]").evaluateAll((cards) => cards.map((card) => card.getAttribute("data-tool-slug")));
const search = (page: Page) => new URL(page.url()).search;

const open = (path: string, options: Parameters<typeof browser.newPage>[0] = {}) => openMarked(browser, path, options);

describe("tool directory in the browser", () => {
  it("filters by the sidebar pricing and rating checkboxes, with the state in the URL", async () => {
    const page = await open("/tools");
    await page.getByRole("complementary", { name: "Filters" }).getByLabel("Free", { exact: true }).click();
    await page.waitForURL(/pricing=free/);
    await expect.poll(async () => (await slugs(page)).length).toBeGreaterThan(0);
    const free = await slugs(page);
    expect(free).not.toContain("jasper-ai");
    await page.getByRole("complementary", { name: "Filters" }).getByLabel("4+ stars").click();
    await page.waitForURL(/rating=4/);
    expect(search(page)).toBe("?rating=4&pricing=free");
    expect(await sameDocument(page)).toBe(true);
    await expect.poll(() => page.getByRole("list", { name: "Active filters" }).textContent()).toContain("Free");
    await page.getByRole("link", { name: "Clear all" }).click();
    await page.waitForURL((url) => url.search === "");
  });

  it("applies Advanced Filters with a badge counting active groups", async () => {
    const page = await open("/tools");
    await page.getByRole("button", { name: "Advanced Filters" }).click();
    const dialog = page.getByRole("dialog", { name: "Advanced filters" });
    await dialog.getByLabel("Has a free trial").click();
    await page.waitForURL(/trial=true/);
    await dialog.getByLabel("4.5+").click();
    await page.waitForURL(/rating=4.5/);
    await expect.poll(() => page.getByRole("button", { name: "Advanced Filters (2 active)" }).count()).toBe(1);
    await expect.poll(async () => (await slugs(page)).length).toBeGreaterThan(0);
    await dialog.getByRole("button", { name: "Reset" }).click();
    await page.waitForURL((url) => url.search === "");
  });

  it("filters by Pro, popover categories and the price range slider", async () => {
    const page = await open("/tools");
    await page.getByRole("button", { name: "Advanced Filters" }).click();
    const dialog = page.getByRole("dialog", { name: "Advanced filters" });
    await dialog.getByLabel("Pro (business) tools only").click();
    await page.waitForURL(/pro=true/);
    await dialog.getByLabel("SEO Tools").click();
    await page.waitForURL(/category=seo-tools/);
    const proSeo = catalogue.filter((tool) => tool.isPro && isIn(tool, "seo-tools")).map((tool) => tool.slug);
    await expect.poll(async () => (await slugs(page)).sort()).toEqual(proSeo.sort());
    await dialog.getByRole("button", { name: "Reset" }).click();
    await page.waitForURL((url) => url.search === "");
    // Keyboard on the maximum slider: each step is $25; releasing the key applies it. Until the slider says $25: on a
    // loaded machine a press can land while the page applies the previous one, and is lost.
    const max = dialog.getByLabel(/^Maximum/);
    for (let presses = 0; presses < 80 && (await max.inputValue()) !== "25"; presses++) {
      await max.focus();
      await page.keyboard.press("ArrowLeft");
    }
    await page.waitForURL(/maxPrice=25$/);
    await expect.poll(async () => (await slugs(page)).length).toBeGreaterThan(0);
    await page.keyboard.press("Escape");
    await page.getByLabel("Sort by").selectOption("price_high");
    await page.waitForURL(/sort=price_high/);
    await expect.poll(async () => (await slugs(page)).length).toBeGreaterThan(0);
    const tools = await slugs(page);
    // Every tool priced over $25 is gone, even with the dearest sorted first.
    for (const slug of ["hootsuite", "intercom", "crowdstrike-falcon"]) expect(tools).not.toContain(slug);
  });

  it("sorts by every option", async () => {
    const page = await open("/tools");
    for (const [value, check] of [
      ["name_asc", (list: string[]) => expect(list[0]).toBe(namesInOrder[0])],
      ["name_desc", (list: string[]) => expect(list[0]).toBe(namesInOrder.at(-1))],
      ["recent", (list: string[]) => expect(list[0]).toBe(catalogue.reduce((a, b) => (b.id > a.id ? b : a)).slug)],
      ["newest", (list: string[]) => expect(list.length).toBe(24)],
      ["price_high", (list: string[]) => expect(list.length).toBe(24)],
      ["price_low", (list: string[]) => expect(list.length).toBe(24)],
      ["rating", (list: string[]) => expect(catalogue.filter((tool) => ratings.get(tool.slug) === topRating).map((tool) => tool.slug)).toContain(list[0])],
    ] as const) {
      await page.getByLabel("Sort by").selectOption(value);
      // The default order (our rating, decision 062) is the address without a sort.
      await page.waitForURL(value === "rating" ? (url) => !url.search.includes("sort=") : new RegExp(`sort=${value}`));
      // The URL changes before the new list renders: wait until the list passes the check.
      await expect
        .poll(async () => {
          try {
            check((await slugs(page)) as string[]);
            return true;
          } catch {
            return false;
          }
        })
        .toBe(true);
    }
  });

  it("searches live while typing, tolerates typos, and does not reload the page", async () => {
    const page = await open("/tools");
    await page.getByRole("searchbox", { name: "Search AI tools" }).pressSequentially("midjorney", { delay: 30 });
    await page.waitForURL(/search=midjorney/);
    await expect.poll(async () => (await slugs(page))[0]).toBe("midjourney");
    expect(await sameDocument(page)).toBe(true);
  });

  it("hydrates an address served from the directory shell as it was served, then filters in place (decision 074)", async () => {
    const page = await open(`/tools?search=${encodeURIComponent("image generator")}&sort=name_asc`);
    // Served from the shell: its tools came as JSON beside the loader data (SHELL, or MISS when kept on a retry).
    expect(await page.locator("script#directory-result").count()).toBe(1);
    expect(await page.getByRole("searchbox", { name: "Search AI tools" }).inputValue()).toBe("image generator");
    const served = await slugs(page);
    expect(served.length).toBeGreaterThan(1);
    // The cards keep the descriptions the server wrote (the JSON carries none, decision 069).
    const description = page.locator(`section[aria-label=Tools] article[data-tool-slug="${served[0]}"] p.tool-card-text`);
    expect((await description.textContent())?.length).toBeGreaterThan(20);
    await page.getByRole("complementary", { name: "Filters" }).getByLabel("Free", { exact: true }).click();
    await page.waitForURL(/pricing=free/);
    expect(search(page)).toBe("?search=image+generator&pricing=free&sort=name_asc");
    // In place, the tools the server gives that address: not a subset of the first page's (a filter reaches past it).
    const filtered = [...(await (await page.request.get(page.url())).text()).matchAll(/<article data-tool-slug="([^"]+)"/g)].map((match) => match[1]);
    expect(filtered.length).toBeGreaterThan(1);
    expect(filtered).not.toEqual(served);
    await expect.poll(() => slugs(page)).toEqual(filtered);
    expect(await sameDocument(page)).toBe(true);
  });

  it("paginates and restores each view with back and forward", async () => {
    const page = await open("/tools");
    const first = await slugs(page);
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/page=2/);
    // While page 2 loads the grid holds skeletons (no slugs): wait for real cards.
    await expect.poll(async () => (await slugs(page))[0] ?? first[0]).not.toBe(first[0]);
    const second = await slugs(page);
    expect(second.some((slug) => first.includes(slug))).toBe(false);
    await page.getByRole("complementary", { name: "Filters" }).getByLabel("Paid").click();
    await page.waitForURL(/pricing=paid/);
    expect(search(page)).toBe("?pricing=paid");
    await page.goBack();
    await page.waitForURL(/page=2$/);
    await expect.poll(() => slugs(page)).toEqual(second);
    await page.goBack();
    await page.waitForURL((url) => url.search === "");
    await expect.poll(() => slugs(page)).toEqual(first);
    await page.goForward();
    await page.waitForURL(/page=2$/);
    await expect.poll(() => slugs(page)).toEqual(second);
    expect(await sameDocument(page)).toBe(true);
  });

  it("works without JavaScript: the server renders a filtered, sorted view", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto("/tools?category=image-generation&sort=name_asc");
    expect(await slugs(page)).toEqual(inCategory("image-generation"));
  });

  it("shows the category and tool not-found pages", async () => {
    const page = await browser.newPage({ allowedHttpErrors: [404] });
    expect((await page.goto("/tools/category/nope"))?.status()).toBe(404);
    expect(await page.getByRole("heading", { name: "Category Not Found" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Browse All Tools" }).getAttribute("href")).toBe("/tools");
    expect((await page.goto("/tools/chatgtp"))?.status()).toBe(404);
    expect(await page.getByRole("heading", { name: "Tool not found" }).isVisible()).toBe(true);
    // The nearest names (decision 047), ChatGPT first, and the search for what was typed.
    const nearest = page.getByRole("region", { name: "Did you mean one of these?" }).getByRole("link");
    expect(await nearest.first().textContent()).toBe("ChatGPT");
    expect(await nearest.first().getAttribute("href")).toBe("/tools/chatgpt");
    expect(await page.getByRole("link", { name: "Search the site for “chatgtp”" }).getAttribute("href")).toBe("/search?q=chatgtp");
  });

  it("copies a tool page's link and says so", async () => {
    const page = await browser.newPage({ permissions: ["clipboard-read", "clipboard-write"] });
    await page.goto("/tools/claude-ai");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Copy link" }).click();
    await page.getByRole("button", { name: "Copied" }).waitFor();
    await page.getByText("Link copied!").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/tools\/claude-ai$/);
  });
});

describe("directory pages at 360 px", () => {
  it("filters by pricing from the Advanced Filters popover when the sidebar is hidden", async () => {
    const page = await open("/tools", { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    expect(await page.getByRole("complementary", { name: "Filters" }).isVisible()).toBe(false);
    await page.getByRole("button", { name: "Advanced Filters" }).click();
    await page.getByRole("dialog", { name: "Advanced filters" }).getByLabel("Free", { exact: true }).click();
    await page.waitForURL(/pricing=free/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it.each(["/tools", "/tools/category/seo-tools", "/tools/chatgpt", "/tools/seo-comparison", "/"])("%s fits the screen", async (path) => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await page.goto(path);
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const broken = await page.evaluate(async () => {
      const images = [...document.images];
      images.forEach((img) => (img.loading = "eager"));
      await Promise.all(
        images.map((img) =>
          img.complete
            ? null
            : new Promise((resolve) => {
                img.addEventListener("load", resolve);
                img.addEventListener("error", resolve);
              }),
        ),
      );
      return images.filter((img) => img.naturalWidth === 0).map((img) => img.src);
    });
    expect(broken).toEqual([]);
  });
});
