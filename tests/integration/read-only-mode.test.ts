import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestLink, readOutbox } from "../support/mail";
import { freePort } from "../support/ports";
import { privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from "../support/private-postgres";
import { scratchDir, startServer, stopServers, waitForListening, type Started } from "../support/server-process";

/**
 * Read-only mode (decision 090): the built site (`node server.js`) on a PostgreSQL primary of this test's own and a
 * streaming replica of it (DATABASE_REPLICA_URLS, decision 089); the test stops the primary and starts it again. With
 * the primary gone: a kept page is served from the page cache (200, with the read-only banner put into the answer, not
 * into the kept page), pages rendered meanwhile read the replica and carry the banner too, a form's write answers 503
 * with Retry-After and the page again with what was typed (without JavaScript, and as a script's `.data` request), an
 * API write answers 503 with Retry-After, /api/health says `degraded` (200), no page is ever answered 500, and the job
 * queue pauses without a flood of its own errors. With the replica stopped too, nothing can be read: /api/health says
 * `down` (503) and kept pages are still served. Once both are back, in the same process: health `healthy`, the kept
 * page served as it was kept (no banner), writes work, and the queue's jobs run again (the sign-up's mail goes out).
 * Skipped, with the reason printed, where PostgreSQL's server binaries are not installed.
 */
const skipReason = privatePostgresUnavailable();
if (skipReason) console.warn(`[read-only-mode] skipped: ${skipReason}`);

const BANNER = 'data-banner="read-only"';
const PASSWORD = "violet-lantern-42-river";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Answer = { path: string; status: number; headers: Headers; body: string };

describe.skipIf(Boolean(skipReason))("read-only mode while the primary database is gone", () => {
  let database: PrivatePostgres;
  let replica: PrivatePostgres;
  let server: Started;
  const output = () => server.output();
  let base = "";
  let dataDir = "";

  beforeAll(async () => {
    database = await startPrivatePostgres();
    replica = await startPrivatePostgres({ replicaOf: database });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dataDir = scratchDir("aitools-read-only-");
    server = startServer({
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SITE_URL: base,
      LOG_LEVEL: "warn",
      DATABASE_URL: database.url,
      DATABASE_REPLICA_URLS: replica.url,
    });
    await waitForListening(server);
  }, 60_000);

  afterAll(async () => {
    stopServers();
    await replica?.destroy();
    await database?.destroy();
  });

  async function get(pathname: string, headers: Record<string, string> = {}): Promise<Answer> {
    const response = await fetch(base + pathname, { headers, redirect: "manual", signal: AbortSignal.timeout(20_000) });
    return { path: pathname, status: response.status, headers: response.headers, body: await response.text() };
  }

  async function post(pathname: string, body: URLSearchParams | string, type: string): Promise<Answer> {
    const response = await fetch(base + pathname, {
      method: "POST",
      headers: { "Content-Type": type, Origin: base },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(20_000),
    });
    return { path: pathname, status: response.status, headers: response.headers, body: await response.text() };
  }

  const health = async () => {
    const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(20_000) });
    return { status: response.status, body: (await response.json()) as { status: string; readOnly?: boolean } };
  };

  const signUpForm = (email: string) => new URLSearchParams({ intent: "signup", name: "Paused Reader", email, password: PASSWORD, confirmPassword: PASSWORD });

  it("serves what it can with a banner, refuses writes with 503 and the typed text, pauses jobs, and recovers by itself", { timeout: 60_000 }, async () => {
    // Kept pages, rendered while the primary answers.
    const home = await get("/");
    expect(home.status).toBe(200);
    expect(home.body).not.toContain(BANNER);
    expect((await get("/")).headers.get("x-cache")).toBe("HIT");
    const keptEtag = (await get("/")).headers.get("etag");
    expect(keptEtag).toBeTruthy();
    // More pages kept, as a site's visited pages are.
    const warmed = ["/tools", "/tools/chatgpt", "/blog"];
    for (const pathname of warmed) expect((await get(pathname)).status).toBe(200);
    // The sign-up page's own data is none: warmed, it renders from what the app holds in memory.
    expect((await get("/auth")).status).toBe(200);
    expect(await health()).toMatchObject({ status: 200, body: { status: "healthy" } });

    await database.stop();
    const stoppedAt = performance.now();
    // The pool's idle connections end with the server; the health check asks the primary itself too.
    await expect.poll(async () => (await health()).body.readOnly === true, { timeout: 15_000, interval: 250 }).toBe(true);
    const detectedMs = Math.round(performance.now() - stoppedAt);

    // The replica answers reads: degraded, not down.
    expect(await health()).toMatchObject({ status: 200, body: { status: "degraded", readOnly: true } });

    // A kept page: served from the page cache with the banner added to the answer, which no cache keeps.
    const keptWhileDown = await get("/");
    expect(keptWhileDown).toMatchObject({ status: 200 });
    expect(keptWhileDown.headers.get("x-cache")).toBe("HIT");
    expect(keptWhileDown.body).toContain(BANNER);
    expect(keptWhileDown.body).toContain("Changes are paused for a moment.");
    expect(keptWhileDown.headers.get("cache-control")).toBe("no-store");
    expect(keptWhileDown.headers.get("etag")).toBeNull();
    // A browser's copy of the page without the banner is not confirmed meanwhile.
    expect((await get("/", { "If-None-Match": keptEtag! })).status).toBe(200);

    // A page rendered meanwhile (from memory and the replica): the banner in its HTML.
    const rendered = await get("/auth");
    expect(rendered.status).toBe(200);
    expect(rendered.body).toContain(BANNER);

    // A form without JavaScript: 503, Retry-After, the page again with what was typed (never the password).
    const email = `paused-${Date.now().toString(36)}@example.com`;
    const refused = await post("/auth", signUpForm(email), "application/x-www-form-urlencoded");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(refused.body).toContain("Changes are paused");
    expect(refused.body).toContain(`value="${email}"`);
    expect(refused.body).toContain('value="Paused Reader"');
    expect(refused.body).not.toContain(PASSWORD);
    expect(refused.body).toContain(BANNER);
    // The same form posted by the page's script (`.data`): 503 and the reply with the values, the form stays as typed.
    const scripted = await post("/auth.data", signUpForm(email), "application/x-www-form-urlencoded");
    expect(scripted.status).toBe(503);
    expect(scripted.body).toContain("Changes are paused");
    expect(scripted.body).toContain(email);
    // An API write: 503 with Retry-After and the catalogue's words.
    const api = await post("/api/tools/chatgpt/feedback", JSON.stringify({ kind: "note", body: "while read-only" }), "application/json");
    expect(api.status).toBe(503);
    expect(api.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(JSON.parse(api.body)).toMatchObject({ ok: false, code: "UNAVAILABLE", toast: { title: "Changes are paused" } });

    // A crawl of pages: each served (with the banner: kept, or read from the replica) or answered 503, never 500.
    const crawl: Answer[] = [];
    for (const pathname of [
      "/",
      "/tools",
      "/about",
      "/blog",
      "/contact",
      "/newsletter",
      "/search?q=writing",
      "/tools/chatgpt",
      "/categories",
      "/deals",
      "/sitemap.xml",
      "/no-such-page",
    ])
      crawl.push(await get(pathname));
    expect(crawl.filter((answer) => answer.status >= 500 && answer.status !== 503).map((answer) => `${answer.path} ${answer.status}`)).toEqual([]);
    for (const answer of crawl.filter((candidate) => (candidate.headers.get("content-type") ?? "").startsWith("text/html")))
      expect(answer.body, `${answer.path} (${answer.status})`).toContain(BANNER);
    expect(crawl.filter((answer) => answer.status === 503).every((answer) => answer.headers.get("retry-after") !== null)).toBe(true);
    for (const pathname of [...warmed, "/about", "/contact", "/search?q=writing"]) expect(crawl.find((answer) => answer.path === pathname)?.status, pathname).toBe(200);

    // The job queue paused once; its own passes' failures meanwhile are counted, not logged one by one.
    expect(output()).toContain("job queue paused");
    // A few seconds more of the outage: the queue's passes and the probes keep failing, quietly.
    await sleep(3_000);
    const queueErrors = output()
      .split("\n")
      .filter((line) => line.includes("job queue: "));
    expect(queueErrors.length, queueErrors.join("\n")).toBeLessThanOrEqual(1);

    // The replica gone too: nothing can be read from a database, so the health check says down; kept pages are served.
    await replica.stop();
    await expect.poll(async () => (await health()).status, { timeout: 15_000, interval: 250 }).toBe(503);
    expect(await health()).toMatchObject({ status: 503, body: { status: "down", readOnly: true } });
    const keptWithNothing = await get("/");
    expect(keptWithNothing.status).toBe(200);
    expect(keptWithNothing.body).toContain(BANNER);
    const unread = await get("/about");
    expect(unread.status).toBe(503);
    expect(unread.body).toContain(BANNER);

    await database.start();
    const restartedAt = performance.now();
    // A write at once, before the 2 s probe comes round: a request that needs the primary asks it again first, so the
    // write is taken rather than refused by a mode that is already over.
    const accepted = await post("/auth", signUpForm(email), "application/x-www-form-urlencoded");
    expect(accepted.status).toBe(201);
    await replica.start();
    await expect.poll(async () => (await health()).body.status, { timeout: 20_000, interval: 250 }).toBe("healthy");
    const recoveredMs = Math.round(performance.now() - restartedAt);
    expect(output()).toContain("read-only mode ends");
    await expect.poll(() => output().includes("job queue resumed"), { timeout: 5_000, interval: 100 }).toBe(true);

    // The kept page as it was kept: no banner, its ETag again.
    const keptAfter = await get("/");
    expect(keptAfter.status).toBe(200);
    expect(keptAfter.body).not.toContain(BANNER);
    expect(keptAfter.headers.get("etag")).toBe(keptEtag);
    expect((await get("/auth")).body).not.toContain(BANNER);

    // The queue runs jobs again: the sign-up's confirmation mail is delivered by its job.
    expect(await latestLink(dataDir, email, "/auth/verify-email")).toContain("/auth/verify-email");
    expect(readOutbox(dataDir).filter((message) => message.to.includes(email))).toHaveLength(1);

    // The same process throughout, and nothing logged as an error.
    expect(server.child.exitCode).toBeNull();
    expect(
      output()
        .split("\n")
        .filter((line) => /^\[error\]|Uncaught|Unhandled/.test(line)),
    ).toEqual([]);
    console.log(
      `[read-only-mode] read-only ${detectedMs} ms after the stop; healthy ${recoveredMs} ms after the start; crawl while down: ` +
        crawl.map((answer) => `${answer.path} ${answer.status}`).join(", "),
    );
  });
});
