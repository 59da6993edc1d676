import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpAndConfirm } from "./support/accounts";
import { useBrowser, waitForHydration } from "./support/browser";

const browser = useBrowser();

/** From a tool page: "Add to shortlist", a new list named on the form with a note, then the list with the tool. */
async function addToNewList(page: Page, listName: string, note: string) {
  await page.getByRole("link", { name: "Add to shortlist" }).first().click();
  await page.waitForURL(/\/shortlists\/add\?tool=midjourney$/);
  await page.getByLabel("A new list…").check();
  await page.getByLabel("Name of the new list").fill(listName);
  await page.getByLabel("Your note (optional)").fill(note);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await page.waitForURL(/\/shortlists\/\d+$/);
  await page.getByRole("heading", { level: 1, name: listName }).waitFor();
  expect(await page.getByTestId("shortlist-tool").count()).toBe(1);
  expect(await page.getByRole("heading", { level: 2, name: "Midjourney" }).count()).toBe(1);
  expect(await page.getByLabel("Your note").first().inputValue()).toBe(note);
  await page.getByText(/^Changes since you added it \(/).waitFor();
}

describe("adding a tool to a shortlist from its page (issue 47)", () => {
  it("with JavaScript", async () => {
    const page = await browser.newPage();
    await signUpAndConfirm(page, { name: "Sally Shortlister" });
    await page.goto("/tools/midjourney");
    await waitForHydration(page);
    await addToNewList(page, "Image tools to try", "Compare with the team's plan");
    // The list is on the reader's lists.
    await page.goto("/shortlists");
    await page.getByRole("link", { name: "Image tools to try" }).waitFor();
  });

  it("without JavaScript", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await signUpAndConfirm(page, { name: "Nora Noscript" });
    await page.goto("/tools/midjourney");
    await addToNewList(page, "No-script picks", "Works without scripts");
    // Sharing and the printable page are plain forms and links too.
    await page.getByRole("button", { name: "Make a link" }).click();
    const link = await page.getByTestId("share-link").getAttribute("href");
    expect(link).toMatch(/^\/s\/[A-Za-z0-9_-]{43}$/);
    await page.getByRole("link", { name: "Printable page" }).click();
    await page.getByText("Works without scripts").waitFor();
  });
});
