import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, expect, it } from "vitest";
import { createVerifiedUser, get, post } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";
import { ONE_BACKEND } from "../support/sample";

/**
 * Provenance (issue 26, decision 028): pages say 'confirmed' only from a recorded check (who, when, the page
 * checked), for the facts as they were confirmed; everything else says where the facts came from and when they were
 * added. Editors confirm in /admin/prices, each confirmation audited.
 */

type User = Awaited<ReturnType<typeof createVerifiedUser>>;
/** What the editor saw on the page: required with every confirmation (issue 44). */
const SEEN = "Plus $20/month, Pro $200/month, Business $25 per user a month billed yearly";
const content = (file: string) => JSON.parse(readFileSync(path.join(process.cwd(), "content", file), "utf8"));
const longDate = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const today = () => longDate(new Date().toISOString().slice(0, 10));
const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");

describeEachBackend(
  "provenance of prices and deals",
  (app: TestApp) => {
    let reader: User;
    let editor: User;
    const chatgpt = content("tools/chatgpt.json");
    const deal = content("deals.json")[0];

    beforeAll(async () => {
      [reader, editor] = await Promise.all([createVerifiedUser(app, { name: "Ray Reader" }), createVerifiedUser(app, { name: "Edie Editor" })]);
      await app.query("update users set role = 'editor' where email = $1", [editor.email]);
    });

    it("says where a tool's prices came from and that nobody has confirmed them, until someone has", async () => {
      const page = await text(await get(app, "/tools/chatgpt"));
      expect(page).toContain(`Prices from ChatGPT's published pricing, added ${longDate(chatgpt.addedAt)}; not yet confirmed — check before you buy.`);
      expect(page).not.toContain("last confirmed");
      expect(page).not.toMatch(/[Pp]rices as last checked|Entry last reviewed/);
    });

    it("lets only editors confirm, and only against the vendor's own site", async () => {
      expect((await get(app, "/admin/prices", reader.cookie)).status).toBe(404);
      expect((await post(app, "/admin/prices", { intent: "confirm-pricing", slug: "chatgpt", sourceUrl: chatgpt.pricingUrl }, { cookie: reader.cookie })).status).toBe(404);
      expect((await post(app, "/admin/prices", { intent: "confirm-pricing", slug: "chatgpt", sourceUrl: chatgpt.pricingUrl })).status).not.toBe(200);

      const elsewhere = await post(
        app,
        "/admin/prices",
        { intent: "confirm-pricing", slug: "chatgpt", sourceUrl: "https://prices.example.net/chatgpt", seen: SEEN },
        { cookie: editor.cookie },
      );
      expect(elsewhere.status).toBe(400);
      expect(await text(elsewhere)).toContain("The page you checked must be on the vendor's own site");
      const plain = await post(
        app,
        "/admin/prices",
        { intent: "confirm-pricing", slug: "chatgpt", sourceUrl: "http://chatgpt.com/pricing", seen: SEEN },
        { cookie: editor.cookie },
      );
      expect(plain.status).toBe(400);
      // A bare confirm (the page, and nothing of what was seen on it) is refused, keeping what was typed (issue 44).
      const bare = await post(app, "/admin/prices", { intent: "confirm-pricing", slug: "chatgpt", sourceUrl: chatgpt.pricingUrl, seen: "ok" }, { cookie: editor.cookie });
      expect(bare.status).toBe(400);
      const none = await post(app, "/admin/prices", { intent: "confirm-pricing", slug: "chatgpt", sourceUrl: chatgpt.pricingUrl }, { cookie: editor.cookie });
      expect(none.status).toBe(400);
      expect(await text(none)).toContain("Say what you saw on that page that matches");
      const bareText = await text(bare);
      expect(bareText).toContain("Say what you saw on that page that matches (the figures or terms), in at least 10 characters");
      expect(bareText).toContain(chatgpt.pricingUrl);
      expect(await app.query("select count(*)::int as n from fact_checks")).toEqual([{ n: 0 }]);

      const listing = await text(await get(app, "/admin/prices", editor.cookie));
      expect(listing).toContain('data-pricing="chatgpt" data-pricing-state="unconfirmed"');
      expect(listing).toContain(chatgpt.pricingUrl);
    });

    it("records an editor's confirmation with who, when and the page, audits it, and the tool page says so at once", async () => {
      const confirmed = await post(app, "/admin/prices", { intent: "confirm-pricing", slug: "chatgpt", sourceUrl: chatgpt.pricingUrl, seen: SEEN }, { cookie: editor.cookie });
      expect(confirmed.status).toBe(200);
      expect(await text(confirmed)).toContain("Prices confirmed");
      const [editorRow] = await app.query<{ id: string }>("select id from users where email = $1", [editor.email]);
      expect(await app.query("select subject_kind, subject, checked_by, editor_id, source_url, outcome from fact_checks")).toEqual([
        { subject_kind: "tool-pricing", subject: "chatgpt", checked_by: "editor", editor_id: editorRow!.id, source_url: chatgpt.pricingUrl, outcome: "confirmed" },
      ]);
      const [audit] = await app.query<{ actor_email: string; target_id: string; after: { sourceUrl: string } }>(
        "select actor_email, target_id, after from audit_log where action = 'pricing.confirm'",
      );
      expect(audit).toMatchObject({ actor_email: editor.email, target_id: "chatgpt", after: { sourceUrl: chatgpt.pricingUrl } });

      const page = await text(await get(app, "/tools/chatgpt"));
      expect(page).toContain(`Prices as listed on ChatGPT's pricing page; last confirmed ${today()}.`);
      // (The data and security facts below the prices are not confirmed yet: the prices' sentence is what changed.)
      expect(page).not.toContain("not yet confirmed — check before you buy");
      // The confirmation opens to its receipt: the page read, when, who, what they saw (issue 44).
      const [check] = await app.query<{ id: number }>("select id::int from fact_checks where subject = 'chatgpt'");
      expect(page).toContain(`<a href="/receipts/${check!.id}"`);
      const receipt = await text(await get(app, `/receipts/${check!.id}`));
      expect(receipt).toContain("Receipt: ChatGPT's prices");
      expect(receipt).toContain(`An editor, Edie Editor`);
      expect(receipt).toContain(`href="${chatgpt.pricingUrl}"`);
      expect(receipt).toContain(SEEN);
      expect(receipt).toContain('name="robots" content="noindex, follow"');
      // Its trail leads to what was confirmed, not to a list of receipts there is none of.
      expect(receipt).not.toContain('href="/receipts"');
      expect(receipt).toContain('href="/tools/chatgpt"');
      expect((await get(app, "/receipts/999999")).status).toBe(404);
      expect((await get(app, "/receipts/abc")).status).toBe(404);
      const [{ n } = { n: 0 }] = await app.query<{ n: number }>("select count(*)::int as n from tools");
      const unconfirmed = await text(await get(app, "/admin/prices", editor.cookie));
      expect(unconfirmed).toContain(`Not confirmed (${n - 1})`);
      expect(unconfirmed).not.toContain('data-pricing="chatgpt"');
    });

    it("does not let a confirmation cover plans that changed after it", async () => {
      const [tool] = await app.query<{ slug: string; name: string; added_at: string }>(
        "select slug, name, added_at::text from tools where pricing_model = 'paid' and slug <> 'chatgpt' order by slug limit 1",
      );
      const file = content(`tools/${tool!.slug}.json`);
      expect(
        (
          await post(
            app,
            "/admin/prices",
            { intent: "confirm-pricing", slug: tool!.slug, sourceUrl: file.pricingUrl, seen: "Every plan and price as the tool page lists them" },
            { cookie: editor.cookie },
          )
        ).status,
      ).toBe(200);
      // The catalogue's plans change after the confirmation (as a content sync would write them).
      await app.query("update tools set plans = jsonb_set(plans, '{0,limits}', '\"Changed after the confirmation\"') where slug = $1", [tool!.slug]);
      const page = await text(await get(app, `/tools/${tool!.slug}`));
      expect(page).toContain(`added ${longDate(tool!.added_at)}; not yet confirmed — check before you buy.`);
      expect(page).not.toContain('href="/receipts/');
      // Its receipt stays, and says the facts changed since.
      const [check] = await app.query<{ id: number }>("select id::int from fact_checks where subject = $1", [tool!.slug]);
      expect(await text(await get(app, `/receipts/${check!.id}`))).toContain("Changed since: the page shows other facts now");
      expect(page).not.toContain("last confirmed");
      expect(await text(await get(app, "/admin/prices?show=all", editor.cookie))).toContain(`data-pricing="${tool!.slug}" data-pricing-state="stale"`);
    });

    it("says the same of deals: added and not confirmed, then confirmed by an editor", async () => {
      const before = await text(await get(app, "/deals"));
      expect(before).toContain(`added ${longDate(deal.addedAt)}; not yet confirmed — check before you buy.`);
      expect(before).not.toMatch(/Checked [A-Z][a-z]+ \d+, \d{4} on/);
      expect(await text(await get(app, "/"))).not.toContain("checked against their own pricing page");

      const confirmed = await post(
        app,
        "/admin/prices",
        { intent: "confirm-deal", id: deal.id, sourceUrl: deal.source, seen: `${deal.discount} as the offer page states it` },
        { cookie: editor.cookie },
      );
      expect(confirmed.status).toBe(200);
      expect(await app.query("select subject, checked_by, source_url from fact_checks where subject_kind = 'deal'")).toEqual([
        { subject: deal.id, checked_by: "editor", source_url: deal.source },
      ]);
      expect(await app.query("select count(*)::int as n from audit_log where action = 'deal.confirm'")).toEqual([{ n: 1 }]);
      const after = await text(await get(app, "/deals"));
      const card = after.slice(after.indexOf(`id="deal-${deal.id}"`), after.indexOf("</article>", after.indexOf(`id="deal-${deal.id}"`)));
      expect(card).toContain(`page; last confirmed ${today()}.`);
      expect(card).not.toContain("not yet confirmed");
      const [check] = await app.query<{ id: number }>("select id::int from fact_checks where subject_kind = 'deal'");
      expect(card).toContain(`<a href="/receipts/${check!.id}"`);
      expect(await text(await get(app, `/receipts/${check!.id}`))).toContain(`Receipt: ${deal.title}`);
    });

    it("counts the tools whose prices nobody confirmed on the dashboard", async () => {
      const [{ n } = { n: 0 }] = await app.query<{ n: number }>("select count(*)::int as n from tools");
      const dashboard = await text(await get(app, "/admin", editor.cookie));
      expect(dashboard).toContain("Unconfirmed prices");
      // ChatGPT is confirmed; the other tool's confirmation no longer covers its changed plans.
      expect(dashboard).toMatch(new RegExp(`Unconfirmed prices</p><p[^>]*>${(n - 1).toLocaleString("en-US")}</p>`));
    });
  },
  ONE_BACKEND,
);
