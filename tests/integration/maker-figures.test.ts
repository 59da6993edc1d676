import { beforeAll, expect, it } from "vitest";
import { createVerifiedUser } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";
import { serverBuildPath } from "../support/paths";

/**
 * A maker's weekly figures (issue 45, models/maker/figures.server.ts) on each backend: rows written at known moments
 * land in their ISO week (Monday 00:00 UTC), weeks with nothing are zeros, only the tool's own rows count (not another
 * tool's, not its deals' clicks, not a hidden review), and page views are said not to be recorded. Who may read them:
 * the holder of a verified claim of that tool, editors and owners; nobody else, a lapsed or revoked claim included.
 */
type Viewer = { id: string; role: string };
type Week = { weekStart: string; current: boolean; clicks: number; saves: number; reviews: number; watches: number };
type Figures = { tool: { slug: string; name: string }; weeks: Week[]; totals: Record<string, number>; pageViews: null };
type Build = {
  getMakerFigures: (viewer: Viewer, toolSlug: string, options?: { weeks?: number; now?: Date }) => Promise<Figures>;
  listMakerListings: (viewer: Pick<Viewer, "id">) => Promise<{ slug: string; name: string; status: string; verifiedAt: Date | null; method: string }[]>;
};
type User = Awaited<ReturnType<typeof createVerifiedUser>> & Viewer;

/** A Thursday: its ISO week starts on Monday 23 November 2026. */
const NOW = new Date("2026-11-26T12:00:00Z");

/** What the function threw, as code and message key; null when it answered. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
    return null;
  } catch (error) {
    const { name, code, details } = error as { name: string; code: string; details: { message?: string } };
    return { name, code, message: details.message };
  }
}

describeEachBackend("a maker's weekly figures", (app: TestApp) => {
  let build: Build;
  let tool: string; // the claimed tool
  let otherTool: string;
  const users: Record<"maker" | "otherMaker" | "reader" | "editor" | "owner" | "lapsed" | "revoked" | "pending", User> = {} as never;

  const claim = (user: User, slug: string, status: string) =>
    app.query(
      `insert into tool_claims (tool_id, user_id, method, domain, nonce, status, verified_at)
       select id, $2, 'email', 'example.com', md5(random()::text), $3, timestamptz '2026-10-01T09:00:00Z' from tools where slug = $1`,
      [slug, user.id, status],
    );
  const click = (kind: string, target: string, at: string) =>
    app.query("insert into affiliate_clicks (kind, target, destination, value, visitor_hash, created_at) values ($1, $2, 'https://example.com/', 1, 'v', $3)", [kind, target, at]);
  const row = (table: "favorites" | "tool_watches", user: User, slug: string, at: string) =>
    app.query(`insert into ${table} (user_id, tool_id, created_at) select $1, id, $3 from tools where slug = $2`, [user.id, slug, at]);
  const review = (user: User, slug: string, at: string, hidden = false) =>
    app.query(
      `insert into reviews (tool_id, user_id, rating, comment, created_at, hidden_at) select id, $1, 4, 'Useful.', $3, case when $4 then now() end from tools where slug = $2`,
      [user.id, slug, at, hidden],
    );

  beforeAll(async () => {
    build = (await import(serverBuildPath)) as Build;
    [tool, otherTool] = (await app.query<{ slug: string }>("select slug from tools order by slug limit 2")).map((row) => row.slug) as [string, string];
    // Side by side: each sign-up waits on its password hash, not on the others.
    const names = Object.keys({ maker: 0, otherMaker: 0, reader: 0, editor: 0, owner: 0, lapsed: 0, revoked: 0, pending: 0 }) as (keyof typeof users)[];
    await Promise.all(
      names.map(async (name) => {
        const user = await createVerifiedUser(app, { name: `Figures ${name}` });
        const role = name === "editor" || name === "owner" ? name : "reader";
        await app.query("update users set role = $1 where email = $2", [role, user.email]);
        const [{ id }] = (await app.query<{ id: string }>("select id from users where email = $1", [user.email])) as [{ id: string }];
        users[name] = { ...user, id, role };
      }),
    );
    await claim(users.maker, tool, "verified");
    await claim(users.otherMaker, otherTool, "verified");
    await claim(users.lapsed, tool, "lapsed");
    await claim(users.revoked, tool, "revoked");
    await claim(users.pending, tool, "pending");

    // Clicks: two in the current week (one on its first second), one on the last second of the week before, one in
    // the week of 9 November by UTC though 16 November in a zone east of it; none of the rest count.
    await click("tool", tool, "2026-11-23T00:00:00Z");
    await click("tool", tool, "2026-11-26T11:59:00Z");
    await click("tool", tool, "2026-11-22T23:59:59Z");
    await click("tool", tool, "2026-11-16T00:30:00+02:00");
    await click("tool", tool, "2026-10-31T12:00:00Z"); // before the period asked
    await click("tool", tool, "2026-11-30T08:00:00Z"); // after the current week
    await click("deal", tool, "2026-11-24T10:00:00Z"); // a deal's click, not the website's
    await click("tool", otherTool, "2026-11-24T10:00:00Z");
    await row("favorites", users.reader, tool, "2026-11-24T10:00:00Z");
    await row("favorites", users.editor, tool, "2026-11-10T10:00:00Z");
    await row("favorites", users.owner, otherTool, "2026-11-24T10:00:00Z");
    await row("tool_watches", users.reader, tool, "2026-11-17T10:00:00Z");
    await row("tool_watches", users.owner, tool, "2026-11-18T10:00:00Z");
    await review(users.reader, tool, "2026-11-25T10:00:00Z");
    await review(users.editor, tool, "2026-11-19T10:00:00Z");
    await review(users.owner, tool, "2026-11-19T11:00:00Z", true); // hidden by an editor
    await review(users.lapsed, otherTool, "2026-11-19T11:00:00Z");
  });

  it("counts each table's rows into their ISO weeks (UTC), newest first, zeros for quiet weeks, the current week so far", async () => {
    const figures = await build.getMakerFigures(users.maker, tool, { weeks: 4, now: NOW });
    expect(figures.tool.slug).toBe(tool);
    expect(figures.weeks).toEqual([
      { weekStart: "2026-11-23", current: true, clicks: 2, saves: 1, reviews: 1, watches: 0 },
      { weekStart: "2026-11-16", current: false, clicks: 1, saves: 0, reviews: 1, watches: 2 },
      { weekStart: "2026-11-09", current: false, clicks: 1, saves: 1, reviews: 0, watches: 0 },
      { weekStart: "2026-11-02", current: false, clicks: 0, saves: 0, reviews: 0, watches: 0 },
    ]);
    expect(figures.totals).toEqual({ clicks: 4, saves: 2, reviews: 2, watches: 2 });
    expect(figures.pageViews).toBeNull();
  });

  it("gives 12 weeks by default, every one present and only the first marked current; refuses a period out of range", async () => {
    const { weeks } = await build.getMakerFigures(users.maker, tool, { now: NOW });
    expect(weeks).toHaveLength(12);
    expect(weeks.map((week) => week.current)).toEqual([true, ...Array(11).fill(false)]);
    expect(weeks.at(-1)!.weekStart).toBe("2026-09-07");
    expect(weeks.every((week, index) => index === 0 || Date.parse(weeks[index - 1]!.weekStart) - Date.parse(week.weekStart) === 7 * 86_400_000)).toBe(true);
    for (const count of [0, 53, 1.5]) expect(await refusal(build.getMakerFigures(users.maker, tool, { weeks: count })), String(count)).toMatchObject({ code: "INVALID_INPUT" });
    // Today's week, with nothing recorded in it by the test, is present too.
    const today = await build.getMakerFigures(users.maker, tool, { weeks: 1 });
    expect(today.weeks).toHaveLength(1);
    expect(today.weeks[0]).toMatchObject({ current: true });
  });

  it("lets the tool's verified maker, editors and owners read the figures", async () => {
    for (const who of ["maker", "editor", "owner"] as const) {
      expect((await build.getMakerFigures(users[who], tool, { weeks: 4, now: NOW })).totals, who).toEqual({ clicks: 4, saves: 2, reviews: 2, watches: 2 });
    }
    // An editor reads any tool's; the other tool's maker reads theirs.
    expect((await build.getMakerFigures(users.otherMaker, otherTool, { weeks: 4, now: NOW })).totals).toEqual({ clicks: 1, saves: 1, reviews: 1, watches: 0 });
  });

  it("refuses everyone else with the one error type: a reader, another tool's maker, a pending, lapsed or revoked claim", async () => {
    for (const who of ["reader", "otherMaker", "pending", "lapsed", "revoked"] as const) {
      expect(await refusal(build.getMakerFigures(users[who], tool)), who).toEqual({ name: "AppError", code: "FORBIDDEN", message: "makerFiguresNotAllowed" });
    }
    expect(await refusal(build.getMakerFigures(users.maker, "no-such-tool"))).toEqual({ name: "AppError", code: "NOT_FOUND", message: "toolNotFound" });
    // A claim that lapses takes the figures with it.
    await app.query("update tool_claims set status = 'lapsed', lapsed_at = now() where user_id = $1", [users.otherMaker.id]);
    expect(await refusal(build.getMakerFigures(users.otherMaker, otherTool))).toMatchObject({ code: "FORBIDDEN" });
    await app.query("update tool_claims set status = 'verified', lapsed_at = null where user_id = $1", [users.otherMaker.id]);
  });

  it("lists a viewer's own claims with their state, and since when and how once verified", async () => {
    const [maker] = await build.listMakerListings(users.maker);
    expect(await build.listMakerListings(users.maker)).toHaveLength(1);
    expect(maker).toMatchObject({ slug: tool, method: "email", status: "verified" });
    expect(new Date(maker!.verifiedAt!).toISOString()).toBe("2026-10-01T09:00:00.000Z");
    expect((await build.listMakerListings(users.otherMaker)).map((row) => row.slug)).toEqual([otherTool]);
    for (const who of ["pending", "lapsed", "revoked"] as const)
      expect(
        (await build.listMakerListings(users[who])).map((row) => row.status),
        who,
      ).toEqual([who]);
    for (const who of ["reader", "editor"] as const) expect(await build.listMakerListings(users[who]), who).toEqual([]);
  });
});
