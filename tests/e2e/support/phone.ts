import type { Page } from "playwright-core";
import { expect } from "vitest";
import { MAIN_NAV } from "~/lib/ui/navigation";

/** A phone as the issue-30 walks use it: 360 px wide, touch. */
export const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };

/** The phone menu's items: the header's six, the search box and the two quick actions (spec part 1 §2.3). */
export async function expectMenuOpen(page: Page) {
  const nav = page.getByRole("navigation", { name: "Mobile", exact: true });
  expect(await nav.getByRole("link").allTextContents()).toEqual(MAIN_NAV.map((item) => item.label));
  for (const link of await nav.getByRole("link").all()) expect(await link.isVisible()).toBe(true);
  expect(await page.locator("#menu-search").isVisible()).toBe(true);
  for (const name of ["Compare Tools", "Search Tools"]) expect(await page.locator("details[data-menu]").getByRole("link", { name }).isVisible()).toBe(true);
}
