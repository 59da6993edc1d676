import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createClient } from "redis";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { READER_REVIEWS } from "~/utils/cache.server";
import { INVALIDATION_CHANNEL } from "~/utils/cache-bus.server";
import { scratchPostgres } from "../support/app";
import { latestLink, readOutbox } from "../support/mail";
import { projectRoot } from "../support/paths";
import { NGINX, startNginx } from "../support/nginx";
import { startS3 } from "../support/s3";

/**
 * Two app processes behind nginx over one PostgreSQL, one Redis and one
 * S3-compatible bucket (docs/DEPLOY.md): whatever one instance does, the other
 * sees as if there were one (sessions, rate limits, cache invalidation, uploads).
 * Runs when PostgreSQL and Redis are configured (CI does) and nginx is installed
 * (scripts/test.js installs it there).
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL && NGINX);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function startInstance(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["server.js"], { cwd: projectRoot, env: { PATH: process.env.PATH!, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes("Listening on")) {
        clearInterval(timer);
        resolve(child);
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`an instance did not start:\n${output}`));
      }
    }, 100);
  });
}

const stopped = (child: ChildProcess | undefined) =>
  new Promise<void>((resolve) => {
    if (!child || child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

let counter = 0;
const clientIp = () => `192.0.2.${++counter % 250}`;

describe.runIf(enabled)("a cluster: two instances behind nginx", () => {
  const work = mkdtempSync(path.join(os.tmpdir(), "aitools-cluster-"));
  const dataDir = path.join(work, "data");
  let database: Awaited<ReturnType<typeof scratchPostgres>> | undefined;
  let s3: Awaited<ReturnType<typeof startS3>>;
  let instances: ChildProcess[] = [];
  let nginx: ChildProcess | undefined;
  let a = "";
  let b = "";
  let proxy = "";

  beforeAll(async () => {
    database = await scratchPostgres(process.env.TEST_DATABASE_URL!);
    s3 = await startS3("cluster-uploads");
    const [portA, portB, portProxy] = [await freePort(), await freePort(), await freePort()];
    [a, b, proxy] = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`, `http://localhost:${portProxy}`];
    const shared = {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      DATABASE_URL: database.url,
      REDIS_URL: process.env.TEST_REDIS_URL!,
      // One outbox for the test to read; with a database server nothing else lives there.
      DATA_DIR: dataDir,
      SITE_URL: proxy,
      TRUST_PROXY: "true",
      AUTH_SECRET: "cluster-test-secret-0123456789abcdef",
      LOG_LEVEL: "warn",
      // The link checker never reaches the outside world from a test (decision 021).
      LINK_CHECK_INTERVAL_HOURS: "0",
      PRICE_CHECK_INTERVAL_HOURS: "0",
      ...s3.env,
    };
    // A copy of the run's template database: both instances find it migrated and synced.
    instances.push(await startInstance({ ...shared, PORT: String(portA) }));
    instances.push(await startInstance({ ...shared, PORT: String(portB) }));

    nginx = await startNginx(work, { port: portProxy, upstreams: [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`] });
    for (let attempt = 0; attempt < 100; attempt++) {
      const up = await fetch(`${proxy}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 120_000);

  afterAll(async () => {
    await stopped(nginx);
    await Promise.all(instances.map(stopped));
    instances = [];
    await s3?.stop();
    await database?.drop();
    rmSync(work, { recursive: true, force: true });
  }, 60_000);

  /**
   * The outbox rows to `address` (whether sent, attempts), read from the shared database until `done` says so: the
   * wait is for an event, however long the machine takes to get there (the test's own timeout is the bound).
   */
  async function outboxRowsTo(address: string, done: (rows: { sent: boolean; attempts: number }[]) => boolean) {
    const client = new pg.Client({ connectionString: database!.url });
    await client.connect();
    try {
      for (;;) {
        const { rows } = await client.query<{ sent: boolean; attempts: number }>('select sent_at is not null as sent, attempts from email_outbox where "to" = $1 order by id', [
          address,
        ]);
        if (rows.length && done(rows)) return rows;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await client.end();
    }
  }

  const form = (base: string, pathname: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(base + pathname, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": clientIp(), ...headers },
      body: new URLSearchParams(fields),
    });

  let cookie = "";
  const email = `cluster-${process.pid}@example.com`;
  const password = "granite-orchard-77-sail";

  it("signs up through the proxy, confirms on one instance and is signed in on the other", async () => {
    const signUp = await form(proxy, "/auth", { intent: "signup", from: "dialog", name: "Cleo Cluster", email, password, confirmPassword: password }, { Origin: proxy });
    expect(signUp.status).toBe(201);
    const link = new URL(await latestLink(dataDir, email, "/auth/verify-email"));
    // One confirmation, though each instance runs an outbox worker (decision 032). Not "none more came within a
    // second" (a slow second copy would pass that): once its row is marked sent no worker can claim it again, and
    // every claim counts an attempt before the message goes, so one row with one attempt is one delivery, for good.
    const outbox = await outboxRowsTo(email, (rows) => rows.every((row) => row.sent));
    expect(outbox).toEqual([{ sent: true, attempts: 1 }]);
    expect(readOutbox(dataDir).filter((message) => message.to.includes(email))).toHaveLength(1);
    const confirmed = await fetch(a + link.pathname + link.search, { redirect: "manual", headers: { "X-Forwarded-For": clientIp() } });
    expect(confirmed.status).toBe(302);
    cookie = confirmed.headers
      .getSetCookie()
      .map((line) => line.split(";")[0]!)
      .filter((pair) => pair.startsWith("atlas.session_token="))
      .join("; ");
    expect(cookie).not.toBe("");
    const profile = await fetch(`${b}/profile`, { headers: { Cookie: cookie } });
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain("Cleo Cluster");
  });

  it("counts sign-in attempts across instances: the fourth quick one is refused wherever it lands", async () => {
    const ip = clientIp();
    const attempt = (base: string) => form(base, "/auth", { intent: "signin", from: "dialog", email, password: "wrong-password-here" }, { "X-Forwarded-For": ip });
    expect((await attempt(a)).status).toBe(401);
    expect((await attempt(b)).status).toBe(401);
    expect((await attempt(a)).status).toBe(401);
    const fourth = await attempt(b);
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("drops a cached page on the other instance once the write's invalidation is on the bus: its next answer is fresh", async () => {
    const page = "/tools/grammarly";
    await fetch(b + page);
    expect((await fetch(b + page)).headers.get("x-cache")).toBe("HIT");
    // An ordering, not a stopwatch: the test listens on the bus the instances share (utils/cache-bus.server.ts).
    // Redis hands a message to every subscriber in the same pass, so once the test has heard the write's invalidation,
    // it is already on its way to b, ahead of the test's next request; b's very next answer must be the fresh page.
    const bus = createClient({ url: process.env.TEST_REDIS_URL! });
    await bus.connect();
    try {
      let heard: () => void = () => {};
      const invalidated = new Promise<void>((resolve) => (heard = resolve));
      await bus.subscribe(INVALIDATION_CHANNEL, (message) => {
        const { tags } = JSON.parse(message) as { tags: string[] };
        if (tags.includes("tool:grammarly") && tags.includes(READER_REVIEWS)) heard();
      });
      const review = await fetch(`${a}/api/reviews`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: cookie, "X-Forwarded-For": clientIp() },
        body: JSON.stringify({ toolSlug: "grammarly", rating: 5, comment: "Our whole team writes through it; the tone checks are the best part." }),
      });
      expect(review.status).toBe(201);
      await invalidated;
      const next = await fetch(b + page);
      expect(next.headers.get("x-cache")).not.toBe("HIT");
      expect(await next.text()).toContain("the tone checks are the best part");
    } finally {
      await bus.close();
    }
  });

  it("serves an image uploaded to one instance from the other (S3-compatible storage)", async () => {
    const image = await sharp({ create: { width: 200, height: 120, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const body = new FormData();
    body.set("file", new Blob([new Uint8Array(image)], { type: "image/png" }), "shot.png");
    const uploaded = await fetch(`${a}/api/uploads`, { method: "POST", body, headers: { Cookie: cookie, "X-Forwarded-For": clientIp() } });
    expect(uploaded.status).toBe(201);
    const { data } = (await uploaded.json()) as { data: { url: string } };
    const served = await fetch(b + data.url);
    expect([served.status, served.headers.get("content-type")]).toEqual([200, "image/webp"]);
  });

  it("answers pages through the proxy from both instances", async () => {
    for (let i = 0; i < 4; i++) expect((await fetch(`${proxy}/tools`)).status).toBe(200);
  });
});
