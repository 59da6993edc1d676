import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerifiedUser, get, post, uniqueEmail } from "../support/accounts";
import { BASE_URL, describeEachBackend, type TestApp } from "../support/app";
import { startFakeIndexNow } from "../support/indexnow-endpoint";
import { projectRoot, serverBuildPath, templateDataDir } from "../support/paths";
import { freePort } from "../support/ports";

const KEY = "atlas-test-key-4f2a9c";

type Row = { status: string; http_status: number | null; error: string | null; url_count: number; trigger: string; engine: string };

/**
 * The submissions after row `afterId` whose trigger matches `trigger` (a LIKE pattern), once `count` of them have
 * their result. The owner's tests match 'owner-%': the start's own submission of the content it synced ('content-sync')
 * can land while they run, since working out the changed pages takes a while on a 200-tool catalogue.
 */
async function settledRows(app: Pick<TestApp, "query">, count: number, afterId = 0, trigger = "%"): Promise<Row[]> {
  await expect
    .poll(
      async () =>
        (
          await app.query<{ n: number }>("select count(*)::int as n from search_engine_submissions where status <> 'pending' and id > $1 and trigger like $2", [afterId, trigger])
        )[0]!.n,
      {
        // Hundreds of sequential batches of five (every sitemap URL of 200 tools): slow on a busy machine.
        timeout: 25_000,
      },
    )
    .toBe(count);
  return app.query<Row>("select status, http_status, error, url_count, trigger, engine from search_engine_submissions where id > $1 and trigger like $2 order by id", [
    afterId,
    trigger,
  ]);
}

const lastId = async (app: Pick<TestApp, "query">) => (await app.query<{ id: number }>("select coalesce(max(id), 0)::int as id from search_engine_submissions"))[0]!.id;

const submit = (app: TestApp, scope: "all" | "changed", cookie?: string) => post(app, "/sitemap-dashboard", { intent: "submit", scope }, { cookie });
const apiSubmit = (app: TestApp, scope: "all" | "changed", cookie?: string) =>
  app.request("/api/search-engines/submit", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify({ scope }),
  });

const fake = await startFakeIndexNow();
const ownerEmail = uniqueEmail("owner");
afterAll(() => fake.close());

describeEachBackend(
  "IndexNow submission",
  (app) => {
    let owner: { cookie: string };
    let reader: { cookie: string };
    beforeAll(async () => {
      owner = await createVerifiedUser(app, { email: ownerEmail });
      reader = await createVerifiedUser(app);
      // The start's own submission of the pages its sync wrote runs in the background and, on a database other test
      // files have changed, can take seconds to list its pages (the sitemaps of 200 tools): let it finish first.
      for (const until = Date.now() + 15_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 250))) {
        const [state] = await app.query<{ synced: number; pending: number }>(
          "select count(*) filter (where trigger = 'content-sync')::int as synced, count(*) filter (where status = 'pending')::int as pending from search_engine_submissions",
        );
        if (state!.synced > 0 && state!.pending === 0) break;
      }
      fake.posts.length = 0;
      await app.query("delete from search_engine_submissions");
    });

    it("serves the key file at /{key}.txt as plain text, and no other .txt name", async () => {
      const response = await get(app, `/${KEY}.txt`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(await response.text()).toBe(KEY);
      expect((await get(app, "/not-the-key-at-all.txt")).status).toBe(404);
      expect((await get(app, `/${KEY}x.txt`)).status).toBe(404);
    });

    it("refuses the submission to anyone but the owner: sign in, 404 for a reader's form, 401 and 403 from the API", async () => {
      const anonymous = await submit(app, "all");
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("location")).toBe("/auth?redirectTo=%2Fsitemap-dashboard");
      expect((await submit(app, "all", reader.cookie)).status).toBe(404);
      expect((await apiSubmit(app, "all")).status).toBe(401);
      const forbidden = await apiSubmit(app, "all", reader.cookie);
      expect(forbidden.status).toBe(403);
      expect(await forbidden.json()).toMatchObject({ ok: false, code: "FORBIDDEN" });
      // The dashboard is public to read; only the owner sees the buttons.
      const page = await (await get(app, "/sitemap-dashboard", reader.cookie)).text();
      expect(page).toContain("Only the site&#x27;s owner can submit URLs by hand.");
      expect(page).not.toContain("Submit all URLs</button>");
      expect(fake.posts).toEqual([]);
      expect(await app.query("select * from search_engine_submissions")).toEqual([]);
    });

    it("submits every sitemap URL in batches of INDEXNOW_BATCH_SIZE for the owner (an OWNER_EMAILS address from sign-up), and records each result", async () => {
      const [{ role }] = (await app.query<{ role: string }>("select role from users where email = $1", [ownerEmail])) as [{ role: string }];
      expect(role).toBe("owner");
      const page = await (await get(app, "/sitemap-dashboard", owner.cookie)).text();
      expect(page).toContain("Submit all URLs");

      const response = await submit(app, "all", owner.cookie);
      expect(response.status).toBe(202);
      expect(await response.text()).toContain("The URLs are on their way to IndexNow.");
      const rows = await settledRows(
        app,
        Math.ceil((await app.query<{ n: number }>("select sum(url_count)::int as n from search_engine_submissions where trigger = 'owner-all'"))[0]!.n / 5),
        0,
        "owner-all",
      );
      const total = rows.reduce((sum, row) => sum + row.url_count, 0);
      expect(total).toBeGreaterThan(10);
      expect(rows.every((row) => row.status === "success" && row.http_status === 200 && row.trigger === "owner-all" && row.engine === "127.0.0.1:" + new URL(fake.url).port)).toBe(
        true,
      );
      expect(rows.map((row) => row.url_count)).toEqual(rows.map((_, index) => Math.min(5, total - index * 5)));

      expect(fake.posts).toHaveLength(rows.length);
      const urls = fake.posts.flatMap((received) => received.body.urlList);
      expect(new Set(urls).size).toBe(total);
      for (const received of fake.posts) {
        expect(received.contentType).toMatch(/^application\/json/);
        expect(received.body).toMatchObject({ host: new URL(BASE_URL).host, key: KEY, keyLocation: `${BASE_URL}/${KEY}.txt` });
        expect(received.body.urlList.length).toBeLessThanOrEqual(5);
      }
      expect(urls).toContain(`${BASE_URL}/tools/chatgpt`);
      expect(urls.every((url) => url.startsWith(`${BASE_URL}/`))).toBe(true);

      // The dashboard lists them, latest first, for everyone.
      const listed = await (await get(app, "/sitemap-dashboard")).text();
      expect(listed).toContain("Success (HTTP 200)");
      expect(listed).toContain("Submit all URLs");
    });

    it("finds nothing changed right after a successful submission", async () => {
      const response = await apiSubmit(app, "changed", owner.cookie);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ ok: true, toast: { title: "Nothing to submit" }, data: { urlCount: 0 } });
    });

    it("records an endpoint's refusal (HTTP 500) as failed, with the status, and shows it", async () => {
      const before = await lastId(app);
      fake.posts.length = 0;
      fake.answer(500);
      try {
        await app.query("update tools set updated_at = now() where slug = 'chatgpt'");
        const response = await apiSubmit(app, "changed", owner.cookie);
        expect(response.status).toBe(202);
        expect(await response.json()).toMatchObject({ ok: true, data: { urlCount: 1, batches: 1 } });
        const [row] = await settledRows(app, 1, before, "owner-%");
        expect(row).toMatchObject({ status: "failed", http_status: 500, trigger: "owner-changed", url_count: 1 });
        expect(row!.error).toMatch(/^HTTP 500/);
        expect(fake.posts.map((received) => received.body.urlList)).toEqual([[`${BASE_URL}/tools/chatgpt`]]);
        expect(await (await get(app, "/sitemap-dashboard")).text()).toContain("Failed: HTTP 500");
      } finally {
        fake.answer(200);
      }
    });
  },
  { env: () => ({ INDEXNOW_KEY: KEY, INDEXNOW_ENDPOINT: fake.url, INDEXNOW_BATCH_SIZE: "5", OWNER_EMAILS: `someone@example.com, ${ownerEmail.toUpperCase()}` }) },
);

let closedPort = 0;
const unreachableOwner = uniqueEmail("owner");
beforeAll(async () => {
  closedPort = await freePort();
});

describeEachBackend(
  "IndexNow endpoint unreachable",
  (app) => {
    it("records a failed submission with the network error and no status", async () => {
      const { cookie } = await createVerifiedUser(app, { email: unreachableOwner });
      await app.query("update tools set updated_at = now() where slug = 'chatgpt'");
      expect((await apiSubmit(app, "changed", cookie)).status).toBe(202);
      const [row] = await settledRows(app, 1, 0, "owner-%");
      expect(row).toMatchObject({ status: "failed", http_status: null, error: "Request failed: ECONNREFUSED" });
    });
  },
  { env: () => ({ INDEXNOW_KEY: KEY, INDEXNOW_ENDPOINT: `http://127.0.0.1:${closedPort}/indexnow`, OWNER_EMAILS: unreachableOwner }) },
);

type App = { handle: (request: Request) => Promise<Response>; query: TestApp["query"]; stop: () => Promise<void> };

/** `npm run user:role` as the operator runs it: its own process, the data folder from the environment. */
function userRole(args: string[], dataDir: string) {
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(DATABASE_URL|DATA_DIR|OWNER_EMAILS)/.test(key)));
  const child = spawn(process.execPath, ["scripts/user-role.ts", ...args], { cwd: projectRoot, env: { ...base, DATA_DIR: dataDir } });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise<{ code: number | null; output: string }>((resolve) => child.on("close", (code) => resolve({ code, output: output.trim() })));
}

describe("IndexNow at start, OWNER_EMAILS and npm run user:role [pglite]", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aitools-indexnow-"));
  const env = { NODE_ENV: "test", LOG_LEVEL: "error", DATA_DIR: dataDir, SITE_URL: BASE_URL };
  let app: App | undefined;
  const start = async (extra: Record<string, string> = {}) => {
    const { startApp } = await import(serverBuildPath);
    app = (await startApp({ ...env, ...extra })) as App;
    return app;
  };
  const stop = async () => {
    await app?.stop();
    app = undefined;
  };
  const request = (pathname: string, init?: RequestInit) => app!.handle(new Request(BASE_URL + pathname, init));
  const accounts = { owner: uniqueEmail("owner"), editor: uniqueEmail("editor") };

  beforeAll(() => cpSync(templateDataDir(), dataDir, { recursive: true }));
  afterAll(async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("sends nothing when INDEXNOW_KEY is unset, even after content changed; marks OWNER_EMAILS owners at start", async () => {
    const first = await start();
    const testApp = { request, query: first.query, dataDir } as unknown as TestApp;
    await createVerifiedUser(testApp, { email: accounts.owner });
    await createVerifiedUser(testApp, { email: accounts.editor });
    expect(await first.query("select role from users where email = $1", [accounts.owner])).toEqual([{ role: "reader" }]);
    await first.query("update tools set content_hash = 'changed' where slug = 'chatgpt'");
    await stop();

    fake.posts.length = 0;
    const second = await start({ OWNER_EMAILS: accounts.owner, INDEXNOW_ENDPOINT: fake.url });
    expect(await second.query("select role from users where email = $1", [accounts.owner])).toEqual([{ role: "owner" }]);
    const signIn = await request("/auth", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "203.0.113.7" },
      body: new URLSearchParams({ intent: "signin", from: "page", email: accounts.owner, password: "violet-lantern-42-river", redirectTo: "/" }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const refused = await request("/api/search-engines/submit", { method: "POST", headers: { "Content-Type": "application/json", Cookie: cookie }, body: "{}" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ toast: { title: "IndexNow is off" } });
    expect((await request(`/${KEY}.txt`)).status).toBe(404);
    expect(await (await request("/sitemap-dashboard")).text()).toContain("IndexNow is <strong>off</strong>");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.posts).toEqual([]);
    expect(await second.query("select * from search_engine_submissions")).toEqual([]);
    await second.query("update tools set content_hash = 'changed again' where slug = 'chatgpt'");
    await second.query("update posts set content_hash = 'changed' where slug = (select slug from posts order by slug limit 1)");
    await stop();
  });

  it("changes roles from the command line, with clear refusals", async () => {
    expect(await userRole(["nobody@example.com", "editor"], dataDir)).toEqual({
      code: 1,
      output: "Role change failed: no account has the email address nobody@example.com (it must have signed up first).",
    });
    expect(await userRole([accounts.editor, "admin"], dataDir)).toEqual({ code: 1, output: 'Role change failed: "admin" is not a role: use one of reader, editor, owner.' });
    expect(await userRole([accounts.editor.toUpperCase(), "editor"], dataDir)).toEqual({ code: 0, output: `${accounts.editor} is now editor (was reader).` });
    expect(await userRole([accounts.editor, "editor"], dataDir)).toEqual({ code: 0, output: `${accounts.editor} is already editor.` });
  }, 180_000);

  it("submits the pages whose content changed at a start with INDEXNOW_KEY set, without delaying it", async () => {
    fake.posts.length = 0;
    const third = await start({ INDEXNOW_KEY: KEY, INDEXNOW_ENDPOINT: fake.url });
    expect(await third.query("select role from users where email = $1", [accounts.editor])).toEqual([{ role: "editor" }]);
    const [row] = await settledRows(third, 1);
    expect(row).toMatchObject({ status: "success", trigger: "content-sync", url_count: 2 });
    const [post] = await third.query<{ slug: string }>("select slug from posts order by slug limit 1");
    expect(fake.posts.map((received) => received.body.urlList.sort())).toEqual([[`${BASE_URL}/blog/${post!.slug}`, `${BASE_URL}/tools/chatgpt`]]);
  });
});
