import { beforeAll, expect, it } from "vitest";
import { createVerifiedUser, get, post } from "../support/accounts";
import { latestLink, settleMail } from "../support/mail";
import { describeEachBackend, type TestApp } from "../support/app";
import { comparable, PERSONAL_JSON } from "../support/filled-pages";

/**
 * Signed-in readers of a shared page get the page kept for anonymous visitors with its personal parts filled in for
 * them (decision 054). What this must never do: show a reader anything a page rendered for them would not show, keep
 * anything personal in the shared cache, or serve a page whose loaders read the viewer this way.
 */

/** Keeps a page for anonymous visitors (a page with a query is kept on its second request). */
async function keep(app: TestApp, path: string) {
  for (let i = 0; i < 2; i++) await get(app, path);
  expect((await get(app, path)).headers.get("x-cache"), `${path} kept`).toBe("HIT");
}

/**
 * The page rendered for the reader (their first request of an address with a query, before it is kept), then the
 * same address served to them from the kept page with their parts: both bodies, and the second answer.
 */
async function renderedThenServed(app: TestApp, path: string, cookie: string) {
  const rendered = await get(app, path, cookie);
  expect(rendered.headers.get("x-cache"), "rendered for the reader before the page is kept").toBeNull();
  const own = await rendered.text();
  await keep(app, path);
  const served = await get(app, path, cookie);
  expect(served.headers.get("x-cache")).toBe("PERSONAL-PARTS");
  return { own, served, html: await served.text() };
}

describeEachBackend(
  "personal parts on shared pages",
  (app) => {
    let reader: { cookie: string; name: string; email: string };
    beforeAll(async () => {
      reader = await createVerifiedUser(app, { name: "Parts Reader" });
      const saved = await post(app, "/tools/chatgpt", { intent: "favorite", favorite: "true", redirectTo: "/tools" }, { cookie: reader.cookie });
      expect(saved.status).toBe(302);
      const followed = await post(app, "/tools/category/ai-assistant", { intent: "follow", follow: "true", redirectTo: "/tools/category/ai-assistant" }, { cookie: reader.cookie });
      expect(followed.status).toBe(302);
      const bookmarked = await post(app, "/blog/midjourney-vs-dall-e", { intent: "bookmark", slug: "midjourney-vs-dall-e", saved: "true" }, { cookie: reader.cookie });
      expect(bookmarked.status).toBe(302);
    });

    // With a query, so that the reader's first request is rendered for them (a page with a query is kept from its
    // second request on) and can be compared with the shared page served to them afterwards.
    it.each([
      "/?ref=parts",
      "/tools?ref=parts",
      "/tools?pricing=free&sort=name_asc",
      "/about?ref=parts",
      "/tools/category/ai-assistant?ref=parts",
      "/blog?ref=parts",
      "/blog/midjourney-vs-dall-e?ref=parts",
    ])("%s: the shared page with the reader's parts is the page rendered for them, and the shared page keeps nothing of theirs", async (path) => {
      const { own, served, html } = await renderedThenServed(app, path, reader.cookie);
      expect(served.headers.get("cache-control")).toBe("private, no-store");
      expect(served.headers.get("vary")).toContain("Cookie");
      expect(served.headers.get("content-security-policy")).toMatch(/script-src[^;]*'sha256-/);
      expect(comparable(html)).toBe(comparable(own));
      expect(JSON.parse(PERSONAL_JSON.exec(html)![1]!)).toEqual({
        viewer: { name: "Parts Reader", email: reader.email, image: null },
        favoriteSlugs: ["chatgpt"],
        followedCategorySlugs: ["ai-assistant"],
        ...(path.startsWith("/blog?") ? { blog: { latest: [{ slug: "midjourney-vs-dall-e", title: expect.any(String) }], articleSaved: false } } : {}),
        ...(path.startsWith("/blog/") ? { blog: { latest: [], articleSaved: true } } : {}),
      });
      // React separates adjacent text with an empty comment.
      expect(html.replaceAll("<!-- -->", "")).toContain("Account menu for Parts Reader");
      if (path.startsWith("/tools?")) expect(html).toContain('aria-label="Remove ChatGPT from favorites"');
      if (path.startsWith("/tools/category/")) expect(html).toMatch(/aria-pressed="true"[^>]*data-testid="follow-button"/);
      // The blog's saved articles and an article's Save button, on reading pages (no React in the browser).
      if (path.startsWith("/blog?")) expect(html).toMatch(/Your saved articles<\/h2><ul[^>]*><li><a href="\/blog\/midjourney-vs-dall-e"/);
      if (path.startsWith("/blog/")) expect(html).toMatch(/aria-pressed="true"[^>]*>.*?<span>Saved<\/span>/);

      const shared = await get(app, path);
      expect(shared.headers.get("x-cache")).toBe("HIT");
      const sharedHtml = await shared.text();
      for (const personal of ["Parts Reader", reader.email, "Remove ChatGPT from favorites", 'id="personal-data"']) expect(sharedHtml).not.toContain(personal);
      expect(sharedHtml).not.toMatch(/aria-pressed="true"[^>]*data-testid="follow-button"/);
      expect(sharedHtml).toContain("<page-part ");
    });

    it("keeps a page that no one has asked for yet when a reader asks first, and serves the reader its personal parts", async () => {
      const served = await get(app, "/tasks", reader.cookie);
      expect(served.headers.get("x-cache")).toBe("PERSONAL-PARTS");
      expect((await served.text()).replaceAll("<!-- -->", "")).toContain("Account menu for Parts Reader");
      const shared = await get(app, "/tasks");
      expect(shared.headers.get("x-cache")).toBe("HIT");
      const sharedHtml = await shared.text();
      for (const personal of ["Parts Reader", reader.email, 'id="personal-data"']) expect(sharedHtml).not.toContain(personal);
    });

    it("leaves a reader's client navigation data alone: rendered for them, nothing kept on their behalf", async () => {
      const data = await get(app, "/newsletter.data", reader.cookie);
      expect([data.status, data.headers.get("x-cache")]).toEqual([200, null]);
      expect((await get(app, "/newsletter.data")).headers.get("x-cache")).toBe("MISS");
    });

    it("serves a tool page with the reader's save, watch, rating, review, votes and reactions as parts, as it renders it for them", async () => {
      const slug = "claude-ai";
      const path = `/tools/${slug}?ref=parts`;
      const other = await createVerifiedUser(app, { name: "Other Writer" });
      const write = (user: { cookie: string }, target: string, fields: Record<string, string>) => post(app, `/tools/${target}`, fields, { cookie: user.cookie });
      expect((await write(other, slug, { intent: "review", rating: "3", comment: "Long answers, careful with code; the free plan runs out quickly." })).status).toBe(302);
      expect((await write(reader, slug, { intent: "review", rating: "5", comment: "Reads long documents well and keeps the thread of a discussion." })).status).toBe(302);
      const [{ id: othersReview }] = (await app.query<{ id: number }>(
        "select r.id from reviews r join users u on u.id = r.user_id join tools t on t.id = r.tool_id where t.slug = $1 and u.email = $2",
        [slug, other.email],
      )) as [{ id: number }];
      expect((await write(reader, slug, { intent: "helpful", id: String(othersReview) })).status).toBe(302);
      expect((await write(reader, slug, { intent: "watch", watch: "true", redirectTo: `/tools/${slug}` })).status).toBe(302);
      const page = await (await get(app, `/tools/${slug}`)).text();
      const similar = /data-part="tool-feedback" data-props="[^"]*?&quot;toolSlug&quot;:&quot;([a-z0-9-]+)&quot;[^"]*?&quot;toolName&quot;:&quot;([^&]+)&quot;/.exec(page);
      expect(similar, "a similar tool with its reactions").not.toBeNull();
      const [, similarSlug, similarName] = similar as unknown as [string, string, string];
      expect((await write(reader, similarSlug, { intent: "reaction", value: "1" })).status).toBe(302);

      const { own, html } = await renderedThenServed(app, path, reader.cookie);
      expect(comparable(html)).toBe(comparable(own));
      const text = html.replaceAll("<!-- -->", "");
      for (const mark of ["Account menu for Parts Reader", "· your review", "Marked helpful", "Edit your review of Claude", 'data-testid="watch-button"'])
        expect(text, mark).toContain(mark);
      expect(text).toMatch(/aria-pressed="true"[^>]*data-testid="watch-button"/);
      expect(text).toMatch(new RegExp(`aria-pressed="true" aria-label="Like ${similarName}, \\d+"`));
      expect(JSON.parse(PERSONAL_JSON.exec(html)![1]!).tool).toMatchObject({ watching: true, voted: [othersReview], own: { rating: 5 }, canReply: false });

      // The shared page has the reviews anyone sees, and nothing of what makes them this reader's.
      const shared = await get(app, path);
      expect(shared.headers.get("x-cache")).toBe("HIT");
      const sharedText = (await shared.text()).replaceAll("<!-- -->", "");
      expect(sharedText).toContain("Reads long documents well");
      for (const personal of ["Account menu for Parts Reader", reader.email, "· your review", "Marked helpful", "Edit your review", 'id="personal-data"', '"viewerId"'])
        expect(sharedText, personal).not.toContain(personal);
      expect(sharedText).not.toMatch(/aria-pressed="true"[^>]*data-testid="watch-button"/);
    });

    it("shows a reader what an editor changed about them on a tool page: their personal data is read again", async () => {
      const slug = "perplexity-ai";
      const author = await createVerifiedUser(app, { name: "Hidden Author" });
      const editor = await createVerifiedUser(app, { name: "Parts Editor" });
      await app.query("update users set role = 'editor' where email = $1", [editor.email]);
      expect(
        (await post(app, `/tools/${slug}`, { intent: "review", rating: "2", comment: "Answers cite sources, but it guessed twice today." }, { cookie: author.cookie })).status,
      ).toBe(302);
      await keep(app, `/tools/${slug}`);
      const before = await get(app, `/tools/${slug}`, author.cookie);
      expect(before.headers.get("x-cache")).toBe("PERSONAL-PARTS");
      expect(await before.text()).not.toContain("Hidden by a moderator");

      const [{ id }] = (await app.query<{ id: number }>("select r.id from reviews r join users u on u.id = r.user_id where u.email = $1", [author.email])) as [{ id: number }];
      expect((await post(app, "/admin/reports", { intent: "hide", id: String(id) }, { cookie: editor.cookie })).status).toBe(200);
      await keep(app, `/tools/${slug}`);
      const after = await get(app, `/tools/${slug}`, author.cookie);
      expect(after.headers.get("x-cache")).toBe("PERSONAL-PARTS");
      expect(await after.text()).toContain("Hidden by a moderator");
    });

    it("sends a tool page's reviews section in place, hydrated later but never left for a script to reveal", async () => {
      const html = await (await get(app, "/tools/descript")).text();
      const section = html.indexOf('id="reviews"');
      expect(section).toBeGreaterThan(0);
      // React's outlined boundary would be a placeholder template here, the section in a hidden div at the end of the
      // page and a script to move it in. The page is rendered whole before it is sent (decision 073): nothing is outlined,
      // not even React Router's streamed loader data.
      const mark = html.lastIndexOf('<page-part data-part="review-section"', section);
      expect(mark).toBeGreaterThan(0);
      expect(html.slice(mark, section)).not.toContain("<template");
      expect(html).not.toContain('<div hidden id="S:');
    });

    it("renders a page whose loaders read the viewer for the reader, even when it is kept", async () => {
      for (const path of ["/submit", "/contact"]) {
        await keep(app, path);
        const served = await get(app, path, reader.cookie);
        expect(served.headers.get("x-cache"), path).toBeNull();
        expect(await served.text()).not.toContain('id="personal-data"');
      }
    });

    it("renders the page for a request with a flash message or a session that is not one", async () => {
      await keep(app, "/tools");
      const withFlash = await app.request("/tools", { headers: { Cookie: `${reader.cookie}; atlas.flash=${encodeURIComponent(JSON.stringify({ title: "Hi" }))}` } });
      expect(withFlash.headers.get("x-cache")).toBeNull();
      const stale = await get(app, "/tools", "atlas.session_token=not-a-session");
      expect(stale.headers.get("x-cache")).toBeNull();
      const html = await stale.text();
      expect(html).toContain("Sign In");
      expect(html).not.toContain('id="personal-data"');
    });

    it("reuses a reader's session for a shared page's parts, never for a page rendered for them, and not after a role change or Better Auth ends it", async () => {
      const user = await createVerifiedUser(app, { name: "Reused Session" });
      await keep(app, "/tools");
      const filled = async () => {
        const served = await get(app, "/tools", user.cookie);
        return { cache: served.headers.get("x-cache"), html: await served.text() };
      };
      expect(await filled()).toMatchObject({ cache: "PERSONAL-PARTS", html: expect.stringContaining("Reused Session") });
      // The row goes behind Better Auth's back (as an edit in the database would): the parts still show the reader, so
      // the session was not read again (SESSION_REUSE_SECONDS, long in this suite), while a page rendered for them
      // (/tools with a new query is rendered, not kept, on its first request) reads it and finds none.
      const [row] = await app.query<{ id: string; token: string; user_id: string; expires_at: Date; created_at: Date; updated_at: Date }>(
        "delete from sessions where user_id = (select id from users where email = $1) returning id, token, user_id, expires_at, created_at, updated_at",
        [user.email],
      );
      expect(await filled()).toMatchObject({ cache: "PERSONAL-PARTS", html: expect.stringContaining("Reused Session") });
      expect(await (await get(app, "/tools?ref=reuse", user.cookie)).text()).toContain("Sign In");
      // The owner's change of the reader's role ends the reuse (the write names the account): the next parts look the
      // session up, and find none.
      const owner = await createVerifiedUser(app, { name: "Parts Owner" });
      await app.query("update users set role = 'owner' where email = $1", [owner.email]);
      const changed = await post(app, "/admin/roles", { intent: "role", email: user.email, role: "editor" }, { cookie: owner.cookie });
      expect(await changed.text()).toContain("Role changed");
      const afterRole = await filled();
      expect(afterRole.cache).toBeNull();
      expect(afterRole.html).toContain("Sign In");
      await app.query("insert into sessions (id, token, user_id, expires_at, created_at, updated_at) values ($1, $2, $3, $4, $5, $6)", [
        row!.id,
        row!.token,
        row!.user_id,
        row!.expires_at,
        row!.created_at,
        row!.updated_at,
      ]);
      expect(await filled()).toMatchObject({ cache: "PERSONAL-PARTS", html: expect.stringContaining("Reused Session") });
      // A password reset by the emailed link (no session of theirs makes that request) ends every session through
      // Better Auth, whose hook ends the reuse at once.
      expect((await post(app, "/auth", { intent: "forgot", from: "page", email: user.email })).status).toBe(200);
      await settleMail(app);
      const token = new URL(await latestLink(app.dataDir, user.email, "/auth/reset-password")).searchParams.get("token")!;
      const newPassword = "maple-harbour-77-quiet";
      expect((await post(app, "/auth/reset-password", { token, password: newPassword, confirmPassword: newPassword })).status).toBe(302);
      const after = await filled();
      expect(after.cache).toBeNull();
      expect(after.html).toContain("Sign In");
      expect(after.html).not.toContain("Reused Session");
    });

    it("keeps no session for reuse from a request that carries two session cookies", async () => {
      const user = await createVerifiedUser(app, { name: "Two Cookies" });
      await keep(app, "/tools");
      const doubled = `${user.cookie}; ${user.cookie}`;
      const first = await get(app, "/tools", doubled);
      expect(first.headers.get("x-cache")).toBe("PERSONAL-PARTS");
      expect(await first.text()).toContain("Two Cookies");
      await app.query("delete from sessions where user_id = (select id from users where email = $1)", [user.email]);
      // Looked up again, so the deleted session is gone: nothing was kept under either cookie.
      const second = await get(app, "/tools", doubled);
      expect(second.headers.get("x-cache")).toBeNull();
      expect(await second.text()).toContain("Sign In");
    });

    it("signs out a session past its lifetime on a shared page, as a page rendered for the reader does", async () => {
      const old = await createVerifiedUser(app, { name: "Old Session" });
      await app.query(`update sessions set created_at = now() - interval '91 days' where user_id = (select id from users where email = $1)`, [old.email]);
      await keep(app, "/tools");
      const served = await get(app, "/tools", old.cookie);
      expect(served.headers.get("x-cache")).toBeNull();
      expect(served.headers.getSetCookie().find((line) => line.startsWith("atlas.session_token="))).toMatch(/^atlas\.session_token=;.*Max-Age=0/);
      expect(await served.text()).toContain("Sign In");
    });
  },
  // Sessions are reused for the parts far longer than by default, so that only Better Auth's hooks can end a reuse here.
  { only: ["pglite"], env: () => ({ SESSION_REUSE_SECONDS: "300" }) },
);
