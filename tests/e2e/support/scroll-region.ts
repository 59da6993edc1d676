import type { Page } from "playwright-core";

/**
 * What a reader sees of the first wide table's scroll box (components/ui/scroll-region.tsx, decision 050) at the start
 * and after scrolling it to the end: the region's name and focusability, whether the page itself scrolls sideways,
 * the hint line, the shadows on each side, and whether the last column can be brought fully into view.
 */
export async function scrollCue(page: Page) {
  const region = page.locator(".scroll-region").first();
  await region.waitFor();
  const read = () =>
    region.evaluate((outer) => {
      const box = outer.querySelector<HTMLElement>(".scroll-region-box")!;
      const frame = outer.querySelector(".scroll-region-frame")!;
      const lastHeading = [...box.querySelectorAll("thead th")].at(-1)!;
      return {
        name: box.getAttribute("aria-label") ?? document.getElementById(box.getAttribute("aria-labelledby") ?? "")?.textContent?.trim(),
        role: box.getAttribute("role"),
        tabindex: box.getAttribute("tabindex"),
        pageScrollsSideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
        boxScrolls: box.scrollWidth > box.clientWidth,
        // The line's visible words (its `content`, less what assistive technology is given instead), when it has room.
        hint: Number.parseFloat(getComputedStyle(outer, "::before").height) > 0 ? (/^"([^"]*)"/.exec(getComputedStyle(outer, "::before").content)?.[1] ?? null) : null,
        startShadow: getComputedStyle(frame, "::before").opacity,
        endShadow: getComputedStyle(frame, "::after").opacity,
        lastColumnInView: lastHeading.getBoundingClientRect().right <= box.getBoundingClientRect().right + 1,
      };
    });
  const start = await read();
  await region.locator(".scroll-region-box").evaluate((box) => box.scrollTo({ left: box.scrollWidth, behavior: "instant" }));
  // The shadows follow the scroll position on the next frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return { start, end: await read() };
}
