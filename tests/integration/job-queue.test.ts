import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { backends, scratchPostgres } from "../support/app";
import { fixtureProject } from "../support/fixture-project";
import { templateDataDir } from "../support/paths";
import { freePort } from "../support/ports";
import { scratchDir, startServer, stopServers, waitForListening, type Started } from "../support/server-process";
import { subscribeOverHttp } from "../support/newsletter-signup";
import { latestLink } from "../support/mail";

/**
 * The one job queue (decision 065), on each backend, with real app processes:
 * - a scheduled job runs once with two instances on one database (on PostgreSQL two app processes; on PGlite, which
 *   one process serves, the app and a second queue client in that process): the link-health schedule checks every
 *   destination once, by itself (decisions 021, 065);
 * - a job whose process is killed (SIGKILL) mid-way is retried once, and what it had done is not done again (the
 *   pass asked for by an editor's 'Run a pass now', so the test does not wait for a schedule's next minute);
 * - mail a killed process was delivering goes out once each after a restart.
 * Counts and orders only: when a job runs is the queue's, so the tests wait for what it writes.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs: number, describeState = () => ""): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} ${describeState()}`);
    await sleep(250);
  }
}

/** The destinations of every link: tools and courses on a local site; deals (content) at https on it, which fails fast. */
const requests: string[] = [];
let hang: { path: string; held: ServerResponse[] } | null = null;
const site = createServer((request, response) => {
  requests.push(request.url ?? "");
  if (hang && request.url === hang.path && hang.held.length === 0) {
    // Held until the process asking is killed: a check in flight.
    hang.held.push(response);
    return;
  }
  response.writeHead(200).end();
});
await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
const sitePort = (site.address() as AddressInfo).port;
const base = `http://127.0.0.1:${sitePort}`;
const fixture = fixtureProject((contentDir) => {
  const file = path.join(contentDir, "deals.json");
  const deals = JSON.parse(readFileSync(file, "utf8")) as { id: string; source: string }[];
  writeFileSync(file, JSON.stringify(deals.map((deal) => ({ ...deal, source: `https://127.0.0.1:${sitePort}/deal/${deal.id}` }))));
});
const dealCount = (JSON.parse(readFileSync(path.join(fixture.root, "content/deals.json"), "utf8")) as unknown[]).length;

afterAll(() => {
  site.closeAllConnections();
  site.close();
  fixture.remove();
});
afterEach(() => {
  hang = null;
  stopServers();
});

const POINT_LINKS_HERE = [`update tools set website_url = '${base}/tool/' || slug`, `update courses set url = '${base}/course/' || slug`];

/** One database of the test's own, with plain SQL on it: a PGlite folder (only while no server has it open) or a PostgreSQL database. */
async function database(backend: "pglite" | "postgres"): Promise<{
  env: Record<string, string>;
  query: <T>(text: string, params?: unknown[]) => Promise<T[]>;
  close: () => Promise<void>;
}> {
  if (backend === "postgres") {
    const scratch = await scratchPostgres(process.env.TEST_DATABASE_URL!);
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    return {
      env: { DATABASE_URL: scratch.url, DATA_DIR: scratchDir("aitools-jobs-pg-") },
      query: async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[],
      close: async () => {
        await client.end();
        await scratch.drop();
      },
    };
  }
  const dataDir = scratchDir("aitools-jobs-");
  cpSync(templateDataDir(), dataDir, { recursive: true });
  // Opened for each question and closed again, so that a server may have the folder in between.
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  return {
    env: { DATA_DIR: dataDir },
    query: async <T>(text: string, params: unknown[] = []) => {
      const db = await PGlite.create(path.join(dataDir, "db"), { extensions: { pg_trgm } });
      try {
        return (await db.query<T>(text, params)).rows;
      } finally {
        await db.close();
      }
    },
    close: async () => {},
  };
}

const serverEnv = (extra: Record<string, string>) => ({
  NODE_ENV: "production",
  LOG_LEVEL: "info",
  TRUST_PROXY: "true",
  AUTH_SECRET: "job-queue-test-secret-0123456789abcdef",
  OUTBOUND_ALLOWED_HOSTS: `127.0.0.1:${sitePort}`,
  LINK_CHECK_HOST_DELAY_MS: "0",
  LINK_CHECK_TIMEOUT_MS: "60000",
  // A killed worker's job is handed on after ten seconds of silence (the least the queue allows); the queue reads its
  // schedules as often.
  JOB_HEARTBEAT_SECONDS: "10",
  // A pass handed back is run again a second later.
  LINK_CHECK_RETRY_SECONDS: "1",
  ...extra,
});

async function start(env: Record<string, string>): Promise<Started & { port: number }> {
  const port = await freePort();
  const server = startServer(serverEnv({ PORT: String(port), SITE_URL: `http://127.0.0.1:${port}`, ...env }), { cwd: fixture.root });
  await waitForListening(server);
  return { ...server, port };
}

/** Kills a server without a word (no stop, no release): its jobs stay 'active' until their heartbeat is missed. */
async function kill(server: Started) {
  server.child.kill("SIGKILL");
  await server.exited;
}

async function stop(server: Started) {
  server.child.kill("SIGTERM");
  await server.exited;
}

/**
 * Signs up OWNER_EMAIL on a running server, confirms it through the mail's link and asks for a link pass with the
 * admin's 'Run a pass now' form: the queue has the pass at once, not at a schedule's next minute.
 */
async function runPassAsEditor(server: { port: number }, dataDir: string) {
  const base = `http://127.0.0.1:${server.port}`;
  const form = (pathname: string, fields: Record<string, string>, cookie = "") =>
    fetch(base + pathname, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, "X-Forwarded-For": "203.0.113.48", ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(fields),
    });
  const password = "granite-orchard-77-sail";
  const signUp = await form("/auth", { intent: "signup", from: "dialog", name: "Jo Queue", email: OWNER_EMAIL, password, confirmPassword: password });
  expect(signUp.status).toBe(201);
  const link = new URL(await latestLink(dataDir, OWNER_EMAIL, "/auth/verify-email"));
  const confirmed = await fetch(base + link.pathname + link.search, { redirect: "manual", headers: { "X-Forwarded-For": "203.0.113.48" } });
  const cookie = confirmed.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .filter((pair) => pair.startsWith("atlas.session_token="))
    .join("; ");
  expect(cookie).not.toBe("");
  expect((await form("/admin/links", { intent: "run" }, cookie)).status).toBe(202);
}
const OWNER_EMAIL = "jobs-owner@example.com";

const linkTargets = async (query: <T>(text: string) => Promise<T[]>) =>
  Number((await query<{ n: number }>("select ((select count(*) from tools) + (select count(*) from courses))::int as n"))[0]!.n);

const headsOf = (prefix: string) => requests.filter((url) => url.startsWith(prefix));
const countsByPath = (urls: string[]) => urls.reduce((counts, url) => counts.set(url, (counts.get(url) ?? 0) + 1), new Map<string, number>());

describe.each(backends)("the job queue [%s]", (backend) => {
  it("runs a scheduled job once with two instances on one database", async () => {
    const db = await database(backend);
    try {
      for (const statement of POINT_LINKS_HERE) await db.query(statement);
      const targets = await linkTargets(db.query);
      requests.length = 0;
      // Every minute: both instances set the one schedule and both work the queue.
      const schedule = { LINK_CHECK_INTERVAL_HOURS: String(1 / 60) };
      if (backend === "postgres") {
        const [first, second] = await Promise.all([start({ ...db.env, ...schedule }), start({ ...db.env, ...schedule })]);
        await until(
          "a whole pass",
          async () => Number((await db.query<{ n: number }>("select count(*)::int as n from link_checks where kind <> 'deal'"))[0]!.n) === targets,
          150_000,
        );
        // Before the next minute's pass: the schedule goes, and so do the instances once the job is done.
        await db.query("delete from pgboss.schedule where name = 'link-check'");
        await until(
          "the job's completion",
          async () => (await db.query<{ state: string }>("select state from pgboss.job where name = 'link-check'"))[0]?.state === "completed",
          30_000,
        );
        await Promise.all([stop(first), stop(second)]);
        const jobs = await db.query<{ state: string }>("select state from pgboss.job where name = 'link-check'");
        expect(jobs).toEqual([{ state: "completed" }]);
        expect(await db.query("select count(*)::int as n from link_passes")).toEqual([{ n: 1 }]);
        expect(first.output().includes("link check pass:") !== second.output().includes("link check pass:")).toBe(true);
      } else {
        // The embedded database serves one process: the app, and a second queue client in it as the second instance.
        const build = await import(fixture.serverBuildPath);
        const app = await build.startApp({ ...serverEnv(schedule), NODE_ENV: "test", LOG_LEVEL: "error", SITE_URL: "http://localhost:3000", ...db.env });
        const second = await build.createJobQueue(app.env, [build.linkCheckJob]);
        try {
          await until("a whole pass", async () => Number((await app.query("select count(*)::int as n from link_checks where kind <> 'deal'"))[0].n) === targets, 150_000);
          await app.query("delete from pgboss.schedule where name = 'link-check'");
          await until("the job's completion", async () => (await app.query("select state from pgboss.job where name = 'link-check'"))[0]?.state === "completed", 30_000);
          expect(await app.query("select state from pgboss.job where name = 'link-check'")).toEqual([{ state: "completed" }]);
          expect(await app.query("select count(*)::int as n from link_passes")).toEqual([{ n: 1 }]);
        } finally {
          await second.stop();
          await app.stop();
        }
      }
      // Each link checked once, by one instance.
      const heads = [...headsOf("/tool/"), ...headsOf("/course/")];
      expect(heads).toHaveLength(targets);
      expect(countsByPath(heads).size).toBe(targets);
      // Every tool's and course's link answered 200; every deal's, at https on a plain-HTTP server, failed locally.
      expect(await db.query("select count(*)::int as n from link_checks where kind <> 'deal' and ok and status = 200")).toEqual([{ n: targets }]);
      expect(await db.query("select count(*)::int as n from link_checks where kind = 'deal' and not ok and error in ('tls', 'connection')")).toEqual([{ n: dealCount }]);
    } finally {
      await db.close();
    }
  }, 240_000);

  it("retries a link pass whose process was killed mid-way once, and checks no link twice", async () => {
    const db = await database(backend);
    try {
      for (const statement of POINT_LINKS_HERE) await db.query(statement);
      const targets = await linkTargets(db.query);
      // A tool half-way down the list: its check is in flight when the process dies.
      const slugs = (await db.query<{ slug: string }>("select slug from tools order by slug")).map((row) => row.slug);
      hang = { path: `/tool/${slugs[Math.floor(slugs.length / 2)]}`, held: [] };
      requests.length = 0;
      // No schedule: an editor asks for the pass.
      const first = await start({ ...db.env, LINK_CHECK_INTERVAL_HOURS: "0", OWNER_EMAILS: OWNER_EMAIL });
      await runPassAsEditor(first, db.env.DATA_DIR!);
      await until(
        "the check in flight",
        () => hang!.held.length === 1,
        150_000,
        () => first.output().slice(-2000),
      );
      const before = requests.length;
      await kill(first);
      for (const response of hang.held) response.destroy();
      // Started again (no second pass is asked for): the queue hands the dead pass back.
      const second = await start({ ...db.env, LINK_CHECK_INTERVAL_HOURS: "0" });
      await until(
        "the retried pass",
        () => second.output().includes("link check pass:"),
        120_000,
        () => second.output().slice(-2000),
      );
      await stop(second);

      // Retried once, after the wait LINK_CHECK_RETRY_SECONDS set.
      const jobs = await db.query<{ state: string; retry_count: number; retry_delay: number }>("select state, retry_count, retry_delay from pgboss.job where name = 'link-check'");
      expect(jobs).toEqual([{ state: "completed", retry_count: 1, retry_delay: 1 }]);
      const heads = [...headsOf("/tool/"), ...headsOf("/course/")];
      const counts = countsByPath(heads);
      // Every link once, but the one whose check the kill cut short: asked again by the retry.
      expect(counts.size).toBe(targets);
      expect([...counts].filter(([, count]) => count > 1)).toEqual([[hang.path, 2]]);
      expect(heads).toHaveLength(targets + 1);
      // The retry went on from where the first attempt was, in the same order.
      expect(before).toBeGreaterThan(1);
      expect(await db.query("select count(*)::int as n from link_checks where kind <> 'deal'")).toEqual([{ n: targets }]);
    } finally {
      await db.close();
    }
  }, 480_000);

  it("delivers each message of the outbox once after the process delivering them was killed", async () => {
    const db = await database(backend);
    // An SMTP server that holds its answer to the third message until the sender goes away.
    const accepted: string[] = [];
    let holding = true;
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, _session, callback) {
        let raw = "";
        stream.setEncoding("utf8");
        stream.on("data", (chunk: string) => (raw += chunk));
        stream.on("end", () => {
          if (holding && raw.includes("jobs-mail-3@")) return; // never answered: the client dies waiting
          accepted.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    const addresses = [1, 2, 3, 4, 5].map((n) => `jobs-mail-${n}@example.com`);
    const recipientsOf = () => accepted.flatMap((raw) => addresses.filter((address) => raw.includes(`To: ${address}`)));
    try {
      // The queue's first wait before a retry: a second (a message's job handed back after the kill is retried after it).
      const mail = { SMTP_URL: smtpUrl, OUTBOX_RETRY_BASE_SECONDS: "1" };
      const first = await start({ ...db.env, ...mail });
      // Five newsletter sign-ups, each a confirmation in the outbox (one at a time, so they are written in order).
      for (const [index, address] of addresses.entries()) expect(await subscribeOverHttp(first.port, address, index, 10)).toBe(200);
      await until("the third message held", () => recipientsOf().length === 2 && first.output().length > 0 && accepted.length === 2, 60_000);
      await sleep(500);
      await kill(first);
      holding = false;
      expect(recipientsOf()).toEqual(addresses.slice(0, 2));
      const second = await start({ ...db.env, ...mail });
      await until(
        "every message",
        () => recipientsOf().length >= 5,
        120_000,
        () => second.output().slice(-2000),
      );
      // Time for a second copy to come, were one to.
      await sleep(3000);
      await stop(second);
      // Each once (after the restart in any order: each message's retry waits out its own backoff).
      expect(recipientsOf().sort()).toEqual(addresses);
      expect(await db.query("select count(*)::int as unsent from email_outbox where sent_at is null")).toEqual([{ unsent: 0 }]);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await db.close();
    }
  }, 300_000);
});
