import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planFieldName, pricingFormValues } from "../../app/lib/tool/pricing-edit";
import { toolSchema } from "../../app/models/content/schemas";
import { createVerifiedUser, get, post } from "../support/accounts";
import { backends, BASE_URL, scratchPostgres, type TestApp } from "../support/app";
import { projectRoot, serverBuildPath, templateDataDir } from "../support/paths";

/**
 * Editors resolve prices by editing a tool's structured plans (issue 27, decision 036): /admin/prices/<slug> saves
 * an editorial tool's pricing as an override over its content file, which the content sync lays over the file at
 * every start, and a community tool's row directly. The public page shows the edit at once; 'Save and confirm'
 * records a confirmation of the new facts; removing the override brings the file's prices back; and
 * `npm run prices:export` moves an override into its file.
 */

type App = { handle: (request: Request) => Promise<Response>; query: TestApp["query"]; stop: () => Promise<void> };
type User = Awaited<ReturnType<typeof createVerifiedUser>>;

const contentFile = (slug: string) => readFileSync(path.join(projectRoot, "content", "tools", `${slug}.json`), "utf8");
const chatgpt = JSON.parse(contentFile("chatgpt"));
const longDate = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const today = () => longDate(new Date().toISOString().slice(0, 10));
const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

/** ChatGPT's Plus plan on the tool page (its review's plans, or the plans table), at a price with its terms. */
const PLUS_AT = (price: string) => new RegExp(`>Plus(?: (?:<span[^>]*>Recommended</span>)?</p><p[^>]*>|</th><td[^>]*>)${price.replace("$", "\\$")}<`);

/** The form as the page fills it for ChatGPT's file, with Plus at `plusPrice` and the trial ticked. */
function chatgptEdit(plusPrice: string, extra: Record<string, string> = {}) {
  const values = pricingFormValues(chatgpt.pricing, true);
  values[planFieldName(1, "price")] = plusPrice;
  return { ...values, ...extra };
}

/** The lines of `a` that `b` does not have (counting repeats): a file's diff, near enough. */
function linesOnlyIn(a: string, b: string) {
  const left = new Map<string, number>();
  for (const line of b.split("\n")) left.set(line, (left.get(line) ?? 0) + 1);
  return a.split("\n").filter((line) => {
    const count = left.get(line) ?? 0;
    left.set(line, count - 1);
    return count <= 0;
  });
}

function runScript(args: string[], env: Record<string, string>) {
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(DATABASE_URL|DATA_DIR)$/.test(key)));
  const child = spawn(process.execPath, [path.join("scripts", "prices-export.ts"), ...args], { cwd: projectRoot, env: { ...base, ...env } });
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise<{ code: number | null; output: string }>((resolve) => child.on("close", (code) => (clearTimeout(timer), resolve({ code, output }))));
}

for (const backend of backends) {
  describe(`editors edit tools' plans [${backend}]`, () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "aitools-pricing-"));
    const contentCopy = mkdtempSync(path.join(os.tmpdir(), "aitools-content-"));
    const env: Record<string, string> = { NODE_ENV: "test", LOG_LEVEL: "error", DATA_DIR: dataDir, SITE_URL: BASE_URL, TRUST_PROXY: "true" };
    let scratch: Awaited<ReturnType<typeof scratchPostgres>> | undefined;
    let running: App | undefined;
    let reader: User;
    let editor: User;

    const app: TestApp = {
      dataDir,
      request: (pathname, init) => running!.handle(new Request(BASE_URL + pathname, init)),
      async html(pathname) {
        const response = await running!.handle(new Request(BASE_URL + pathname));
        return { response, body: (await response.text()).replaceAll("<!-- -->", "") };
      },
      query: (sql, params) => running!.query(sql, params),
    };
    async function start() {
      const { startApp } = await import(serverBuildPath);
      running = (await startApp(env)) as App;
    }
    async function stop() {
      await running?.stop();
      running = undefined;
    }

    beforeAll(async () => {
      if (backend === "postgres") {
        scratch = await scratchPostgres(process.env.TEST_DATABASE_URL!);
        env.DATABASE_URL = scratch.url;
      } else {
        cpSync(templateDataDir(), dataDir, { recursive: true });
      }
      cpSync(path.join(projectRoot, "content"), contentCopy, { recursive: true });
      await start();
      [reader, editor] = await Promise.all([createVerifiedUser(app, { name: "Ray Reader" }), createVerifiedUser(app, { name: "Edie Editor" })]);
      await app.query("update users set role = 'editor' where email = $1", [editor.email]);
    });

    afterAll(async () => {
      await stop();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(contentCopy, { recursive: true, force: true });
    });

    it("is for editors only: a reader gets the not-found page, for the page and its writes", async () => {
      expect((await get(app, "/admin/prices/chatgpt", reader.cookie)).status).toBe(404);
      expect((await post(app, "/admin/prices/chatgpt", { intent: "save", ...chatgptEdit("23") }, { cookie: reader.cookie })).status).toBe(404);
      expect((await get(app, "/admin/prices/no-such-tool", editor.cookie)).status).toBe(404);
      const page = await text(await get(app, "/admin/prices/chatgpt", editor.cookie));
      expect(page).toContain("Prices of ChatGPT");
      expect(page).toContain('data-pricing-origin="file"');
      expect(page).toContain('data-last-confirmed="never"');
      expect(page).toContain('data-plan-fieldset="6"');
      expect(page).not.toContain('data-plan-fieldset="7"');
      expect(await text(await get(app, "/admin/prices?show=all", editor.cookie))).toContain('href="/admin/prices/chatgpt"');
    });

    it("refuses plans a content file could not hold, under the field, keeping what the editor typed", async () => {
      const refused = await post(
        app,
        "/admin/prices/chatgpt",
        { intent: "save", ...chatgptEdit("twenty", { [planFieldName(1, "name")]: "Plus Renamed", [planFieldName(5, "name")]: "Half a plan" }) },
        { cookie: editor.cookie },
      );
      expect(refused.status).toBe(400);
      const page = await text(refused);
      expect(page).toContain("Prices not saved");
      expect(page).toContain("Enter the price as a figure, such as 20 or 8.33");
      expect(page).toContain("Enter the price, or tick 'No published price'");
      expect(page).toContain('value="Plus Renamed"');
      expect(page).toContain('value="twenty"');
      expect(page).toContain('value="Half a plan"');
      expect(await app.query("select count(*)::int as n from tool_pricing_overrides")).toEqual([{ n: 0 }]);
    });

    it("shows an editor's edit on the public page at once, with its terms, audited", async () => {
      // Cached for anonymous visitors first: the write must invalidate the page.
      expect(await text(await get(app, "/tools/chatgpt"))).toMatch(PLUS_AT("$20/month"));
      await get(app, "/tools/chatgpt");
      const saved = await post(app, "/admin/prices/chatgpt", { intent: "save", note: "Plus went up", ...chatgptEdit("23") }, { cookie: editor.cookie });
      expect(saved.status).toBe(200);
      expect(await text(saved)).toContain("Prices saved");

      const page = await text(await get(app, "/tools/chatgpt"));
      expect(page).toMatch(PLUS_AT("$23/month"));
      expect(page).not.toMatch(PLUS_AT("$20/month"));
      expect(page).toContain("Free Trial");
      expect(page).toContain("not yet confirmed — check before you buy");
      expect(
        await app.query("select price_monthly_usd::float8 as price, has_free_trial, capabilities ? 'Free trial' as trial_capability from tools where slug = 'chatgpt'"),
      ).toEqual([{ price: 23, has_free_trial: true, trial_capability: true }]);
      expect(await text(await get(app, "/tools?q=chatgpt"))).toContain("$23/month");

      const [override] = await app.query<{ plans: { price: number | null }[]; note: string }>("select plans, note from tool_pricing_overrides");
      expect(override!.plans[1]!.price).toBe(23);
      expect(override!.note).toBe("Plus went up");
      const [audit] = await app.query<{ actor_email: string; target_id: string; before: { plans: { price: number }[] }; after: { plans: { price: number }[]; override: string } }>(
        "select actor_email, target_id, before, after from audit_log where action = 'pricing.edit'",
      );
      expect(audit).toMatchObject({ actor_email: editor.email, target_id: "chatgpt", after: { override: "kept" } });
      expect(audit!.before.plans[1]!.price).toBe(20);
      expect(audit!.after.plans[1]!.price).toBe(23);
      expect(await text(await get(app, "/admin/prices/chatgpt", editor.cookie))).toContain('data-pricing-origin="override"');
      // The dated price history, from the same transaction.
      expect(await app.query("select c.kind, c.source, c.plan_name from tool_changes c join tools t on t.id = c.tool_id where t.slug = 'chatgpt' order by c.kind")).toEqual([
        { kind: "price-up", source: "editor", plan_name: "Plus" },
        { kind: "trial-changed", source: "editor", plan_name: null },
      ]);
    });

    it("confirms the new facts with 'Save and confirm', only against the vendor's own page", async () => {
      const elsewhere = await post(
        app,
        "/admin/prices/chatgpt",
        { intent: "save-confirm", sourceUrl: "https://prices.example.net/chatgpt", seen: "Plus at $24 a month on the page", ...chatgptEdit("24") },
        { cookie: editor.cookie },
      );
      expect(elsewhere.status).toBe(400);
      expect(await text(elsewhere)).toContain("The page you checked must be on the vendor's own site");
      expect(await app.query("select (plans->1->>'price')::int as price from tools where slug = 'chatgpt'")).toEqual([{ price: 23 }]);

      const confirmed = await post(
        app,
        "/admin/prices/chatgpt",
        { intent: "save-confirm", sourceUrl: chatgpt.pricingUrl, note: "Plus went up", seen: "Plus at $23 a month on the page", ...chatgptEdit("23") },
        { cookie: editor.cookie },
      );
      expect(confirmed.status).toBe(200);
      expect(await text(confirmed)).toContain("Prices saved and confirmed");
      expect(await app.query("select subject, checked_by, source_url, outcome, details from fact_checks")).toEqual([
        { subject: "chatgpt", checked_by: "editor", source_url: chatgpt.pricingUrl, outcome: "confirmed", details: { seen: "Plus at $23 a month on the page" } },
      ]);
      const page = await text(await get(app, "/tools/chatgpt"));
      expect(page).toContain(`Prices as listed on ChatGPT's pricing page; last confirmed ${today()}.`);
      expect(page).toMatch(PLUS_AT("$23/month"));
      expect(await text(await get(app, "/admin/prices/chatgpt", editor.cookie))).toContain('data-last-confirmed="current"');
      expect(await app.query("select count(*)::int as n from audit_log where action = 'pricing.edit'")).toEqual([{ n: 2 }]);
    });

    it("edits a community tool's row the same way, without an override", async () => {
      await app.query(
        `insert into tools (id, source, slug, name, tagline, description, category_slug, website_url, pricing_url, pricing_model, plans, is_free, is_pro, has_free_trial,
           features, capabilities, use_cases, alternatives, content_hash, price_monthly_usd)
         values (1000001, 'community', 'maker-tool', 'Maker Tool', 'A tool a maker submitted to the directory.', $1, 'ai-assistant', 'https://maker-tool.example.com', 'https://maker-tool.example.com',
           'paid', '[{"name":"Paid plans","price":12,"currency":"USD","period":"month","limits":"From $12/month"}]', false, true, false,
           '[]', '[]', '[]', '[]', 'community', 12)`,
        ["A community tool, approved from a submission, whose listing has the maker's pricing until an editor checks it on the vendor's page."],
      );
      const fields = {
        pricingModel: "freemium",
        [planFieldName(0, "name")]: "Starter",
        [planFieldName(0, "price")]: "0",
        [planFieldName(0, "currency")]: "USD",
        [planFieldName(0, "period")]: "month",
        [planFieldName(0, "limits")]: "Five projects",
        [planFieldName(1, "name")]: "Team",
        [planFieldName(1, "price")]: "9",
        [planFieldName(1, "currency")]: "USD",
        [planFieldName(1, "period")]: "month",
        [planFieldName(1, "per")]: "user",
        [planFieldName(1, "minSeats")]: "3",
        [planFieldName(1, "limits")]: "Unlimited projects",
      };
      const saved = await post(app, "/admin/prices/maker-tool", { intent: "save", ...fields }, { cookie: editor.cookie });
      expect(saved.status).toBe(200);
      expect(await app.query("select pricing_model, is_free, price_monthly_usd::float8 as price, capabilities from tools where slug = 'maker-tool'")).toEqual([
        { pricing_model: "freemium", is_free: true, price: 27, capabilities: ["Free plan"] },
      ]);
      expect(await app.query("select count(*)::int as n from tool_pricing_overrides o join tools t on t.id = o.tool_id where t.slug = 'maker-tool'")).toEqual([{ n: 0 }]);
      const page = await text(await get(app, "/tools/maker-tool"));
      expect(page).toContain("$9/month per user, 3 users minimum");
      expect(await text(await get(app, "/admin/prices/maker-tool", editor.cookie))).toContain('data-pricing-origin="community"');
    });

    it("keeps the edits through a restart whose content sync rewrites the tool from its file", async () => {
      await stop();
      // As if ChatGPT's file had changed: the sync rewrites its row, then lays the override over it.
      await start();
      await app.query("update tools set content_hash = 'changed' where slug = 'chatgpt'");
      await stop();
      await start();
      expect(await app.query("select content_hash <> 'changed' as rewritten, (plans->1->>'price')::int as price, has_free_trial from tools where slug = 'chatgpt'")).toEqual([
        { rewritten: true, price: 23, has_free_trial: true },
      ]);
      const page = await text(await get(app, "/tools/chatgpt"));
      expect(page).toMatch(PLUS_AT("$23/month"));
      expect(page).toContain(`last confirmed ${today()}.`);
      expect(await text(await get(app, "/tools/maker-tool"))).toContain("$9/month per user, 3 users minimum");
    });

    it("writes an override into its content file with npm run prices:export, and --clear deletes it once the file says the same", async () => {
      await stop();
      const database: Record<string, string> = backend === "postgres" ? { DATABASE_URL: env.DATABASE_URL! } : { DATA_DIR: dataDir };
      const exported = await runScript(["--content-dir", contentCopy], database);
      expect(exported.output).toMatch(/chatgpt\.json: written \(override of \d{4}-\d{2}-\d{2} by .*: Plus went up\)/);
      expect(exported.code).toBe(0);
      const before = contentFile("chatgpt");
      const after = readFileSync(path.join(contentCopy, "tools", "chatgpt.json"), "utf8");
      const file = toolSchema.parse(JSON.parse(after));
      expect(file.pricing.plans[1]).toEqual({ ...chatgpt.pricing.plans[1], price: 23 });
      expect(file.hasFreeTrial).toBe(true);
      expect(file.capabilities.slice(0, 2)).toEqual(["Free plan", "Free trial"]);
      // Only the prices, the trial and its capability changed; the file keeps its layout.
      expect(linesOnlyIn(after, before)).toEqual(['        "price": 23,', '  "hasFreeTrial": true,', '    "Free trial",']);
      expect(linesOnlyIn(before, after)).toEqual(['        "price": 20,', '  "hasFreeTrial": false,']);
      expect(after.endsWith("}\n")).toBe(true);

      const cleared = await runScript(["--content-dir", contentCopy, "--clear"], database);
      expect(cleared.code).toBe(0);
      expect(cleared.output).toContain("chatgpt.json: already says it");
      expect(cleared.output).toContain("1 override(s) deleted");
      await start();
      expect(await app.query("select count(*)::int as n from tool_pricing_overrides")).toEqual([{ n: 0 }]);
    });

    it("removes an override: the tool page shows its file's prices again, audited", async () => {
      expect((await post(app, "/admin/prices/chatgpt", { intent: "save", ...chatgptEdit("26") }, { cookie: editor.cookie })).status).toBe(200);
      expect(await text(await get(app, "/tools/chatgpt"))).toMatch(PLUS_AT("$26/month"));
      const removed = await post(app, "/admin/prices/chatgpt", { intent: "remove-override" }, { cookie: editor.cookie });
      expect(removed.status).toBe(200);
      expect(await text(removed)).toContain("Override removed");
      const page = await text(await get(app, "/tools/chatgpt"));
      expect(page).toMatch(PLUS_AT("$20/month"));
      expect(page).not.toMatch(PLUS_AT("$26/month"));
      expect(
        await app.query("select has_free_trial, price_monthly_usd::float8 as price, capabilities ? 'Free trial' as trial_capability from tools where slug = 'chatgpt'"),
      ).toEqual([{ has_free_trial: false, price: 20, trial_capability: false }]);
      expect(await app.query("select count(*)::int as n from tool_pricing_overrides")).toEqual([{ n: 0 }]);
      expect(await app.query("select target_id from audit_log where action = 'pricing.revert'")).toEqual([{ target_id: "chatgpt" }]);
      expect(
        await app.query(
          "select c.kind, (c.after->>'price')::int as price from tool_changes c join tools t on t.id = c.tool_id where t.slug = 'chatgpt' and c.plan_name = 'Plus' order by c.id desc limit 1",
        ),
      ).toEqual([{ kind: "price-down", price: 20 }]);
      expect(await text(await get(app, "/admin/prices/chatgpt", editor.cookie))).toContain('data-pricing-origin="file"');
      const again = await post(app, "/admin/prices/chatgpt", { intent: "remove-override" }, { cookie: editor.cookie });
      expect(again.status).toBe(409);
    });
  });
}
