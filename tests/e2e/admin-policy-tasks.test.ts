import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestLink } from "../support/mail";
import { uniqueEmail } from "./support/accounts";
import { axeViolations as axe, smallTargets } from "./support/axe";
import { useBrowser, waitForHydration } from "./support/browser";
import { freshDataDir, startProductionServer, type ProductionServer } from "./support/server";

/**
 * The policy watch's tasks in /admin/policies (issue 44) in a browser: one changed privacy policy with its word diff,
 * and one page the check could not read, seeded as the check writes them; read with axe at 360 px and on a desktop
 * with the page's width kept, and described with JavaScript off (a plain form post).
 */

const browser = useBrowser({ bypassCSP: true });
const OWNER = uniqueEmail("policies-owner");
const PASSWORD = "amber-harbor-77-moss";
const NOTE = "Prompts are now kept for 90 days, and used for training unless you opt out.";
let server: ProductionServer;
let cookies: Awaited<ReturnType<ReturnType<Page["context"]>["cookies"]>>;
let slug: string;

const diff = [
  { kind: "gap", text: "…" },
  { kind: "same", text: "We keep your prompts for " },
  { kind: "removed", text: "30" },
  { kind: "added", text: "90" },
  { kind: "same", text: " days.\nYour rights" },
  { kind: "gap", text: "…" },
];

beforeAll(async () => {
  const dataDir = freshDataDir();
  const db = await PGlite.create(path.join(dataDir, "db"), { extensions: { pg_trgm } });
  const { rows } = await db.query<{ slug: string; id: number; privacy: string; terms: string }>(
    "select t.slug, t.id, f.policy_pages->>'privacy' as privacy, f.policy_pages->>'terms' as terms from tool_data_facts f join tools t on t.slug = f.tool_slug where f.policy_pages ? 'terms' order by t.slug limit 1",
  );
  const tool = rows[0]!;
  slug = tool.slug;
  const check = await db.query<{ id: number }>(
    "insert into fact_checks (subject_kind, subject, checked_by, source_url, outcome, facts_hash, details) values ('policy-page', $1, 'fetch', $2, 'changed', 'h2', $3) returning id::int",
    [`${slug}/privacy`, tool.privacy, JSON.stringify({ page: "privacy", finalUrl: tool.privacy, status: 200, textHash: "h2", text: "We keep your prompts for 90 days.", diff })],
  );
  await db.query("insert into tool_changes (tool_id, kind, source, before, after) values ($1, 'policy-changed', 'fetch', $2, $3)", [
    tool.id,
    JSON.stringify({ check: 1 }),
    JSON.stringify({ page: "privacy", url: tool.privacy, check: check.rows[0]!.id }),
  ]);
  await db.query(
    "insert into fact_checks (subject_kind, subject, checked_by, source_url, outcome, facts_hash, details) values ('policy-page', $1, 'fetch', $2, 'needs-person', '', $3)",
    [`${slug}/terms`, tool.terms, JSON.stringify({ page: "terms", finalUrl: tool.terms, status: 404, reasons: ["fetch-failed"], error: "http-404" })],
  );
  await db.close();
  server = await startProductionServer({ dataDir, env: { OWNER_EMAILS: OWNER } });
  const page = await browser.newPage({ baseURL: server.baseUrl });
  expect(
    (await page.request.post("/auth", { form: { intent: "signup", from: "dialog", name: "Pat Policies", email: OWNER, password: PASSWORD, confirmPassword: PASSWORD } })).status(),
  ).toBe(201);
  const link = await latestLink(server.dataDir, OWNER, "/auth/verify-email");
  await page.request.get(new URL(link).pathname + new URL(link).search);
  cookies = await page.context().cookies();
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

describe("the policy watch's tasks in /admin/policies", () => {
  for (const width of [360, 1280]) {
    it(`lists the change with its diff and form, and the page it could not read, accessibly, at ${width} px`, async () => {
      const page = await browser.newPage({ baseURL: server.baseUrl, viewport: { width, height: 900 } });
      await page.context().addCookies(cookies);
      await page.goto("/admin/policies");
      await waitForHydration(page);
      const task = page.locator(`[data-policy-task-tool="${slug}"]`);
      expect(await task.locator("[data-policy-diff] del").innerText()).toContain("30");
      expect(await task.locator("[data-policy-diff] ins").innerText()).toContain("90");
      expect(await task.getByRole("textbox", { name: /^What changed on / }).count()).toBe(1);
      expect(await page.locator(`[data-policy-blind-page="${slug}/terms"]`).innerText()).toContain("it answered 404");
      expect([...(await axe(page)), ...(await smallTargets(page))], `at ${width}px`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `admin-policy-tasks-${width}.png`), fullPage: true });
    });
  }

  it("publishes an editor's description with JavaScript off, and the entry on /changes says it", async () => {
    const page = await browser.newPage({ baseURL: server.baseUrl, javaScriptEnabled: false });
    await page.context().addCookies(cookies);
    await page.goto("/admin/policies");
    await page.getByRole("textbox", { name: /^What changed on / }).fill(NOTE);
    await page.getByRole("button", { name: /^Publish what changed/ }).click();
    await page.waitForLoadState("load");
    expect(await page.getByRole("status").innerText()).toContain("Change described");
    expect(await page.locator("[data-policy-task]").count()).toBe(0);
    await page.goto("/changes");
    expect(await page.locator("main").innerText()).toContain(`Privacy policy changed: ${NOTE}`);
  });
});
