import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useBrowser, waitForHydration } from "./support/browser";
import { axeViolations } from "./support/axe";

// axe is injected as a script, which the site's CSP would (rightly) refuse.
const browser = useBrowser({ bypassCSP: true });

const CARDS = ["browser", "viewport", "touch", "scroll", "resources", "assets", "sitemaps", "feeds", "robots", "pages"];

async function countOf(page: Page, label: string) {
  return Number(await page.locator(`[data-count='${label}']`).textContent());
}

async function linesUnder(page: Page, heading: string) {
  return page.locator("[data-check]").locator(`h4:text-is("${heading}") + ul > li`).count();
}

describe("/verification (spec part 2 §2.11)", () => {
  it("runs by itself 3 s after loading, shows the result, the counts and a card per check, and runs again on demand", { timeout: 90_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto("/verification");
    await waitForHydration(page);
    expect(await page.getByText("Verification runs 3 seconds after the page loads.").isVisible()).toBe(true);
    const result = page.getByTestId("verification-result");
    await result.waitFor({ timeout: 45_000 });
    expect(["PASSED", "ISSUES FOUND"]).toContain(await result.textContent());

    const cards = await page.locator("[data-check]").evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-check")));
    expect(cards).toEqual(CARDS);
    // The counts are the cards' own lines.
    expect(await countOf(page, "Tests run")).toBe(CARDS.length);
    const issues = await countOf(page, "Issues");
    expect(issues).toBe(await linesUnder(page, "Issues"));
    expect(await countOf(page, "Warnings")).toBe(await linesUnder(page, "Warnings"));
    expect(await result.textContent()).toBe(issues ? "ISSUES FOUND" : "PASSED");
    // What the checks saw: the home page at 768 px in a frame, and the server's own pages.
    const scroll = page.locator("[data-check='scroll']");
    expect(await scroll.textContent()).toMatch(/768px/);
    const pages = page.locator("[data-check='pages']");
    expect(await pages.textContent()).toContain('/tools: "');
    expect(await page.locator("[data-check='viewport'][data-state='passed']").count()).toBe(1);
    // Every target on the home page meets the site's size rule (lib/ui/target-size.ts; issue 30).
    const touch = page.locator("[data-check='touch']");
    expect(await touch.textContent()).toMatch(/\d+ targets measured on the home page at 768px/);
    expect(await touch.getAttribute("data-state")).toBe("passed");
    expect(await page.locator("[data-check='assets']").textContent()).toMatch(/\/favicon\.svg/);
    // The frame is gone after the run.
    expect(await page.locator("iframe").count()).toBe(0);

    const button = page.getByRole("button", { name: "Run Verification" });
    const checkedAt = await page.getByText(/^Checked at/).textContent();
    await page.waitForTimeout(1100);
    // "Running..." may last less than a poll's interval on a quick run (a poll that missed it then waited 30 s for a
    // button no longer there): an observer on the page records the disabled button whenever React puts it there.
    await page.evaluate(() => {
      const seen = window as unknown as { sawRunning?: boolean };
      seen.sawRunning = false;
      new MutationObserver(() => {
        for (const candidate of document.querySelectorAll("button")) if (candidate.textContent?.trim() === "Running..." && candidate.disabled) seen.sawRunning = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await button.click();
    await expect.poll(() => page.getByText(/^Checked at/).textContent(), { timeout: 45_000 }).not.toBe(checkedAt);
    expect(await page.evaluate(() => (window as unknown as { sawRunning?: boolean }).sawRunning)).toBe(true);
    expect(await page.locator("[data-check]").count()).toBe(CARDS.length);
  });

  it.each([1280, 360])("has no axe violations at %i px after a run", { timeout: 90_000 }, async (width) => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto("/verification");
    await waitForHydration(page);
    await page.getByTestId("verification-result").waitFor({ timeout: 45_000 });
    expect(await axeViolations(page)).toEqual([]);
  });
});
