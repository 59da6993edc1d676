import { afterEach, describe, expect, it } from "vitest";
import { initEnv } from "./env.server";
import { outlivedMaxAge } from "./session.server";

const DAY_MS = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 0, 1);
const signedIn = (daysAgo: number) => new Date(now - daysAgo * DAY_MS);

describe("outlivedMaxAge", () => {
  afterEach(() => initEnv({ NODE_ENV: "test" }));

  it("ends a session 90 days after its sign-in by default", () => {
    initEnv({ NODE_ENV: "test" });
    expect(outlivedMaxAge(signedIn(89), now)).toBe(false);
    expect(outlivedMaxAge(signedIn(90), now)).toBe(false);
    expect(outlivedMaxAge(new Date(signedIn(90).getTime() - 1), now)).toBe(true);
  });

  it("follows SESSION_MAX_AGE_DAYS", () => {
    initEnv({ NODE_ENV: "test", SESSION_MAX_AGE_DAYS: "7" });
    expect(outlivedMaxAge(signedIn(6), now)).toBe(false);
    expect(outlivedMaxAge(signedIn(8), now)).toBe(true);
  });
});
