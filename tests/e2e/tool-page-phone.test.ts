import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./support/browser";

/**
 * A tool page at 360×800 (issue 30, decision 052): what a buyer needs first (the price with its terms, the plans, the
 * Try button, the rating and what it rests on) comes within the first two screens, before the review; at 1280 px
 * the pricing is still the top of the side column. Layout only, so without JavaScript (it needs none).
 */
const browser = useBrowser({ javaScriptEnabled: false });
const TWO_SCREENS = 2 * 800;

/** The top of the first visible element a locator finds, from the top of the page. */
const topOf = (locator: Locator) => locator.first().evaluate((element) => element.getBoundingClientRect().top + window.scrollY);

async function buyerFacts(page: Page, name: string, plans: Locator) {
  const pricing = page.getByRole("region", { name: "Pricing", exact: true });
  return {
    price: await topOf(pricing.getByText(/\/month/)),
    plans: await topOf(plans),
    tryButton: await topOf(page.getByRole("link", { name: `Try ${name}` })),
    rating: await topOf(page.locator("main header").getByText(/^(Our Rating|Reader rating:)$/)),
    basis: await topOf(page.getByRole("complementary", { name: "About this review" })),
  };
}

describe("a tool page on a phone", () => {
  it("puts price, plans, Try and the rating's basis in the first two screens, the review after, and keeps the desktop columns", async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 800 } });

    // Reviewed: the plans are the pricing box's list; the basis is who reviewed it and when.
    await page.goto("/tools/chatgpt");
    const pricing = page.getByRole("region", { name: "Pricing", exact: true });
    const reviewed = await buyerFacts(page, "ChatGPT", pricing.getByRole("list"));
    for (const [fact, top] of Object.entries(reviewed)) expect(top, `ChatGPT's ${fact}`).toBeLessThan(TWO_SCREENS);
    expect(await page.getByRole("complementary", { name: "About this review" }).textContent()).toMatch(/Reviewed by .+Published/);
    expect(await topOf(page.getByRole("heading", { name: "Our ChatGPT review" }))).toBeGreaterThan(Math.max(...Object.values(reviewed)));

    // At 1280 px the pricing is the side column's top, beside the review, as before (decision 052).
    await page.setViewportSize({ width: 1280, height: 800 });
    const side = (await pricing.boundingBox())!;
    // The main column's first box: readers' ratings.
    const main = (await page.getByRole("region", { name: "Community rating" }).boundingBox())!;
    expect(side.x, "pricing right of the main column").toBeGreaterThan(main.x + main.width);
    expect(Math.abs(side.y - main.y), "pricing level with the main column's top").toBeLessThan(2);
    await page.setViewportSize({ width: 360, height: 800 });

    // Not reviewed: the plans are the plans table, shown in the pricing box on phones; the basis says there is no review.
    await page.goto("/tools/activecampaign");
    // The main column's copy of the table is not displayed on phones (getByRole finds only the one shown).
    const table = page.getByRole("table", { name: "ActiveCampaign plans and prices" });
    const catalogue = await buyerFacts(page, "ActiveCampaign", table);
    for (const [fact, top] of Object.entries(catalogue)) expect(top, `ActiveCampaign's ${fact}`).toBeLessThan(TWO_SCREENS);
    expect(await page.getByRole("complementary", { name: "About this review" }).textContent()).toContain("not published an in-depth review");
    expect(await topOf(page.getByRole("heading", { name: "ActiveCampaign at a glance" }))).toBeGreaterThan(Math.max(...Object.values(catalogue)));
  });
});
