import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { E2E_OWNERS, signUpAndConfirm } from "./support/accounts";
import { audit, axeBrowser, axeViolations as axe } from "./support/axe";
import { waitForHydration } from "./support/browser";

/**
 * Tools' screenshots in the browser (issue 29, decision 048): an editor adds one through the admin form, the tool
 * page's gallery opens the larger image by a plain link with JavaScript off, and both pages pass axe at 360 and
 * 1280 px. The screenshot is deleted at the end, so the shared server's tool page is as the other files expect.
 */
const browser = axeBrowser();
const TOOL = "beautiful-ai";
const ALT = "Slide editor with a bar chart being placed on a title slide";
const CAPTION = "Smart slides move the other elements as you add a chart.";
const widths = [360, 1280];

describe("tools' screenshots in the browser", () => {
  it("an editor uploads one through the admin form, and the gallery works without JavaScript", async () => {
    const editor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signUpAndConfirm(editor, { name: "Sasha Screens", email: E2E_OWNERS.screenshots });
    const cookies = await editor.context().cookies();
    await editor.goto(`/admin/screenshots/${TOOL}`);
    await waitForHydration(editor);
    const png = await sharp({ create: { width: 1440, height: 900, channels: 3, background: "#1f4e8c" } })
      .png()
      .toBuffer();
    await editor.getByLabel("Image", { exact: true }).setInputFiles({ name: "slides.png", mimeType: "image/png", buffer: png });
    await editor.getByLabel("Alt text", { exact: true }).fill(ALT);
    await editor.getByLabel("Caption (optional)").fill(CAPTION);
    await editor.getByRole("button", { name: "Add screenshot" }).click();
    await editor.getByRole("status").filter({ hasText: "Screenshot added" }).waitFor();
    await editor.locator("[data-screenshot]").getByRole("img", { name: ALT }).waitFor();
    // The form is empty again, ready for the next one.
    expect(await editor.getByLabel("Alt text", { exact: true }).last().inputValue()).toBe("");

    for (const width of widths) {
      expect(await audit(browser, `/admin/screenshots/${TOOL}`, { width, height: 900 }, { before: (page) => page.context().addCookies(cookies) }), `admin at ${width}px`).toEqual(
        [],
      );
      expect(await audit(browser, `/tools/${TOOL}`, { width, height: 900 }), `tool page at ${width}px`).toEqual([]);
    }

    // An image opened on its own makes the browser ask for /favicon.ico (the site's pages name /favicon.svg): a 404.
    const visitor = await browser.newPage({ javaScriptEnabled: false, viewport: { width: 360, height: 800 }, allowedHttpErrors: [404] });
    await visitor.goto(`/tools/${TOOL}`);
    const gallery = visitor.locator("[data-screenshots]");
    const image = gallery.getByRole("img", { name: ALT });
    expect([await image.getAttribute("loading"), await image.getAttribute("width"), await image.getAttribute("height")]).toEqual(["lazy", "640", "400"]);
    // The caption, then when the screenshot was added and by whom (issue 41).
    expect((await gallery.locator("figcaption").innerText()).split("\n")).toEqual([CAPTION, expect.stringMatching(/^Added [A-Z][a-z]+ \d{1,2}, \d{4} by our editors$/)]);
    // The thumbnail links to the larger image, which the browser opens by itself.
    const link = gallery.getByRole("link", { name: `${ALT} (full size)` });
    const href = (await link.getAttribute("href"))!;
    expect(href).toMatch(/^\/uploads\/screenshots\/.+\.webp$/);
    expect(href).not.toBe(await image.getAttribute("src"));
    const opened = visitor.waitForResponse((response) => new URL(response.url()).pathname === href);
    await link.click();
    const larger = await opened;
    await visitor.waitForURL((url) => url.pathname === href);
    expect([larger.status(), larger.headers()["content-type"]]).toEqual([200, "image/webp"]);

    await editor.goto(`/admin/screenshots/${TOOL}`);
    await waitForHydration(editor);
    await editor.getByRole("button", { name: /^Delete\b.*screenshot 1$/ }).click();
    await editor.getByRole("status").filter({ hasText: "Screenshot deleted" }).waitFor();
    expect(await axe(editor)).toEqual([]);
    await visitor.goto(`/tools/${TOOL}`);
    expect(await visitor.locator("[data-screenshots]").count()).toBe(0);
  });
});
