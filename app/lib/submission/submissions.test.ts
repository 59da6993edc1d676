import { describe, expect, it } from "vitest";
import { slugFromName, toolDomain } from "./submissions";

describe("toolDomain", () => {
  it("makes one key of the spellings of one website", () => {
    for (const url of ["https://example.com", "https://WWW.Example.com/", "http://www.example.com/pricing/", "https://example.com:8443/a?b#c", "https://example.com./"]) {
      expect(toolDomain(url), url).toBe("example.com");
    }
  });

  it("keeps subdomains other than www apart", () => {
    expect(toolDomain("https://app.example.com")).toBe("app.example.com");
    expect(toolDomain("https://wwwexample.com")).toBe("wwwexample.com");
  });

  it("refuses what is not a website", () => {
    for (const url of ["ftp://example.com", "javascript:alert(1)", "example.com", "https://localhost", ""]) expect(toolDomain(url), url).toBeNull();
  });
});

describe("slugFromName", () => {
  it("writes names as the content files' slugs", () => {
    expect(slugFromName("Notion AI")).toBe("notion-ai");
    expect(slugFromName("  Café Writer 2.0! ")).toBe("cafe-writer-2-0");
    expect(slugFromName("Bolt.new")).toBe("bolt-new");
    expect(slugFromName("!!!")).toBe("");
  });
});
