import { describe, expect, it } from "vitest";
import { collectPageTags, pageExpiresAt, tagPage, tagPageUntil } from "./cache.server";

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
