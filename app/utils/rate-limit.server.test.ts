import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, openDatabase, rawQuery } from "./db.server";
import { initEnv } from "./env.server";
import { closeRateLimits, hitLimit, pruneExpiredLimits, releaseHits } from "./rate-limit.server";

// The database store (no REDIS_URL), on an embedded database of its own.
describe("rate limits in the database", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aitools-limits-"));
  beforeAll(async () => {
    initEnv({ DATA_DIR: dataDir, LOG_LEVEL: "error" });
    await openDatabase({ dataDir });
  }, 60_000);
  afterAll(async () => {
    await closeRateLimits();
    await closeDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const keys = async () => (await rawQuery<{ key: string }>("select key from rate_limits order by key")).map((row) => row.key);

  it("counts hits per window and refuses past the limit", async () => {
    const limit = { limit: 2, windowMs: 60_000 };
    const results = [await hitLimit("count", limit), await hitLimit("count", limit), await hitLimit("count", limit)];
    expect(results.map((result) => result.allowed)).toEqual([true, true, false]);
    expect(results[2]!.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("deletes ended windows and keeps running ones", async () => {
    await rawQuery("insert into rate_limits (key, count, reset_at) values ('ended', 5, now() - interval '1 minute'), ('running', 1, now() + interval '1 hour')");
    expect(await pruneExpiredLimits()).toBe(1);
    expect(await keys()).toEqual(["count", "running"]);
    // An ended window is gone, and the key starts afresh when it is hit again.
    expect((await hitLimit("ended", { limit: 1, windowMs: 60_000 })).allowed).toBe(true);
  });

  it("keeps a refusal across a restart: the count lives in the database, not in the process", async () => {
    const limit = { limit: 1, windowMs: 60_000 };
    expect((await hitLimit("restart", limit)).allowed).toBe(true);
    expect((await hitLimit("restart", limit)).allowed).toBe(false);
    await closeRateLimits();
    await closeDatabase();
    await openDatabase({ dataDir });
    expect((await hitLimit("restart", limit)).allowed).toBe(false);
  }, 60_000);
});

// On PostgreSQL, where requests run at once on several connections.
describe.runIf(process.env.TEST_DATABASE_URL)("rate limits in PostgreSQL", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aitools-limits-"));
  const name = `aitools_limits_${process.pid}_${Date.now().toString(36)}`;
  const admin = (text: string) => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    return client.connect().then(() => client.query(text).finally(() => client.end()));
  };
  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = Object.assign(new URL(process.env.TEST_DATABASE_URL!), { pathname: `/${name}` }).toString();
    initEnv({ DATA_DIR: dataDir, LOG_LEVEL: "error", DATABASE_URL: url });
    await openDatabase({ databaseUrl: url, dataDir });
  }, 60_000);
  afterAll(async () => {
    await closeRateLimits();
    await closeDatabase();
    await admin(`drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("takes hits back from many attempts at once over the same keys, each in its own order, without a deadlock", async () => {
    // One sign-in's keys (address, pair, account windows), shared by parallel attempts as in an attack on one account.
    const keys = ["fip0", "pair0", "pair1", "acct0", "acct1", "acct2"].map((key) => `parallel:${key}`);
    const limit = { limit: 100_000, windowMs: 60 * 60_000 };
    for (let round = 0; round < 300; round++) await Promise.all(keys.map((key) => hitLimit(key, limit)));
    // Every order of the keys, hits and releases interleaved: a release that locked its rows in the order it met them
    // deadlocked with another (40P01) and failed its request.
    const orders = Array.from({ length: 600 }, (_, index) => keys.map((_, at) => keys[(at * 5 + index) % keys.length]!).toReversed());
    const outcomes = await Promise.allSettled(
      orders.map((order, index) => (index % 3 === 2 ? Promise.all(order.map((key) => hitLimit(key, limit))) : releaseHits(index % 2 ? order : order.toReversed()))),
    );
    expect(outcomes.filter((outcome) => outcome.status === "rejected").map((outcome) => String((outcome as PromiseRejectedResult).reason?.cause ?? ""))).toEqual([]);
    const counts = await rawQuery<{ count: number }>("select count from rate_limits where key like 'parallel:%'");
    // 300 hits, then 200 more and 400 taken back for each key.
    expect(counts.map((row) => Number(row.count))).toEqual(keys.map(() => 100));
  }, 60_000);
});
