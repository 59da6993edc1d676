import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser, waitForHydration } from "./support/browser";

const browser = useBrowser();
const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };

async function openPhone(path: string) {
  const page = await browser.newPage(PHONE);
  await page.goto(path);
  await waitForHydration(page);
  return page;
}

/** A one-finger horizontal swipe of `dx` px across `target`, as touch events (what the carousel listens to). */
async function swipe(page: Page, target: Locator, dx: number) {
  const box = (await target.boundingBox())!;
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2 - dx / 2;
  const client = await page.context().newCDPSession(page);
  await client.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  for (let step = 1; step <= 5; step++) await client.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: x + (dx * step) / 5, y }] });
  await client.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await client.detach();
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe("directory and home at 360 px (issue 18)", () => {
  it("moves the home page's featured carousel on a swipe of 100 px or more, not less, and wraps both ways", async () => {
    const page = await openPhone("/");
    const carousel = page.getByRole("region", { name: "Featured tools" });
    await carousel.waitFor();
    const slides = carousel.locator("li:has(> [aria-roledescription=slide])");
    const count = await slides.count();
    expect(count).toBeGreaterThan(2);
    const current = () => page.locator("[aria-live=polite]", { hasText: ` of ${count}: ` }).textContent();
    await carousel.scrollIntoViewIfNeeded();
    const viewport = carousel.locator("[data-carousel-viewport]");
    expect(await current()).toMatch(/^1 of /);

    await swipe(page, viewport, -60);
    await page.waitForTimeout(400);
    expect(await current(), "a 60 px swipe does not move it").toMatch(/^1 of /);

    await swipe(page, viewport, -120);
    await expect.poll(current).toMatch(/^2 of /);
    // The card shown is the one inside the viewport; the others are inert.
    const box = (await viewport.boundingBox())!;
    // The second card slides into view.
    await expect.poll(async () => Math.abs((await slides.nth(1).boundingBox())!.x - box.x)).toBeLessThan(2);
    expect(await slides.nth(0).getAttribute("inert")).not.toBeNull();

    await swipe(page, viewport, 120);
    await expect.poll(current).toMatch(/^1 of /);
    await swipe(page, viewport, 120);
    // A right swipe from the first wraps to the last, a left swipe from the last to the first.
    await expect.poll(current).toMatch(new RegExp(`^${count} of `));
    await swipe(page, viewport, -150);
    await expect.poll(current).toMatch(/^1 of /);

    await page.getByRole("button", { name: "Previous featured tool" }).click();
    await expect.poll(current).toMatch(new RegExp(`^${count} of `));
    await page.getByRole("button", { name: "Next featured tool" }).click();
    await expect.poll(current).toMatch(/^1 of /);
  });

  it("keeps the quick-action button off every save heart, wherever the page is scrolled", async () => {
    const page = await openPhone("/");
    const fab = page.locator("summary[aria-label='Quick actions']");
    const barTop = (await page.getByRole("navigation", { name: "Mobile bottom bar" }).boundingBox())!.y;
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    let seen = 0;
    for (let y = 0; y < height; y += 120) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      const button = (await fab.boundingBox())!;
      // Hearts on screen between the sticky header and the bar (the bar hides what scrolls under it, as every fixed bar does).
      const hearts = await page.evaluate(
        ({ barTop }) =>
          [...document.querySelectorAll("article[data-tool-slug] button[aria-label*='avorites']")]
            .map((heart) => ({ heart, box: heart.getBoundingClientRect() }))
            .filter(({ box }) => box.width > 0 && box.top >= 64 && box.bottom <= barTop && box.left >= 0 && box.right <= innerWidth)
            .map(({ heart, box }) => ({
              box: { x: box.x, y: box.y, width: box.width, height: box.height },
              uncovered: document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.closest("button") === heart,
            })),
        { barTop },
      );
      for (const { box, uncovered } of hearts) {
        seen += 1;
        expect(overlaps(button, box), `heart at ${JSON.stringify(box)}, scrolled to ${y}`).toBe(false);
        expect(uncovered, `nothing covers the heart at ${JSON.stringify(box)}`).toBe(true);
      }
    }
    expect(seen).toBeGreaterThan(0);
  });

  it("shows the directory's category chips as one row that scrolls sideways, with the first result on the first screen", async () => {
    const page = await openPhone("/tools");
    const chips = page.locator("main nav[aria-label='Category shortcuts']").locator("li");
    const tops = new Set((await chips.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)))).map(String));
    expect(tops.size, "all chips on one line").toBe(1);
    const list = page.locator("main nav[aria-label='Category shortcuts']").locator("ul");
    const { scrollWidth, clientWidth } = await list.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    await list.evaluate((element) => element.scrollBy({ left: 200 }));
    expect(await list.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), "the page itself does not scroll sideways").toBeLessThanOrEqual(360);
    const first = (await page.locator("section[aria-label=Tools] article[data-tool-slug]").first().boundingBox())!;
    expect(first.y, "the first card starts on the first screen").toBeLessThan(740);
  });

  it("keeps the Advanced Filters popover within the screen, scrolling inside when it is taller", async () => {
    const page = await openPhone("/tools");
    await page.getByRole("button", { name: "Advanced Filters" }).click();
    const dialog = page.getByRole("dialog", { name: "Advanced filters" });
    await dialog.waitFor();
    await page.waitForTimeout(300);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    // Its last control can be reached by scrolling inside it.
    const reset = dialog.getByRole("button", { name: "Reset" });
    await reset.scrollIntoViewIfNeeded();
    const resetBox = (await reset.boundingBox())!;
    expect(resetBox.y + resetBox.height).toBeLessThanOrEqual(740);
  });

  it("answers a page past the last with the not-found page", async () => {
    const page = await browser.newPage({ allowedHttpErrors: [404] });
    const response = await page.goto("/tools?page=99");
    expect(response?.status()).toBe(404);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toMatch(/^noindex/);
    expect(await page.locator("main").textContent()).not.toMatch(/Showing \d+-\d+ of/);
  });
});
