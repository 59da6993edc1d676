import { beforeAll, expect, it } from "vitest";
import { cookiesFrom, createVerifiedUser, get, post } from "../support/accounts";
import { BASE_URL, describeEachBackend } from "../support/app";
import { healthAnsweredDuring } from "../support/event-loop";
import { serverBuildPath } from "../support/paths";

/**
 * Watch a tool, follow a category, and the alert job (issue 27, decision 035): one outbox email per reader per run,
 * a daily cap that delays and never drops, the weekly digest for opted-in readers with something to say, and the
 * one-click unsubscribe of RFC 8058 without a session. The job is run directly (its schedule is off in tests);
 * assertions read the `email_outbox` rows it writes, which the outbox worker delivers.
 */

type Summary = { handedOut: number; alerts: number; waiting: number; digests: number; emptyDigests: number };
type Build = { runAlertJob: () => Promise<Summary> };
type User = Awaited<ReturnType<typeof createVerifiedUser>>;
type OutboxRow = { id: number; subject: string; text: string; html: string; headers: Record<string, string> | null };

const flashOf = (response: Response) => cookiesFrom(response)["atlas.flash"];
const plain = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

describeEachBackend("watch a tool, follow a category, alerts and the weekly digest", (app) => {
  let build: Build;
  let tool: { id: number; slug: string; name: string };
  let other: { id: number; slug: string; name: string };
  let alice: User;
  let bob: User;

  const run = () => build.runAlertJob();
  /** The alert and digest mail of one address (other mail, e.g. sign-up confirmations, is left out). */
  const mailOf = (email: string) =>
    app.query<OutboxRow>(`select id, subject, text, html, headers from email_outbox where "to" = $1 and headers->>'List-Unsubscribe' like '%/unsubscribe/alerts%' order by id`, [
      email,
    ]);
  const change = (toolId: number, kind: string, planName: string | null, before: unknown, after: unknown) =>
    app.query("insert into tool_changes (tool_id, kind, source, plan_name, before, after) values ($1, $2, 'editor', $3, $4, $5)", [
      toolId,
      kind,
      planName,
      before === null ? null : JSON.stringify(before),
      after === null ? null : JSON.stringify(after),
    ]);
  const watch = (user: User, slug: string, on = true) => post(app, `/tools/${slug}`, { intent: "watch", watch: String(on), redirectTo: `/tools/${slug}` }, { cookie: user.cookie });

  beforeAll(async () => {
    build = (await import(serverBuildPath)) as Build;
    [tool, other] = (await app.query<{ id: number; slug: string; name: string }>("select id, slug, name from tools order by slug limit 2")) as [typeof tool, typeof tool];
    [alice, bob] = await Promise.all([createVerifiedUser(app, { name: "Alice Watcher" }), createVerifiedUser(app, { name: "Bob Bystander" })]);
    // Whatever the template's sync recorded is old news to everyone here.
    await run();
  });

  it("watches a tool with a plain form post, and sends a signed-out visitor to sign in and back", async () => {
    const anonymous = await post(app, `/tools/${tool.slug}`, { intent: "watch", watch: "true", redirectTo: `/tools/${tool.slug}` });
    expect([anonymous.status, anonymous.headers.get("location")]).toEqual([302, `/auth?redirectTo=${encodeURIComponent(`/tools/${tool.slug}`)}`]);

    const watched = await watch(alice, tool.slug);
    expect([watched.status, watched.headers.get("location"), flashOf(watched)]).toEqual([302, `/tools/${tool.slug}`, "watchAdded"]);
    expect(await app.query("select 1 from tool_watches w join users u on u.id = w.user_id where u.email = $1 and w.tool_id = $2", [alice.email, tool.id])).toHaveLength(1);
    // Again is the same: one row.
    await watch(alice, tool.slug);
    expect(await app.query("select 1 from tool_watches w join users u on u.id = w.user_id where u.email = $1", [alice.email])).toHaveLength(1);

    const own = await plain(await get(app, `/tools/${tool.slug}`, alice.cookie));
    expect(own).toMatch(/aria-pressed="true"[^>]*data-testid="watch-button"[^>]*>.*?Watching/s);
    // The anonymous page (kept by the page cache) never carries a reader's state.
    for (let i = 0; i < 2; i += 1) {
      const page = await plain(await get(app, `/tools/${tool.slug}`));
      expect(page).toMatch(/aria-pressed="false"[^>]*data-testid="watch-button"/);
      expect(page).not.toContain("Watching");
    }
  });

  it("follows a category with a plain form post, the same way", async () => {
    const [{ slug }] = (await app.query<{ slug: string }>("select category_slug as slug from tools where id = $1", [tool.id])) as [{ slug: string }];
    const anonymous = await post(app, `/tools/category/${slug}`, { intent: "follow", follow: "true", redirectTo: `/tools/category/${slug}` });
    expect([anonymous.status, anonymous.headers.get("location")]).toEqual([302, `/auth?redirectTo=${encodeURIComponent(`/tools/category/${slug}`)}`]);
    const followed = await post(app, `/tools/category/${slug}`, { intent: "follow", follow: "true", redirectTo: `/tools/category/${slug}` }, { cookie: alice.cookie });
    expect([followed.status, followed.headers.get("location"), flashOf(followed)]).toEqual([302, `/tools/category/${slug}`, "followAdded"]);
    expect(await plain(await get(app, `/tools/category/${slug}`, alice.cookie))).toMatch(/aria-pressed="true"[^>]*data-testid="follow-button"/);
    const missing = await post(app, "/tools/category/no-such-category", { intent: "follow", follow: "true" }, { cookie: alice.cookie });
    expect(missing.status).toBe(404);
  });

  it("sends a watcher exactly one email when two plans change in one run, and nothing on the next run", async () => {
    await change(tool.id, "price-up", "Pro", { price: 20, currency: "USD", period: "month" }, { price: 25, currency: "USD", period: "month", billedAnnually: true });
    await change(tool.id, "plan-added", "Team", null, { price: 30, currency: "USD", period: "month", per: "seat" });
    const before = (await mailOf(alice.email)).length;
    // The site answers between the run's steps (on the embedded database nothing else ran until the run ended).
    const { result: summary, ...asked } = await healthAnsweredDuring(app, run);
    expect(asked).toEqual({ status: 200, duringRun: true });
    expect(summary.handedOut).toBe(2);
    const mail = (await mailOf(alice.email)).slice(before);
    expect(mail).toHaveLength(1);
    const [email] = mail as [OutboxRow];
    expect(email.subject).toBe(`${tool.name} changed: what is different`);
    expect(email.text).toContain("Pro: $20/month → $25/month, billed annually");
    expect(email.text).toContain("Plan added: Team $30/month per seat");
    expect(email.text).toContain(`${BASE_URL}/tools/${tool.slug}`);
    expect(email.headers!["List-Unsubscribe"]).toMatch(new RegExp(`^<${BASE_URL}/unsubscribe/alerts\\?token=alerts\\.[^>]+>, <mailto:[^>]+>$`));
    expect(email.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(await app.query("select 1 from tool_changes where notified_at is null")).toHaveLength(0);
    // Bob watches nothing: nothing for him.
    expect(await mailOf(bob.email)).toHaveLength(0);

    await run();
    expect(await mailOf(alice.email)).toHaveLength(before + 1);
  });

  it("lists watches and follows in /settings and removes one with a button, without JavaScript", async () => {
    await watch(alice, other.slug);
    const page = await plain(await get(app, "/settings", alice.cookie));
    expect(page).toContain(`href="/tools/${tool.slug}"`);
    expect(page).toContain(`href="/tools/${other.slug}"`);
    expect(page).toContain("Stop watching");
    expect(page).toContain("Unfollow");

    const removed = await post(app, "/settings", { intent: "unwatch", toolSlug: other.slug, watch: "false" }, { cookie: alice.cookie });
    expect(removed.status).toBe(200);
    expect(await plain(removed)).toContain("You will not get emails about this tool any more.");
    expect(await app.query("select 1 from tool_watches where tool_id = $1", [other.id])).toHaveLength(0);
    const [{ slug }] = (await app.query<{ slug: string }>("select category_slug as slug from category_follows")) as [{ slug: string }];
    expect((await post(app, "/settings", { intent: "unfollow", categorySlug: slug, follow: "false" }, { cookie: alice.cookie })).status).toBe(200);
    expect(await app.query("select 1 from category_follows")).toHaveLength(0);
    // Put back for the export below.
    await post(app, `/tools/category/${slug}`, { intent: "follow", follow: "true" }, { cookie: alice.cookie });
  });

  it("puts watches and follows in the data export", async () => {
    const exported = (await (await get(app, "/settings/export", alice.cookie)).json()) as {
      watchedTools: { tool: string }[];
      followedCategories: { category: string }[];
      emailSettings: { watchAlerts: boolean; weeklyDigest: boolean };
    };
    expect(exported.watchedTools.map((row) => row.tool)).toEqual([tool.slug]);
    expect(exported.followedCategories).toHaveLength(1);
    expect(exported.emailSettings).toEqual({ watchAlerts: true, weeklyDigest: false });
  });

  it("unsubscribes with one click from the email's List-Unsubscribe URL, without a session; opening it changes nothing", async () => {
    const [latest] = (await mailOf(alice.email)).slice(-1) as [OutboxRow];
    const url = new URL(/^<([^>]+)>/.exec(latest.headers!["List-Unsubscribe"]!)![1]!);
    const shown = await get(app, url.pathname + url.search);
    expect(shown.status).toBe(200);
    expect(await plain(shown)).toContain(`Stop sending emails about the tools you watch to ${alice.email}?`);
    expect(await app.query("select watch_alerts from users where email = $1", [alice.email])).toEqual([{ watch_alerts: true }]);

    const forged = await post(app, `${url.pathname}?token=alerts.${"x".repeat(20)}.${"A".repeat(43)}`, { "List-Unsubscribe": "One-Click" });
    expect(forged.status).toBe(400);
    const oneClick = await post(app, url.pathname + url.search, { "List-Unsubscribe": "One-Click" });
    expect(oneClick.status).toBe(200);
    expect(await app.query("select watch_alerts from users where email = $1", [alice.email])).toEqual([{ watch_alerts: false }]);

    const before = (await mailOf(alice.email)).length;
    await change(tool.id, "free-plan-dropped", "Free", { price: 0 }, null);
    await run();
    expect(await mailOf(alice.email)).toHaveLength(before);
    expect(await app.query("select 1 from tool_changes where notified_at is null")).toHaveLength(0);
  });

  it("sends nothing to a reader who deleted the account", async () => {
    const carol = await createVerifiedUser(app, { name: "Carol Gone" });
    await watch(carol, tool.slug);
    const deleted = await post(app, "/settings", { intent: "delete-account", password: carol.password, confirm: "DELETE" }, { cookie: carol.cookie });
    expect(deleted.status).toBe(302);
    expect(await app.query("select 1 from tool_watches w where not exists (select 1 from users u where u.id = w.user_id)")).toHaveLength(0);
    await change(tool.id, "site-down", null, null, { status: 500 });
    await run();
    expect(await mailOf(carol.email)).toHaveLength(0);
  });

  it("caps alerts at three a day per reader; the rest wait for the next day, never dropped", async () => {
    const dave = await createVerifiedUser(app, { name: "Dave Capped" });
    await watch(dave, other.slug);
    for (let i = 1; i <= 4; i += 1) {
      await change(other.id, "price-down", "Pro", { price: 40 + i, period: "month" }, { price: 30 + i, period: "month" });
      await run();
    }
    expect(await mailOf(dave.email)).toHaveLength(3);
    expect(await app.query("select 1 from pending_alerts p join users u on u.id = p.user_id where u.email = $1", [dave.email])).toHaveLength(1);
    // Still today: nothing more.
    await run();
    expect(await mailOf(dave.email)).toHaveLength(3);
    // The next day (the mailings moved back a day): the change that waited is sent.
    await app.query("update reader_mailings set sent_at = sent_at - interval '1 day' where user_id = (select id from users where email = $1)", [dave.email]);
    await run();
    const mail = await mailOf(dave.email);
    expect(mail).toHaveLength(4);
    expect(mail[3]!.text).toContain("Pro: $44/month → $34/month");
  });

  it("sends the weekly digest only to opted-in readers with something to say, once a week", async () => {
    const [news, quiet] = (await app.query<{ slug: string }>("select slug from categories where slug <> (select category_slug from tools where id = $1) order by slug limit 2", [
      tool.id,
    ])) as [{ slug: string }, { slug: string }];
    // A category's tools are its primary and secondary members (issue 29); the new tool is a secondary member of
    // the followed category where it has one, so a follower hears of it too.
    const member = "$1 = any(array[category_slug] || secondary_category_slugs)";
    await app.query(`update tools set added_at = '2020-01-01' where ${member}`, [quiet.slug]);
    await app.query(`delete from tool_changes where tool_id in (select id from tools where ${member})`, [quiet.slug]);
    const [fresh] = (await app.query<{ id: number; name: string; slug: string }>(
      `select id, name, slug from tools where ${member} and not ($2 = any(array[category_slug] || secondary_category_slugs)) order by category_slug = $1, slug limit 1`,
      [news.slug, quiet.slug],
    )) as [{ id: number; name: string; slug: string }];
    await app.query("update tools set added_at = current_date where id = $1", [fresh.id]);

    const [erin, frank, gina] = await Promise.all([
      createVerifiedUser(app, { name: "Erin Digest" }),
      createVerifiedUser(app, { name: "Frank NoDigest" }),
      createVerifiedUser(app, { name: "Gina Quiet" }),
    ]);
    for (const [user, category] of [
      [erin, news],
      [frank, news],
      [gina, quiet],
    ] as const)
      expect(flashOf(await post(app, `/tools/category/${category.slug}`, { intent: "follow", follow: "true" }, { cookie: user.cookie }))).toBe("followAdded");
    for (const user of [erin, gina]) {
      const saved = await post(app, "/settings", { intent: "mail-settings", alerts: "true", digest: "true" }, { cookie: user.cookie });
      expect(saved.status).toBe(200);
    }
    expect(await app.query("select weekly_digest from users where email = $1", [frank.email])).toEqual([{ weekly_digest: false }]);

    await run();
    const [digest, ...more] = await mailOf(erin.email);
    expect(more).toHaveLength(0);
    expect(digest!.subject).toMatch(/^Your weekly digest: \d+ new tools?/);
    expect(digest!.text).toContain(`${fresh.name} (`);
    expect(digest!.text).toContain(`${BASE_URL}/tools/${fresh.slug}`);
    expect(digest!.headers!["List-Unsubscribe"]).toContain("token=digest.");
    expect(digest!.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(await mailOf(frank.email)).toHaveLength(0);
    expect(await mailOf(gina.email)).toHaveLength(0);

    // A week is a week: the next run sends no second digest.
    await run();
    expect(await mailOf(erin.email)).toHaveLength(1);

    // The digest's own one-click unsubscribe turns the digest off, not the alerts.
    const url = new URL(/^<([^>]+)>/.exec(digest!.headers!["List-Unsubscribe"]!)![1]!);
    expect((await post(app, url.pathname + url.search, { "List-Unsubscribe": "One-Click" })).status).toBe(200);
    expect(await app.query("select weekly_digest, watch_alerts from users where email = $1", [erin.email])).toEqual([{ weekly_digest: false, watch_alerts: true }]);
  });
});
