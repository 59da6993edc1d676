import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, openDatabase, rawQuery } from "./db.server";
import { initEnv } from "./env.server";
import { closeRateLimits, hitLimit, pruneExpiredLimits } from "./rate-limit.server";

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
