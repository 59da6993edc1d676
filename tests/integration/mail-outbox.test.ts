import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { post, uniqueEmail } from "../support/accounts";
import { backends, describeEachBackend, scratchPostgres, type TestApp } from "../support/app";
import { readOutbox } from "../support/mail";
import { projectRoot, templateDataDir } from "../support/paths";
import { freePort } from "../support/ports";
import { subscribeOverHttp } from "../support/newsletter-signup";

/**
 * Mail through the outbox (issue 27, decision 032): a write stores its message, the worker delivers it. With SMTP
 * pointing at a server that refuses mail for a while (or is not there at all), nothing is lost and nothing goes
 * twice: the worker retries with backoff until the server takes the message, once.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** A local SMTP server that answers 451 (try again later) to the next `refusals` messages, then accepts. */
function refusingSmtpServer() {
  const state = { refusals: 0, tries: [] as number[], accepted: [] as string[] };
  let server: SMTPServer | undefined;
  let port = 0;
  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onMailFrom(_address, _session, callback) {
        state.tries.push(Date.now());
        if (state.refusals <= 0) return callback();
        state.refusals -= 1;
        callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
      },
      onData(stream, _session, callback) {
        let raw = "";
        stream.setEncoding("utf8");
        stream.on("data", (chunk: string) => (raw += chunk));
        stream.on("end", () => {
          state.accepted.push(raw);
          callback();
        });
      },
    });
  return {
    state,
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    async listen() {
      server = create();
      await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
      port = (server.server.address() as AddressInfo).port;
    },
    async close() {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = undefined;
    },
    reset(refusals: number) {
      Object.assign(state, { refusals, tries: [], accepted: [] });
    },
  };
}

type OutboxRow = { subject: string; attempts: number; sent_at: Date | null; last_error: string | null };
const rowsAbout = (app: TestApp, subject: string) =>
  app.query<OutboxRow>("select subject, attempts, sent_at, last_error from email_outbox where subject like $1 order by id", [`%${subject}%`]);

const contact = (app: TestApp, subject: string) =>
  post(app, "/contact", { firstName: "Grace", lastName: "Hopper", email: uniqueEmail("sender"), subject, message: "The Creator plan price changed last week; please check." });

const smtp = refusingSmtpServer();
beforeAll(() => smtp.listen());
afterAll(() => smtp.close());

/** The queue's first wait after a refusal, in seconds (then doubled, with jitter, per attempt). */
const BASE_SECONDS = 1;

describeEachBackend(
  "mail through the outbox, to an SMTP server that refuses for a while",
  (app, backend) => {
    beforeEach(() => smtp.reset(0));

    it("retries a refused message through the queue until the server takes it, and delivers it exactly once", async () => {
      smtp.reset(3);
      const subject = `Outbox retry ${backend} ${Date.now()}`;
      const sent = await contact(app, subject);
      // The visitor's answer does not wait for the mail server, nor depend on it.
      expect(sent.status).toBe(201);
      const row = await until("delivery", async () => (await rowsAbout(app, subject)).find((item) => item.sent_at));
      expect(smtp.state.accepted).toHaveLength(1);
      expect(smtp.state.accepted[0]).toContain(subject);
      expect(smtp.state.tries).toHaveLength(4);
      // Attempts recorded: three refusals and the delivery; the server's words kept from the last refusal.
      expect(row).toMatchObject({ attempts: 4 });
      expect(row.last_error).toMatch(/451/);
      // The retries are the queue's: one job for the message, retried three times, then completed.
      const [{ id }] = (await app.query<{ id: number }>("select id from email_outbox where subject like $1", [`%${subject}%`])) as [{ id: number }];
      await until("the job completed", async () => {
        const jobs = await app.query<{ retry_count: number; state: string }>("select retry_count, state from pgboss.job where name = 'mail-outbox' and data->>'id' = $1", [
          String(id),
        ]);
        return jobs.length === 1 && jobs[0]!.state === "completed" && jobs[0]!.retry_count === 3;
      });
      // Never a second copy: the job is done, and nothing else holds the message.
      await sleep(1500);
      expect(smtp.state.accepted).toHaveLength(1);
      expect(await rowsAbout(app, subject)).toHaveLength(1);
    }, 60_000);

    it("keeps mail written while the server is not there at all, and delivers it once the server is back", async () => {
      await smtp.close();
      try {
        const subjects = [1, 2, 3].map((n) => `Outbox down ${backend} ${n} ${Date.now()}`);
        for (const subject of subjects) expect((await contact(app, subject)).status).toBe(201);
        await until("refused attempts", async () => (await rowsAbout(app, `Outbox down ${backend} 1`)).some((item) => item.attempts >= 2 && item.last_error));
        expect(smtp.state.accepted).toHaveLength(0);
      } finally {
        await smtp.listen();
      }
      await until("every delivery", async () => {
        const rows = await rowsAbout(app, `Outbox down ${backend}`);
        return rows.length === 3 && rows.every((item) => item.sent_at);
      });
      // Each once. (Not necessarily in the order written: each message waits out its own backoff, and the first one
      // written had failed more often by the time the server came back.)
      expect(smtp.state.accepted.map((raw) => raw.match(/Outbox down \S+ (\d)/)?.[1]).sort()).toEqual(["1", "2", "3"]);
      // Nothing went to the file outbox: with SMTP_URL the transport is the server.
      expect(readOutbox(app.dataDir)).toHaveLength(0);
    }, 90_000);
  },
  { env: () => ({ SMTP_URL: smtp.url, OUTBOX_RETRY_BASE_SECONDS: String(BASE_SECONDS), OUTBOX_POLL_MS: "500" }) },
);

/**
 * The outbox's own functions on a database of their own (the source modules, not the server build), so a test can
 * enqueue inside a transaction it then rolls back.
 */
describe.each(backends)("the outbox's guarantees [%s]", (backend) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aitools-outbox-"));
  let drop = async () => {};
  let db: typeof import("../../app/utils/db.server");
  let outbox: typeof import("../../app/utils/outbox.server");
  let queue: typeof import("../../app/utils/job-queue.server");

  beforeAll(async () => {
    const env: Record<string, string> = { NODE_ENV: "test", LOG_LEVEL: "error", DATA_DIR: dataDir, OUTBOX_POLL_MS: "500" };
    if (backend === "postgres") {
      const scratch = await scratchPostgres(process.env.TEST_DATABASE_URL!);
      env.DATABASE_URL = scratch.url;
      drop = () => scratch.drop();
    } else {
      cpSync(templateDataDir(), dataDir, { recursive: true });
    }
    const { initEnv } = await import("../../app/utils/env.server");
    const parsed = initEnv(env);
    db = await import("../../app/utils/db.server");
    await db.openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    outbox = await import("../../app/utils/outbox.server");
    queue = await import("../../app/utils/job-queue.server");
    await queue.startJobQueue(parsed, [outbox.mailOutboxJob]);
  }, 60_000);

  afterAll(async () => {
    await queue?.stopJobQueue();
    await db?.closeDatabase();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const email = (subject: string) => ({ to: "reader@example.com", subject, text: `${subject}\n`, html: `<p>${subject}</p>` });
  const subjectsSent = () => readOutbox(dataDir).map((message) => message.subject);

  it("never sends a message enqueued in a transaction that rolled back, and sends the committed one", async () => {
    const stamp = Date.now();
    await expect(
      db.getDb().transaction(async (tx) => {
        await outbox.enqueueEmail(email(`Rolled back ${stamp}`), tx);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await db.getDb().transaction(async (tx) => {
      await outbox.enqueueEmail(email(`Committed ${stamp}`), tx);
    });
    await until("the committed message", () => subjectsSent().includes(`Committed ${stamp}`));
    await sleep(300);
    expect(subjectsSent().filter((subject) => subject.endsWith(String(stamp)))).toEqual([`Committed ${stamp}`]);
    expect(await db.rawQuery("select subject from email_outbox where subject like $1", [`%${stamp}`])).toEqual([{ subject: `Committed ${stamp}` }]);
  });

  it("delivers in the order written, once each, with one attempt each when nothing refuses", async () => {
    const stamp = Date.now();
    const subjects = Array.from({ length: 25 }, (_, index) => `Batch ${stamp} #${String(index).padStart(2, "0")}`);
    for (const subject of subjects) await outbox.enqueueEmail(email(subject));
    await until("every message", () => subjects.every((subject) => subjectsSent().includes(subject)));
    // One file each (two files of one millisecond may list in either order: the order is read from the table).
    expect(
      subjectsSent()
        .filter((subject) => subject.startsWith(`Batch ${stamp}`))
        .sort(),
    ).toEqual(subjects);
    const rows = await db.rawQuery<{ subject: string; attempts: number }>("select subject, attempts from email_outbox where subject like $1 order by sent_at", [`Batch ${stamp}%`]);
    expect(rows.map((row) => row.subject)).toEqual(subjects);
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
  });

  it("counts mail still undelivered an hour after it was written, for the dashboard", async () => {
    expect(await outbox.countStuckMail()).toEqual({ count: 0, lastError: null });
    await db.rawQuery(
      `insert into email_outbox ("to", subject, text, html, created_at, attempts, last_error)
       values ('reader@example.com', 'Stuck', 'x', 'x', now() - interval '2 hours', 9, '451 4.3.0 try again later')`,
    );
    expect(await outbox.countStuckMail()).toEqual({ count: 1, lastError: "451 4.3.0 try again later" });
  });
});

/**
 * `npm run start:cluster`: two app processes on one port and one PostgreSQL database, each with its outbox worker.
 * Mail written through either is delivered once (one job per message, fetched by one worker), even while the server
 * refuses some of it.
 */
describe.runIf(process.env.TEST_DATABASE_URL)("mail from a cluster of two processes", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aitools-outbox-cluster-"));
  let database: Awaited<ReturnType<typeof scratchPostgres>> | undefined;
  let primary: ChildProcess | undefined;
  let port = 0;

  beforeAll(async () => {
    database = await scratchPostgres(process.env.TEST_DATABASE_URL!);
    port = await freePort();
    const env = {
      PATH: process.env.PATH!,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      WEB_CONCURRENCY: "2",
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      SITE_URL: `http://127.0.0.1:${port}`,
      TRUST_PROXY: "true",
      AUTH_SECRET: "outbox-cluster-test-secret-0123456789",
      LOG_LEVEL: "error",
      LINK_CHECK_INTERVAL_HOURS: "0",
      SMTP_URL: smtp.url,
      OUTBOX_RETRY_BASE_SECONDS: String(BASE_SECONDS),
      OUTBOX_POLL_MS: "500",
    };
    primary = spawn(process.execPath, ["server.js", "--cluster"], { cwd: projectRoot, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    primary.stdout!.on("data", (chunk) => (output += chunk));
    primary.stderr!.on("data", (chunk) => (output += chunk));
    await until("both processes listening", () => primary!.exitCode === null && output.split("Listening on").length === 3, 90_000).catch((error: Error) => {
      throw new Error(`${error.message}:\n${output}`);
    });
  }, 120_000);

  afterAll(async () => {
    if (primary && primary.exitCode === null) {
      const exited = new Promise((resolve) => primary!.once("exit", resolve));
      primary.kill("SIGTERM");
      await exited;
    }
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const subscribe = (email: string, index: number) => subscribeOverHttp(port, email, index);

  it("delivers each message once, whichever process wrote it", async () => {
    smtp.reset(2);
    const addresses = Array.from({ length: 12 }, (_, index) => `cluster-${index}-${Date.now().toString(36)}@example.com`);
    const statuses = await Promise.all(addresses.map((address, index) => subscribe(address, index)));
    expect(statuses.every((status) => status === 200)).toBe(true);
    const recipients = () => smtp.state.accepted.flatMap((raw) => addresses.filter((address) => raw.includes(address)));
    await until("every confirmation", () => addresses.every((address) => recipients().includes(address)));
    // Both workers keep polling: a second copy would come now.
    await sleep(1000);
    expect(recipients().sort()).toEqual([...addresses].sort());
    const client = new pg.Client({ connectionString: database!.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ unsent: number; attempts: number }>(
        "select count(*) filter (where sent_at is null)::int as unsent, sum(attempts)::int as attempts from email_outbox",
      );
      // Twelve deliveries and the server's two refusals, each an attempt of one message by one process.
      expect(rows[0]).toEqual({ unsent: 0, attempts: 14 });
    } finally {
      await client.end();
    }
  });
});
