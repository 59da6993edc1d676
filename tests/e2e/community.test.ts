import sharp from "sharp";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpAndConfirm } from "./support/accounts";
import { useBrowser, waitForHydration } from "./support/browser";

const browser = useBrowser();
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

const image = async (color: string, format: "png" | "jpeg") => {
  const pipeline = sharp({ create: { width: 320, height: 200, channels: 3, background: color } });
  return format === "png" ? pipeline.png().toBuffer() : pipeline.jpeg().toBuffer();
};

describe("favourites and reviews in the browser", () => {
  it("favourites and unfavourites a tool from its page and sees it on the profile", async () => {
    const page = await browser.newPage();
    await signUpAndConfirm(page, { name: "Fran Favourite" });
    await page.goto("/tools/midjourney");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Add to Favorites" }).click();
    await toast(page, "Added to favorites").waitFor();
    await page.getByRole("button", { name: "Favorited" }).waitFor();

    await page.goto("/favorites");
    await page.getByRole("link", { name: "Favorites (1)" }).waitFor();
    const card = page.getByRole("main").locator("li").filter({ hasText: "Midjourney" });
    expect(await card.getByText("Added to favorites").isVisible()).toBe(true);
    expect(await card.getByRole("link", { name: "View Tool" }).getAttribute("href")).toBe("/tools/midjourney");

    await page.goto("/tools/midjourney");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Favorited" }).click();
    await toast(page, "Removed from favorites").waitFor();
    await page.goto("/favorites");
    await page.getByText("No favorites yet").waitFor();
  });

  it("writes a review with two images, sees it on the tool page and the profile, edits it, and meets each refusal", async () => {
    const page = await browser.newPage();
    await signUpAndConfirm(page, { name: "Rita Reviewer" });
    await page.goto("/tools/canva");
    await waitForHydration(page);
    expect(await page.getByText("No ratings from readers yet").isVisible()).toBe(true);
    const form = page.locator("#write-review");
    const submit = form.getByRole("button", { name: "Submit Review" });
    expect(await submit.isDisabled()).toBe(true);

    // Refusals: an SVG, a 6 MB file, a fourth image, a blank comment.
    const files = form.locator("input[type=file]");
    await files.setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>") });
    await toast(page, "Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.").waitFor();
    await files.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(6 * 1024 * 1024, 7) });
    await toast(page, "File size too large. Maximum size is 5MB.").waitFor();
    await files.setInputFiles([
      { name: "one.png", mimeType: "image/png", buffer: await image("#2255aa", "png") },
      { name: "two.jpg", mimeType: "image/jpeg", buffer: await image("#aa5522", "jpeg") },
    ]);
    await form.getByRole("button", { name: "Add images (2/3)" }).waitFor();
    await files.setInputFiles([
      { name: "three.png", mimeType: "image/png", buffer: await image("#111111", "png") },
      { name: "four.png", mimeType: "image/png", buffer: await image("#222222", "png") },
    ]);
    await toast(page, "You can upload a maximum of 3 images per review.").waitFor();
    expect(await form.getByRole("button", { name: "Add images (2/3)" }).isVisible()).toBe(true);

    await form.getByRole("radio", { name: "4 stars" }).click();
    // Clicking the chosen star again clears the rating (spec §4), and the submit is disabled again.
    await form.getByRole("radio", { name: "4 stars" }).click();
    expect(await form.getByText("No rating yet").isVisible()).toBe(true);
    await form.getByRole("radio", { name: "4 stars" }).click();
    await form.getByLabel("Your review", { exact: true }).fill("   ");
    await submit.click();
    await toast(page, "Review content required").waitFor();

    const text = "I designed a month of social posts with it; the brand kit saved me hours.";
    await form.getByLabel("Your review", { exact: true }).fill(text);
    expect(await form.getByText(`${text.length}/500`).isVisible()).toBe(true);
    await submit.click();
    await toast(page, "Review submitted!").waitFor();
    const list = page.locator("#review-list");
    await list.getByText(text).waitFor();
    expect(await list.locator("img").count()).toBe(2);
    expect(await page.getByText("1 rating · 1 written review").isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Reader reviews (1)" }).isVisible()).toBe(true);

    // The images enlarge.
    await list.getByRole("button", { name: /Enlarge image 1/ }).click();
    await page
      .getByRole("dialog")
      .getByRole("img", { name: /full size/ })
      .waitFor();
    await page.keyboard.press("Escape");

    // Edit: writing again updates the one review.
    await page.getByRole("heading", { name: "Edit your review of Canva" }).waitFor();
    await form.getByRole("radio", { name: "2 stars" }).click();
    await form.getByLabel("Your review", { exact: true }).fill(`${text} Export quality dropped later, though.`);
    await form.getByRole("button", { name: "Update Review" }).click();
    await toast(page, "Review updated").waitFor();
    await list.getByText("Export quality dropped later, though.").waitFor();
    await expect.poll(() => page.locator("section[aria-labelledby=community-rating-heading]").getByText("2.0", { exact: true }).count()).toBeGreaterThan(0);

    await page.goto("/my-reviews");
    await page.getByRole("link", { name: "Reviews (1)" }).waitFor();
    expect(await page.getByText("2/5 stars").isVisible()).toBe(true);
    expect(await page.getByText("Export quality dropped later, though.").isVisible()).toBe(true);
  });

  it("keeps what an anonymous visitor typed through signing in from the review form", async () => {
    const setup = await browser.newPage();
    const account = await signUpAndConfirm(setup, { name: "Sam Later" });
    const page = await browser.newPage();
    await page.goto("/tools/grammarly");
    await waitForHydration(page);
    const form = page.locator("#write-review");
    const text = "I used the browser extension for a week of client emails and my tone checks got faster.";
    await form.getByRole("radio", { name: "5 stars" }).click();
    await form.getByLabel("Your review", { exact: true }).fill(text);
    await form.getByRole("button", { name: "Submit Review" }).click();
    await toast(page, "Please sign in to write a review.").waitFor();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email", { exact: true }).fill(account.email);
    await dialog.getByLabel("Password", { exact: true }).fill(account.password);
    await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
    await toast(page, "Welcome back!").waitFor();
    expect(await form.getByLabel("Your review", { exact: true }).inputValue()).toBe(text);
    expect(await form.getByRole("radio", { name: "5 stars" }).isChecked()).toBe(true);
    await form.getByRole("button", { name: "Submit Review" }).click();
    await toast(page, "Review submitted!").waitFor();
    await page.locator("#review-list").getByText(text).waitFor();
  });

  it("asks anonymous visitors to sign in to bookmark", async () => {
    const page = await browser.newPage();
    await page.goto("/tools/chatgpt");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Add to Favorites" }).click();
    await toast(page, "Please sign in to bookmark tools.").waitFor();
    await page.getByRole("dialog").getByText("Please sign in to bookmark tools.").waitFor();
  });
});
