import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { latestLink } from "../support/mail";
import { E2E_OWNERS, signUpAndConfirm } from "./support/accounts";
import { axeViolations, smallTargets } from "./support/axe";
import { useBrowser, waitForHydration } from "./support/browser";

/**
 * Claiming a listing by email (issue 45, decision 082) at 360 px, with and without JavaScript: the tool page's link,
 * the claim form (refused at a free-mail address, keeping what was typed), the mailed link's page and its button, and
 * the tool page's "Claimed by its maker" line; then the maker's page (/maker/tools/<slug>, issue 45, decision 084),
 * a price proposal, and an editor accepting it in /admin/proposals, after which the tool page shows the new price as
 * the maker's. axe finds nothing on each screen (with JavaScript: axe is a script); nothing scrolls sideways.
 * CLAIM_SCREENSHOTS=<dir> also saves each screen there (docs/screenshots/issue-45 was made so).
 */
const PHONE = { width: 360, height: 800 };
const withScript = useBrowser({ bypassCSP: true });
const withoutScript = useBrowser({ bypassCSP: true, javaScriptEnabled: false });
const shots = process.env.CLAIM_SCREENSHOTS;
if (shots) mkdirSync(shots, { recursive: true });

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
async function check(page: Page, shot: string, script: boolean, toast?: string) {
  // axe is a script: it audits the screens with JavaScript on; without it the server sends the same markup.
  // A step's toast comes a moment after the page shows its result (sonner loads with the first one): the audit waits
  // for it, or it would run while the toast slides in.
  if (script && toast) await page.locator("[data-sonner-toast]").filter({ hasText: toast }).waitFor();
  // A toast still fading in is half transparent: axe would measure its colours mid-animation. A toast sliding in, or an
  // older one shrunk behind a newer one (the stack), is drawn scaled: its close button measures under 24 px until it
  // settles or the older toast goes (a busy machine keeps the previous screen's toast up longer).
  if (script)
    await page.waitForFunction(() =>
      [...document.querySelectorAll("[data-sonner-toast]")].every((toast) => {
        const style = getComputedStyle(toast);
        return style.opacity === "1" && (style.transform === "none" || new DOMMatrixReadOnly(style.transform).a === 1);
      }),
    );
  if (script) expect([...(await axeViolations(page)), ...(await smallTargets(page))]).toEqual([]);
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  if (!shots) return;
  // The page down to the end of its main content: the footer is every page's.
  const bottom = await page.evaluate(() => Math.ceil(document.querySelector("main")!.getBoundingClientRect().bottom + window.scrollY));
  await page.screenshot({ path: path.join(shots, `${shot}-${script ? "js" : "no-js"}-360.png`), fullPage: true, clip: { x: 0, y: 0, width: PHONE.width, height: bottom + 16 } });
}

async function claimByEmail(page: Page, { slug, name, domain, script }: { slug: string; name: string; domain: string; script: boolean }) {
  await signUpAndConfirm(page, { name: script ? "Cleo Claimer" : "Nico NoScript" });
  await page.goto(`/tools/${slug}`);
  if (script) await waitForHydration(page);
  await page.getByRole("link", { name: "Is this your tool? Claim it" }).click();
  await page.getByRole("heading", { name: `Claim ${name}`, level: 1 }).waitFor();
  if (script) await waitForHydration(page);
  await check(page, "1-claim-form", script);

  // A free-mail address is refused, and what was typed stays in the field.
  const field = page.getByLabel("Your address at the tool's domain (email method only)");
  await field.fill(`maker.${process.pid}@gmail.com`);
  await page.getByRole("button", { name: "Start my claim" }).click();
  await page.getByRole("alert").filter({ hasText: "Use an address at the tool's domain" }).waitFor();
  expect(await field.inputValue()).toBe(`maker.${process.pid}@gmail.com`);
  await check(page, "2-free-mail-refused", script);

  const address = `maker.${script ? "js" : "nojs"}.${process.pid}@${domain}`;
  await field.fill(address);
  await page.getByRole("button", { name: "Start my claim" }).click();
  await page.getByRole("heading", { name: "Check your inbox" }).waitFor();
  await check(page, "3-check-your-inbox", script, "Check your inbox");

  const link = new URL(await latestLink(inject("dataDir"), address, `/tools/${slug}/claim?token=`));
  await page.goto(link.pathname + link.search);
  await page.getByRole("button", { name: "Confirm my claim" }).waitFor();
  if (script) await waitForHydration(page);
  await check(page, "4-confirm-link", script);
  await page.getByRole("button", { name: "Confirm my claim" }).click();
  await page.getByRole("heading", { name: `You hold a verified claim of ${name}` }).waitFor();
  await check(page, "5-verified", script, "Claim verified");

  await page.getByRole("link", { name: `Back to ${name}` }).click();
  await page.getByTestId("claim-line").filter({ hasText: "Claimed by its maker since" }).waitFor();
  expect(await page.getByTestId("claim-line").textContent()).toContain("(verified by email)");
  if (shots) await page.getByTestId("claim-line").screenshot({ path: path.join(shots, `6-tool-page-line-${script ? "js" : "no-js"}-360.png`) });
}

/**
 * The verified maker opens their listing's page from the claim, reads its figures and proposes a change to the plan
 * `plan`: a new price, or new words for what it includes.
 */
async function proposePrice(
  page: Page,
  { slug, name, domain, plan, price, limits, script }: { slug: string; name: string; domain: string; plan: string; price?: string; limits?: string; script: boolean },
) {
  await page.goto(`/tools/${slug}/claim`);
  await page.getByRole("link", { name: "Open your listing's maker page" }).click();
  await page.getByRole("heading", { name: `${name}: your listing`, level: 1 }).waitFor();
  if (script) await waitForHydration(page);
  await page.getByRole("table", { name: /the last 12 weeks/ }).waitFor();
  await page.getByText("Plans and prices", { exact: true }).click();
  const form = page.locator('[data-proposal-form="pricing"]');
  const fieldset = form.locator("fieldset[data-plan-fieldset]").filter({ has: page.locator(`input[value="${plan}"]`) });
  if (price) await fieldset.getByLabel("Price", { exact: true }).fill(price);
  if (limits) await fieldset.getByLabel("What it includes or limits").fill(limits);
  await form.getByLabel("Page on your site that says so").fill(`https://${domain}/pricing`);
  await form.getByRole("button", { name: "Propose this change" }).click();
  await page.locator('[data-my-proposal][data-status="pending"]').waitFor();
  await check(page, "7-maker-page", script);
}

/** An owner (an editor) reads the waiting proposal and accepts it, writing what they read on the maker's page. */
async function acceptAsEditor(page: Page, { name, seen, script }: { name: string; seen: string; script: boolean }) {
  await signUpAndConfirm(page, { name: "Edna Editor", email: E2E_OWNERS.proposals });
  await page.goto("/admin/proposals");
  await page.getByRole("heading", { name: "Maker proposals", level: 1 }).waitFor();
  if (script) await waitForHydration(page);
  const proposal = page.locator("[data-proposal]").filter({ hasText: name });
  await proposal.getByLabel("What you read on the source page that matches").fill(seen);
  await check(page, "8-editor-reviews-proposal", script);
  await proposal.getByRole("button", { name: new RegExp(`Accept the proposal of ${name}`) }).click();
  await page.getByText("Proposal accepted").first().waitFor();
}

describe("claiming a listing by email at 360 px", () => {
  it("with JavaScript, then a price proposal that an editor accepts", async () => {
    // The refused start answers 400, which the browser logs as it loads the reply.
    const page = await withScript.newPage({ viewport: PHONE, allowedHttpErrors: [400] });
    await claimByEmail(page, { slug: "ahrefs", name: "Ahrefs", domain: "ahrefs.com", script: true });
    await proposePrice(page, { slug: "ahrefs", name: "Ahrefs", domain: "ahrefs.com", plan: "Lite", price: "139", script: true });
    // Not on the public page before an editor accepts it.
    await page.goto("/tools/ahrefs");
    expect(await page.locator("main").textContent()).not.toContain("as proposed by the maker");

    const editor = await withScript.newPage({ viewport: PHONE });
    await acceptAsEditor(editor, { name: "Ahrefs", seen: "Lite at $139 a month on the pricing page", script: true });
    await page.goto("/tools/ahrefs");
    await page.getByText("as proposed by the maker, accepted by our editors").first().waitFor();
    expect(await page.locator("main").textContent()).toContain("$139/month");
  });

  it("without JavaScript", async () => {
    const page = await withoutScript.newPage({ viewport: PHONE, allowedHttpErrors: [400] });
    await claimByEmail(page, { slug: "aider", name: "Aider", domain: "aider.chat", script: false });
    await proposePrice(page, {
      slug: "aider",
      name: "Aider",
      domain: "aider.chat",
      plan: "Open source",
      limits: "Free under Apache 2.0; you pay your model provider for API usage",
      script: false,
    });
  });
});
