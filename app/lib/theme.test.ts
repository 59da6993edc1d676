import { describe, expect, it } from "vitest";
import { parseTheme, safeRedirectPath, themeFromCookieHeader } from "./theme";

describe("theme helpers", () => {
  it("reads the theme cookie and falls back to system", () => {
    expect(themeFromCookieHeader("a=1; theme=dark")).toBe("dark");
    expect(themeFromCookieHeader("theme=purple")).toBe("system");
    expect(themeFromCookieHeader(null)).toBe("system");
    expect(parseTheme("light")).toBe("light");
  });

  it("accepts only same-site paths as redirect targets", () => {
    expect(safeRedirectPath("/tools?x=1")).toBe("/tools?x=1");
    expect(safeRedirectPath("//evil.example")).toBe("/");
    expect(safeRedirectPath("/\\evil.example")).toBe("/");
    expect(safeRedirectPath("https://evil.example")).toBe("/");
    expect(safeRedirectPath(undefined, "/tools")).toBe("/tools");
  });
});
