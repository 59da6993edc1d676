import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestLink } from "../support/mail";
import { uniqueEmail } from "./support/accounts";
import { uniqueClientIp, useBrowser, waitForHydration } from "./support/browser";
import { startProductionServer, type ProductionServer } from "./support/server";
import { axeViolations as axe, smallTargets } from "./support/axe";

// axe is injected as a script, which the site's CSP would (rightly) refuse.
const browser = useBrowser({ bypassCSP: true });

const OWNER = uniqueEmail("inbox-owner");
const PASSWORD = "quartz-lagoon-52-fern";
let server: ProductionServer;
let ownerCookies: Awaited<ReturnType<ReturnType<Page["context"]>["cookies"]>>;

/** This file's own server, whose OWNER_EMAILS makes the test's account an owner (and so an editor) at sign-up. */
beforeAll(async () => {
  server = await startProductionServer({ env: { OWNER_EMAILS: OWNER } });
  const page = await browser.newPage({ baseURL: server.baseUrl });
  const request = page.request;
  const at = () => ({ "X-Forwarded-For": uniqueClientIp() });
  expect(
    (await request.post("/auth", { form: { intent: "signup", from: "dialog", name: "Olive Owner", email: OWNER, password: PASSWORD, confirmPassword: PASSWORD } })).status(),
  ).toBe(201);
  const link = await latestLink(server.dataDir, OWNER, "/auth/verify-email");
  await request.get(new URL(link).pathname + new URL(link).search);
  ownerCookies = await page.context().cookies();
  // What the inbox shows: a message, subscribers from two boxes, and outbound clicks.
  const contact = { firstName: "Grace", lastName: "Hopper", email: "grace@example.com", subject: "Listing our compiler", message: "Hello, we would like our tool listed. Thanks!" };
  expect((await request.post("/contact", { form: contact, headers: at() })).status()).toBe(201);
  for (const [email, source] of [
    ["ann@example.com", "home"],
    ["bob@example.org", "footer"],
    ["cy@example.net", "home"],
  ] as const) {
    expect((await request.post("/newsletter", { form: { email, source }, headers: at() })).status()).toBeLessThan(300);
  }
  for (const slug of ["chatgpt", "chatgpt", "jasper-ai", "claude-ai"]) {
    // A person's browser: a headless one is a bot to /go, which then records nothing.
    const person = { ...at(), "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36" };
    expect((await request.get(`/go/tool/${slug}`, { headers: person, maxRedirects: 0 })).status()).toBe(302);
  }
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

async function signedIn(viewport = { width: 1280, height: 900 }) {
  const page = await browser.newPage({ baseURL: server.baseUrl, viewport });
  await page.context().addCookies(ownerCookies);
  return page;
}

describe("the admin inbox in the browser", () => {
  it("exports the subscribers as a CSV download", async () => {
    const page = await signedIn();
    await page.goto("/admin/subscribers");
    await waitForHydration(page);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /^Export CSV/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await download.path())!, "utf8")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("email,name,state,source,subscribed_at,confirmed_at,unsubscribed_at");
    expect(
      lines
        .slice(1)
        .map((line) => line.split(",").slice(0, 4).join(","))
        .sort(),
    ).toEqual(["ann@example.com,,unconfirmed,home", "bob@example.org,,unconfirmed,footer", "cy@example.net,,unconfirmed,home"]);
  });

  it("marks a message read once it is shown, with a POST from the page, and back to unread from the list", async () => {
    const page = await signedIn();
    await page.goto("/admin/messages");
    await waitForHydration(page);
    const row = page.locator("li[data-message-id]").first();
    expect(await row.getAttribute("data-unread")).toBe("true");
    await row.getByRole("link").click();
    await page.getByRole("heading", { level: 1, name: "Listing our compiler" }).waitFor();
    await page.getByRole("button", { name: "Mark unread" }).waitFor();
    expect(await page.getByRole("link", { name: "Reply by email" }).getAttribute("href")).toMatch(/^mailto:grace@example\.com\?subject=Re%3A%20Listing%20our%20compiler&body=/);
    await page.getByRole("button", { name: "Mark unread" }).click();
    await page.waitForURL(/\/admin\/messages$/);
    await expect.poll(() => page.locator("li[data-message-id]").first().getAttribute("data-unread")).toBe("true");
  });

  it.each([1280, 360])(
    "is axe clean on every page at %i px, without sideways scrolling of the page",
    async (width) => {
      const page = await signedIn({ width, height: 900 });
      await page.goto("/admin/messages");
      const messagePath = await page.locator("li[data-message-id] a").first().getAttribute("href");
      for (const path of [
        "/admin",
        "/admin/messages",
        messagePath!,
        "/admin/subscribers",
        "/admin/subscribers?q=example&state=unconfirmed",
        "/admin/clicks",
        "/admin/clicks?days=7",
        "/admin/vitals",
        // The rest of the admin area, so that every admin page is checked in one place (this account is an owner).
        "/admin/reports",
        "/admin/proofs",
        "/admin/submissions",
        "/admin/links",
        "/admin/prices",
        "/admin/policies",
        "/admin/claims",
        "/admin/roles",
        "/admin/audit",
      ]) {
        await page.goto(path);
        await waitForHydration(page);
        expect([...(await axe(page)), ...(await smallTargets(page))], `${path} at ${width}px`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at ${width}px`).toBeLessThanOrEqual(width);
      }
      await page.goto("/admin/clicks");
      const chart = page.getByRole("img", { name: /^Clicks per day through all outbound links, last 90 days/ });
      expect(await chart.isVisible()).toBe(true);
      expect(await page.locator("rect[data-value]").count()).toBe(90);
      expect(await page.locator("rect[data-value]").last().getAttribute("data-value")).toBe("4");
    },
    120_000,
  );
});
