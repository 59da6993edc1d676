import { readFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { pricingText, type Pricing } from "~/lib/tool/pricing";
import { MAIN_NAV } from "~/lib/ui/navigation";
import { latestLink } from "../support/mail";
import { projectRoot } from "../support/paths";
import { uniqueEmail } from "./support/accounts";
import { useBrowser } from "./support/browser";
import { expectMenuOpen, PHONE } from "./support/phone";

/**
 * Issue 30's walk: a phone at 360 px with JavaScript disabled reaches every header item from the menu, filters the
 * directory by rating and by pricing, reads a tool's price summary and subscribes to the newsletter. One page, one
 * context: each step starts where the previous one landed, as a visitor's would.
 */
const browser = useBrowser({ ...PHONE, javaScriptEnabled: false });

const cards = (page: Page) => page.locator("section[aria-label=Tools] article[data-tool-slug]");
const slugs = (page: Page) => cards(page).evaluateAll((articles) => articles.map((article) => article.getAttribute("data-tool-slug")!));
/** 'Showing 1-24 of 200 tools' → 200. */
const total = async (page: Page) => Number((await page.getByText(/^Showing \d+-\d+ of /).textContent())!.match(/of ([\d,]+)/)![1]!.replace(/,/g, ""));
/** Our rating on each card, null on a card without one. */
const ratings = (page: Page) =>
  cards(page).evaluateAll((articles) =>
    articles.map((article) => {
      const label = article.querySelector('[role="img"][aria-label^="Our rating"]')?.getAttribute("aria-label");
      return label ? Number(label.match(/([\d.]+) out of 5/)![1]) : null;
    }),
  );
/** The pricing line of each card ('From $79/month, billed annually'). */
const cardPrices = (page: Page) => cards(page).locator("p", { hasText: "Pricing:" }).locator("span.font-medium").allTextContents();

/** The directory's filters without JavaScript: the disclosure that stands in for Advanced Filters (in a <noscript>). */
async function applyFilters(page: Page, choose: (form: Locator) => Promise<void>) {
  const filters = page.locator("details[data-no-script-filters]");
  // Playwright's role and text locators skip <noscript> content, which the browser renders without scripts: CSS here.
  await filters.locator("summary").click();
  const form = filters.locator("form");
  expect(await form.isVisible()).toBe(true);
  await choose(form);
  await form.locator('button[type="submit"]').click();
}

describe("a phone without JavaScript", () => {
  it("reaches every header item from the menu, filters the directory by rating and pricing, reads a price and subscribes", async () => {
    const page = await browser.newPage();
    await page.goto("/");

    // The home page's quick actions open without a script (a disclosure), beside the bottom bar.
    const quickActions = page.locator("details:has(> summary[aria-label='Quick actions'])");
    expect(await quickActions.getByRole("link", { name: "Compare Tools" }).isVisible()).toBe(false);
    await quickActions.locator("summary").click();
    for (const [name, href] of [
      ["Search Tools", "/search"],
      ["Compare Tools", "/tools/comparison"],
      ["Contact", "/contact"],
    ]) {
      const link = quickActions.getByRole("link", { name });
      expect(await link.isVisible()).toBe(true);
      expect(await link.getAttribute("href")).toBe(href);
    }
    await quickActions.locator("summary").click();

    // Every header item from the menu, each a page load; the directory last, where the walk goes on.
    const menu = page.locator("summary[aria-label='Menu']");
    await menu.click();
    await expectMenuOpen(page);
    const order = [...MAIN_NAV.filter((item) => item.href !== "/tools"), MAIN_NAV.find((item) => item.href === "/tools")!];
    for (const [index, item] of order.entries()) {
      if (index > 0) await menu.click();
      await page.getByRole("navigation", { name: "Mobile", exact: true }).getByRole("link", { name: item.label, exact: true }).click();
      await page.waitForURL((url) => url.pathname === item.href);
      expect(await page.locator("h1").first().isVisible(), item.href).toBe(true);
      expect(await page.getByRole("navigation", { name: "Mobile", exact: true }).isVisible(), "a new page starts with the menu closed").toBe(false);
    }

    // Without a script the Advanced Filters button (which needs one) is not shown, nor the sidebar at this width.
    expect(await page.locator("button[aria-label^='Advanced Filters']").isVisible()).toBe(false);
    expect(await page.getByRole("complementary", { name: "Filters" }).isVisible()).toBe(false);
    const everything = await total(page);

    await applyFilters(page, (form) => form.locator('input[name="rating"][value="4"]').check());
    await page.waitForURL((url) => url.pathname === "/tools" && url.searchParams.get("rating") === "4");
    // The form sends its empty fields too; the answer is the tidy address the scripted filters would make.
    expect(new URL(page.url()).search).toBe("?rating=4");
    const rated = await total(page);
    expect(rated).toBeGreaterThan(0);
    expect(rated).toBeLessThan(everything);
    for (const rating of await ratings(page)) expect(rating).toBeGreaterThanOrEqual(4);
    expect(await page.getByRole("list", { name: "Active filters" }).getByRole("link", { name: "Remove filter 4+ stars" }).isVisible()).toBe(true);
    const ratedSlugs = await slugs(page);

    // The rating is kept, Paid added: tools whose summary mentions free (ChatGPT's free plan) drop out.
    await applyFilters(page, (form) => form.locator('input[name="pricing"][value="paid"]').check());
    await page.waitForURL((url) => url.searchParams.get("rating") === "4" && url.searchParams.get("pricing") === "paid");
    expect(new URL(page.url()).search).toBe("?rating=4&pricing=paid");
    const paid = await slugs(page);
    expect(paid.length).toBeGreaterThan(0);
    expect(await total(page)).toBeLessThan(rated);
    expect(ratedSlugs).toContain("chatgpt");
    expect(paid).not.toContain("chatgpt");
    for (const price of await cardPrices(page)) expect(price).not.toMatch(/free|\$\s*0(?![\d.,]*[1-9])/i);
    for (const rating of await ratings(page)) expect(rating).toBeGreaterThanOrEqual(4);

    // A tool whose summary has terms beyond the figure, read on its page.
    const prices = await cardPrices(page);
    const index = prices.findIndex((price) => /billed annually| per /.test(price));
    expect(index, `a card with terms among ${prices.join(" | ")}`).toBeGreaterThanOrEqual(0);
    const slug = paid[index]!;
    await cards(page).nth(index).getByRole("heading").getByRole("link").click();
    await page.waitForURL((url) => url.pathname === `/tools/${slug}`);
    const content = JSON.parse(readFileSync(path.join(projectRoot, "content/tools", `${slug}.json`), "utf8")) as { pricing: Pricing };
    const pricing = page.locator("section[aria-labelledby='pricing-heading']");
    await pricing.scrollIntoViewIfNeeded();
    const summary = pricing.locator("h2 + p");
    expect(await summary.textContent()).toBe(pricingText(content.pricing));
    expect(await summary.isVisible()).toBe(true);
    expect(await summary.evaluate((element) => element.getBoundingClientRect().right)).toBeLessThanOrEqual(360);

    // The footer's newsletter box posts as a page and prints its answer; the confirmation mail is sent.
    const email = uniqueEmail("phone-no-js");
    const footer = page.locator("footer");
    await footer.getByLabel("Email address").fill(email);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await page.waitForURL((url) => url.pathname === "/newsletter");
    expect(await page.getByText("Thanks for subscribing! Check your inbox soon.").first().isVisible()).toBe(true);
    expect(await latestLink(inject("dataDir"), email, "/newsletter/confirm")).toContain("/newsletter/confirm");
  });
});
