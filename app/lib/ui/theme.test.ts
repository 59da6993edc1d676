import { describe, expect, it } from "vitest";
import { parseTheme, themeFromCookieHeader } from "./theme";

describe("theme helpers", () => {
  it("reads the theme cookie and falls back to system", () => {
    expect(themeFromCookieHeader("a=1; theme=dark")).toBe("dark");
    expect(themeFromCookieHeader("theme=purple")).toBe("system");
    expect(themeFromCookieHeader(null)).toBe("system");
    expect(parseTheme("light")).toBe("light");
  });
});
