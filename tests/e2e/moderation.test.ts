import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { E2E_OWNERS, signUpAndConfirm, uniqueEmail } from "./support/accounts";
import { useBrowser, waitForHydration } from "./support/browser";
import { axeViolations as axe } from "./support/axe";

/**
 * Moderating a reported review in the browser (issue 19, decision 023): a reader reports it on the tool page, an
 * editor hides it from /admin/reports, and the tool page no longer shows it. The moderation pages pass axe and fit
 * a 360 px screen.
 */
// axe is injected as a script, which the site's CSP would (rightly) refuse.
const browser = useBrowser({ bypassCSP: true });

const TOOL = "elicit";
const REVIEW_TEXT = "Visit my coupon site for cheap followers and likes, best prices here!";
const editorEmail = uniqueEmail("moderation-editor");
const editorPassword = "quartz-lagoon-52-fern";

async function signInEditor(page: Page) {
  const response = await page.request.post("/auth", { form: { intent: "signin", from: "page", email: editorEmail, password: editorPassword, redirectTo: "/" } });
  expect(response.ok()).toBe(true);
}

/** The owner (OWNER_EMAILS of the test server) makes a fresh account an editor through /admin/roles, once per file. */
async function grantEditor() {
  const owner = await browser.newPage();
  await signUpAndConfirm(owner, { name: "Owen Owner", email: E2E_OWNERS.moderation });
  const editor = await browser.newPage();
  await signUpAndConfirm(editor, { name: "Edna Editor", email: editorEmail, password: editorPassword });
  const granted = await owner.request.post("/admin/roles", { form: { intent: "role", email: editorEmail, role: "editor" } });
  expect(granted.status()).toBe(200);
}
let editorGranted: Promise<void> | undefined;
// expect.poll (in signUpAndConfirm) needs a running test, so the first test that needs the editor makes it.
const editorReady = () => (editorGranted ??= grantEditor());

describe("moderation in the browser", () => {
  it("a reader reports a review, an editor hides it, and the tool page no longer shows it", async () => {
    const author = await browser.newPage();
    await signUpAndConfirm(author, { name: "Sam Spammer" });
    const written = await author.request.post(`/tools/${TOOL}`, { form: { intent: "review", rating: "5", comment: REVIEW_TEXT }, maxRedirects: 0 });
    expect(written.status()).toBe(302);

    const reader = await browser.newPage();
    await signUpAndConfirm(reader, { name: "Rita Reporter" });
    await reader.goto(`/tools/${TOOL}#reviews`);
    await waitForHydration(reader);
    const card = reader.locator("#review-list > ul > li").filter({ hasText: REVIEW_TEXT });
    await card.getByRole("button", { name: "Report" }).click();
    const dialog = reader.getByRole("dialog");
    await dialog.getByRole("radio", { name: "Spam or advertising" }).check();
    await dialog.getByRole("button", { name: "Send report" }).click();
    await card.getByRole("button", { name: "Reported" }).waitFor();

    await editorReady();
    const editor = await browser.newPage({ viewport: { width: 360, height: 800 } });
    await signInEditor(editor);
    await editor.goto("/admin");
    await editor.getByRole("link", { name: /Open the queue\s*: Open reports/ }).click();
    await editor.waitForURL((url) => url.pathname === "/admin/reports");
    await waitForHydration(editor);
    const reported = editor.locator("[data-reported-review]").filter({ hasText: REVIEW_TEXT });
    await reported.getByText("Spam or advertising × 1").waitFor();
    expect(await editor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await axe(editor)).toEqual([]);
    await reported.getByRole("button", { name: /^Hide/ }).click();
    await editor.getByRole("status").filter({ hasText: "Review hidden" }).waitFor();
    await editor.locator("[data-hidden-review]").filter({ hasText: REVIEW_TEXT }).waitFor();
    expect(await editor.locator("[data-reported-review]").filter({ hasText: REVIEW_TEXT }).count()).toBe(0);

    const visitor = await browser.newPage();
    await visitor.goto(`/tools/${TOOL}`);
    await waitForHydration(visitor);
    expect(await visitor.locator("#review-list").textContent()).not.toContain(REVIEW_TEXT);

    await author.goto("/my-reviews");
    await author.getByText("Hidden by a moderator").waitFor();
  });

  it("a reviewer sends a proof of use from their profile; an editor verifies it and the badge appears", async () => {
    const author = await browser.newPage();
    await signUpAndConfirm(author, { name: "Vera Verified" });
    const written = await author.request.post(`/tools/${TOOL}`, {
      form: { intent: "review", rating: "4", comment: "I screen papers with it every week for my thesis." },
      maxRedirects: 0,
    });
    expect(written.status()).toBe(302);
    await author.goto("/my-reviews");
    await waitForHydration(author);
    await author.getByText("Get the 'Verified user' badge").click();
    const png = await sharp({ create: { width: 500, height: 300, channels: 3, background: "#dddddd" } })
      .png()
      .toBuffer();
    await author.getByLabel(/Screenshot/).setInputFiles({ name: "invoice.png", mimeType: "image/png", buffer: png });
    await author.getByRole("button", { name: "Send privately" }).click();
    await author.getByText("Proof of use sent: waiting for an editor").waitFor();

    await editorReady();
    const editor = await browser.newPage({ viewport: { width: 360, height: 800 } });
    await signInEditor(editor);
    await editor.goto("/admin/proofs");
    await waitForHydration(editor);
    expect(await axe(editor)).toEqual([]);
    await editor.getByRole("link", { name: /Judge the proof\s*for Vera Verified/ }).click();
    await editor.getByRole("img", { name: /Proof of use sent by Vera Verified/ }).waitFor();
    // Served to the editor by the guarded route (the image is not under /uploads).
    const proofImage = editor.getByRole("img", { name: /Proof of use sent by Vera Verified/ });
    await expect.poll(() => proofImage.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 10_000 }).toBe(500);
    expect(await axe(editor)).toEqual([]);
    expect(await editor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await editor.getByRole("button", { name: "Mark ‘Verified user’" }).click();
    await editor.waitForURL((url) => url.pathname === "/admin/proofs");
    await editor.getByText("No proof is waiting.").waitFor();

    const visitor = await browser.newPage();
    await visitor.goto(`/tools/${TOOL}?verified=1#reviews`);
    const card = visitor.locator("#review-list > ul > li").filter({ hasText: "I screen papers with it every week" });
    await card.getByText("Verified user").waitFor();
    expect(await visitor.locator("#review-list > ul > li").count()).toBe(1);

    // The editor's reply form under the review, opened, with the verified filter: axe clean at 360 px.
    await editor.goto(`/tools/${TOOL}?verified=1#reviews`);
    await waitForHydration(editor);
    await editor.locator("#review-list summary").filter({ hasText: "Reply publicly" }).first().click();
    expect(await axe(editor)).toEqual([]);
    expect(await editor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it.each([1280, 360])("the proofs queue and the reports page have no axe violations at %i px", async (width) => {
    await editorReady();
    const editor = await browser.newPage({ viewport: { width, height: 900 } });
    await signInEditor(editor);
    for (const path of ["/admin/proofs", "/admin/reports"]) {
      await editor.goto(path);
      await waitForHydration(editor);
      expect(await editor.getByRole("heading", { level: 1 }).textContent()).toMatch(/Proofs of use|Reports/);
      expect(await axe(editor), path).toEqual([]);
      expect(await editor.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
    }
  });
});
