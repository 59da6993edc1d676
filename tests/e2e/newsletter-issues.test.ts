import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestLink } from "../support/mail";
import { uniqueEmail } from "./support/accounts";
import { axeViolations as axe } from "./support/axe";
import { useBrowser, waitForHydration } from "./support/browser";
import { freshDataDir, startProductionServer, type ProductionServer } from "./support/server";

/**
 * The newsletter's admin flow in a browser (issue 41, decision 061): draft from this week, reorder and cut, preview,
 * send, and the progress the page follows until every message is delivered (the production server runs the sender
 * and the outbox). With SCREENS_DIR set, it keeps screenshots of the pages it passes.
 */

const browser = useBrowser({ bypassCSP: true });
const OWNER = uniqueEmail("newsletter-owner");
const PASSWORD = "cobalt-meadow-58-reed";
const READERS = Array.from({ length: 4 }, (_, index) => uniqueEmail(`newsletter-reader-${index}`));
const SCREENS = process.env.SCREENS_DIR;
let server: ProductionServer;
let cookies: Awaited<ReturnType<ReturnType<Page["context"]>["cookies"]>>;

const shoot = async (page: Page, name: string) => {
  if (SCREENS) await page.screenshot({ path: path.join(SCREENS, `news-${name}.png`), fullPage: true });
};

beforeAll(async () => {
  const dataDir = freshDataDir();
  const db = await PGlite.create(path.join(dataDir, "db"), { extensions: { pg_trgm } });
  const tools = await db.query<{ id: number }>("select id from tools order by slug limit 2");
  await db.query(
    `insert into tool_changes (tool_id, kind, source, plan_name, before, after) values
     ($1, 'price-down', 'editor', 'Pro', '{"price": 30, "currency": "USD", "period": "month"}', '{"price": 24, "currency": "USD", "period": "month"}'),
     ($2, 'free-plan-added', 'editor', 'Free', null, '{"price": 0}')`,
    [tools.rows[0]!.id, tools.rows[1]!.id],
  );
  await db.query("update posts set published_at = current_date where slug = 'midjourney-vs-dall-e'");
  for (const email of READERS) await db.query("insert into newsletter_subscribers (email, source, confirmed_at) values ($1, 'home', now())", [email]);
  await db.close();
  server = await startProductionServer({ dataDir, env: { OWNER_EMAILS: OWNER, NEWSLETTER_SEND_INTERVAL_SECONDS: "5" } });
  const page = await browser.newPage({ baseURL: server.baseUrl });
  expect(
    (
      await page.request.post("/auth", { form: { intent: "signup", from: "dialog", name: "Nora Newsletter", email: OWNER, password: PASSWORD, confirmPassword: PASSWORD } })
    ).status(),
  ).toBe(201);
  const link = await latestLink(server.dataDir, OWNER, "/auth/verify-email");
  await page.request.get(new URL(link).pathname + new URL(link).search);
  cookies = await page.context().cookies();
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

/**
 * The page loaded again, without the toast of the last post (axe reads a toast mid-animation as low contrast), and at
 * its top: Chromium keeps the scroll of a reload, and the sticky header then covers part of the admin menu.
 */
async function freshAxe(page: Page) {
  await page.goto(page.url());
  await waitForHydration(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  return axe(page);
}

const itemKeys = (page: Page) => page.locator("[data-editor-item]").evaluateAll((items) => items.map((item) => item.getAttribute("data-editor-item")!));

describe("the newsletter's admin flow", () => {
  it("drafts from this week, reorders and cuts, previews, sends, and shows the progress", async () => {
    const page = await browser.newPage({ baseURL: server.baseUrl, viewport: { width: 1280, height: 900 } });
    await page.context().addCookies(cookies);
    await page.goto("/admin/newsletter");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Draft from this week" }).click();
    await page.waitForURL(/\/admin\/newsletter\/\d+$/);
    await page.locator("[data-issue-editor]").waitFor();

    const drafted = await itemKeys(page);
    expect(drafted.filter((key) => key.startsWith("price-change:"))).toHaveLength(2);
    expect(drafted).toContain("article:midjourney-vs-dall-e");

    // Move the first item down: the page comes back with the new order. The poll starts once the move's post has
    // its answer: on a loaded machine the post and the page's reload took longer than the poll's own 10 s.
    const moved = page.waitForResponse((response) => response.request().method() === "POST");
    await page.locator(`[data-editor-item="${drafted[0]}"]`).getByRole("button", { name: /^Down/ }).click();
    await moved;
    await expect.poll(() => itemKeys(page)).toEqual([drafted[1], drafted[0], ...drafted.slice(2)]);

    // Cut the article, introduce the issue, save.
    await page
      .locator('[data-editor-item="article:midjourney-vs-dall-e"]')
      .getByLabel(/Remove/)
      .check();
    await page.getByLabel("Subject").fill("Prices moved this week");
    await page.getByLabel("Introduction (optional, Markdown)").fill("Two prices **moved** this week.");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Issue saved").first().waitFor();
    await expect.poll(() => itemKeys(page)).toEqual([drafted[1], drafted[0], ...drafted.slice(2)].filter((key) => key !== "article:midjourney-vs-dall-e"));
    await shoot(page, "admin-draft");
    expect(await freshAxe(page), "the editor").toEqual([]);

    // The web preview shows the issue as its page will.
    await page.getByRole("link", { name: "Preview the web page" }).click();
    await page.locator("[data-issue]").waitFor();
    expect(await page.locator("[data-issue-intro] strong").innerText()).toBe("moved");
    expect(await page.locator("[data-issue-item]").count()).toBe(drafted.length - 1);
    await page.getByRole("link", { name: "Back to the issue" }).click();
    await page.locator("[data-issue-editor]").waitFor();

    await page.getByRole("button", { name: "Send now" }).click();
    await page.getByText("The issue is going out to every confirmed subscriber.").first().waitFor();
    // The page follows the send (it revalidates while an issue is going out) until every message is delivered.
    await page.locator("[data-issue-progress]").waitFor({ timeout: 30_000 });
    await shoot(page, "admin-sending");
    expect(await freshAxe(page), "the issue while it goes out").toEqual([]);
    const sent = () => page.locator('[data-progress="sent"]').innerText();
    await expect.poll(sent, { timeout: 30_000 }).toBe(String(READERS.length));
    expect(await page.locator('[data-progress="queued"]').innerText()).toBe(String(READERS.length));
    expect(await page.locator("[data-issue-state]").innerText()).toBe("Sent");

    // Each reader got one copy.
    const outbox = readdirSync(path.join(server.dataDir, "outbox")).map((file) => readFileSync(path.join(server.dataDir, "outbox", file), "utf8"));
    const copies = outbox.filter((message) => /^Subject: Prices moved this week/m.test(message));
    for (const reader of READERS) expect(copies.filter((message) => message.includes(`To: ${reader}`))).toHaveLength(1);
    const publicPath = await page.getByRole("link", { name: /^\/newsletter\// }).getAttribute("href");
    expect(publicPath).toMatch(/^\/newsletter\/\d{4}-\d{2}-\d{2}$/);

    await page.goto("/admin/newsletter");
    await waitForHydration(page);
    expect(await page.locator("[data-issue-status]").first().getAttribute("data-issue-status")).toBe("sent");
  }, 120_000);

  it("shows the sent issue without JavaScript at 360 px and on a desktop, and its email as a mail program would", async () => {
    const phone = await browser.newPage({ baseURL: server.baseUrl, viewport: { width: 360, height: 740 }, javaScriptEnabled: false });
    await phone.goto("/newsletter");
    const href = await phone.locator("[data-issue-archive] a").first().getAttribute("href");
    await phone.goto(href!);
    expect(await phone.locator("h1").innerText()).toBe("Prices moved this week");
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shoot(phone, "issue-360");
    const desktop = await browser.newPage({ baseURL: server.baseUrl, viewport: { width: 1280, height: 900 } });
    await desktop.goto(href!);
    await shoot(desktop, "issue-desktop");
    expect(await axe(desktop), "the issue page").toEqual([]);
    await desktop.goto("/newsletter");
    await shoot(desktop, "archive-desktop");
    expect(await axe(desktop), "the archive").toEqual([]);
    const phoneWithScript = await browser.newPage({ baseURL: server.baseUrl, viewport: { width: 360, height: 740 } });
    await phoneWithScript.goto(href!);
    expect(await axe(phoneWithScript), "the issue page at 360 px").toEqual([]);

    const file = readdirSync(path.join(server.dataDir, "outbox")).find(
      (name) =>
        readFileSync(path.join(server.dataDir, "outbox", name), "utf8").includes(`To: ${READERS[0]}`) &&
        readFileSync(path.join(server.dataDir, "outbox", name), "utf8").includes("Prices moved"),
    );
    const raw = readFileSync(path.join(server.dataDir, "outbox", file!), "utf8");
    const boundary = raw.match(/boundary="?([^";\r\n]+)"?/i)![1]!;
    const htmlPart = raw.split(`--${boundary}`).find((part) => /Content-Type: text\/html/i.test(part))!;
    const body = htmlPart
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join("\n\n");
    const html = /quoted-printable/i.test(htmlPart) ? body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : body;
    const mail = await browser.newPage({ viewport: { width: 600, height: 900 }, javaScriptEnabled: false });
    await mail.setContent(Buffer.from(html, "latin1").toString("utf8"));
    expect(await mail.getByRole("link", { name: "Read this issue on the web" }).getAttribute("href")).toBe(`${server.baseUrl}${href}`);
    expect(await mail.getByRole("link", { name: "Unsubscribe" }).getAttribute("href")).toMatch(/\/newsletter\/unsubscribe\?token=/);
    await shoot(mail, "email");
  }, 60_000);
});
