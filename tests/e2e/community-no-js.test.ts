import sharp from "sharp";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpAndConfirm } from "./support/accounts";
import { useBrowser } from "./support/browser";

/**
 * Community writes with JavaScript disabled: every one is a plain HTML form
 * posting to the tool page, answered with a redirect back and the message
 * printed under the header (the flash, in a <noscript> block).
 */
const browser = useBrowser({ javaScriptEnabled: false });
const flash = (page: Page) => page.locator("noscript").first().innerHTML();

describe("community writes without JavaScript", () => {
  it("favourites a tool from a directory card and lands back on the directory", async () => {
    const page = await browser.newPage();
    await signUpAndConfirm(page, { name: "Nora NoScript" });
    await page.goto("/tools?search=midjourney");
    await page.getByRole("button", { name: "Save Midjourney to favorites" }).click();
    await page.waitForURL((url) => url.pathname === "/tools" && url.searchParams.get("search") === "midjourney");
    expect(await flash(page)).toContain("Added to favorites");
    expect(await page.getByRole("button", { name: "Remove Midjourney from favorites" }).getAttribute("aria-pressed")).toBe("true");
    await page.goto("/favorites");
    await page.getByRole("link", { name: "Favorites (1)" }).waitFor();
  });

  it("writes a review with an image, then another reader votes it helpful and reports it", async () => {
    const author = await browser.newPage({ allowedHttpErrors: [400] });
    await signUpAndConfirm(author, { name: "Ivy Imageless" });
    await author.goto("/tools/leonardo-ai");
    const form = author.locator("#write-review form");
    // A refusal keeps what was typed.
    await form.getByLabel("Your review", { exact: true }).fill("No stars chosen yet, but this text stays.");
    await form.getByRole("button", { name: "Submit Review" }).click();
    await author.getByRole("alert").filter({ hasText: "Rating required" }).waitFor();
    expect(await author.locator("#write-review").getByLabel("Your review", { exact: true }).inputValue()).toBe("No stars chosen yet, but this text stays.");

    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#aa3355" } })
      .png()
      .toBuffer();
    const again = author.locator("#write-review form");
    await again.getByRole("radio", { name: "5 stars" }).check();
    await again.getByLabel("Your review", { exact: true }).fill("I made a set of product mock-ups for a pitch deck; the upscaler was the best part.");
    await again.locator('input[type="file"]').setInputFiles({ name: "mockup.png", mimeType: "image/png", buffer: png });
    await again.getByRole("button", { name: "Submit Review" }).click();
    await author.waitForURL((url) => url.pathname === "/tools/leonardo-ai" && url.hash === "#reviews");
    expect(await flash(author)).toContain("Review submitted!");
    const list = author.locator("#review-list");
    await list.getByText("the upscaler was the best part").waitFor();
    const src = await list.locator("img").first().getAttribute("src");
    expect(src).toMatch(/^\/uploads\/reviews\/.+\.webp$/);

    const reader = await browser.newPage();
    await signUpAndConfirm(reader, { name: "Vic Voter" });
    await reader.goto("/tools/leonardo-ai");
    const card = reader.locator("#review-list li").filter({ hasText: "Ivy Imageless" });
    await card.getByRole("button", { name: "Helpful" }).click();
    await reader.waitForURL((url) => url.pathname === "/tools/leonardo-ai");
    expect(await flash(reader)).toContain("You marked this review as helpful.");
    const voted = reader.locator("#review-list li").filter({ hasText: "Ivy Imageless" });
    await voted.getByText("1 person found this helpful").waitFor();
    expect(await voted.getByRole("button", { name: "Marked helpful" }).isDisabled()).toBe(true);

    // The report dialog's form, in a <noscript> disclosure (Playwright's text locators skip <noscript>, so CSS here).
    const report = voted.locator("details");
    await report.locator("summary").click();
    await report.locator('input[name="reason"][value="fake"]').check();
    await report.locator('textarea[name="details"]').fill("Testing the report form without scripts.");
    await report.locator('button[type="submit"]').click();
    await reader.waitForURL((url) => url.pathname === "/tools/leonardo-ai");
    expect(await flash(reader)).toContain("Review reported");
  });
});
