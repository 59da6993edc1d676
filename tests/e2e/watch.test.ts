import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpAndConfirm } from "./support/accounts";
import { axeViolations, smallTargets } from "./support/axe";
import { useBrowser, waitForHydration } from "./support/browser";

// axe is injected as a script: the page bypasses CSP.
const browser = useBrowser({ bypassCSP: true });
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

describe("watching a tool in the browser (decision 035)", () => {
  it("turns Watch into Watching and back, with the answer of each write", async () => {
    const page = await browser.newPage();
    await signUpAndConfirm(page, { name: "Wanda Watcher" });
    await page.goto("/tools/midjourney");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Watch", exact: true }).click();
    await page.getByRole("button", { name: "Watching", exact: true }).waitFor();
    await toast(page, "We will email you when its prices").waitFor();
    // The toast's close button is a target too: sonner draws it 20 px square, app.css makes it WCAG 2.5.8's 24 (it
    // may be spaced here, so its size is read as well as the page's rule).
    const close = await page.locator("[data-sonner-toast] [data-close-button]").boundingBox();
    expect([close?.width, close?.height]).toEqual([24, 24]);
    expect(await smallTargets(page)).toEqual([]);
    // Its text against its background once it has faded in (sonner's own green was 4.3:1).
    await page.waitForFunction(() => [...document.querySelectorAll("[data-sonner-toast]")].every((toast) => getComputedStyle(toast).opacity === "1"));
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Watching", exact: true }).click();
    await page.getByRole("button", { name: "Watch", exact: true }).waitFor();
    await toast(page, "You will not get emails about this tool any more.").waitFor();
  });
});
