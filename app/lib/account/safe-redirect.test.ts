import { describe, expect, it } from "vitest";
import { safeRedirect, signInReturnPath } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps paths on this site, query included", () => {
    expect(safeRedirect("/tools/chatgpt")).toBe("/tools/chatgpt");
    expect(safeRedirect("/tools?q=seo&pricing=free")).toBe("/tools?q=seo&pricing=free");
    expect(safeRedirect("/auth?tab=signup")).toBe("/auth?tab=signup");
  });

  it.each([
    ["https://evil.example/"],
    ["//evil.example"],
    ["/\\evil.example"],
    ["/\t/evil.example"],
    ["/\n/evil.example"],
    [" //evil.example"],
    ["/\\/evil.example"],
    ["javascript:alert(1)"],
    ["tools"],
    [""],
    [null],
    [undefined],
    ["/\u0000x"],
    ["/\u001bx"],
    ["/\ud800"],
    [`/${"a".repeat(2001)}`],
  ])("refuses %j", (value) => {
    expect(safeRedirect(value)).toBe("/");
    expect(safeRedirect(value, "/tools")).toBe("/tools");
  });

  it("percent-encodes what a Location header cannot carry", () => {
    expect(safeRedirect("/tools?search=café ☕")).toBe("/tools?search=caf%C3%A9%20%E2%98%95");
    expect(() => new Headers({ Location: safeRedirect("/tools?search=日本語") })).not.toThrow();
  });
});

describe("signInReturnPath", () => {
  it("never goes back to the sign-in page", () => {
    expect(signInReturnPath("/settings")).toBe("/settings");
    for (const target of ["/auth", "/auth?tab=signup", "/auth/reset-password?token=x", "//evil.example"]) expect(signInReturnPath(target)).toBe("/");
  });
});
