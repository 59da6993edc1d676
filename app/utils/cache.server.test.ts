import { describe, expect, it } from "vitest";
import { cached, collectPageTags, pageExpiresAt, resetCaches, tagPage, tagPageUntil, withoutFillingCache } from "./cache.server";

describe("pages true only until a moment", () => {
  it("keeps the earliest moment a render named, and none when it named none", async () => {
    const tags = new Set<string>();
    await collectPageTags(tags, async () => {
      tagPage("catalogue");
      tagPageUntil(Date.parse("2027-01-16T00:00:00Z"));
      tagPageUntil(Date.parse("2027-03-02T00:00:00Z"));
    });
    expect(pageExpiresAt(tags)).toBe(Date.parse("2027-01-16T00:00:00Z"));
    expect(pageExpiresAt(new Set(["catalogue", "tool:jasper-ai"]))).toBeUndefined();
  });
});

describe("reads that do not fill the cache (a job over the whole catalogue)", () => {
  it("uses an entry already kept, and reads a miss each time without keeping it", async () => {
    resetCaches();
    let loads = 0;
    const load = async () => `value ${++loads}`;
    expect(await cached("test:kept", ["catalogue"], load)).toBe("value 1");
    await withoutFillingCache(async () => {
      expect(await cached("test:kept", ["catalogue"], load)).toBe("value 1");
      expect(await cached("test:passing", ["catalogue"], load)).toBe("value 2");
      expect(await cached("test:passing", ["catalogue"], load)).toBe("value 3");
    });
    // Outside it, the miss is read once more and kept from then on.
    expect(await cached("test:passing", ["catalogue"], load)).toBe("value 4");
    expect(await cached("test:passing", ["catalogue"], load)).toBe("value 4");
    resetCaches();
  });
});
