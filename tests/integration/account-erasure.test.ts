import { expect, it } from "vitest";
import { createVerifiedUser, get, post, uniqueIp } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";
import { latestLink, settleMail } from "../support/mail";

/**
 * Decision 038: deleting an account erases everything its data export lists, in one transaction, including what
 * is kept by address rather than by account (the newsletter subscription, contact messages, mail). The check does
 * not trust a list of tables: it reads every text and JSON column of every table in the schema and looks for the
 * address, the user id and the name.
 */

/**
 * Tables where the account may still be found after its deletion, each with the reason. Nothing else may hold it.
 */
const KEPT: Record<string, string> = {
  // Counters keyed by the address or id (e.g. 'email:a0:<address>'), no content; each ends within a day and is
  // pruned (in Redis it expires by itself). Deleting them would let whoever filled them start again at once.
  rate_limits: "rate-limit windows end by themselves",
};

type Column = { table: string; column: string };

/** Every text, varchar, json and jsonb column of the app's tables (the same query on PGlite and PostgreSQL). */
function textColumns(app: TestApp): Promise<Column[]> {
  return app.query<Column>(`
    select c.table_name as table, c.column_name as column
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = current_schema() and c.data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY')
    order by 1, 2`);
}

/** 'table.column' of every column where any of `needles` occurs (case-insensitively: some keys are lower-cased). */
async function columnsHolding(app: TestApp, columns: Column[], needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of columns) {
    const [row] = await app.query<{ n: number }>(
      `select count(*)::int as n from "${table}" where ${needles.map((_, index) => `position($${index + 1} in lower("${column}"::text)) > 0`).join(" or ")}`,
      needles.map((needle) => needle.toLowerCase()),
    );
    if (row!.n > 0) found.push(`${table}.${column}`);
  }
  return found;
}

describeEachBackend("deleting an account", (app) => {
  it("erases everything the export lists, in every table: no row keeps the address, the id or the name", async () => {
    const surname = `Vanishwell${process.pid}x${Date.now().toString(36)}`;
    const user = await createVerifiedUser(app, { name: `Erin ${surname}` });
    const [{ id }] = (await app.query<{ id: string }>("select id from users where email = $1", [user.email])) as [{ id: string }];
    const [tool] = (await app.query<{ slug: string; category: string }>("select slug, category_slug as category from tools order by slug limit 1")) as [
      { slug: string; category: string },
    ];
    const as = { cookie: user.cookie };
    const json = (pathname: string, body: unknown) =>
      app.request(pathname, { method: "POST", headers: { "Content-Type": "application/json", Cookie: user.cookie, "X-Forwarded-For": uniqueIp() }, body: JSON.stringify(body) });

    // Newsletter, subscribed and confirmed under the account's address.
    expect((await post(app, "/newsletter", { source: "home", email: user.email, name: `Erin ${surname}` })).status).toBe(200);
    const confirm = new URL(await latestLink(app.dataDir, user.email, "/newsletter/confirm"));
    await post(app, confirm.pathname + confirm.search, {});
    // A message to the editors from the same address (signed out: it is the address that makes it theirs).
    const contact = {
      firstName: "Erin",
      lastName: surname,
      email: user.email,
      subject: "About my listing",
      message: "Please update the pricing of the tool I submitted last week.",
    };
    expect((await post(app, "/contact", contact)).status).toBe(201);
    // A watched tool, a followed category, a saved tool, a saved article, a review, a submission.
    expect((await post(app, `/tools/${tool.slug}`, { intent: "watch", watch: "true", redirectTo: `/tools/${tool.slug}` }, as)).status).toBeLessThan(400);
    expect((await post(app, `/tools/category/${tool.category}`, { intent: "follow", follow: "true", redirectTo: `/tools/category/${tool.category}` }, as)).status).toBeLessThan(
      400,
    );
    expect((await json("/api/favorites", { toolSlug: tool.slug, favorite: true })).status).toBe(200);
    expect((await post(app, "/blog/midjourney-vs-dall-e", { intent: "bookmark", saved: "true" }, as)).status).toBeLessThan(400);
    expect((await json("/api/reviews", { toolSlug: tool.slug, rating: 4, comment: `Solid drafts, says ${surname}.` })).status).toBeLessThan(300);
    const submitted = await post(
      app,
      "/submit",
      {
        intent: "submit",
        name: `Erasetool ${surname}`,
        websiteUrl: `https://${surname.toLowerCase()}.example`,
        categorySlug: "content-writing",
        tagline: "Drafts long-form articles from an outline, in your house style.",
        description: "Erasetool turns an outline into a first draft of a long article and keeps a glossary of the terms your team prefers in every draft.",
        pricingText: "Free plan; Pro from $15/month",
        pricingModel: "freemium",
        hasFreeTrial: "true",
        makerRole: "maker",
      },
      as,
    );
    expect(submitted.status).toBeLessThan(400);
    // A shortlist with the tool and a note (issue 47): its rows go by cascade with the account.
    const listed = await post(app, "/shortlists/add?tool=" + tool.slug, { intent: "add", list: "new", newName: `Picks of ${surname}`, note: `Ask ${surname}'s team` }, as);
    expect(listed.status).toBe(302);
    // A reset link asked for and never used: Better Auth keeps its token with the user id.
    expect((await post(app, "/auth", { intent: "forgot", from: "page", email: user.email })).status).toBe(200);
    await settleMail(app);

    const exported = await (await get(app, "/settings/export", user.cookie)).json();
    expect(exported.newsletter).toMatchObject({ email: user.email });
    expect(exported.contactMessages).toHaveLength(1);
    for (const list of ["watchedTools", "followedCategories", "favorites", "bookmarks", "reviews", "submissions", "sessions", "shortlists"])
      expect(exported[list], list).toHaveLength(1);

    const columns = await textColumns(app);
    const needles = [user.email, id, surname];
    const before = await columnsHolding(app, columns, needles);
    // The check sees the account where it is: it would notice any of these left behind.
    for (const place of [
      "users.email",
      "newsletter_subscribers.email",
      "contact_messages.email",
      "email_outbox.to",
      "verifications.value",
      "tool_submissions.name",
      "reviews.comment",
      "shortlists.name",
      "shortlist_items.note",
    ]) {
      expect(before).toContain(place);
    }

    const deleted = await post(app, "/settings", { intent: "delete-account", password: user.password, confirm: "DELETE" }, as);
    expect(deleted.status).toBe(302);
    const after = await columnsHolding(app, columns, needles);
    expect(after.filter((place) => !(place.split(".")[0]! in KEPT))).toEqual([]);
    expect((await get(app, "/settings/export", user.cookie)).status).toBe(302);
    // A dozen writes and two walks over every column: room for a busy machine.
  }, 90_000);

  it("deletes nothing when the password is wrong, and leaves other addresses' rows alone", async () => {
    const user = await createVerifiedUser(app);
    const neighbour = `x${user.email}`;
    expect((await post(app, "/newsletter", { source: "home", email: user.email })).status).toBe(200);
    expect((await post(app, "/newsletter", { source: "home", email: neighbour })).status).toBe(200);
    await settleMail(app);
    const wrong = await post(app, "/settings", { intent: "delete-account", password: "not-my-password-at-all", confirm: "DELETE" }, { cookie: user.cookie });
    expect(wrong.status).toBe(400);
    const count = async (sql: string, value: string) => (await app.query<{ n: number }>(sql, [value]))[0]!.n;
    expect(await count("select count(*)::int as n from users where email = $1", user.email)).toBe(1);
    expect(await count("select count(*)::int as n from newsletter_subscribers where email = $1", user.email)).toBe(1);

    expect((await post(app, "/settings", { intent: "delete-account", password: user.password, confirm: "DELETE" }, { cookie: user.cookie })).status).toBe(302);
    expect(await count("select count(*)::int as n from newsletter_subscribers where email = $1", user.email)).toBe(0);
    // An address that merely contains this one is someone else's.
    expect(await count("select count(*)::int as n from newsletter_subscribers where email = $1", neighbour)).toBe(1);
    expect(await count('select count(*)::int as n from email_outbox where "to" = $1', neighbour)).toBeGreaterThan(0);
  });
});
