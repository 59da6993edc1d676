import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { E2E_OWNERS, signUpAndConfirm } from "./support/accounts";
import { useBrowser, waitForHydration } from "./support/browser";
import { axeViolations } from "./support/axe";

// axe is injected as a script, which the site's CSP would (rightly) refuse.
const browser = useBrowser({ bypassCSP: true });
const PHONE = { width: 360, height: 800 };

/** Nothing wider than the phone's screen: no sideways scrolling at 360 px. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe("maker submissions", () => {
  it("a reader submits a tool at 360 px, an editor approves it, and its page says it is a community submission", async () => {
    const name = `Loomdraft ${process.pid}`;
    const slug = `loomdraft-${process.pid}`;

    const maker = await browser.newPage({ viewport: PHONE });
    await signUpAndConfirm(maker, { name: "Mo Maker" });
    await maker.goto("/submit");
    await waitForHydration(maker);
    expect(await axeViolations(maker)).toEqual([]);
    expect(await pageWidth(maker)).toBeLessThanOrEqual(PHONE.width);
    await maker.getByLabel("Tool name").fill(name);
    await maker.getByLabel("Website").fill(`https://loomdraft-${process.pid}.example`);
    await maker.getByLabel("Category").selectOption({ label: "Content Writing" });
    await maker.getByLabel("Short description").fill("Turns meeting notes into tidy first drafts of articles.");
    await maker
      .getByLabel("Description", { exact: true })
      .fill("Loomdraft reads the notes of a meeting or an interview and writes a structured first draft, keeping quotes attributed and listing open questions at the end.");
    await maker.getByLabel("Pricing", { exact: true }).fill("Free plan; Team from $9/month");
    await maker.getByLabel("Freemium: a free plan and paid plans").check();
    await maker.getByLabel("It offers a free trial").check();
    await maker.getByLabel("I made it (maker or founder)").check();
    await maker.getByRole("button", { name: "Submit tool" }).click();
    await expect.poll(() => maker.getByRole("heading", { name: `Thank you: ${name} is submitted` }).isVisible()).toBe(true);

    const editor = await browser.newPage({ viewport: PHONE });
    await signUpAndConfirm(editor, { name: "Ed Owner", email: E2E_OWNERS.submissions });
    await editor.goto("/admin/submissions");
    await waitForHydration(editor);
    expect(await axeViolations(editor)).toEqual([]);
    expect(await pageWidth(editor)).toBeLessThanOrEqual(PHONE.width);
    await editor.getByRole("link", { name }).click();
    await expect.poll(() => editor.getByRole("heading", { name, level: 1 }).isVisible()).toBe(true);
    expect(await axeViolations(editor)).toEqual([]);
    expect(await pageWidth(editor)).toBeLessThanOrEqual(PHONE.width);
    await editor.getByLabel("Page address (slug)").fill(slug);
    await editor.getByRole("button", { name: "Approve and publish" }).click();
    await expect.poll(() => editor.getByRole("status").filter({ hasText: "Tool approved" }).isVisible()).toBe(true);
    await expect.poll(() => editor.getByRole("link", { name: `/tools/${slug}` }).isVisible()).toBe(true);

    await maker.goto(`/tools/${slug}`);
    await waitForHydration(maker);
    await expect.poll(() => maker.getByRole("heading", { name, level: 1 }).isVisible()).toBe(true);
    expect(await maker.locator("[data-tool-source='community']").textContent()).toBe("Community submission");
    await maker.goto("/profile");
    await expect.poll(() => maker.locator("#submissions").getByText("Approved").isVisible()).toBe(true);
  });
});
