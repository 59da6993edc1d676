import { readFileSync } from "node:fs";
import path from "node:path";
import Parser from "rss-parser";
import { beforeAll, expect, it } from "vitest";
import { createVerifiedUser, get, post, uniqueEmail, uniqueIp } from "../support/accounts";
import { BASE_URL, describeEachBackend } from "../support/app";
import { healthAnsweredDuring } from "../support/event-loop";
import { latestLink, readOutbox, settleMail } from "../support/mail";
import { serverBuildPath } from "../support/paths";

/**
 * Newsletter issues (issue 41, decision 061): an editor drafts an issue from what the site recorded, edits it and
 * sends it; the sender queues one outbox message per confirmed subscriber with a delivery row in the same transaction,
 * so a send cut off between batches resumes without a second copy; each message unsubscribes its reader with one click.
 * The sender's schedule is off in tests: the test runs it, as the job does, and cuts it off after a batch.
 */

type Summary = { started: number; queued: number; finished: number };
type Build = { runNewsletterJob: (options?: { batchSize?: number; maxBatches?: number }) => Promise<Summary> };
type User = Awaited<ReturnType<typeof createVerifiedUser>>;

const plain = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
/** The admin page's progress figures (queued, sent, failed), read from its markup. */
const progressOf = (page: string) => Object.fromEntries([...page.matchAll(/data-progress="(\w+)"[^>]*>(\d+)</g)].map((match) => [match[1], Number(match[2])]));

describeEachBackend("newsletter issues", (app) => {
  let build: Build;
  let editor: User;
  let reader: User;
  const confirmed = Array.from({ length: 5 }, (_, index) => `confirmed-${index}-${Date.now().toString(36)}@example.com`);
  const unconfirmed = `unconfirmed-${Date.now().toString(36)}@example.com`;
  const unsubscribed = `gone-${Date.now().toString(36)}@example.com`;
  let expectedKeys: string[];
  let issueId: number;
  let slug: string;

  const issueRow = async (id: number) =>
    (
      await app.query<{ status: string; slug: string | null; items: { key: string }[]; intro: string }>("select status, slug, items, intro from newsletter_issues where id = $1", [
        id,
      ])
    )[0]!;
  const issueMail = (subject: string) =>
    app.query<{ to: string; text: string; headers: Record<string, string> }>(`select "to", text, headers from email_outbox where subject = $1 order by id`, [subject]);

  beforeAll(async () => {
    build = (await import(serverBuildPath)) as Build;
    [editor, reader] = await Promise.all([createVerifiedUser(app, { name: "Edna Editor" }), createVerifiedUser(app, { name: "Rex Reader" })]);
    await app.query("update users set role = 'editor' where email = $1", [editor.email]);
    // An earlier issue whose window ends now: the draft then holds only what this test records after it.
    await app.query(
      "insert into newsletter_issues (subject, status, slug, period_start, period_end, sending_started_at, sent_at) values ('An earlier issue', 'sent', '2026-01-05', now() - interval '8 days', now(), now() - interval '1 day', now() - interval '1 day')",
    );
    for (const email of confirmed) await app.query("insert into newsletter_subscribers (email, source, confirmed_at) values ($1, 'home', now())", [email]);
    await app.query("insert into newsletter_subscribers (email, source, confirmation_sent_at) values ($1, 'home', now())", [unconfirmed]);
    await app.query("insert into newsletter_subscribers (email, source, confirmed_at, unsubscribed_at) values ($1, 'home', now() - interval '2 days', now() - interval '1 day')", [
      unsubscribed,
    ]);

    const [first, second] = await app.query<{ id: number; slug: string }>("select id, slug from tools order by slug limit 2");
    const changes = await app.query<{ id: number }>(
      `insert into tool_changes (tool_id, kind, source, plan_name, before, after) values
       ($1, 'price-up', 'editor', 'Pro', '{"price": 20, "currency": "USD", "period": "month"}', '{"price": 25, "currency": "USD", "period": "month"}'),
       ($2, 'plan-added', 'editor', 'Team', null, '{"price": 30, "currency": "USD", "period": "month", "per": "seat"}') returning id`,
      [first!.id, second!.id],
    );
    // Not a price or plan change: not in the issue.
    await app.query("insert into tool_changes (tool_id, kind, source) values ($1, 'site-down', 'link-check')", [first!.id]);
    const [added] = await app.query<{ slug: string }>("update tools set added_at = current_date where slug = (select slug from tools order by slug desc limit 1) returning slug");
    const [article] = await app.query<{ slug: string }>("update posts set published_at = current_date where slug = (select slug from posts order by slug limit 1) returning slug");
    expectedKeys = [...changes.map((row) => `price-change:${Number(row.id)}`), `tool-added:${added!.slug}`, `article:${article!.slug}`];
  });

  it("answers 404 to a reader and drafts an issue holding exactly what was recorded since the last one", async () => {
    expect((await get(app, "/admin/newsletter", reader.cookie)).status).toBe(404);
    expect((await post(app, "/admin/newsletter", { intent: "draft" }, { cookie: reader.cookie })).status).toBe(404);

    const drafted = await post(app, "/admin/newsletter", { intent: "draft" }, { cookie: editor.cookie });
    expect(drafted.status).toBe(302);
    issueId = Number(drafted.headers.get("location")!.match(/^\/admin\/newsletter\/(\d+)$/)![1]);
    const row = await issueRow(issueId);
    expect(row.status).toBe("draft");
    expect(row.items.map((item) => item.key).sort()).toEqual([...expectedKeys].sort());
    const [audit] = await app.query<{ actor_email: string }>("select actor_email from audit_log where action = 'newsletter.draft' and target_id = $1", [String(issueId)]);
    expect(audit?.actor_email).toBe(editor.email);

    const page = await plain(await get(app, `/admin/newsletter/${issueId}`, editor.cookie));
    for (const key of expectedKeys) expect(page).toContain(`data-editor-item="${key}"`);
    expect((await get(app, "/admin/newsletter", editor.cookie)).headers.get("cache-control")).toContain("no-store");
  });

  it("reorders, cuts and introduces the draft with plain form posts, and previews it as a page and as the email", async () => {
    const keys = (await issueRow(issueId)).items.map((item) => item.key);
    const moved = await post(
      app,
      `/admin/newsletter/${issueId}`,
      { intent: "save", subject: "This week in AI tools", intro: "Hello **readers**.", item: keys[0]!, move: `down:${keys[0]}` },
      { cookie: editor.cookie },
    );
    expect(moved.status).toBe(200);
    // The form posts every item in order; the test posts one, and the others keep their place after it.
    const afterMove = (await issueRow(issueId)).items.map((item) => item.key);
    expect(afterMove.slice(0, 2)).toEqual([keys[1], keys[0]]);

    const form = new URLSearchParams({ intent: "save", subject: "This week in AI tools", intro: "Hello **readers**." });
    for (const key of [...afterMove, "unknown:1"]) form.append("item", key);
    form.append("remove", keys[1]!);
    const cut = await app.request(`/admin/newsletter/${issueId}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: editor.cookie, Origin: BASE_URL, "X-Forwarded-For": uniqueIp() },
      body: form,
    });
    expect(cut.status).toBe(200);
    const saved = await issueRow(issueId);
    expect(saved.items.map((item) => item.key)).toEqual(afterMove.filter((key) => key !== keys[1]));
    expect(saved.intro).toBe("Hello **readers**.");
    expectedKeys = saved.items.map((item) => item.key);

    const web = await plain(await get(app, `/admin/newsletter/${issueId}/preview`, editor.cookie));
    expect(web).toContain("<strong>readers</strong>");
    const email = await get(app, `/admin/newsletter/${issueId}/email`, editor.cookie);
    expect(email.headers.get("cache-control")).toContain("no-store");
    const html = await email.text();
    expect(html).toContain("<strong>readers</strong>");
    expect(html).toContain(`${BASE_URL}/blog/`);
    expect((await get(app, `/admin/newsletter/${issueId}/email`, reader.cookie)).status).toBe(404);

    expect((await post(app, `/admin/newsletter/${issueId}`, { intent: "test" }, { cookie: editor.cookie })).status).toBe(302);
    await settleMail(app);
    expect(readOutbox(app.dataDir).filter((message) => message.to.includes(editor.email) && message.subject.startsWith("[Test] This week in AI tools"))).toHaveLength(1);
  });

  it("sends to every confirmed subscriber once, and a send cut off after a batch resumes without a second copy", async () => {
    expect((await post(app, `/admin/newsletter/${issueId}`, { intent: "send" }, { cookie: editor.cookie })).status).toBe(302);
    expect((await issueRow(issueId)).status).toBe("scheduled");

    // The first batch, then the process 'dies' (the run is stopped before its second batch).
    const cut = await build.runNewsletterJob({ batchSize: 2, maxBatches: 1 });
    expect(cut).toMatchObject({ started: 1, queued: 2, finished: 0 });
    const during = await issueRow(issueId);
    expect(during.status).toBe("sending");
    slug = during.slug!;
    expect(slug).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const progress = await plain(await get(app, `/admin/newsletter/${issueId}`, editor.cookie));
    expect(progressOf(progress).queued).toBe(2);

    // Another instance (a restart) carries on from the delivery rows, here a subscriber a batch, and the site answers
    // between its batches (on the embedded database nothing else ran until the send ended).
    const resumed = await healthAnsweredDuring(app, () => build.runNewsletterJob({ batchSize: 1 }));
    expect(resumed).toMatchObject({ status: 200, duringRun: true, result: { queued: 3, finished: 1 } });
    expect(await build.runNewsletterJob({ batchSize: 2 })).toMatchObject({ queued: 0, finished: 0 });
    expect((await issueRow(issueId)).status).toBe("sent");

    const mail = await issueMail("This week in AI tools");
    expect(mail.map((message) => message.to).sort()).toEqual([...confirmed].sort());
    const deliveries = await app.query<{ n: number }>("select count(*)::int as n from newsletter_deliveries where issue_id = $1 and outbox_id is not null", [issueId]);
    expect(deliveries[0]!.n).toBe(5);
    await settleMail(app);
    const files = readOutbox(app.dataDir).filter((message) => message.subject === "This week in AI tools");
    expect(files.map((message) => message.to).sort()).toEqual([...confirmed].sort());
    for (const message of files) expect(message.text).toContain(`${BASE_URL}/newsletter/${slug}`);
    const admin = await plain(await get(app, `/admin/newsletter/${issueId}`, editor.cookie));
    expect(progressOf(admin)).toEqual({ queued: 5, sent: 5, failed: 0 });
  });

  it("unsubscribes a reader from the link in their message without a session, and by the one-click POST", async () => {
    const raw = (to: string) => {
      const file = readOutbox(app.dataDir).find((message) => message.to.includes(to) && message.subject === "This week in AI tools")!.file;
      return readFileSync(path.join(app.dataDir, "outbox", file), "utf8");
    };
    const header = (to: string) => new URL(raw(to).match(/^List-Unsubscribe:\s*<([^>]+)>/m)![1]!);
    expect(raw(confirmed[0]!)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const state = async (email: string) =>
      (await app.query<{ unsubscribed_at: Date | null }>("select unsubscribed_at from newsletter_subscribers where email = $1", [email]))[0]!.unsubscribed_at;

    // The link, as a reader clicks it: the page asks, its button unsubscribes (no session either way).
    const link = header(confirmed[0]!);
    expect(await plain(await get(app, link.pathname + link.search))).toContain(`Stop sending the newsletter to ${confirmed[0]}?`);
    expect(await state(confirmed[0]!)).toBeNull();
    expect((await post(app, link.pathname + link.search, {})).status).toBe(200);
    expect(await state(confirmed[0]!)).not.toBeNull();

    // RFC 8058: the mail program's POST.
    const oneClick = header(confirmed[1]!);
    const response = await app.request(oneClick.pathname + oneClick.search, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": uniqueIp() },
      body: "List-Unsubscribe=One-Click",
    });
    expect(response.status).toBe(200);
    expect(await state(confirmed[1]!)).not.toBeNull();
    expect(await state(confirmed[2]!)).toBeNull();
  });

  it("shows the sent issues in the archive, as reading pages, in the sitemap and the feed, and says how often they went out", async () => {
    const archive = await app.html("/newsletter");
    expect(archive.response.status).toBe(200);
    expect(archive.body).toContain(`href="/newsletter/${slug}"`);
    expect(archive.body).toContain('href="/newsletter/2026-01-05"');
    expect(archive.body).toMatch(/2 issues sent since [A-Z][a-z]+ \d+, \d{4}; the last on/);
    expect(archive.body).not.toMatch(/once a week|one email a week/);
    expect(archive.body.match(/<link[^>]*rel="alternate"[^>]*>/g)?.some((tag) => tag.includes('href="/feed/newsletter.xml"') && tag.includes("application/rss+xml"))).toBe(true);
    expect(archive.body).toContain('name="email"');

    const issue = await app.html(`/newsletter/${slug}`);
    expect(issue.response.status).toBe(200);
    expect(issue.response.headers.get("cache-control")).toBeTruthy();
    expect(issue.body).toContain("This week in AI tools");
    expect(issue.body).toContain("<strong>readers</strong>");
    for (const key of expectedKeys) expect(issue.body).toContain(`data-issue-item="${key}"`);
    // A reading page: no React runtime, no loader data, one module script (the enhancement script).
    expect(issue.body).not.toContain("modulepreload");
    expect(issue.body).not.toContain("__reactRouter");
    expect(issue.body.match(/<script[^>]*type="module"/g) ?? []).toHaveLength(1);

    const draftId = await app.query<{ id: number }>("insert into newsletter_issues (subject, period_start, period_end) values ('A draft', now(), now()) returning id");
    expect((await app.request(`/newsletter/${draftId[0]!.id}`)).status).toBe(404);
    expect((await app.request("/newsletter/2099-01-01")).status).toBe(404);

    const sitemap = await (await app.request("/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${BASE_URL}/newsletter/${slug}</loc>`);
    const feedResponse = await app.request("/feed/newsletter.xml");
    expect(feedResponse.headers.get("content-type")).toContain("application/rss+xml");
    const feed = await new Parser().parseString(await feedResponse.text());
    expect(feed.items.map((item) => item.link)).toEqual([`${BASE_URL}/newsletter/${slug}`, `${BASE_URL}/newsletter/2026-01-05`]);
  });

  it("promises in the confirmation mail what the archive shows", async () => {
    const email = uniqueEmail("newcomer");
    expect((await post(app, "/newsletter", { email, source: "home" })).status).toBe(200);
    await latestLink(app.dataDir, email, "/newsletter/confirm");
    const [confirmation] = readOutbox(app.dataDir).filter((message) => message.to.includes(email));
    expect(confirmation!.text.replace(/\s+/g, " ")).toMatch(/2 issues sent since [A-Z][a-z]+ \d+, \d{4}; the last on/);
    expect(confirmation!.text).not.toMatch(/once a week|one email a week/);
  });
});
