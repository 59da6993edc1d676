import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openMarked, sameDocument, useBrowser, waitForHydration } from "./support/browser";

const browser = useBrowser();

type CourseFile = { slug: string; level: string; free: boolean; category: string; platform: string };
const coursesDir = path.resolve(import.meta.dirname, "../../content/courses");
const courses: CourseFile[] = readdirSync(coursesDir).map((name) => JSON.parse(readFileSync(path.join(coursesDir, name), "utf8")));
const slugsWhere = (test: (course: CourseFile) => boolean) =>
  courses
    .filter(test)
    .map((course) => course.slug)
    .sort();

/** The listing's course slugs (the featured pair above it is marked apart). */
const slugs = (page: Page) => page.locator("article[data-course-slug]").evaluateAll((cards) => cards.map((card) => card.getAttribute("data-course-slug")!));
const sorted = async (page: Page) => (await slugs(page)).sort();
const query = (page: Page) => new URL(page.url()).search;
const filters = (page: Page) => page.getByRole("complementary", { name: "Course filters" });

describe("the course listing in the browser", () => {
  it("filters by price and level checkboxes in place, with the state in the URL and back/forward restoring each view", async () => {
    const page = await openMarked(browser, "/courses");
    const all = await slugs(page);
    expect(all).toHaveLength(12);
    await filters(page).getByLabel("Free", { exact: true }).click();
    await page.waitForURL(/price=free/);
    await expect.poll(() => sorted(page)).toEqual(slugsWhere((course) => course.free));
    await filters(page).getByLabel("Beginner", { exact: true }).click();
    await page.waitForURL(/level=beginner/);
    expect(query(page)).toBe("?price=free&level=beginner");
    await expect.poll(() => sorted(page)).toEqual(slugsWhere((course) => course.free && course.level === "Beginner"));
    await expect.poll(() => page.getByRole("list", { name: "Active filters" }).textContent()).toContain("Beginner");
    expect(await sameDocument(page)).toBe(true);

    await page.goBack();
    await page.waitForURL((url) => url.search === "?price=free");
    await expect.poll(() => sorted(page)).toEqual(slugsWhere((course) => course.free));
    expect(await filters(page).getByLabel("Beginner", { exact: true }).isChecked()).toBe(false);
    await page.goBack();
    await page.waitForURL((url) => url.search === "");
    await expect.poll(() => slugs(page)).toEqual(all);
    await page.goForward();
    await page.waitForURL((url) => url.search === "?price=free");
    await expect.poll(() => sorted(page)).toEqual(slugsWhere((course) => course.free));
    await page.getByRole("link", { name: "Clear all" }).click();
    await page.waitForURL((url) => url.search === "");
    expect(await sameDocument(page)).toBe(true);
  });

  it("pages with numbered links and sorts, and back/forward restore each page", async () => {
    const page = await openMarked(browser, "/courses");
    const first = await slugs(page);
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await pagination.getByRole("link", { name: "Page 2" }).click();
    await page.waitForURL(/page=2$/);
    await expect.poll(async () => (await slugs(page))[0]).not.toBe(first[0]);
    const second = await slugs(page);
    expect(second.some((slug) => first.includes(slug))).toBe(false);
    expect(await pagination.getByRole("link", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");

    await page.getByLabel("Sort by").selectOption("rating");
    await page.waitForURL((url) => url.search === "?sort=rating");
    await expect.poll(async () => (await slugs(page))[0]).toMatch(/machine-learning-specialization|deep-learning-specialization/);

    await page.goBack();
    await page.waitForURL(/\?page=2$/);
    await expect.poll(() => slugs(page)).toEqual(second);
    expect(await page.getByLabel("Sort by").inputValue()).toBe("recommended");
    await page.goBack();
    await page.waitForURL((url) => url.search === "");
    await expect.poll(() => slugs(page)).toEqual(first);
    await page.goForward();
    await page.waitForURL(/\?page=2$/);
    await expect.poll(() => slugs(page)).toEqual(second);
    expect(await sameDocument(page)).toBe(true);
  });

  it("searches on the server while typing, corrects typos, and goes to a category from the sidebar", async () => {
    const page = await openMarked(browser, "/courses");
    await page.getByRole("searchbox", { name: "Search courses" }).pressSequentially("machne", { delay: 30 });
    await page.waitForURL(/search=machne/);
    await page.getByText("Showing results for").waitFor();
    await expect.poll(() => slugs(page)).toContain("machine-learning-specialization");
    expect(await sameDocument(page)).toBe(true);

    await filters(page)
      .getByRole("link", { name: /^Cybersecurity \d+$/ })
      .click();
    await page.waitForURL(/\/courses\/category\/cybersecurity$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Cybersecurity Courses");
    await expect.poll(() => sorted(page)).toEqual(slugsWhere((course) => course.category === "cybersecurity"));
    await filters(page)
      .getByRole("link", { name: /^edX \d+$/ })
      .click();
    await page.waitForURL(/\/courses\/platform\/edx\/category\/cybersecurity$/);
    await expect.poll(() => sorted(page)).toEqual(slugsWhere((course) => course.category === "cybersecurity" && course.platform === "edx"));
    const button = page
      .locator("article[data-course-slug]")
      .first()
      .getByRole("link", { name: /^View on edX/ });
    expect(await button.getAttribute("href")).toMatch(/^\/go\/course\/[a-z0-9-]+$/);
    expect(await button.getAttribute("target")).toBe("_blank");
    expect(await button.getAttribute("rel")).toBe("sponsored nofollow noopener");
  });

  it("works without JavaScript: the filter form and the search box are plain GET forms", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto("/courses/category/ai");
    await filters(page).getByLabel("Free", { exact: true }).check();
    await filters(page).getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/\/courses\/category\/ai\?price=free$/);
    expect(await sorted(page)).toEqual(slugsWhere((course) => course.category === "ai" && course.free));
    await page.getByRole("searchbox", { name: "Search Artificial Intelligence courses" }).fill("python");
    await page.getByRole("search", { name: "Search courses" }).getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/\?price=free&search=python$/);
    expect(await slugs(page)).toContain("cs50-introduction-to-ai-with-python");
    await page.getByLabel("Sort by").selectOption("price");
    await page.getByRole("button", { name: "Sort", exact: true }).click();
    await page.waitForURL(/search=python&price=free&sort=price$/);
    await page.goto("/courses?page=2");
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 3" }).click();
    await page.waitForURL(/\?page=3$/);
    expect((await slugs(page)).length).toBeGreaterThan(0);
  });

  it("shows 'No courses found' with the way back, and 'Category Not Found' for an unknown category", async () => {
    const page = await browser.newPage({ allowedHttpErrors: [404] });
    await page.goto("/courses/platform/skillshare/category/real-estate");
    await page.getByRole("heading", { name: "No courses found" }).waitFor();
    expect(await page.getByRole("link", { name: "Browse All Courses" }).getAttribute("href")).toBe("/courses");
    expect((await page.goto("/courses/category/nope"))?.status()).toBe(404);
    expect(await page.getByRole("heading", { name: "Category Not Found" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Browse All Courses" }).getAttribute("href")).toBe("/courses");
    expect(await page.getByRole("link", { name: "Go Home" }).getAttribute("href")).toBe("/");
    await page.goto("/courses/category/artificial-intelligence");
    expect(new URL(page.url()).pathname).toBe("/courses/category/ai");
  });

  it.each(["/courses", "/courses/category/ai", "/courses/platform/udemy/category/business"])("%s fits a 360 px screen", async (path) => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await page.goto(path);
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
