import { brotliDecompressSync } from "node:zlib";
import { expect, it } from "vitest";
import { describeEachBackend, type TestApp } from "../support/app";
import { createVerifiedUser, post } from "../support/accounts";

/**
 * A reader's own pages (/profile, /settings), rendered for each request (issue 43): their statement is built once
 * and bound to the reader of each request (`listsAskedAgain`, `utils/json-rows.server.ts`), the session read in one
 * statement (decision 072), the page compressed in one call (decision 073). Two readers, one after the other and at
 * once, each see their own data only, in an answer no shared cache may keep.
 */

async function ownPage(app: TestApp, path: string, cookie: string) {
  const response = await app.request(path, { headers: { Cookie: cookie, "Accept-Encoding": "gzip, br" } });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  expect(response.headers.get("vary")).toContain("Cookie");
  expect(response.headers.get("content-encoding")).toBe("br");
  return brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString("utf8");
}

describeEachBackend("a reader's own pages", (app) => {
  it("show each reader their own profile, saved tools, watched tools and email, and nobody else's", async () => {
    const [tools] = [await app.query<{ slug: string; name: string }>("select slug, name from tools where source = 'editorial' order by slug limit 2")];
    const [first, second] = tools as [{ slug: string; name: string }, { slug: string; name: string }];
    const alice = await createVerifiedUser(app, { name: "Alice Ownpage" });
    const bob = await createVerifiedUser(app, { name: "Bob Ownpage" });
    for (const [reader, tool] of [
      [alice, first],
      [bob, second],
    ] as const) {
      const as = { cookie: reader.cookie };
      expect((await post(app, `/tools/${tool.slug}`, { intent: "favorite", favorite: "true", redirectTo: "/profile" }, as)).status).toBeLessThan(400);
      expect((await post(app, `/tools/${tool.slug}`, { intent: "watch", watch: "true", redirectTo: "/settings" }, as)).status).toBeLessThan(400);
    }
    const readers = [
      { user: alice, name: "Alice Ownpage", own: first, other: second, otherName: "Bob Ownpage", otherEmail: bob.email },
      { user: bob, name: "Bob Ownpage", own: second, other: first, otherName: "Alice Ownpage", otherEmail: alice.email },
    ];
    // One after the other, then all four pages at once: each answer is its reader's.
    const check = async ({ user, name, own, other, otherName, otherEmail }: (typeof readers)[number]) => {
      const profile = await ownPage(app, "/profile", user.cookie);
      expect(profile).toContain(name);
      expect(profile).toContain(user.email);
      expect(profile).toContain(`/tools/${own.slug}"`);
      expect(profile).not.toContain(`/tools/${other.slug}"`);
      expect(profile).not.toContain(otherName);
      const settings = await ownPage(app, "/settings", user.cookie);
      expect(settings).toContain(user.email);
      expect(settings).toContain(own.name);
      expect(settings).not.toContain(other.name);
      expect(settings).not.toContain(otherEmail);
    };
    for (const reader of readers) await check(reader);
    await Promise.all([...readers, ...readers].map(check));
  });
});
