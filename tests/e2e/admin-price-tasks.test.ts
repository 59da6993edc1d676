import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestLink } from "../support/mail";
import { uniqueEmail } from "./support/accounts";
import { useBrowser, waitForHydration } from "./support/browser";
import { freshDataDir, startProductionServer, type ProductionServer } from "./support/server";
import { axeViolations as axe } from "./support/axe";

/**
 * The price check's tasks in /admin/prices (decision 034) in a browser: one task of each verdict, seeded as the check
 * writes them, read with axe at 360 px and on a desktop, with the page's width kept and the confirm form working
 * without JavaScript's help.
 */

const browser = useBrowser({ bypassCSP: true });
const OWNER = uniqueEmail("prices-owner");
const PASSWORD = "amber-harbor-77-moss";
let server: ProductionServer;
let cookies: Awaited<ReturnType<ReturnType<Page["context"]>["cookies"]>>;

const diff = [
  { kind: "gap", text: "…" },
  { kind: "same", text: "Pro\n" },
  { kind: "removed", text: "$20" },
  { kind: "added", text: "$24" },
  { kind: "same", text: " /month\nTeam" },
  { kind: "gap", text: "…" },
];
const TASKS = [
  ["chatgpt", "changed", { reasons: ["missing", "text-changed"], missing: [{ plan: "Plus", listed: "$20/month" }], diff, figures: ["$0", "$24", "$200"] }],
  ["jasper-ai", "moved", { reasons: ["other-domain", "parked"], moved: ["other-domain", "parked"], finalUrl: "https://jasper-domains-for-sale.example/" }],
  ["claude-ai", "needs-person", { reasons: ["no-figures"], figures: [] }],
  ["cursor", "needs-person", { reasons: ["fetch-failed"], error: "blocked-address" }],
] as const;

beforeAll(async () => {
  const dataDir = freshDataDir();
  const db = await PGlite.create(path.join(dataDir, "db"), { extensions: { pg_trgm } });
  for (const [slug, outcome, details] of TASKS) {
    const text = "Plans\nFree\n$0\nPlus\n$24 /month\nPro\n$200 /month\n".repeat(3);
    await db.query(
      "insert into fact_checks (subject_kind, subject, checked_by, source_url, outcome, facts_hash, details) select 'tool-pricing', slug, 'fetch', pricing_url, $2, 'x', $3 from tools where slug = $1",
      [slug, outcome, JSON.stringify({ finalUrl: "https://example.com", text, ...details })],
    );
  }
  await db.close();
  server = await startProductionServer({ dataDir, env: { OWNER_EMAILS: OWNER } });
  const page = await browser.newPage({ baseURL: server.baseUrl });
  expect(
    (await page.request.post("/auth", { form: { intent: "signup", from: "dialog", name: "Pat Prices", email: OWNER, password: PASSWORD, confirmPassword: PASSWORD } })).status(),
  ).toBe(201);
  // The outbox delivers the confirmation a moment after the sign-up; latestLink waits for it.
  const link = await latestLink(server.dataDir, OWNER, "/auth/verify-email");
  await page.request.get(new URL(link).pathname + new URL(link).search);
  cookies = await page.context().cookies();
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

describe("the price check's tasks in /admin/prices", () => {
  for (const width of [360, 1280]) {
    it(`lists each task with its verdict, diff and actions, accessibly, at ${width} px`, async () => {
      const page = await browser.newPage({ baseURL: server.baseUrl, viewport: { width, height: 900 } });
      await page.context().addCookies(cookies);
      await page.goto("/admin/prices");
      await waitForHydration(page);
      expect(await page.locator("[data-price-task]").evaluateAll((cards) => cards.map((card) => card.getAttribute("data-price-task-outcome")))).toEqual([
        "moved",
        "changed",
        "needs-person",
        "needs-person",
      ]);
      const changed = page.locator('[data-price-task="chatgpt"]');
      expect(await changed.locator("[data-price-diff] del").innerText()).toContain("$20");
      expect(await changed.locator("[data-price-diff] ins").innerText()).toContain("$24");
      expect(await changed.getByRole("link", { name: /^Edit plans/ }).getAttribute("href")).toBe("/admin/prices/chatgpt");
      expect(await page.locator('[data-price-task="cursor"]').innerText()).toContain("private or local address");
      expect(await axe(page), `at ${width}px`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (process.env.SCREENSHOT_DIR) await page.locator("section[data-price-tasks]").screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `admin-price-tasks-${width}.png`) });
    });
  }
});
