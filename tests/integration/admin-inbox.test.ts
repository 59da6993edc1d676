import { beforeAll, describe, expect, it } from "vitest";
import { createVerifiedUser, get, post } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";

type User = Awaited<ReturnType<typeof createVerifiedUser>>;

const makeRole = (app: TestApp, user: User, role: string) => app.query("update users set role = $1 where email = $2", [role, user.email]);
const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
const unescapeHtml = (value: string) => value.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">");

async function insertMessage(app: TestApp, fields: { subject: string; email?: string; message?: string; ageMinutes: number }) {
  const [row] = await app.query<{ id: number }>(
    `insert into contact_messages (first_name, last_name, email, subject, message, created_at)
     values ('Grace', 'Hopper', $1, $2, $3, now() - make_interval(mins => $4)) returning id`,
    [fields.email ?? "grace@example.com", fields.subject, fields.message ?? "A question about listing our tool.", fields.ageMinutes],
  );
  return Number(row!.id);
}

const auditRows = (app: TestApp, action: string) =>
  app.query<{ actor_email: string; target_id: string; before: unknown; after: unknown }>(
    "select actor_email, target_id, before, after from audit_log where action = $1 order by id",
    [action],
  );

/** The inbox of the admin area (issue 19): messages, subscribers, clicks and web vitals, for editors only. */
describeEachBackend("the admin inbox", (app) => {
  let reader: User;
  let editor: User;
  let messageId: number;
  beforeAll(async () => {
    [reader, editor] = await Promise.all([createVerifiedUser(app, { name: "Rita Reader" }), createVerifiedUser(app, { name: "Eddie Editor" })]);
    await makeRole(app, editor, "editor");
    messageId = await insertMessage(app, { subject: "Role check", ageMinutes: 500 });
  });

  describe("who may open it", () => {
    const pages = () => ["/admin/messages", `/admin/messages/${messageId}`, "/admin/subscribers", "/admin/subscribers.csv", "/admin/clicks", "/admin/vitals"];

    it("sends a stranger to sign in and shows a reader the not-found page on every page, an editor the page", async () => {
      for (const path of pages()) {
        const anonymous = await get(app, path);
        expect([anonymous.status, anonymous.headers.get("location")], path).toEqual([302, `/auth?redirectTo=${encodeURIComponent(path)}`]);
        const asReader = await get(app, path, reader.cookie);
        expect(asReader.status, path).toBe(404);
        // The download answers a bare 404 (a resource route renders no page), never a file.
        expect(asReader.headers.get("content-type"), path).not.toContain("text/csv");
        expect(await text(asReader), path).not.toContain("Admin sections");
        const asEditor = await get(app, path, editor.cookie);
        expect(asEditor.status, path).toBe(200);
        expect(asEditor.headers.get("cache-control"), path).toContain("no-store");
      }
      expect(await auditRows(app, "subscribers.export")).toHaveLength(1);
      await app.query("delete from audit_log");
    });

    it("refuses every action to a stranger and a reader, and changes nothing", async () => {
      const [subscriber] = await app.query<{ id: number }>("insert into newsletter_subscribers (email, source) values ('keep-me@example.com', 'home') returning id");
      const attempts: [string, Record<string, string>][] = [
        [`/admin/messages/${messageId}`, { intent: "read" }],
        [`/admin/messages/${messageId}`, { intent: "unread" }],
        [`/admin/messages/${messageId}`, { intent: "delete" }],
        ["/admin/subscribers", { intent: "remove", id: String(subscriber!.id) }],
      ];
      for (const [path, fields] of attempts) {
        const anonymous = await post(app, path, fields);
        expect([anonymous.status, anonymous.headers.get("location")?.startsWith("/auth?")], `${path} ${fields.intent}`).toEqual([302, true]);
        expect((await post(app, path, fields, { cookie: reader.cookie })).status, `${path} ${fields.intent}`).toBe(404);
      }
      expect(await app.query("select read_at from contact_messages where id = $1", [messageId])).toEqual([{ read_at: null }]);
      expect(await app.query("select count(*)::int as n from newsletter_subscribers where email = 'keep-me@example.com'")).toEqual([{ n: 1 }]);
      expect(await app.query("select count(*)::int as n from audit_log")).toEqual([{ n: 0 }]);
      await app.query("delete from newsletter_subscribers");
    });
  });

  describe("messages", () => {
    it("lists messages newest first with the unread ones marked, and the dashboard counts them", async () => {
      await app.query("delete from contact_messages");
      const older = await insertMessage(app, { subject: "Older question", ageMinutes: 120 });
      const newer = await insertMessage(app, { subject: "Newer question", ageMinutes: 5 });
      await app.query("update contact_messages set read_at = now() where id = $1", [older]);
      const body = await text(await get(app, "/admin/messages", editor.cookie));
      expect(body.indexOf("Newer question")).toBeLessThan(body.indexOf("Older question"));
      expect(body).toContain(`data-message-id="${newer}" data-unread="true"`);
      expect(body).toContain(`data-message-id="${older}" data-unread="false"`);
      expect(body).toContain("1 unread of 2");
      const dashboard = await text(await get(app, "/admin", editor.cookie));
      expect(dashboard).toMatch(/Unread messages<\/p><p[^>]*>1<\/p>/);
      for (const href of ["/admin/messages", "/admin/subscribers", "/admin/clicks"]) expect(dashboard).toContain(`href="${href}"`);
    });

    it("shows a message without marking it read, and marks it read or unread by POST, audited once per change", async () => {
      const id = await insertMessage(app, { subject: 'Pricing & "plans" <b>?', email: "o'neil+ask@example.com", message: "Line one\nLine two", ageMinutes: 1 });
      const page = await text(await get(app, `/admin/messages/${id}`, editor.cookie));
      expect(page).toContain('data-unread="true"');
      expect(page).toContain("Pricing &amp; &quot;plans&quot; &lt;b&gt;?");
      expect(await app.query("select read_at from contact_messages where id = $1", [id])).toEqual([{ read_at: null }]);
      const href = unescapeHtml(page.match(/href="(mailto:[^"]*)"/)![1]!);
      const mailto = new URL(href);
      expect(decodeURIComponent(mailto.pathname)).toBe("o'neil+ask@example.com");
      expect([...mailto.searchParams.keys()]).toEqual(["subject", "body"]);
      expect(mailto.searchParams.get("subject")).toBe('Re: Pricing & "plans" <b>?');
      expect(mailto.searchParams.get("body")).toContain("> Line one\n> Line two");

      // Without JavaScript, Mark read posts and comes back to the message.
      const read = await post(app, `/admin/messages/${id}`, { intent: "read" }, { cookie: editor.cookie });
      expect([read.status, read.headers.get("location")]).toEqual([302, `/admin/messages/${id}`]);
      expect((await app.query<{ read: boolean }>("select read_at is not null as read from contact_messages where id = $1", [id]))[0]!.read).toBe(true);
      // Again (a second tab, a repeated script post): nothing changes, nothing more is recorded.
      expect((await post(app, `/admin/messages/${id}`, { intent: "read" }, { cookie: editor.cookie })).status).toBe(302);
      expect(await auditRows(app, "message.read")).toEqual([{ actor_email: editor.email, target_id: String(id), before: { read: false }, after: { read: true } }]);
      expect(await text(await get(app, `/admin/messages/${id}`, editor.cookie))).toContain("Mark unread");

      const unread = await post(app, `/admin/messages/${id}`, { intent: "unread" }, { cookie: editor.cookie });
      expect([unread.status, unread.headers.get("location")]).toEqual([302, "/admin/messages"]);
      expect(await app.query("select read_at from contact_messages where id = $1", [id])).toEqual([{ read_at: null }]);
      expect(await auditRows(app, "message.unread")).toHaveLength(1);
    });

    it("deletes a message for good, leaving an audit row without the sender's address or words", async () => {
      const id = await insertMessage(app, { subject: "Please forget me", email: "private@example.com", ageMinutes: 3 });
      const deleted = await post(app, `/admin/messages/${id}`, { intent: "delete" }, { cookie: editor.cookie });
      expect([deleted.status, deleted.headers.get("location")]).toEqual([302, "/admin/messages"]);
      expect(await app.query("select id from contact_messages where id = $1", [id])).toEqual([]);
      const [row] = await auditRows(app, "message.delete");
      expect(row).toMatchObject({ actor_email: editor.email, target_id: String(id), after: null, before: { read: false } });
      expect(JSON.stringify(row)).not.toMatch(/private@example\.com|forget/);
      expect((await get(app, `/admin/messages/${id}`, editor.cookie)).status).toBe(404);
      const again = await post(app, `/admin/messages/${id}`, { intent: "delete" }, { cookie: editor.cookie });
      expect([again.status, (await text(again)).includes("No such message")]).toEqual([404, true]);
      for (const path of ["/admin/messages/0", "/admin/messages/abc", "/admin/messages/99999999", "/admin/messages?page=99", "/admin/messages?page=x"]) {
        expect((await get(app, path, editor.cookie)).status, path).toBe(404);
      }
    });
  });

  describe("subscribers", () => {
    beforeAll(async () => {
      await app.query("delete from newsletter_subscribers");
      await app.query(`insert into newsletter_subscribers (email, name, source, confirmed_at, unsubscribed_at, created_at) values
        ('ann@example.com', 'Ann', 'home', now(), null, now() - interval '3 days'),
        ('bob@example.org', null, 'footer', now(), null, now() - interval '2 days'),
        ('cy_100%@example.com', '=HYPERLINK("x")', 'blog', null, null, now() - interval '1 day'),
        ('dee@example.com', 'Dee, Jr.', 'home', now() - interval '9 days', now(), now() - interval '10 days')`);
    });

    it("counts by state and by source and searches by address, wildcards taken literally", async () => {
      const body = await text(await get(app, "/admin/subscribers", editor.cookie));
      const stateCount = (state: string) => body.match(new RegExp(`data-state-count="${state}"[^>]*>.*?tabular-nums">(\\d+)<`))?.[1];
      expect([stateCount("confirmed"), stateCount("unconfirmed"), stateCount("unsubscribed")]).toEqual(["2", "1", "1"]);
      const sourceCount = (source: string) => body.match(new RegExp(`data-source-count="${source}".*?tabular-nums">(\\d+)<`))?.[1];
      expect([sourceCount("home"), sourceCount("footer"), sourceCount("blog")]).toEqual(["2", "1", "1"]);
      expect(body.indexOf('data-subscriber="cy_100%@example.com"')).toBeLessThan(body.indexOf('data-subscriber="ann@example.com"'));

      const listed = async (query: string) =>
        [...(await text(await get(app, `/admin/subscribers${query}`, editor.cookie))).matchAll(/data-subscriber="([^"]+)"/g)].map((m) => m[1]);
      expect(await listed("?q=EXAMPLE.COM")).toEqual(["cy_100%@example.com", "ann@example.com", "dee@example.com"]);
      expect(await listed("?q=%25")).toEqual(["cy_100%@example.com"]);
      expect(await listed("?q=_")).toEqual(["cy_100%@example.com"]);
      expect(await listed("?q=nobody")).toEqual([]);
      expect(await listed("?state=confirmed")).toEqual(["bob@example.org", "ann@example.com"]);
      expect(await listed("?state=unsubscribed&q=dee")).toEqual(["dee@example.com"]);
    });

    it("exports the list, or the filtered view, as CSV with its file name, and records who took it", async () => {
      await app.query("delete from audit_log");
      const response = await get(app, "/admin/subscribers.csv", editor.cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8; header=present");
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(response.headers.get("cache-control")).toContain("no-store");
      const lines = (await response.text()).split("\r\n");
      expect(lines[0]).toBe("email,name,state,source,subscribed_at,confirmed_at,unsubscribed_at");
      expect(lines.slice(1, -1).map((line) => line.split(",")[0])).toEqual(["dee@example.com", "ann@example.com", "bob@example.org", "cy_100%@example.com"]);
      expect(lines[1]).toMatch(/^dee@example\.com,"Dee, Jr\.",unsubscribed,home,\d{4}-\d{2}-\d{2}T[\d:.]+Z,\d{4}-[^,]+Z,\d{4}-[^,]+Z$/);
      // A name a spreadsheet would run as a formula is written as text.
      expect(lines[4]).toBe(`cy_100%@example.com,"'=HYPERLINK(""x"")",unconfirmed,blog,${lines[4]!.split(",")[4]},,`);
      expect(lines.at(-1)).toBe("");

      const filtered = await (await get(app, "/admin/subscribers.csv?state=confirmed", editor.cookie)).text();
      expect(filtered.trim().split("\r\n")).toHaveLength(3);
      expect(await auditRows(app, "subscribers.export")).toEqual([
        { actor_email: editor.email, target_id: "export", before: null, after: { rows: 4, q: null, state: null } },
        { actor_email: editor.email, target_id: "export", before: null, after: { rows: 2, q: null, state: "confirmed" } },
      ]);
    });

    it("removes an address for good on request, keeping an audit row without it", async () => {
      const [dee] = await app.query<{ id: number }>("select id from newsletter_subscribers where email = 'dee@example.com'");
      const removed = await post(app, "/admin/subscribers?state=unsubscribed", { intent: "remove", id: String(dee!.id) }, { cookie: editor.cookie });
      expect([removed.status, removed.headers.get("location")]).toEqual([302, "/admin/subscribers?state=unsubscribed"]);
      expect(await app.query("select id from newsletter_subscribers where email = 'dee@example.com'")).toEqual([]);
      const [row] = await auditRows(app, "subscriber.remove");
      expect(row).toEqual({
        actor_email: editor.email,
        target_id: String(dee!.id),
        before: { state: "unsubscribed", source: "home", subscribedAt: expect.any(String) },
        after: null,
      });
      const again = await post(app, "/admin/subscribers", { intent: "remove", id: String(dee!.id) }, { cookie: editor.cookie });
      expect([again.status, (await text(again)).includes("No such subscriber")]).toEqual([404, true]);
      const bad = await post(app, "/admin/subscribers", { intent: "remove", id: "1 or 1=1" }, { cookie: editor.cookie });
      expect(bad.status).toBe(400);
      expect(await app.query("select count(*)::int as n from newsletter_subscribers")).toEqual([{ n: 3 }]);
    });
  });

  describe("clicks", () => {
    // Days before today (UTC) of each seeded click, with its link and program.
    const seeded: [number, string, string, string | null][] = [
      [0, "tool", "chatgpt", null],
      [0, "tool", "jasper", "jasper-ai"],
      [1, "tool", "jasper", "jasper-ai"],
      [1, "tool", "jasper", "jasper-ai"],
      [1, "deal", "d1", "writesonic"],
      [5, "tool", "chatgpt", null],
      [40, "tool", "jasper", "jasper-ai"],
      [89, "course", "ml", null],
      [90, "tool", "chatgpt", null],
      [120, "tool", "chatgpt", null],
    ];
    beforeAll(async () => {
      await app.query("delete from affiliate_clicks");
      for (const [index, [daysAgo, kind, target, program]] of seeded.entries()) {
        // Noon UTC of that day, so the test does not depend on the time it runs (except in the first minutes after midnight UTC).
        await app.query(
          `insert into affiliate_clicks (kind, target, program, destination, value, visitor_hash, created_at)
           values ($1, $2, $3, 'https://example.com/', $4, $5, least(now(), ((now() at time zone 'UTC')::date - $6::int + interval '12 hours') at time zone 'UTC'))`,
          [kind, target, program, program ? 10 : 1, `v${index % 3}`, daysAgo],
        );
      }
    });

    const barsOf = (body: string) => [...body.matchAll(/<rect [^>]*data-value="(\d+)"/g)].map((match) => Number(match[1]));
    const expectedBars = (days: number, keep: (click: (typeof seeded)[number]) => boolean = () => true) =>
      Array.from({ length: days }, (_, index) => seeded.filter((click) => click[0] === days - 1 - index && keep(click)).length);

    it("charts every day of the period in SQL, zero-filled, oldest first, with a table of the same figures", async () => {
      const body = await text(await get(app, "/admin/clicks", editor.cookie));
      expect(body).toContain('data-chart-bars="90"');
      const bars = barsOf(body);
      expect(bars).toEqual(expectedBars(90));
      expect(bars.slice(-2)).toEqual([3, 2]);
      expect(bars.filter((value) => value === 0)).toHaveLength(85);
      expect(body).toMatch(/<title id="[^"]+-title">Clicks per day through all outbound links, last 90 days<\/title>/);
      expect(body).toContain('<div class="sr-only"><table><caption>Clicks per day through all outbound links, last 90 days</caption>');
      expect(body.match(/<td>0 clicks<\/td>/g)).toHaveLength(85);

      const week = await text(await get(app, "/admin/clicks?days=7", editor.cookie));
      expect(barsOf(week)).toEqual(expectedBars(7));
    });

    it("ranks links and programs in the period and charts one of them alone", async () => {
      const body = await text(await get(app, "/admin/clicks?days=30", editor.cookie));
      const linkRow = (link: string) => body.match(new RegExp(`data-link="${link}"[\\s\\S]*?</tr>`))?.[0] ?? "";
      const figures = (row: string) => [...row.matchAll(/tabular-nums">(\d+)</g)].map((match) => Number(match[1]));
      expect([...body.matchAll(/data-link="([^"]+)"/g)].map((match) => match[1])).toEqual(["tool/jasper", "tool/chatgpt", "deal/d1"]);
      expect(figures(linkRow("tool/jasper"))).toEqual([3, 3]);
      expect(figures(linkRow("tool/chatgpt"))).toEqual([2, 2]);
      const programRow = (program: string) => body.match(new RegExp(`data-program="${program}"[\\s\\S]*?</tr>`))?.[0] ?? "";
      expect([...body.matchAll(/data-program="([^"]+)"/g)].map((match) => match[1])).toEqual(["jasper-ai", "none", "writesonic"]);
      // Links, clicks and value (priority high = 10 a click in the seed).
      expect(figures(programRow("jasper-ai"))).toEqual([1, 3, 30]);
      expect(figures(programRow("none"))).toEqual([1, 2, 2]);
      expect(programRow("jasper-ai")).toContain(">Jasper<");

      const jasper = await text(await get(app, "/admin/clicks?program=jasper-ai", editor.cookie));
      expect(barsOf(jasper)).toEqual(expectedBars(90, (click) => click[3] === "jasper-ai"));
      expect(jasper).toContain("the Jasper program");
      const link = await text(await get(app, "/admin/clicks?link=tool%2Fchatgpt", editor.cookie));
      expect(barsOf(link)).toEqual(expectedBars(90, (click) => click[2] === "chatgpt"));
      // Unknown values fall back to the whole picture.
      expect(barsOf(await text(await get(app, "/admin/clicks?days=1000&link=../../x", editor.cookie)))).toEqual(expectedBars(90));
      expect(await text(await get(app, "/admin", editor.cookie))).toMatch(/Outbound clicks<\/p><p[^>]*>6<\/p>/);
    });
  });

  it("shows the web vitals p75 per page type, as /verification does", async () => {
    await app.query("insert into web_vitals (metric, value, page_type) values ('LCP', 1200, 'tool'), ('LCP', 2000, 'tool'), ('LCP', 5000, 'home')");
    const body = await text(await get(app, "/admin/vitals", editor.cookie));
    expect(body).toContain("<h1");
    expect(body).toMatch(/<tr data-page-type="tool"[\s\S]*?<td data-metric="LCP"[^>]*>1800 ms \(2\)<\/td>/);
    expect(body).toMatch(/<td data-metric="LCP" class="[^"]*text-destructive[^"]*">5000 ms \(1\)<\/td>/);
  });
});
