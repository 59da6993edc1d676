import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initEnv } from "~/utils/env.server";
import { closeRateLimits, hitLimit, hitLimits } from "~/utils/rate-limit.server";

const redisUrl = process.env.TEST_REDIS_URL;

// Runs when Redis is available (CI sets TEST_REDIS_URL): the store several instances share.
describe.skipIf(!redisUrl)("rate limits in Redis", () => {
  const prefix = `test-${process.pid}-${Date.now()}`;
  beforeAll(() => {
    initEnv({ REDIS_URL: redisUrl, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "aitools-redis-")), LOG_LEVEL: "error" });
  });
  afterAll(async () => {
    await closeRateLimits();
  });

  it("allows `limit` hits per window, refuses the next with a retry time, and keeps keys apart", async () => {
    const limit = { limit: 3, windowMs: 10_000 };
    const results = [];
    for (let index = 0; index < 4; index++) results.push(await hitLimit(`${prefix}:a`, limit));
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(10);
    expect((await hitLimit(`${prefix}:b`, limit)).allowed).toBe(true);
  });

  it("starts a new window once the old one expires", async () => {
    const limit = { limit: 1, windowMs: 300 };
    expect((await hitLimit(`${prefix}:c`, limit)).allowed).toBe(true);
    expect((await hitLimit(`${prefix}:c`, limit)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await hitLimit(`${prefix}:c`, limit)).allowed).toBe(true);
  });

  it("refuses when any of several limits is exceeded", async () => {
    await hitLimit(`${prefix}:ip`, { limit: 1, windowMs: 10_000 });
    const result = await hitLimits([
      [`${prefix}:address`, { limit: 5, windowMs: 10_000 }],
      [`${prefix}:ip`, { limit: 1, windowMs: 10_000 }],
    ]);
    expect(result.allowed).toBe(false);
  });
});
