import { beforeAll, expect, it } from "vitest";
import { createVerifiedUser, get, post } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";

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

const PERSONAL_JSON = /<script type="application\/json" id="personal-data">([\s\S]*?)<\/script>/;

/**
 * The page without what is meant to differ between a page rendered for the reader and the shared page with their
 * parts: React Router's loader data (the shared page carries the anonymous visitor's root data, the reader's own is
 * the personal JSON), the personal JSON itself, the CSP nonce, and a reading page's "signed in" mark on its script
 * (the shared page's script reads the JSON).
 */
const comparable = (html: string) =>
  html
    .replace(PERSONAL_JSON, "")
    .replace(/<script[^>]*>[^<]*__reactRouter[\s\S]*?<\/script>/g, "<!-- loader data -->")
    .replace(/ nonce="[^"]*"/g, "")
    .replace(/ data-signed-in=""/g, "");

describeEachBackend(
  "personal parts on shared pages",
  (app) => {
    let reader: { cookie: string; name: string; email: string };
    beforeAll(async () => {
      reader = await createVerifiedUser(app, { name: "Parts Reader" });
      const saved = await post(app, "/tools/chatgpt", { intent: "favorite", favorite: "true", redirectTo: "/tools" }, { cookie: reader.cookie });
      expect(saved.status).toBe(302);
    });

    // With a query, so that the reader's first request is rendered for them (a page with a query is kept from its
    // second request on) and can be compared with the shared page served to them afterwards.
    it.each(["/?ref=parts", "/tools?ref=parts", "/tools?pricing=free&sort=name_asc", "/about?ref=parts"])(
      "%s: the shared page with the reader's parts is the page rendered for them, and the shared page keeps nothing of theirs",
      async (path) => {
        const rendered = await get(app, path, reader.cookie);
        expect(rendered.headers.get("x-cache"), "rendered for the reader before the page is kept").toBeNull();
        const own = await rendered.text();
        await keep(app, path);

        const served = await get(app, path, reader.cookie);
        expect(served.headers.get("x-cache")).toBe("PERSONAL-PARTS");
        expect(served.headers.get("cache-control")).toBe("private, no-store");
        expect(served.headers.get("vary")).toContain("Cookie");
        expect(served.headers.get("content-security-policy")).toMatch(/script-src[^;]*'sha256-/);
        const html = await served.text();
        expect(comparable(html)).toBe(comparable(own));
        expect(JSON.parse(PERSONAL_JSON.exec(html)![1]!)).toEqual({ viewer: { name: "Parts Reader", email: reader.email, image: null }, favoriteSlugs: ["chatgpt"] });
        // React separates adjacent text with an empty comment.
        expect(html.replaceAll("<!-- -->", "")).toContain("Account menu for Parts Reader");
        if (path.startsWith("/tools?")) expect(html).toContain('aria-label="Remove ChatGPT from favorites"');

        const shared = await get(app, path);
        expect(shared.headers.get("x-cache")).toBe("HIT");
        const sharedHtml = await shared.text();
        for (const personal of ["Parts Reader", reader.email, "Remove ChatGPT from favorites", "personal-data"]) expect(sharedHtml).not.toContain(personal);
        expect(sharedHtml).toContain("<personal-part ");
      },
    );

    it("keeps a page that no one has asked for yet when a reader asks first, and serves the reader its personal parts", async () => {
      const served = await get(app, "/tasks", reader.cookie);
      expect(served.headers.get("x-cache")).toBe("PERSONAL-PARTS");
      expect((await served.text()).replaceAll("<!-- -->", "")).toContain("Account menu for Parts Reader");
      const shared = await get(app, "/tasks");
      expect(shared.headers.get("x-cache")).toBe("HIT");
      const sharedHtml = await shared.text();
      for (const personal of ["Parts Reader", reader.email, "personal-data"]) expect(sharedHtml).not.toContain(personal);
    });

    it("leaves a reader's client navigation data alone: rendered for them, nothing kept on their behalf", async () => {
      const data = await get(app, "/newsletter.data", reader.cookie);
      expect([data.status, data.headers.get("x-cache")]).toEqual([200, null]);
      expect((await get(app, "/newsletter.data")).headers.get("x-cache")).toBe("MISS");
    });

    it("renders a page whose loaders read the viewer for the reader, even when it is kept", async () => {
      for (const path of ["/tools/chatgpt", "/tools/category/ai-assistant", "/blog"]) {
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
  { only: ["pglite"] },
);
