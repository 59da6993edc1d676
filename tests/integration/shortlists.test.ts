import { parse } from "csv-parse/sync";
import { beforeAll, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { planFieldName, pricingFormValues } from "../../app/lib/tool/pricing-edit";
import { teamCost, teamCostCells } from "../../app/lib/tool/team-cost";
import { createVerifiedUser, get, post } from "../support/accounts";
import { BASE_URL, describeEachBackend } from "../support/app";
import { serverBuildPath } from "../support/paths";

/**
 * Shortlists (issue 47, decision 087): a reader's named lists of tools with notes; a private share link that works
 * signed out, read-only and `noindex`; the CSV and the printable page; every recorded change of a listed tool since
 * it was added, dated; one email per list and run when alerts are on; and nobody else reaches a list, or changes it,
 * without its link (the not-found answer, which says nothing of whether it exists).
 */

type Build = { runAlertJob: () => Promise<{ shortlistAlerts: number }> };
type User = Awaited<ReturnType<typeof createVerifiedUser>> & { id: string };

const TOOL = "chatgpt";
const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');
const longDate = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const today = () => longDate(new Date().toISOString().slice(0, 10));

describeEachBackend("shortlists", (app) => {
  let build: Build;
  let alice: User;
  let bob: User;
  let editor: User;
  let listId: number;
  let other: { slug: string; name: string };

  const listRow = async () =>
    (
      await app.query<{ name: string; team_size: number; share_token: string | null; alerts: boolean }>(
        "select name, team_size, share_token, alerts from shortlists where id = $1",
        [listId],
      )
    )[0];
  const itemsOf = async () =>
    app.query<{ slug: string; note: string }>("select t.slug, i.note from shortlist_items i join tools t on t.id = i.tool_id where i.shortlist_id = $1 order by t.slug", [listId]);
  const mailOf = (email: string) =>
    app.query<{ subject: string; text: string; headers: Record<string, string> | null }>(
      `select subject, text, headers from email_outbox where "to" = $1 and headers->>'List-Unsubscribe' like '%token=shortlists.%' order by id`,
      [email],
    );

  beforeAll(async () => {
    build = (await import(serverBuildPath)) as Build;
    const made = await Promise.all(["Alice Lister", "Bob Stranger", "Edie Editor"].map((name) => createVerifiedUser(app, { name })));
    const withId = async (user: (typeof made)[number]) => ({ ...user, id: (await app.query<{ id: string }>("select id from users where email = $1", [user.email]))[0]!.id });
    [alice, bob, editor] = (await Promise.all(made.map(withId))) as [User, User, User];
    await app.query("update users set role = 'editor' where id = $1", [editor.id]);
    other = (await app.query<{ slug: string; name: string }>("select slug, name from tools where slug <> $1 order by slug limit 1", [TOOL]))[0]!;
    // Whatever the template's sync recorded is old news.
    await build.runAlertJob();
  });

  it("creates a list, adds tools with notes from the add form, and shows each with its plans, facts and changes", async () => {
    expect((await get(app, "/shortlists")).status).toBe(302);
    const empty = await post(app, "/shortlists", { intent: "create", name: "   " }, { cookie: alice.cookie });
    expect(empty.status).toBe(400);
    expect(await text(empty)).toContain("Name the list (1-80 characters)");

    const created = await post(app, "/shortlists", { intent: "create", name: "Writing tools for the team" }, { cookie: alice.cookie });
    expect(created.status).toBe(302);
    listId = Number(/^\/shortlists\/(\d+)$/.exec(created.headers.get("location") ?? "")?.[1]);
    expect(listId).toBeGreaterThan(0);

    // A signed-out visitor is sent to sign in, and back to the form.
    const signedOut = await get(app, `/shortlists/add?tool=${TOOL}`);
    expect([signedOut.status, signedOut.headers.get("location")]).toEqual([302, `/auth?redirectTo=${encodeURIComponent(`/shortlists/add?tool=${TOOL}`)}`]);
    const form = await text(await get(app, `/shortlists/add?tool=${TOOL}`, alice.cookie));
    expect(form).toContain("Writing tools for the team");
    expect((await get(app, "/shortlists/add?tool=no-such-tool", alice.cookie)).status).toBe(404);

    const added = await post(app, `/shortlists/add?tool=${TOOL}`, { intent: "add", list: String(listId), note: "Ask about SSO" }, { cookie: alice.cookie });
    expect([added.status, added.headers.get("location")]).toEqual([302, `/shortlists/${listId}`]);
    // A second tool into a new list, then moved by hand: the new list exists too.
    const fresh = await post(app, `/shortlists/add?tool=${other.slug}`, { intent: "add", list: "new", newName: "Second look" }, { cookie: alice.cookie });
    expect(fresh.status).toBe(302);
    expect(await app.query("select name from shortlists where user_id = $1 order by id", [alice.id])).toEqual([{ name: "Writing tools for the team" }, { name: "Second look" }]);
    const noName = await post(app, `/shortlists/add?tool=${other.slug}`, { intent: "add", list: "new", newName: "" }, { cookie: alice.cookie });
    expect(noName.status).toBe(400);
    expect(await post(app, `/shortlists/add?tool=${other.slug}`, { intent: "add", list: String(listId) }, { cookie: alice.cookie }).then((r) => r.status)).toBe(302);
    expect(await itemsOf()).toEqual(
      [
        { slug: TOOL, note: "Ask about SSO" },
        { slug: other.slug, note: "" },
      ].sort((a, b) => a.slug.localeCompare(b.slug)),
    );

    // Note, team size, rename: plain form posts back to the list.
    expect((await post(app, `/shortlists/${listId}`, { intent: "note", toolSlug: other.slug, note: "Cheaper, but check retention" }, { cookie: alice.cookie })).status).toBe(302);
    expect((await post(app, `/shortlists/${listId}`, { intent: "team", teamSize: "12" }, { cookie: alice.cookie })).status).toBe(302);
    expect((await post(app, `/shortlists/${listId}`, { intent: "team", teamSize: "0" }, { cookie: alice.cookie })).status).toBe(400);
    expect((await post(app, `/shortlists/${listId}`, { intent: "note", toolSlug: TOOL, note: "x".repeat(501) }, { cookie: alice.cookie })).status).toBe(400);
    expect(await listRow()).toMatchObject({ name: "Writing tools for the team", team_size: 12, share_token: null, alerts: false });

    const page = await get(app, `/shortlists/${listId}`, alice.cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const body = await text(page);
    expect(body).toContain("ChatGPT");
    expect(body).toContain("Ask about SSO");
    expect(body).toContain("Cheaper, but check retention");
    expect(body).toContain("For a team of 12");
    // The list's team cost is the one function's (decision 086), for the list's 12 people.
    const content = (file: string) => JSON.parse(readFileSync(`content/${file}`, "utf8"));
    const cells = teamCostCells(teamCost(content(`tools/${TOOL}.json`).pricing, 12, content("currency-rates.json")));
    expect(body).toContain(cells.monthly.replaceAll("&", "&amp;"));
    expect(body).toContain(cells.firstYear.replaceAll("&", "&amp;"));
    expect(body).toContain("Plans and terms");
    expect(body).toMatch(/Plus<\/strong>: \$20\/month/);
    expect(body).toContain("Data and security");
    expect(body).toContain(`Changes since you added it (${today()})`);
    expect(body).toContain("No recorded change since then.");
    expect(body).not.toMatch(/winner|best pick/i);
    expect(body).toMatch(/<meta name="robots" content="noindex/);

    const lists = await text(await get(app, "/shortlists", alice.cookie));
    expect(lists).toContain(`href="/shortlists/${listId}"`);
    expect(lists).toContain("2 tools");
  });

  it("keeps the list from every other reader: 404 for the page, print, CSV and every write, nothing changed", async () => {
    for (const path of [`/shortlists/${listId}`, `/shortlists/${listId}/print`, `/shortlists/${listId}/export.csv`]) {
      expect((await get(app, path, bob.cookie)).status, path).toBe(404);
      // Signed out: sign in first (the page does not say whether the list exists either).
      expect((await get(app, path)).status, path).toBe(302);
    }
    // A list id that does not exist answers the same as Alice's.
    expect((await get(app, `/shortlists/999999999`, bob.cookie)).status).toBe(404);
    const writes: Record<string, string>[] = [
      { intent: "rename", name: "Mine now" },
      { intent: "team", teamSize: "3" },
      { intent: "note", toolSlug: TOOL, note: "bob was here" },
      { intent: "remove", toolSlug: TOOL },
      { intent: "share", share: "true" },
      { intent: "alerts", alerts: "true" },
      { intent: "delete" },
    ];
    for (const fields of writes) {
      const refused = await post(app, `/shortlists/${listId}`, fields, { cookie: bob.cookie });
      expect(refused.status, fields.intent).toBe(404);
    }
    const adding = await post(app, `/shortlists/add?tool=${other.slug}`, { intent: "add", list: String(listId), note: "bob" }, { cookie: bob.cookie });
    expect(adding.status).toBe(404);
    expect(await listRow()).toMatchObject({ name: "Writing tools for the team", team_size: 12, share_token: null, alerts: false });
    expect((await itemsOf()).map((item) => item.note)).not.toContain("bob was here");
    expect(await itemsOf()).toHaveLength(2);
    // Signed out, a write is sent to sign in.
    expect((await post(app, `/shortlists/${listId}`, { intent: "delete" })).status).toBe(302);
    expect(await listRow()).toBeDefined();
  });

  it("shares by a private link that works signed out, read-only and noindex, until sharing stops", async () => {
    expect((await post(app, `/shortlists/${listId}`, { intent: "share", share: "true" }, { cookie: alice.cookie })).status).toBe(302);
    const token = (await listRow())!.share_token!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await text(await get(app, `/shortlists/${listId}`, alice.cookie))).toContain(`/s/${token}`);

    const shared = await get(app, `/s/${token}`);
    expect(shared.status).toBe(200);
    expect(shared.headers.get("x-robots-tag")).toContain("noindex");
    const body = await text(shared);
    expect(body).toMatch(/<meta name="robots" content="noindex/);
    expect(body).toContain("Writing tools for the team");
    expect(body).toContain("Ask about SSO");
    expect(body).not.toContain(alice.email);
    expect(body).not.toContain("Alice Lister");
    // Read-only: no forms of the owner's.
    expect(body).not.toContain('name="intent" value="note"');
    expect(body).not.toContain("Stop sharing");
    // Another reader with the link reads it too; a post to it changes nothing.
    expect((await get(app, `/s/${token}`, bob.cookie)).status).toBe(200);
    expect((await post(app, `/s/${token}`, { intent: "delete" }, { cookie: bob.cookie })).status).toBeGreaterThanOrEqual(400);
    expect((await get(app, `/s/${token}/print`)).status).toBe(200);
    const csv = await get(app, `/s/${token}/export.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("x-robots-tag")).toContain("noindex");
    // A token that is not one, and one a letter off.
    expect((await get(app, "/s/not-a-token")).status).toBe(404);
    expect((await get(app, `/s/${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).status).toBe(404);

    expect((await post(app, `/shortlists/${listId}`, { intent: "share", share: "false" }, { cookie: alice.cookie })).status).toBe(302);
    for (const path of [`/s/${token}`, `/s/${token}/print`, `/s/${token}/export.csv`]) expect((await get(app, path)).status, path).toBe(404);
    // Sharing again makes a new link: the old one stays dead.
    await post(app, `/shortlists/${listId}`, { intent: "share", share: "true" }, { cookie: alice.cookie });
    const again = (await listRow())!.share_token!;
    expect(again).not.toBe(token);
    expect((await get(app, `/s/${token}`)).status).toBe(404);
    expect((await get(app, `/s/${again}`)).status).toBe(200);
  });

  it("exports the list as CSV that parses, and as a printable page whole without JavaScript", async () => {
    const response = await get(app, `/shortlists/${listId}/export.csv`, alice.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="shortlist-writing-tools-for-the-team-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parse(await response.text(), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
    expect(rows).toHaveLength(2);
    const chatgpt = rows.find((row) => row.Tool === "ChatGPT")!;
    expect(chatgpt).toMatchObject({ Page: `${BASE_URL}/tools/${TOOL}`, "Team size": "12", Note: "Ask about SSO" });
    expect(chatgpt["Plans and terms"]).toContain("Plus: $20/month");
    expect(chatgpt["Prices confirmation"]).toMatch(/confirmed/);
    expect(chatgpt["Prices source"]).toMatch(/^https:\/\//);
    expect(chatgpt["Data and security"]).toContain("Trains its models on your content");

    const print = await get(app, `/shortlists/${listId}/print`, alice.cookie);
    expect(print.status).toBe(200);
    const page = await text(print);
    expect(page).toMatch(/<meta name="robots" content="noindex/);
    expect(page).toContain("Ask about SSO");
    expect(page).toContain("Plans and terms");
    // A page to read: its content is in the HTML, and React's client is not sent.
    expect(page).not.toContain("window.__reactRouterContext");
  });

  it("shows a price change of a listed tool with its date, and mails the owner once when alerts are on", async () => {
    expect((await post(app, `/shortlists/${listId}`, { intent: "alerts", alerts: "true" }, { cookie: alice.cookie })).status).toBe(302);
    expect((await listRow())!.alerts).toBe(true);
    await build.runAlertJob();
    expect(await mailOf(alice.email)).toHaveLength(0);

    // The editors' pricing editor: the same path every price change takes, with its change rows.
    const [row] = await app.query<{ pricing_model: string; plans: { name: string }[]; has_free_trial: boolean }>(
      "select pricing_model, plans, has_free_trial from tools where slug = $1",
      [TOOL],
    );
    const values = pricingFormValues({ model: row!.pricing_model as never, plans: row!.plans as never }, row!.has_free_trial);
    values[
      planFieldName(
        row!.plans.findIndex((plan) => plan.name === "Plus"),
        "price",
      )
    ] = "23";
    const saved = await post(app, `/admin/prices/${TOOL}`, { intent: "save", note: "Plus went up", ...values }, { cookie: editor.cookie });
    expect(saved.status).toBe(200);

    const body = await text(await get(app, `/shortlists/${listId}`, alice.cookie));
    expect(body).toMatch(new RegExp(`<time dateTime="${new Date().toISOString().slice(0, 10)}"[^>]*>${today()}</time>: Plus: \\$20/month → \\$23/month`));
    // The shared view shows it too.
    const token = (await listRow())!.share_token!;
    expect(await text(await get(app, `/s/${token}`))).toContain("Plus: $20/month → $23/month");

    const first = await build.runAlertJob();
    expect(first.shortlistAlerts).toBe(1);
    await build.runAlertJob();
    const mail = await mailOf(alice.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("Your shortlist “Writing tools for the team” changed");
    expect(mail[0]!.text).toContain("Plus: $20/month → $23/month");
    expect(mail[0]!.text).toContain(`${BASE_URL}/shortlists/${listId}`);
    expect(mail[0]!.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    // Bob has no list: nothing for him.
    expect(await mailOf(bob.email)).toHaveLength(0);

    // A tool added after the change shows none of it, and mails none of it.
    await post(app, `/shortlists/add?tool=${TOOL}`, { intent: "add", list: "new", newName: "Late list" }, { cookie: alice.cookie });
    const [late] = await app.query<{ id: number }>("select id from shortlists where user_id = $1 and name = 'Late list'", [alice.id]);
    await post(app, `/shortlists/${late!.id}`, { intent: "alerts", alerts: "true" }, { cookie: alice.cookie });
    expect(await text(await get(app, `/shortlists/${late!.id}`, alice.cookie))).toContain("No recorded change since then.");
    await build.runAlertJob();
    expect(await mailOf(alice.email)).toHaveLength(1);

    // The one-click link turns every list's alerts off, without a session.
    const unsubscribe = new URL(/<([^>]+\/unsubscribe\/alerts\?token=[^>]+)>/.exec(mail[0]!.headers!["List-Unsubscribe"]!)![1]!);
    const done = await app.request(unsubscribe.pathname + unsubscribe.search, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(done.status).toBeLessThan(400);
    expect(await app.query("select alerts from shortlists where user_id = $1 and alerts", [alice.id])).toEqual([]);
  });

  it("puts the lists in the data export, and refuses more than the limits with clear words", async () => {
    const exported = await (await get(app, "/settings/export", alice.cookie)).json();
    const list = exported.shortlists.find((entry: { name: string }) => entry.name === "Writing tools for the team");
    expect(list).toMatchObject({ teamSize: 12, shared: true });
    expect(list.tools.map((tool: { tool: string; note: string }) => [tool.tool, tool.note])).toContainEqual([TOOL, "Ask about SSO"]);

    const [{ n }] = (await app.query<{ n: number }>("select count(*)::int as n from shortlists where user_id = $1", [alice.id])) as [{ n: number }];
    for (let i = n; i < 20; i += 1) expect((await post(app, "/shortlists", { intent: "create", name: `List ${i}` }, { cookie: alice.cookie })).status).toBe(302);
    const refused = await post(app, "/shortlists", { intent: "create", name: "One too many" }, { cookie: alice.cookie });
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain("You can keep at most 20 shortlists.");

    // Deleting a list takes its tools with it.
    expect((await post(app, `/shortlists/${listId}`, { intent: "delete" }, { cookie: alice.cookie })).headers.get("location")).toBe("/shortlists");
    expect(await app.query("select 1 from shortlist_items where shortlist_id = $1", [listId])).toEqual([]);
  });
});
