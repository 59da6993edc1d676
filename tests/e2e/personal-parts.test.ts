import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpAndConfirm } from "./support/accounts";
import { baseUrl, sameDocument, useBrowser, waitForHydration } from "./support/browser";

/**
 * A signed-in reader served the shared /tools page with their personal parts (decision 054): it hydrates without a
 * mismatch (a console error fails the test), its save buttons work with and without JavaScript, and client
 * navigation keeps the reader signed in.
 */
const browser = useBrowser();

/** Keeps the page for anonymous visitors, so that the reader's next request gets it with their parts. */
async function keep(path: string) {
  for (let i = 0; i < 2; i++) await fetch(`${baseUrl()}${path}`);
}

async function openShared(page: Page, path: string) {
  await keep(path);
  const response = await page.goto(path);
  expect(response?.headers()["x-cache"]).toBe("PERSONAL-PARTS");
}

const saveButton = (page: Page, verb: "Save" | "Remove", tool: string) => page.getByRole("button", { name: `${verb} ${tool} ${verb === "Save" ? "to" : "from"} favorites` });

describe("personal parts on the shared directory page", () => {
  it("hydrates with the reader's parts, saves a tool in place and keeps the reader signed in across client navigation", async () => {
    const page = await browser.newPage();
    await signUpAndConfirm(page, { name: "Pia Parts" });
    await openShared(page, "/tools");
    await waitForHydration(page);
    await page.getByText("Account menu for Pia Parts").waitFor({ state: "attached" });
    await saveButton(page, "Save", "ChatGPT").click();
    await page.locator("[data-sonner-toast]").filter({ hasText: "Added to favorites" }).waitFor();
    expect(await saveButton(page, "Remove", "ChatGPT").getAttribute("aria-pressed")).toBe("true");

    await openShared(page, "/tools");
    await waitForHydration(page);
    expect(await saveButton(page, "Remove", "ChatGPT").getAttribute("aria-pressed")).toBe("true");
    // A client navigation renders the next page in the browser, with the personal data the first page carried.
    await page.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByText("Account menu for Pia Parts").waitFor({ state: "attached" });
    expect(await sameDocument(page)).toBe(true);
  });

  it("saves a tool without JavaScript from the shared page", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await signUpAndConfirm(page, { name: "Noel Parts" });
    await openShared(page, "/tools");
    expect(await page.getByText("Account menu for Noel Parts").count()).toBe(1);
    await saveButton(page, "Save", "ChatGPT").click();
    await page.waitForURL((url) => url.pathname === "/tools");
    await openShared(page, "/tools");
    expect(await saveButton(page, "Remove", "ChatGPT").getAttribute("aria-pressed")).toBe("true");
  });

  it("tells a reading page's script who is signed in: the articles saved on the device move to the account", async () => {
    const page = await browser.newPage();
    await page.goto("/about");
    await page.evaluate(() => localStorage.setItem("bookmarkedPosts", JSON.stringify([{ slug: "midjourney-vs-dall-e", title: "Midjourney vs DALL·E" }])));
    await signUpAndConfirm(page, { name: "Rea Parts" });
    // The shared /about, with no React: its one script reads the reader from the personal data the page carries.
    await openShared(page, "/about");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("bookmarkedPosts"))).toBeNull();
    await page.goto("/dashboard/bookmarks");
    await page.locator('article[data-post-slug="midjourney-vs-dall-e"]').waitFor();
  });
});
