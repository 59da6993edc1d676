import { readdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestLink } from "../support/mail";
import { projectRoot } from "../support/paths";
import { freePort } from "../support/ports";
import { privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from "../support/private-postgres";
import { scratchDir, startServer, stopServers, waitForListening, type Started } from "../support/server-process";

/**
 * The built site (`node server.js`) on a PostgreSQL server of this test's own, restarted while 50 clients
 * write (comments and reviews, each acknowledged one checked row by row afterwards) and read pages:
 * while it is down every answer that needs it is 503 (pages with the 'temporarily unavailable' screen and the health
 * banner, the API with its JSON reply), never 500 (read-only mode's own test is read-only-mode.test.ts); /api/health says down; once it is back the same
 * process serves again without being restarted, and nothing it acknowledged is missing.
 * Skipped, with the reason printed, where PostgreSQL's server binaries are not installed.
 */
const skipReason = privatePostgresUnavailable();
if (skipReason) console.warn(`[postgres-restart] skipped: ${skipReason}`);

const CLIENTS = 50;
/**
 * Load before the stop. The phases end on what happened, not on a clock: the database stops once a write of each
 * kind went through, starts again once a comment and a page were each answered 503 while it was down (and the
 * health check said so), and the load ends once a comment and a page were each served after it was back.
 */
const BEFORE_MS = 3_000;
/** Reviews per client: one per tool, well under the 10-a-minute limit. */
const REVIEWS_PER_CLIENT = 6;
const PASSWORD = "violet-lantern-42-river";
const BANNER = "Database connection issues detected";
/** Once the primary was found out of reach (read-only mode, decision 090), pages carry this banner instead. */
const READ_ONLY_BANNER = 'data-banner="read-only"';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Kind = "comment" | "review" | "page" | "anonymous page";
type Outcome = {
  kind: Kind;
  path: string;
  started: number;
  ended: number;
  /** 0: no answer (network error or timeout). */
  status: number;
  cache: string | null;
  retryAfter: string | null;
  body: string;
};
type Client = { email: string; cookie: string; ip: string };

const toolSlugs = readdirSync(path.join(projectRoot, "content/tools"))
  .filter((file) => file.endsWith(".json"))
  .map((file) => file.replace(/\.json$/, ""))
  .sort();

describe.skipIf(Boolean(skipReason))("PostgreSQL restarting under load", () => {
  let database: PrivatePostgres;
  let server: Started;
  let base = "";
  let dataDir = "";

  beforeAll(async () => {
    database = await startPrivatePostgres();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dataDir = scratchDir("aitools-restart-");
    server = startServer({
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SITE_URL: base,
      LOG_LEVEL: "warn",
      DATABASE_URL: database.url,
      // Each client is its own address (X-Forwarded-For), as behind a proxy: per-IP limits count each apart.
      TRUST_PROXY: "true",
    });
    await waitForListening(server);
  }, 60_000);

  afterAll(async () => {
    stopServers();
    await database?.destroy();
  });

  /** Signs up over HTTP and follows the confirmation link from the outbox: the signed-in cookie. */
  async function signUp(index: number): Promise<Client> {
    const email = `restart-${index}-${Date.now().toString(36)}@example.com`;
    const ip = `198.51.100.${index + 1}`;
    const form = new URLSearchParams({ intent: "signup", from: "dialog", name: `Reader ${index}`, email, password: PASSWORD, confirmPassword: PASSWORD });
    const headers = { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": ip };
    const signUp = await fetch(`${base}/auth`, { method: "POST", headers, body: form });
    if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}`);
    const url = new URL(await latestLink(dataDir, email, "/auth/verify-email"));
    const verified = await fetch(`${base}${url.pathname}${url.search}`, { redirect: "manual", headers: { "X-Forwarded-For": ip } });
    const session = verified.headers.getSetCookie().find((line) => line.startsWith("atlas.session_token="));
    if (!session) throw new Error(`the confirmation link answered ${verified.status} without a session`);
    return { email, ip, cookie: session.split(";")[0]! };
  }

  async function send(kind: Kind, pathname: string, init: RequestInit & { headers: Record<string, string> }): Promise<Outcome> {
    const started = performance.now();
    try {
      const response = await fetch(base + pathname, { ...init, redirect: "manual", signal: AbortSignal.timeout(20_000) });
      const body = await response.text();
      return {
        kind,
        path: pathname,
        started,
        ended: performance.now(),
        status: response.status,
        cache: response.headers.get("x-cache"),
        retryAfter: response.headers.get("retry-after"),
        body,
      };
    } catch (error) {
      return { kind, path: pathname, started, ended: performance.now(), status: 0, cache: null, retryAfter: null, body: String(error) };
    }
  }

  const json = (client: Client) => ({ "Content-Type": "application/json", Cookie: client.cookie, "X-Forwarded-For": client.ip });

  it("answers 503 (never 500) while it is down, reconnects by itself and keeps every write it acknowledged", { timeout: 90_000 }, async () => {
    const clients: Client[] = [];
    // A few at a time: each sign-up hashes a password.
    for (let first = 0; first < CLIENTS; first += 5) clients.push(...(await Promise.all(Array.from({ length: 5 }, (_, offset) => signUp(first + offset)))));

    const outcomes: Outcome[] = [];
    /** What each acknowledged write must have left in the database. */
    const acknowledgedComments: string[] = [];
    const acknowledgedReviews: { email: string; slug: string; comment: string }[] = [];
    let running = true;

    async function run(index: number, client: Client) {
      let reviews = 0;
      for (let step = 0; running; step++) {
        const slug = toolSlugs[(index + step) % toolSlugs.length]!;
        let outcome: Outcome;
        if (step % 4 === 0) {
          const body = `restart comment ${index}-${step}`;
          outcome = await send("comment", `/api/tools/${slug}/feedback`, { method: "POST", headers: json(client), body: JSON.stringify({ kind: "note", body }) });
          if (outcome.status === 201 && JSON.parse(outcome.body).ok === true) acknowledgedComments.push(body);
        } else if (step % 4 === 2 && reviews < REVIEWS_PER_CLIENT) {
          // One attempt per tool, answered or not: a write that failed is never retried under the same name.
          const reviewed = toolSlugs[(index + reviews * 11) % toolSlugs.length]!;
          const comment = `restart review ${index}-${reviews}: steady under a restart`;
          reviews += 1;
          const payload = { toolSlug: reviewed, rating: 1 + (step % 5), comment };
          outcome = await send("review", "/api/reviews", { method: "POST", headers: json(client), body: JSON.stringify(payload) });
          if ((outcome.status === 201 || outcome.status === 200) && JSON.parse(outcome.body).ok === true)
            acknowledgedReviews.push({ email: client.email, slug: reviewed, comment });
        } else if (step % 2 === 1) {
          outcome = await send("page", `/tools/${slug}`, { headers: { Cookie: client.cookie, "X-Forwarded-For": client.ip } });
        } else {
          outcome = await send("anonymous page", ["/", "/tools", "/tools/category/ai-assistant"][step % 3]!, { headers: { "X-Forwarded-For": client.ip } });
        }
        outcomes.push(outcome);
        await sleep(50 + Math.random() * 100);
      }
    }

    const health = async () => {
      const response = await fetch(`${base}/api/health`);
      return { status: response.status, body: (await response.json()) as { status: string } };
    };

    const load = clients.map((client, index) => run(index, client));
    await sleep(BEFORE_MS);
    // On a busy machine fifty clients may not have had a write answered yet: the stop waits for one of each kind, so
    // "writes went through before the restart" below is about the server, not about the machine's speed.
    await expect.poll(() => ["comment", "review"].every((kind) => outcomes.some((o) => o.kind === kind && o.status < 300)), { timeout: 60_000, interval: 200 }).toBe(true);
    await database.stop();
    const downAt = performance.now();
    const answered = (kind: Outcome["kind"], since: number, ok: (status: number) => boolean) => outcomes.some((o) => o.kind === kind && o.started >= since && ok(o.status));
    const healthWhileDown = await health();
    // The 503 screen renders without the root's data; its theme script still carries the answer's CSP nonce, or the
    // browser refuses it and a dark-mode reader gets a light screen.
    const screen = await fetch(`${base}/tools?search=while-down`, { headers: { "X-Forwarded-For": "203.0.113.250" } });
    const screenHtml = await screen.text();
    const nonce = /script-src 'nonce-([^']+)'/.exec(screen.headers.get("content-security-policy") ?? "")?.[1];
    expect({ status: screen.status, nonce: Boolean(nonce) }).toEqual({ status: 503, nonce: true });
    expect(screenHtml).toContain(`<script nonce="${nonce}">if(matchMedia('(prefers-color-scheme: dark)')`);
    await expect
      .poll(() => answered("comment", downAt, (status) => status === 503) && answered("page", downAt, (status) => status === 503), { timeout: 60_000, interval: 100 })
      .toBe(true);
    const restartAt = performance.now();
    await database.start();
    // No restart of the app: its pool opens new connections by itself.
    await expect.poll(async () => (await health()).status, { timeout: 60_000, interval: 200 }).toBe(200);
    const recoveredAt = performance.now();
    await expect
      .poll(() => answered("comment", recoveredAt, (status) => status < 300) && answered("page", recoveredAt, (status) => status < 300), { timeout: 60_000, interval: 100 })
      .toBe(true);
    running = false;
    await Promise.all(load);

    const summary = (list: Outcome[]) => list.map((o) => `${o.kind} ${o.path} ${o.status}${o.status >= 500 || o.status === 0 ? `: ${o.body.slice(0, 200)}` : ""}`).slice(0, 20);

    // Never a 500 (nor any other failure than 503), before, during or after.
    const unexpected = outcomes.filter((o) => ![200, 201, 503].includes(o.status));
    expect(summary(unexpected)).toEqual([]);

    // While it was down: 503 for everything that needs the database; only anonymous pages are served: kept in the page
    // cache, or rendered from what the app holds in memory, with the read-only banner (decision 090).
    const whileDown = outcomes.filter((o) => o.started >= downAt && o.ended <= restartAt);
    const servedAnyway = whileDown.filter(
      (o) => o.status !== 503 && !(o.kind === "anonymous page" && o.status === 200 && (o.cache === "HIT" || o.body.includes(READ_ONLY_BANNER))),
    );
    expect(summary(servedAnyway)).toEqual([]);
    for (const kind of ["comment", "page"] as const) expect(whileDown.filter((o) => o.kind === kind && o.status === 503).length, `503s for ${kind}`).toBeGreaterThan(0);
    expect(healthWhileDown).toEqual({ status: 503, body: expect.objectContaining({ status: "down" }) });

    // The page: the 'temporarily unavailable' screen with the health banner (the read-only one once the primary was found
    // out of reach); the API: its reply shape, 'changes are paused' in read-only mode; both say when to retry.
    const page = whileDown.find((o) => o.kind === "page" && o.status === 503)!;
    expect(page.body.includes(BANNER) || page.body.includes(READ_ONLY_BANNER)).toBe(true);
    expect(page.body).toContain("Temporarily unavailable");
    expect(page.retryAfter).toMatch(/^\d+$/);
    const comment = whileDown.find((o) => o.kind === "comment" && o.status === 503)!;
    expect(JSON.parse(comment.body)).toMatchObject({ ok: false, code: "UNAVAILABLE", toast: { title: expect.stringMatching(/^(Temporarily unavailable|Changes are paused)$/) } });
    expect(comment.retryAfter).toMatch(/^\d+$/);

    // Back up: the same process (never restarted) serves and writes again.
    expect(server.child.exitCode).toBeNull();
    const afterRecovery = outcomes.filter((o) => o.started >= recoveredAt);
    expect(summary(afterRecovery.filter((o) => o.status === 503))).toEqual([]);
    for (const kind of ["comment", "page"] as const) expect(afterRecovery.filter((o) => o.kind === kind && o.status < 300).length, `${kind} after recovery`).toBeGreaterThan(0);

    // Every acknowledged write is in the database, row by row.
    const check = new pg.Client({ connectionString: database.url });
    await check.connect();
    try {
      const notes = new Set((await check.query<{ body: string }>("select body from tool_notes where body like 'restart comment %'")).rows.map((row) => row.body));
      expect(acknowledgedComments.filter((body) => !notes.has(body))).toEqual([]);
      const { rows } = await check.query<{ email: string; slug: string; comment: string }>(
        "select u.email, t.slug, r.comment from reviews r join users u on u.id = r.user_id join tools t on t.id = r.tool_id",
      );
      const stored = new Map(rows.map((row) => [`${row.email} ${row.slug}`, row.comment]));
      expect(acknowledgedReviews.filter((review) => stored.get(`${review.email} ${review.slug}`) !== review.comment)).toEqual([]);
    } finally {
      await check.end();
    }
    // Writes went through on both sides of the restart (how many depends on how busy the machine is).
    for (const kind of ["comment", "review"] as const)
      expect(outcomes.filter((o) => o.kind === kind && o.ended < downAt && o.status < 300).length, `${kind} before`).toBeGreaterThan(0);
    expect(acknowledgedReviews.length).toBeGreaterThan(0);

    // Nothing was logged as an error (a lost database is a warning, once per request), and nothing crashed.
    expect(
      server
        .output()
        .split("\n")
        .filter((line) => /^\[error\]|Uncaught|Unhandled/.test(line)),
    ).toEqual([]);
    console.log(
      `[postgres-restart] ${outcomes.length} requests; while down ${whileDown.length} (${whileDown.filter((o) => o.status === 503).length} answered 503); ` +
        `back in ${Math.round(recoveredAt - restartAt)} ms after the start; ${acknowledgedComments.length} comments and ${acknowledgedReviews.length} reviews acknowledged, all stored`,
    );
  });
});
