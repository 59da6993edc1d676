import { describe, expect, it } from "vitest";
import { cacheControlOf, keptPageCacheControl } from "./context";

describe("what a kept page says to caches in front", () => {
  const cache = { sharedSeconds: 600, cacheControl: keptPageCacheControl(600) };
  const now = Date.parse("2026-12-05T12:00:00Z");

  it("is the same for every page true until further notice, or until a moment past its lifetime and stale minute", () => {
    expect(cacheControlOf(cache, {}, now)).toBe("public, max-age=0, s-maxage=600, stale-while-revalidate=60");
    expect(cacheControlOf(cache, { expiresAt: now + 661_000 }, now)).toBe("public, max-age=0, s-maxage=600, stale-while-revalidate=60");
  });

  it("ends a page true only until a nearer moment there, since no purge comes for a moment", () => {
    expect(cacheControlOf(cache, { expiresAt: now + 630_500 }, now)).toBe("public, max-age=0, s-maxage=600, stale-while-revalidate=30");
    expect(cacheControlOf(cache, { expiresAt: now + 90_000 }, now)).toBe("public, max-age=0, s-maxage=90");
    expect(cacheControlOf(cache, { expiresAt: now - 1_000 }, now)).toBe("public, max-age=0, s-maxage=0");
  });
});
