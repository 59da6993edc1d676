import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps paths on this site, query included", () => {
    expect(safeRedirect("/tools/chatgpt")).toBe("/tools/chatgpt");
    expect(safeRedirect("/tools?q=seo&pricing=free")).toBe("/tools?q=seo&pricing=free");
  });
  it.each([
    ["https://evil.example/"],
    ["//evil.example"],
    ["/\\evil.example"],
    ["javascript:alert(1)"],
    ["tools"],
    [""],
    [null],
    [undefined],
    ["/\u0000x"],
    ["/auth"],
    ["/auth?tab=signup"],
    ["/auth/reset-password?token=x"],
  ])("refuses %j", (value) => {
    expect(safeRedirect(value)).toBe("/");
  });
});
