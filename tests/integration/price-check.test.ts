import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createVerifiedUser, get, post } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";
import { serverBuildPath } from "../support/paths";

/**
 * The price check (issue 27, decision 034) against a local web server that serves vendors' pricing pages: one
 * showing every listed price, one whose price changed, one drawing its prices with a script, one redirecting to
 * another domain, a parked one, and one redirecting to a private address. Tools' pricing pages point at it; the
 * fetcher is allowed to reach this server (OUTBOUND_ALLOWED_HOSTS) and nothing else local.
 */

type Plan = { name: string; price: number | null; currency?: "USD" | "EUR" | "GBP"; period?: string };
type Target = { slug: string; name: string; websiteUrl: string; pricingUrl: string; pricingModel: string; plans: Plan[] };
type Summary = { checked: number; outcomes: Record<string, number>; ms: number };
type Job = { name: string };
type Build = {
  runPriceCheck: (options: { targets?: Target[]; hostDelayMs?: number }) => Promise<Summary>;
  priceCheckJob: Job;
  enqueueJob: (job: Job, data: object, options?: { startAfter?: Date }) => Promise<string | null>;
  priceTargets: () => Promise<Target[]>;
};
type CheckRow = { subject: string; outcome: string; checked_by: string; details: Record<string, unknown> & { reasons: string[] } };

const SYMBOL = { USD: "$", EUR: "€", GBP: "£" } as const;
/** A vendor's pricing page showing each plan as we list it (or with `change` applied to one plan's price). */
function pricingPage(target: Pick<Target, "name" | "plans">, change: { plan?: string; price?: number } = {}) {
  const plans = target.plans.map((plan) => {
    const price = plan.name === change.plan ? change.price! : plan.price;
    const figure = price === null ? "Talk to our sales team" : price === 0 ? "Free forever" : `${SYMBOL[plan.currency ?? "USD"]}${price.toFixed(2)} per ${plan.period ?? "month"}`;
    return `<section><h3>${plan.name}</h3><p>${figure}</p><button>Choose</button></section>`;
  });
  return `<!doctype html><html><head><title>Pricing | ${target.name}</title><script>window.x = "$1";</script></head><body><main>${plans.join("")}</main><footer>© ${target.name}</footer></body></html>`;
}

const pages = new Map<string, () => string>();
/** The whole catalogue's pages for the timed pass, by slug. */
const fixtures = new Map<string, Target>();
const site = createServer((request: IncomingMessage, response) => {
  const path = request.url ?? "/";
  const host = request.headers.host ?? "";
  if (path === "/away") return response.writeHead(302, { Location: `http://localhost:${port()}/pricing` }).end();
  if (path === "/private") return response.writeHead(302, { Location: "http://10.0.0.1/pricing" }).end();
  if (path === "/pricing" && host.startsWith("localhost")) return response.writeHead(200, { "Content-Type": "text/html" }).end("<title>New owner</title><p>Plans from $5</p>");
  const fixture = /^\/fixture\/([a-z0-9-]+)$/.exec(path);
  if (fixture) {
    const tool = fixtures.get(fixture[1]!);
    if (tool) return response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(pricingPage(tool));
  }
  const page = pages.get(path);
  if (!page) return response.writeHead(404).end();
  response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(page());
});
await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
const port = () => (site.address() as AddressInfo).port;
const base = `http://127.0.0.1:${port()}`;
afterAll(() => {
  site.closeAllConnections();
  site.close();
});

const KINDS = ["ok", "changed", "script", "away", "parked", "private"] as const;
const today = () => new Date().toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

describeEachBackend(
  "price check",
  (app: TestApp) => {
    let build: Build;
    let tools: Record<(typeof KINDS)[number], Target>;
    const run = (targets: Target[]) => build.runPriceCheck({ targets, hostDelayMs: 0 });
    const latest = async (slug: string) =>
      (
        await app.query<CheckRow>(
          "select subject, outcome, checked_by, details from fact_checks where subject = $1 and subject_kind = 'tool-pricing' order by checked_at desc, id desc limit 1",
          [slug],
        )
      )[0]!;

    beforeAll(async () => {
      build = (await import(serverBuildPath)) as Build;
      // Editorial tools whose plans include a published price, so a page can show (or miss) it.
      const all = (await build.priceTargets()).filter((tool) => tool.plans.some((plan) => plan.price !== null && plan.price > 0));
      tools = Object.fromEntries(KINDS.map((kind, index) => [kind, { ...all[index]!, pricingUrl: `${base}/${kind}` }])) as typeof tools;
      for (const kind of KINDS) await app.query("update tools set pricing_url = $1 where slug = $2", [tools[kind].pricingUrl, tools[kind].slug]);
      pages.set("/ok", () => pricingPage(tools.ok));
      pages.set("/changed", () => pricingPage(tools.changed));
      pages.set(
        "/script",
        () =>
          `<title>${tools.script.name} pricing</title><div id="plans">Loading ${tools.script.name} plans…</div><script>document.getElementById("plans").textContent = "$20";</script>`,
      );
      pages.set("/parked", () => `<title>${tools.parked.name}</title><h1>This domain may be for sale</h1><p>Buy this domain today.</p>`);
    });

    it("confirms a page showing every listed price, and the tool page says so with today's date", async () => {
      expect(await text(await get(app, `/tools/${tools.ok.slug}`))).toContain("not yet confirmed — check before you buy");
      expect(await run([tools.ok])).toMatchObject({ checked: 1, outcomes: { confirmed: 1 } });
      const row = await latest(tools.ok.slug);
      expect(row).toMatchObject({ outcome: "confirmed", checked_by: "fetch", details: { reasons: [] } });
      expect(row.details.textHash).toMatch(/^[0-9a-f]{32}$/);
      const page = await text(await get(app, `/tools/${tools.ok.slug}`));
      expect(page).toContain(`last confirmed ${today()} by our automatic check of that page`);
      // Its receipt (issue 44): the automatic check, and each plan's figure as found on the page.
      const [check] = await app.query<{ id: number }>("select id::int from fact_checks where subject = $1 order by id desc limit 1", [tools.ok.slug]);
      expect(page).toContain(`<a href="/receipts/${check!.id}"`);
      const receipt = await text(await get(app, `/receipts/${check!.id}`));
      expect(receipt).toContain("Our automatic check, which read the page itself");
      const findings = row.details.findings as { plan: string; listed: string }[];
      expect(findings.length).toBeGreaterThan(0);
      for (const finding of findings) expect(receipt).toContain(`${finding.plan}: ${finding.listed} — found on the page`);
    });

    it("opens a task with the word diff when a price changed since the last confirmation", async () => {
      expect(await run([tools.changed])).toMatchObject({ outcomes: { confirmed: 1 } });
      const plan = tools.changed.plans.find((item) => item.price !== null && item.price > 0)!;
      pages.set("/changed", () => pricingPage(tools.changed, { plan: plan.name, price: plan.price! + 7 }));
      expect(await run([tools.changed])).toMatchObject({ outcomes: { changed: 1 } });
      const row = await latest(tools.changed.slug);
      expect(row.outcome).toBe("changed");
      expect(row.details.reasons).toEqual(["missing", "text-changed"]);
      expect(row.details.missing).toEqual([expect.objectContaining({ plan: plan.name })]);
      const diff = row.details.diff as { kind: string; text: string }[];
      expect(
        diff
          .filter((part) => part.kind === "added")
          .map((part) => part.text)
          .join(" "),
      ).toContain(String(plan.price! + 7));
      // The earlier confirmation still stands for the day it was made; the tool page is not told otherwise.
      expect(await text(await get(app, `/tools/${tools.changed.slug}`))).toContain("by our automatic check");
    });

    it("sends a page without figures to a person, flags another domain and a parked page, and never confirms a refused fetch", async () => {
      const summary = await run([tools.script, tools.away, tools.parked, tools.private]);
      expect(summary).toMatchObject({ checked: 4 });
      expect(await latest(tools.script.slug)).toMatchObject({ outcome: "needs-person", details: { reasons: ["no-figures"] } });
      expect(await latest(tools.away.slug)).toMatchObject({
        outcome: "moved",
        details: { moved: expect.arrayContaining(["other-domain"]), finalUrl: `http://localhost:${port()}/pricing` },
      });
      expect(await latest(tools.parked.slug)).toMatchObject({ outcome: "moved", details: { moved: ["parked"] } });
      expect(await latest(tools.private.slug)).toMatchObject({ outcome: "needs-person", details: { reasons: ["fetch-failed"], error: "blocked-address" } });
      const confirmed = await app.query("select 1 from fact_checks where outcome = 'confirmed' and subject = any($1)", [
        [tools.script.slug, tools.away.slug, tools.parked.slug, tools.private.slug],
      ]);
      expect(confirmed).toEqual([]);
    });

    it("lists the open tasks in /admin/prices for editors, and an editor's confirmation closes one", async () => {
      const editor = await createVerifiedUser(app, { name: "Pia Prices" });
      await app.query("update users set role = 'editor' where email = $1", [editor.email]);
      const html = await text(await get(app, "/admin/prices", editor.cookie));
      for (const [kind, outcome] of [
        ["changed", "changed"],
        ["script", "needs-person"],
        ["away", "moved"],
        ["parked", "moved"],
        ["private", "needs-person"],
      ] as const) {
        expect(html, kind).toContain(`data-price-task="${tools[kind].slug}" data-price-task-outcome="${outcome}"`);
      }
      expect(html).not.toContain(`data-price-task="${tools.ok.slug}"`);
      expect(html).toContain("Domain may have changed hands");
      expect(html).toMatch(/<del[^>]*><span class="sr-only">removed: <\/span>/);
      expect(html).toContain(`href="/admin/prices/${tools.changed.slug}"`);
      // 'Domain may have changed hands' comes first.
      expect(html.indexOf(`data-price-task-outcome="moved"`)).toBeLessThan(html.indexOf(`data-price-task-outcome="changed"`));

      const [{ website_url: website }] = (await app.query<{ website_url: string }>("select website_url from tools where slug = $1", [tools.changed.slug])) as [
        { website_url: string },
      ];
      const confirm = await post(
        app,
        "/admin/prices",
        { intent: "confirm-pricing", slug: tools.changed.slug, sourceUrl: website, seen: "Every plan as our page lists it, read on the site" },
        { cookie: editor.cookie },
      );
      expect(confirm.status).toBeLessThan(400);
      expect(await text(await get(app, "/admin/prices", editor.cookie))).not.toContain(`data-price-task="${tools.changed.slug}"`);
      // The page the editor confirmed is the next check's baseline: the same page confirms now.
      expect(await run([tools.changed])).toMatchObject({ outcomes: { changed: 1 } });
      expect((await latest(tools.changed.slug)).details.reasons).toEqual(["missing"]);

      const reader = await createVerifiedUser(app, { name: "Rex Reader" });
      // The admin area does not exist for a reader, and neither does its button.
      expect((await get(app, "/admin/prices", reader.cookie)).status).toBe(404);
      expect((await post(app, "/admin/prices", { intent: "run-price-check" }, { cookie: reader.cookie })).status).toBeGreaterThanOrEqual(400);
      // A check already waits on the queue (a real pass here would visit every vendor's site): the button says a
      // check is running, starts nothing, and is audited all the same.
      expect(await build.enqueueJob(build.priceCheckJob, { all: true }, { startAfter: new Date(Date.now() + 60 * 60_000) })).toEqual(expect.any(String));
      const busy = await post(app, "/admin/prices", { intent: "run-price-check" }, { cookie: editor.cookie, ip: "198.51.100.7" });
      expect(busy.status).toBeLessThan(400);
      expect(await busy.text()).toContain("A price check is running");
      await app.query("delete from pgboss.job where name = 'price-check'");
      const [audit] = await app.query<{ action: string }>("select action from audit_log where action = 'pricing.check-pass'");
      expect(audit?.action).toBe("pricing.check-pass");
    });

    it("checks every tool's page in one pass against local fixtures, and reports how long it took", async () => {
      await app.query("delete from fact_checks where subject_kind = 'tool-pricing'");
      const all = (await build.priceTargets()).map((tool) => ({ ...tool, pricingUrl: `${base}/fixture/${tool.slug}` }));
      for (const tool of all) fixtures.set(tool.slug, tool);
      expect(all.length).toBeGreaterThanOrEqual(200);
      const started = performance.now();
      const summary = await run(all);
      const ms = Math.round(performance.now() - started);
      console.info(`price check: ${all.length} tools in ${ms} ms (${Math.round(ms / all.length)} ms a tool), per-host delay 0`, summary.outcomes);
      expect(summary).toMatchObject({ checked: all.length, outcomes: { confirmed: all.length } });
    }, 120_000);
  },
  { env: () => ({ OUTBOUND_ALLOWED_HOSTS: `127.0.0.1:${port()},localhost:${port()}`, LINK_CHECK_HOST_DELAY_MS: "0" }) },
);
