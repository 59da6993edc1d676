/**
 * The screenshots of read-only mode (decision 090) in docs/screenshots/issue-48, and the browser check behind them:
 * the built site (`npm run build` first) on a private PostgreSQL (tests/support/private-postgres.ts), which is stopped;
 * then, at 360 and 1280 px, kept and rendered pages with the banner, the 503 screen, and the sign-up form refused
 * without and with JavaScript (what was typed still in the form). Prints what it saw and the console's errors.
 * Run: node scripts/read-only-screenshots.ts
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { startPrivatePostgres } from "../tests/support/private-postgres.ts";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "docs/screenshots/issue-48");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const db = await startPrivatePostgres();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "readonly-shots-"));
const port = 47000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
let output = "";
const server = spawn(process.execPath, ["server.js"], {
  cwd: root,
  env: {
    PATH: process.env.PATH!,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SITE_URL: base,
    LOG_LEVEL: "warn",
    DATABASE_URL: db.url,
    LINK_CHECK_INTERVAL_HOURS: "0",
    PRICE_CHECK_INTERVAL_HOURS: "0",
  },
  stdio: ["ignore", "pipe", "pipe"],
});
server.stdout!.on("data", (c) => (output += c));
server.stderr!.on("data", (c) => (output += c));
try {
  while (!output.includes("Listening on")) await sleep(100);
  for (const p of ["/", "/", "/tools/chatgpt", "/tools/chatgpt", "/auth?tab=signup"]) await fetch(base + p).then((r) => r.text());
  await db.stop();
  for (;;) {
    const h = await (await fetch(base + "/api/health")).json();
    if (h.readOnly) break;
    await sleep(200);
  }
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  for (const width of [360, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    for (const [name, p] of [
      ["kept-home", "/"],
      ["kept-tool", "/tools/chatgpt"],
      ["rendered-deals", "/deals"],
      ["down-503", "/about"],
    ] as const) {
      const response = await page.goto(base + p, { waitUntil: "load" });
      await page.waitForTimeout(1500);
      const banners = await page.locator('[data-banner="read-only"]').count();
      console.log(width, name, response?.status(), response?.headers()["x-cache"], "banners:", banners, problems.filter((p) => !p.includes("Failed to load")).splice(0));
      problems.length = 0;
      await page.screenshot({ path: path.join(out, `read-only-${name}-${width}.png`) });
    }
    // The sign-up form refused without JavaScript.
    const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
    const nojs = await ctx.newPage();
    await nojs.goto(base + "/auth?tab=signup");
    const form = nojs.locator('form[aria-label="Create account"]').first();
    await form.locator("input[name=name]").fill("Paused Reader");
    await form.locator("input[name=email]").fill("paused@example.com");
    await form.locator("input[name=password]").fill("violet-lantern-42-river");
    await form.locator("input[name=confirmPassword]").fill("violet-lantern-42-river");
    const [resp] = await Promise.all([nojs.waitForNavigation(), form.locator("button[type=submit]").click()]);
    console.log(width, "no-js signup", resp?.status(), await nojs.locator("input[name=email]").first().inputValue());
    await nojs.screenshot({ path: path.join(out, `read-only-form-refused-nojs-${width}.png`) });
    await ctx.close();
    // The same form with JavaScript: posted by the page's script, refused, the form still holding what was typed.
    await page.goto(base + "/auth?tab=signup", { waitUntil: "load" });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const jsForm = page.locator('form[aria-label="Create account"]').first();
    await jsForm.locator("input[name=name]").fill("Scripted Reader");
    await jsForm.locator("input[name=email]").fill("scripted@example.com");
    await jsForm.locator("input[name=password]").fill("violet-lantern-42-river");
    await jsForm.locator("input[name=confirmPassword]").fill("violet-lantern-42-river");
    const [posted] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), jsForm.locator("button[type=submit]").click()]);
    await page.waitForTimeout(1500);
    console.log(
      width,
      "js signup",
      posted.status(),
      posted.url(),
      await jsForm.locator("input[name=name]").inputValue(),
      await jsForm.locator("input[name=email]").inputValue(),
      "paused shown:",
      await page.getByText("Changes are paused", { exact: true }).count(),
    );
    await page.screenshot({ path: path.join(out, `read-only-form-refused-js-${width}.png`) });
    console.log(width, "problems:", problems);
    await page.close();
  }
  await browser.close();
  await db.start();
} finally {
  server.kill("SIGTERM");
  await sleep(1000);
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(
    output
      .split("\n")
      .filter((l) => l.trim())
      .slice(-15)
      .join("\n"),
  );
}
