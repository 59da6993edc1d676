import type { Page } from "playwright-core";
import { describe, it } from "vitest";
import { signUpAndConfirm } from "./support/accounts";
import { useBrowser, waitForHydration } from "./support/browser";

const browser = useBrowser();
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
    await page.getByRole("button", { name: "Watching", exact: true }).click();
    await page.getByRole("button", { name: "Watch", exact: true }).waitFor();
    await toast(page, "You will not get emails about this tool any more.").waitFor();
  });
});
