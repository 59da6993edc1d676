import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createVerifiedUser, get, post } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";
import { serverBuildPath } from "../support/paths";

/**
 * Confirming data facts (issue 44): the automatic check reads each fact's own page through the outbound fetcher (a
 * local server here, the only local host it may reach) and confirms a fact only when a sentence there states it; an
 * editor confirms with the page and a note of what it says, never bare. Each "confirmed" opens to its receipt, and
 * a fact whose value changes is "not yet confirmed" again.
 */

type Fact = { fact: string; tier: string; value: string; source?: string; detail?: string; enteredAt: string };
type Target = { slug: string; facts: Fact[] };
type Summary = { checked: number; outcomes: Record<string, number> };
type PlatformsTarget = { slug: string; platforms: string[]; url: string };
type Build = {
  runFactCheck: (options: { targets?: Target[]; hostDelayMs?: number; dueBefore?: Date }) => Promise<Summary>;
  factTargets: () => Promise<Target[]>;
  runPlatformsCheck: (options: { targets?: PlatformsTarget[]; hostDelayMs?: number; dueBefore?: Date }) => Promise<Summary>;
  platformsTargets: () => Promise<PlatformsTarget[]>;
};

const PAGES: Record<string, string> = {
  "/trust": "<title>Trust</title><main><h1>Security</h1><p>We hold a SOC 2 Type II report, available on request.</p></main>",
  "/apps":
    "<title>Apps</title><main><h1>Get the app</h1><p>Use it in your browser, or download it for Windows and macOS.</p><p>On the go: iOS and Android.</p><p>Developers: the API.</p></main>",
  "/desktop": "<title>Desktop</title><main><p>Download for Windows.</p></main>",
  "/privacy": "<title>Privacy</title><main><p>We do not train our models on your business data.</p><p>API inputs are retained for up to 30 days for abuse monitoring.</p></main>",
};
const requests: string[] = [];
const site = createServer((request, response) => {
  const path = request.url ?? "/";
  requests.push(path);
  const page = PAGES[path];
  if (!page) return response.writeHead(404).end("not here");
  response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(page);
});
await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
const port = () => (site.address() as AddressInfo).port;
const base = `http://127.0.0.1:${port()}`;
afterAll(() => {
  site.closeAllConnections();
  site.close();
});

const today = () => new Date().toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');
const block = (page: string) => page.slice(page.indexOf('id="data-security"'), page.indexOf("</section>", page.indexOf('id="data-security"')));
/** The block's line for one fact: from its label to the next card's heading. */
const card = (page: string, label: string) => {
  const shown = block(page);
  const start = shown.indexOf(label);
  const end = shown.indexOf("<h3", start + 1);
  return shown.slice(start, end === -1 ? undefined : end);
};
const SEEN = "The trust page says: we hold a SOC 2 Type II report covering the product.";

describeEachBackend(
  "data facts confirmed",
  (app: TestApp) => {
    let build: Build;
    let reader: { cookie: string };
    let editor: { cookie: string; email: string };
    const facts = (): Fact[] => [
      { fact: "soc2-type2", tier: "all", value: "yes", source: `${base}/trust`, enteredAt: "2026-12-01" },
      { fact: "trains-on-content", tier: "business", value: "no", source: `${base}/privacy`, enteredAt: "2026-12-01" },
      { fact: "input-retention", tier: "api", value: "Up to 30 days", source: `${base}/privacy`, enteredAt: "2026-12-01" },
      { fact: "iso-27001", tier: "all", value: "yes", source: `${base}/privacy`, enteredAt: "2026-12-01" },
      { fact: "dpa", tier: "all", value: "no", source: `${base}/trust`, enteredAt: "2026-12-01" },
      { fact: "model-maker", tier: "all", value: "OpenAI (own models)", source: `${base}/gone`, enteredAt: "2026-12-01" },
      { fact: "data-residency", tier: "all", value: "unknown", enteredAt: "2026-12-01" },
    ];

    beforeAll(async () => {
      build = (await import(serverBuildPath)) as Build;
      [reader, editor] = await Promise.all([createVerifiedUser(app, { name: "Ray Reader" }), createVerifiedUser(app, { name: "Edie Editor" })]);
      await app.query("update users set role = 'editor' where email = $1", [editor.email]);
      // Perplexity's facts, pointed at the local pages (as a content sync would write them).
      await app.query("update tool_data_facts set facts = $1::jsonb where tool_slug = 'perplexity-ai'", [JSON.stringify(facts())]);
    });

    it("confirms a fact only where its own page states it, reading each page once", async () => {
      const target = (await build.factTargets()).find((candidate) => candidate.slug === "perplexity-ai")!;
      // Only what a sentence can state, with a page: not the "no" DPA, not the unknown region.
      expect(target.facts.map((fact) => fact.fact).sort()).toEqual(["input-retention", "iso-27001", "model-maker", "soc2-type2", "trains-on-content"]);
      requests.length = 0;
      expect(await build.runFactCheck({ targets: [target], hostDelayMs: 0 })).toMatchObject({ checked: 5, outcomes: { confirmed: 3, "not-found": 1, "needs-person": 1 } });
      expect(requests.sort()).toEqual(["/gone", "/privacy", "/trust"]);
      const rows = await app.query<{ subject: string; outcome: string; checked_by: string; details: { found?: string[]; error?: string } }>(
        "select subject, outcome, checked_by, details from fact_checks where subject_kind = 'tool-fact' order by subject",
      );
      expect(rows.map(({ subject, outcome, checked_by }) => [subject, outcome, checked_by])).toEqual([
        ["perplexity-ai/input-retention/api", "confirmed", "fetch"],
        ["perplexity-ai/iso-27001/all", "not-found", "fetch"],
        ["perplexity-ai/model-maker/all", "needs-person", "fetch"],
        ["perplexity-ai/soc2-type2/all", "confirmed", "fetch"],
        ["perplexity-ai/trains-on-content/business", "confirmed", "fetch"],
      ]);
      expect(rows[3]!.details.found).toEqual(["We hold a SOC 2 Type II report, available on request."]);
      expect(rows[2]!.details.error).toBe("http-404");

      const page = await text(await get(app, "/tools/perplexity-ai"));
      const soc2 = card(page, "SOC 2 Type II report");
      expect(soc2).toContain(`Confirmed ${today()} by our automatic check, which read this page`);
      const [check] = await app.query<{ id: number }>("select id::int from fact_checks where subject = 'perplexity-ai/soc2-type2/all' and outcome = 'confirmed'");
      expect(soc2).toContain(`href="/receipts/${check!.id}"`);
      // Read but not stated there, unreadable, or an absence: still "not yet confirmed".
      expect(card(page, "ISO/IEC 27001 certification")).toContain("Entered December 1, 2026; not yet confirmed");
      expect(card(page, "Who makes the model")).toContain("not yet confirmed");
      expect(card(page, "Data processing agreement")).toContain("not yet confirmed");

      const receipt = await text(await get(app, `/receipts/${check!.id}`));
      expect(receipt).toContain("Perplexity: SOC 2 Type II report, All plans: Yes");
      expect(receipt).toContain("Our automatic check, which read the page itself");
      expect(receipt).toContain(`${base}/trust`);
      expect(receipt).toContain("The page stated it in these words:");
      expect(receipt).toContain("We hold a SOC 2 Type II report, available on request.");
      expect(receipt).toContain('href="/tools/perplexity-ai#data-security"');

      // A pass soon after checks nothing again.
      requests.length = 0;
      expect(await build.runFactCheck({ targets: [target], hostDelayMs: 0, dueBefore: new Date(Date.now() - 60_000) })).toMatchObject({ checked: 0 });
      expect(requests).toEqual([]);
    });

    it("lets an editor confirm only with the vendor's page and a note of what it says; unknown has nothing to confirm", async () => {
      const form = { intent: "confirm-fact", fact: "dpa/all", sourceUrl: "https://www.perplexity.ai/hub/legal/privacy-policy", seen: SEEN };
      expect((await get(app, "/admin/facts/perplexity-ai", reader.cookie)).status).toBe(404);
      expect((await post(app, "/admin/facts/perplexity-ai", form, { cookie: reader.cookie })).status).toBe(404);

      const bare = await post(app, "/admin/facts/perplexity-ai", { ...form, seen: "ok" }, { cookie: editor.cookie });
      expect(bare.status).toBe(400);
      expect(await text(bare)).toContain("Say what you saw on that page that matches");
      const none = await post(app, "/admin/facts/perplexity-ai", { intent: "confirm-fact", fact: "dpa/all", sourceUrl: form.sourceUrl }, { cookie: editor.cookie });
      expect(none.status).toBe(400);
      const elsewhere = await post(app, "/admin/facts/perplexity-ai", { ...form, sourceUrl: "https://facts.example.net/perplexity-ai" }, { cookie: editor.cookie });
      expect(elsewhere.status).toBe(400);
      expect(await text(elsewhere)).toContain("The page you checked must be on the vendor's own site");
      const unknown = await post(app, "/admin/facts/perplexity-ai", { ...form, fact: "data-residency/all" }, { cookie: editor.cookie });
      expect(await text(unknown)).toContain("there is no value to confirm");
      const madeUp = await post(app, "/admin/facts/perplexity-ai", { ...form, fact: "soc2-type2/galaxy" }, { cookie: editor.cookie });
      expect(madeUp.status).toBe(400);
      expect(await app.query("select count(*)::int as n from fact_checks where checked_by = 'editor'")).toEqual([{ n: 0 }]);

      const editorPage = await text(await get(app, "/admin/facts/perplexity-ai", editor.cookie));
      expect(editorPage).toContain('data-fact="dpa/all" data-fact-state="unconfirmed"');
      expect(editorPage).toContain('data-last-check="not-found"');

      expect((await post(app, "/admin/facts/perplexity-ai", form, { cookie: editor.cookie })).status).toBe(200);
      const [row] = await app.query<{ id: number; details: { seen: string } }>("select id::int, details from fact_checks where checked_by = 'editor'");
      expect(row!.details.seen).toBe(SEEN);
      const [audit] = await app.query<{ action: string; after: { seen: string } }>("select action, after from audit_log where action = 'fact.confirm'");
      expect(audit).toMatchObject({ action: "fact.confirm", after: { seen: SEEN } });
      const page = await text(await get(app, "/tools/perplexity-ai"));
      expect(card(page, "Data processing agreement")).toContain(`Confirmed ${today()} by an editor`);
      const receipt = await text(await get(app, `/receipts/${row!.id}`));
      expect(receipt).toContain("An editor, Edie Editor");
      expect(receipt).toContain(SEEN);
      expect(await text(await get(app, "/admin/facts", editor.cookie))).toMatch(/Perplexity<\/a><\/th><td[^>]*>4 of 6<\/td>/);
    });

    it("says where a tool's platforms are listed, and confirms the list only where that page names every one", async () => {
      // Cursor's file names its downloads page, which nothing has read: the list says where it comes from, unconfirmed.
      const cursor = await text(await get(app, "/tools/cursor"));
      const section = (page: string) => page.slice(page.indexOf('id="platforms"'), page.indexOf("</section>", page.indexOf('id="platforms"')));
      expect(section(cursor)).toContain('href="https://cursor.com/downloads"');
      expect(section(cursor)).toContain("As listed on cursor.com</a>, entered December 4, 2026; not yet confirmed.");
      // Perplexity's page names them all; Claude's page names only Windows.
      await app.query("update tools set platforms_source = $1::jsonb where slug = 'perplexity-ai'", [JSON.stringify({ url: `${base}/apps`, enteredAt: "2026-12-01" })]);
      await app.query("update tools set platforms_source = $1::jsonb where slug = 'claude-ai'", [JSON.stringify({ url: `${base}/desktop`, enteredAt: "2026-12-01" })]);
      const targets = (await build.platformsTargets()).filter((target) => ["perplexity-ai", "claude-ai"].includes(target.slug));
      expect(await build.runPlatformsCheck({ targets, hostDelayMs: 0 })).toMatchObject({ checked: 2, outcomes: { confirmed: 1, "not-found": 1 } });
      const page = await text(await get(app, "/tools/perplexity-ai"));
      expect(section(page)).toContain(`confirmed ${today()} by our automatic check, which read that page.`);
      const [check] = await app.query<{ id: number }>("select id::int from fact_checks where subject_kind = 'tool-platforms' and subject = 'perplexity-ai'");
      expect(section(page)).toContain(`href="/receipts/${check!.id}"`);
      const receipt = await text(await get(app, `/receipts/${check!.id}`));
      expect(receipt).toContain("Perplexity's platforms");
      expect(receipt).toContain("Use it in your browser, or download it for Windows and macOS.");
      expect(receipt).toContain('href="/tools/perplexity-ai#platforms"');
      expect(section(await text(await get(app, "/tools/claude-ai")))).toContain("not yet confirmed");

      // An editor confirms Cursor's on the page they read, with a note; without one it is refused.
      const form = { intent: "confirm-platforms", sourceUrl: "https://cursor.com/downloads", seen: "Downloads for Windows, macOS and Linux are listed." };
      expect((await post(app, "/admin/facts/cursor", { ...form, seen: "" }, { cookie: editor.cookie })).status).toBe(400);
      expect((await post(app, "/admin/facts/cursor", form, { cookie: reader.cookie })).status).toBe(404);
      expect((await post(app, "/admin/facts/cursor", form, { cookie: editor.cookie })).status).toBe(200);
      expect(section(await text(await get(app, "/tools/cursor")))).toContain(`confirmed ${today()} by an editor.`);
      expect(await text(await get(app, "/admin/facts/cursor", editor.cookie))).toContain('data-platforms-state="confirmed"');
    });

    it("does not let a confirmation cover a value that changed after it", async () => {
      const changed = facts().map((fact) => (fact.fact === "soc2-type2" ? { ...fact, value: "no" } : fact));
      await app.query("update tool_data_facts set facts = $1::jsonb where tool_slug = 'perplexity-ai'", [JSON.stringify(changed)]);
      // A later confirmation of another fact drops the tool's cached pages (as the content sync does when it writes facts).
      const form = { intent: "confirm-fact", fact: "iso-27001/all", sourceUrl: "https://www.perplexity.ai/trust", seen: "The trust page lists ISO/IEC 27001 certification." };
      expect((await post(app, "/admin/facts/perplexity-ai", form, { cookie: editor.cookie })).status).toBe(200);
      const page = await text(await get(app, "/tools/perplexity-ai"));
      expect(card(page, "SOC 2 Type II report")).toContain("not yet confirmed");
      expect(card(page, "SOC 2 Type II report")).not.toContain("/receipts/");
      expect(card(page, "ISO/IEC 27001 certification")).toContain(`Confirmed ${today()} by an editor`);
      const [check] = await app.query<{ id: number }>("select id::int from fact_checks where subject = 'perplexity-ai/soc2-type2/all' and outcome = 'confirmed'");
      expect(await text(await get(app, `/receipts/${check!.id}`))).toContain("Changed since: the page shows other facts now");
    });
  },
  { env: () => ({ OUTBOUND_ALLOWED_HOSTS: `127.0.0.1:${port()}`, LINK_CHECK_HOST_DELAY_MS: "0" }) },
);
