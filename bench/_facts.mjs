// Temporary: sign up the owner, confirm a data fact through /admin/facts/chatgpt as an editor would, and take screenshots.
import { readdirSync, readFileSync } from "node:fs";
import { chromium } from "playwright-core";
const BASE = "http://127.0.0.1:3100";
const DATA = "/tmp/docdata";
const EMAIL = "owner@example.com";
const PASSWORD = "amber-harbor-77-moss";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const context = await browser.newContext({ baseURL: BASE });
const page = await context.newPage();
const errors = [];
page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
const signUp = await page.request.post("/auth", { form: { intent: "signup", from: "dialog", name: "Olive Owner", email: EMAIL, password: PASSWORD, confirmPassword: PASSWORD } });
console.log("signup", signUp.status());
await new Promise((r) => setTimeout(r, 1500));
const files = readdirSync(`${DATA}/outbox`).sort();
const raw = files.map((f) => readFileSync(`${DATA}/outbox/${f}`, "utf8")).reverse().find((t) => t.includes("verify-email"));
const link = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=").match(/https?:\/\/[^\s"<>]*\/auth\/verify-email[^\s"<>]*/)[0];
const url = new URL(link);
console.log("verify", (await page.request.get(url.pathname + url.search)).status());
for (const width of [1280, 360]) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto("/admin/facts/chatgpt");
  await page.screenshot({ path: `/work/shots/admin-facts-${width}.png`, fullPage: false });
}
// Confirm the first unconfirmed fact by hand, as an editor: the page read and a note of what it says.
await page.setViewportSize({ width: 1280, height: 900 });
await page.goto("/admin/facts/chatgpt");
const row = page.locator('tr[data-fact-state="unconfirmed"]').first();
const key = await row.getAttribute("data-fact");
console.log("confirming", key);
await row.locator("textarea").fill("ok");
await row.getByRole("button").click();
await page.waitForLoadState("networkidle");
console.log("refused note shown:", await page.getByText("Say what you saw on that page").count());
const again = page.locator(`tr[data-fact="${key}"]`);
await again.locator("textarea").fill("Says conversations may be used to improve models unless you turn off Improve the model for everyone in Data controls.");
await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), again.getByRole("button").click()]);
await page.waitForTimeout(800);
console.log("state now", await page.locator(`tr[data-fact="${key}"]`).getAttribute("data-fact-state"));
await page.screenshot({ path: `/work/shots/admin-facts-confirmed-1280.png` });
for (const width of [1280, 360]) {
  await page.setViewportSize({ width, height: 1400 });
  await page.goto("/tools/chatgpt#data-security");
  const block = page.locator("#data-security");
  await block.scrollIntoViewIfNeeded();
  await block.screenshot({ path: `/work/shots/data-security-${width}.png` });
  const receipt = await block.locator("a[data-receipt]").first().getAttribute("href");
  await page.goto(receipt);
  await page.screenshot({ path: `/work/shots/receipt-${width}.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  console.log(width, "receipt", receipt, "overflow", overflow);
}
console.log("console errors", errors);
await browser.close();
