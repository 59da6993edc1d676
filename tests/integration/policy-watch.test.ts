import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createVerifiedUser, get, post } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";
import { serverBuildPath } from "../support/paths";

/**
 * Policy pages watched like prices (issue 44, decision 081), against a local web server serving a vendor's privacy
 * policy: the first read is the baseline and publishes nothing; a changed text records one 'policy-changed' entry
 * with the word diff, opens an editor's task in /admin/policies, appears on /changes and its feed saying only that the
 * page changed, and reaches a watcher once; the editor's words then replace that, once. A page that cannot be read
 * (a 404, a private address refused by the fetcher) is listed for a person and never recorded as a change.
 */

type Target = { toolId: number; slug: string; name: string; websiteUrl: string; page: "privacy" | "terms"; url: string };
type Summary = { checked: number; outcomes: Record<string, number>; ms: number };
type Job = { name: string; run: (data: { all?: boolean }, context: { signal: AbortSignal; createdOn: Date; retryCount: number }) => Promise<void> };
type Build = {
  runPolicyCheck: (options: { targets?: Target[]; hostDelayMs?: number; dueBefore?: Date }) => Promise<Summary>;
  policyTargets: () => Promise<Target[]>;
  runAlertJob: () => Promise<{ handedOut: number; alerts: number }>;
  priceCheckJob: Job;
};
type CheckRow = { id: number; subject: string; outcome: string; source_url: string; facts_hash: string; details: Record<string, unknown> };
type ChangeRow = { id: number; kind: string; source: string; before: unknown; after: { page: string; url: string; check: number }; editor_note: string | null };

const policy = (clause: string) =>
  `<!doctype html><html><head><title>Privacy policy</title><script>var tracking = "${Math.random()}";</script></head><body><main><h1>Privacy policy</h1>
  <p>This policy says what we collect when you use the service, why, and for how long we keep it.</p>
  <h2>What we keep</h2><p>${clause}</p>
  <h2>Your choices</h2><p>You can ask us for a copy of your data, or for its deletion, at any time by writing to our privacy team.</p>
  </main><footer>Last updated by the vendor</footer></body></html>`;

/** The vendor's privacy page as served now; each backend's suite starts from the first version. */
let privacy = "";
const site = createServer((request, response) => {
  if (request.url === "/privacy") return void response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(privacy);
  if (request.url === "/private") return void response.writeHead(302, { Location: "http://10.0.0.1/privacy" }).end();
  response.writeHead(404, { "Content-Type": "text/html" }).end("<p>Not found</p>");
});
await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
afterAll(() => {
  site.closeAllConnections();
  site.close();
});

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
const UNDESCRIBED = "Privacy policy changed; our editors have not yet described what changed";
const NOTE = "Chats are now kept for 90 days instead of 30.";

describeEachBackend(
  "policy pages watched like prices",
  (app: TestApp) => {
    let build: Build;
    let tool: { id: number; slug: string; name: string };
    let other: { id: number; slug: string; name: string };
    let targets: Target[];
    let watcher: Awaited<ReturnType<typeof createVerifiedUser>>;
    const run = () => build.runPolicyCheck({ targets, hostDelayMs: 0 });
    const checks = (subject: string) =>
      app.query<CheckRow>("select id::int, subject, outcome, source_url, facts_hash, details from fact_checks where subject_kind = 'policy-page' and subject = $1 order by id", [
        subject,
      ]);
    const policyChanges = () => app.query<ChangeRow>("select id::int, kind, source, before, after, editor_note from tool_changes where kind = 'policy-changed' order by id");
    const alertMail = (email: string) =>
      app.query<{ subject: string; text: string }>(
        `select subject, text from email_outbox where "to" = $1 and headers->>'List-Unsubscribe' like '%/unsubscribe/alerts%' order by id`,
        [email],
      );
    const feedItems = async () =>
      (
        new XMLParser({ isArray: (name) => name === "item" }).parse(await (await app.request("/feed/changes.xml")).text()) as {
          rss: { channel: { item?: { title: string; description: string }[] } };
        }
      ).rss.channel.item ?? [];

    beforeAll(async () => {
      build = (await import(serverBuildPath)) as Build;
      privacy = policy("We keep your chats for 30 days.");
      [tool, other] = (await app.query<{ id: number; slug: string; name: string }>(
        "select t.id, t.slug, t.name from tool_data_facts f join tools t on t.slug = f.tool_slug order by t.slug limit 2",
      )) as [typeof tool, typeof tool];
      await app.query("update tool_data_facts set policy_pages = $1 where tool_slug = $2", [JSON.stringify({ privacy: `${base}/privacy`, terms: `${base}/terms` }), tool.slug]);
      await app.query("update tool_data_facts set policy_pages = $1 where tool_slug = $2", [JSON.stringify({ privacy: `${base}/private` }), other.slug]);
      targets = (await build.policyTargets()).filter((target) => target.slug === tool.slug || target.slug === other.slug);
      // Whatever the template's sync recorded is old news to every watcher here.
      await build.runAlertJob();
      watcher = await createVerifiedUser(app, { name: "Wanda Watcher" });
      expect((await post(app, `/tools/${tool.slug}`, { intent: "watch", watch: "true", redirectTo: `/tools/${tool.slug}` }, { cookie: watcher.cookie })).status).toBe(302);
    });

    it("reads every policy page the data facts name", async () => {
      const all = await build.policyTargets();
      expect(all.length).toBeGreaterThanOrEqual(31);
      expect(targets.map(({ slug, page, url }) => ({ slug, page, url }))).toEqual([
        ...[
          { slug: tool.slug, page: "privacy", url: `${base}/privacy` },
          { slug: tool.slug, page: "terms", url: `${base}/terms` },
          { slug: other.slug, page: "privacy", url: `${base}/private` },
        ].sort((a, b) => a.slug.localeCompare(b.slug)),
      ]);
    });

    it("keeps the first read as the baseline and publishes nothing; a page it cannot read goes to a person", async () => {
      expect(await run()).toMatchObject({ checked: 3, outcomes: { read: 1, "needs-person": 2 } });
      const [first] = await checks(`${tool.slug}/privacy`);
      expect(first).toMatchObject({ outcome: "read", source_url: `${base}/privacy`, details: { first: true, page: "privacy", status: 200 } });
      expect(first!.details.textHash).toMatch(/^[0-9a-f]{32}$/);
      expect(first!.facts_hash).toBe(first!.details.textHash);
      expect(first!.details.text).toContain("We keep your chats for 30 days.");
      // Scripts are not text: a page whose script changes on every load reads the same.
      expect(first!.details.text).not.toContain("tracking");
      expect((await checks(`${tool.slug}/terms`))[0]).toMatchObject({ outcome: "needs-person", details: { reasons: ["fetch-failed"], error: "http-404", status: 404 } });
      // The fetcher refuses the private address the redirect leads to: nothing is read, nothing is a change.
      expect((await checks(`${other.slug}/privacy`))[0]).toMatchObject({ outcome: "needs-person", details: { reasons: ["fetch-failed"], error: "blocked-address" } });
      expect(await policyChanges()).toEqual([]);

      // The same text again is a read, which keeps only its hash.
      expect(await run()).toMatchObject({ outcomes: { read: 1, "needs-person": 2 } });
      const [, again] = await checks(`${tool.slug}/privacy`);
      expect(again).toMatchObject({ outcome: "read", details: { textHash: first!.details.textHash } });
      expect(again!.details).not.toHaveProperty("text");
      expect(await policyChanges()).toEqual([]);
    });

    it("records a changed page once, with the word diff, and opens an editor's task; a reader cannot see it", async () => {
      privacy = policy("We keep your chats for 90 days.");
      expect(await run()).toMatchObject({ outcomes: { changed: 1, "needs-person": 2 } });
      const latest = (await checks(`${tool.slug}/privacy`)).at(-1)!;
      expect(latest.outcome).toBe("changed");
      const diff = latest.details.diff as { kind: string; text: string }[];
      expect(diff).toEqual(expect.arrayContaining([expect.objectContaining({ kind: "removed", text: "30" }), expect.objectContaining({ kind: "added", text: "90" })]));
      const baseline = (await checks(`${tool.slug}/privacy`))[0]!;
      expect(await policyChanges()).toEqual([
        {
          id: expect.any(Number),
          kind: "policy-changed",
          source: "fetch",
          before: { check: baseline.id },
          after: { page: "privacy", url: `${base}/privacy`, check: latest.id },
          editor_note: null,
        },
      ]);
      // The changed text is the next baseline: the same page again records nothing more.
      expect(await run()).toMatchObject({ outcomes: { read: 1 } });
      expect(await policyChanges()).toHaveLength(1);

      const editor = await createVerifiedUser(app, { name: "Pol Icy" });
      await app.query("update users set role = 'editor' where email = $1", [editor.email]);
      const page = await text(await get(app, "/admin/policies", editor.cookie));
      const [change] = await policyChanges();
      expect(page).toContain(`data-policy-task="${change!.id}" data-policy-task-tool="${tool.slug}"`);
      expect(page).toContain(`<a href="${base}/privacy" target="_blank" rel="noopener noreferrer"`);
      expect(page).toMatch(/<del[^>]*><span class="sr-only">removed: <\/span>−30<\/del>/);
      expect(page).toMatch(/<ins[^>]*><span class="sr-only">added: <\/span>\+90<\/ins>/);
      expect(page).toMatch(new RegExp(`<label for="policy-change-${change!.id}-note"[^>]*>What changed<span class="sr-only"> on ${tool.name}'s privacy policy</span></label>`));
      expect(page).toMatch(/<textarea [^>]*name="note" required="" minLength="10" maxLength="500"/);
      // The pages the watch cannot see, with why.
      expect(page).toContain(`data-policy-blind-page="${tool.slug}/terms"`);
      expect(page).toContain("The page could not be read (it answered 404).");
      expect(page).toContain(`data-policy-blind-page="${other.slug}/privacy"`);
      expect(page).toContain("refused: it leads to a private or local address");
      // The admin navigation names the page.
      expect(page).toContain('href="/admin/policies"');

      const reader = await createVerifiedUser(app, { name: "Rita Reader" });
      expect((await get(app, "/admin/policies", reader.cookie)).status).toBe(404);
      expect((await post(app, "/admin/policies", { intent: "describe-policy-change", change: String(change!.id), note: NOTE }, { cookie: reader.cookie })).status).toBe(404);
      const anonymous = await get(app, "/admin/policies");
      expect(anonymous.status).not.toBe(200);
      expect(await anonymous.text()).not.toContain("data-policy-task");
    });

    it("lists the change on /changes, in its feed and on the tool page, saying only that the page changed", async () => {
      const changes = await text(await app.request("/changes"));
      expect(changes).toContain(UNDESCRIBED);
      expect(changes).toContain("Recorded from the vendor's page, checked automatically.");
      expect(await text(await app.request("/changes?kind=policy-changed"))).toContain(UNDESCRIBED);
      expect(await text(await app.request("/changes"))).toContain('<option value="policy-changed">Policy page changed</option>');
      const [item] = await feedItems();
      expect(item!.title).toBe(`${tool.name}: ${UNDESCRIBED}`);
      expect(item!.description).toContain(`Policy page changed. ${UNDESCRIBED}.`);
      expect(await text(await app.request(`/tools/${tool.slug}`))).toContain(UNDESCRIBED);
    });

    it("mails a reader who watches the tool once about it", async () => {
      expect(await alertMail(watcher.email)).toEqual([]);
      await build.runAlertJob();
      await build.runAlertJob();
      const mail = await alertMail(watcher.email);
      expect(mail).toHaveLength(1);
      expect(mail[0]!.text).toContain(`• ${UNDESCRIBED}`);
      expect(mail[0]!.text.split(UNDESCRIBED)).toHaveLength(2);
    });

    it("publishes an editor's words once: /changes and the feed print them, the task is gone, a second description is refused", async () => {
      const editor = await createVerifiedUser(app, { name: "Ed Itor" });
      await app.query("update users set role = 'editor' where email = $1", [editor.email]);
      const [change] = await policyChanges();
      const describe = (note: string) => post(app, "/admin/policies", { intent: "describe-policy-change", change: String(change!.id), note }, { cookie: editor.cookie });

      const short = await describe("Changed");
      expect(short.status).toBe(400);
      const refused = await text(short);
      expect(refused).toContain("Say what changed on the page, as you read it, in at least 10 characters");
      expect(refused).toContain("Not published");
      // What was typed comes back in its form.
      expect(refused).toMatch(/<textarea [^>]*>Changed<\/textarea>/);
      expect((await policyChanges())[0]!.editor_note).toBeNull();
      expect((await describe("x".repeat(501))).status).toBe(400);

      expect((await app.request("/changes")).headers.get("x-cache")).toMatch(/HIT|MISS/);
      const described = await describe(NOTE);
      expect(described.status).toBe(200);
      expect(await text(described)).toContain("Change described");
      expect((await policyChanges())[0]!.editor_note).toBe(NOTE);
      const [audit] = await app.query<{ action: string; target_id: string; after: { editorNote: string } }>(
        "select action, target_id, after from audit_log where action = 'policy.describe'",
      );
      expect(audit).toMatchObject({ target_id: String(change!.id), after: { editorNote: NOTE } });

      const changes = await text(await app.request("/changes"));
      expect(changes).toContain(`Privacy policy changed: ${NOTE}`);
      expect(changes).not.toContain(UNDESCRIBED);
      const [item] = await feedItems();
      expect(item!.title).toBe(`${tool.name}: Privacy policy changed: ${NOTE}`);
      expect(item!.description).toContain(`${NOTE} Recorded`);
      expect(await text(await app.request(`/tools/${tool.slug}`))).toContain(`Privacy policy changed: ${NOTE}`);
      const admin = await text(await get(app, "/admin/policies", editor.cookie));
      expect(admin).not.toContain(`data-policy-task="${change!.id}"`);
      expect(admin).toContain('data-policy-tasks="0"');

      const second = await describe("Chats are kept forever now, which is wrong.");
      expect(second.status).toBe(409);
      expect(await text(second)).toContain("Already described");
      expect((await policyChanges())[0]!.editor_note).toBe(NOTE);
      const missing = await post(app, "/admin/policies", { intent: "describe-policy-change", change: "999999", note: NOTE }, { cookie: editor.cookie });
      expect(missing.status).toBe(404);
    });

    it("reads the policy pages in the price check's job, after the prices, with the same rule for what is due", async () => {
      // Only this suite's policy pages, and every pricing page on the local server: the job visits nothing else.
      await app.query("update tools set pricing_url = $1", [`${base}/pricing`]);
      await app.query("update tool_data_facts set policy_pages = '{}' where tool_slug <> all($1)", [[tool.slug, other.slug]]);
      // Nor the data facts' and platforms' pages (they are on the vendors' sites; tests/integration/fact-checks.test.ts reads them locally).
      await app.query("update tool_data_facts set facts = (select coalesce(jsonb_agg(fact), '[]'::jsonb) from jsonb_array_elements(facts) fact where fact->>'value' = 'unknown')");
      await app.query("update tools set platforms_source = null");
      privacy = policy("We keep your chats for 120 days.");
      const before = (await policyChanges()).length;
      await build.priceCheckJob.run({ all: true }, { signal: new AbortController().signal, createdOn: new Date(), retryCount: 0 });
      // The prices first (each tool's page answered 404 here), then the policy pages.
      const [prices] = await app.query<{ n: number; last: string }>(
        "select count(*)::int as n, max(checked_at)::text as last from fact_checks where subject_kind = 'tool-pricing' and outcome = 'needs-person'",
      );
      expect(prices!.n).toBeGreaterThanOrEqual(200);
      const [firstPolicy] = await app.query<{ at: string }>("select max(checked_at)::text as at from fact_checks where subject_kind = 'policy-page' and outcome = 'changed'");
      expect(firstPolicy!.at > prices!.last).toBe(true);
      expect(await policyChanges()).toHaveLength(before + 1);
      expect((await checks(`${tool.slug}/privacy`)).at(-1)!.outcome).toBe("changed");
      // Run again for the same moment: every page was read since, so none is due.
      const count = (await app.query("select 1 from fact_checks where subject_kind = 'policy-page'")).length;
      await build.priceCheckJob.run({ all: false }, { signal: new AbortController().signal, createdOn: new Date(Date.now() - 60_000), retryCount: 0 });
      expect(await app.query("select 1 from fact_checks where subject_kind = 'policy-page'")).toHaveLength(count);
    }, 120_000);
  },
  { env: () => ({ OUTBOUND_ALLOWED_HOSTS: base.slice("http://".length), LINK_CHECK_HOST_DELAY_MS: "0" }) },
);
