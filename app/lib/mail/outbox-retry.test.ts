import { describe, expect, it } from "vitest";
import { RETRY_CAP_MS, retryDelayMs } from "./outbox-retry";

describe("the outbox's retry schedule", () => {
  it("waits 30 s after the first failure, doubling after each one up to an hour", () => {
    const schedule = Array.from({ length: 10 }, (_, index) => retryDelayMs(index + 1, 30_000) / 1000);
    expect(schedule).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600]);
  });

  it("keeps retrying hourly however many attempts failed (a message is never dropped)", () => {
    for (const attempts of [20, 100, 10_000]) expect(retryDelayMs(attempts, 30_000)).toBe(RETRY_CAP_MS);
  });

  it("follows a shorter base (the tests' OUTBOX_RETRY_BASE_MS) with the same doubling", () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 200))).toEqual([200, 400, 800, 1600]);
  });

  it("treats no attempt yet like the first (a claim always counts one)", () => {
    expect(retryDelayMs(0, 30_000)).toBe(30_000);
  });
});
