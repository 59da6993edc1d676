import { describe, expect, it } from "vitest";
import { claimableDomains, judgeClaimEmail, recheckDueAt, tokenInFile, tokensInTxt } from "./claims";

describe("claim rules", () => {
  it("accepts an address at the tool's domain or a subdomain, and a known vendor domain", () => {
    expect(judgeClaimEmail("founder@cursor.com", "https://www.cursor.com/")).toEqual({ ok: true, domain: "cursor.com" });
    expect(judgeClaimEmail("ops@mail.cursor.com", "https://cursor.com")).toEqual({ ok: true, domain: "cursor.com" });
    expect(judgeClaimEmail("team@anthropic.com", "https://claude.ai")).toEqual({ ok: true, domain: "anthropic.com" });
    expect(claimableDomains("https://claude.ai/")).toEqual(["claude.ai", "claude.com", "anthropic.com"]);
  });

  it("refuses free mail and other domains, including look-alikes", () => {
    expect(judgeClaimEmail("me@gmail.com", "https://cursor.com")).toEqual({ ok: false, reason: "freeMail" });
    expect(judgeClaimEmail("me@gmail.com", "https://gmail.com")).toEqual({ ok: false, reason: "freeMail" });
    expect(judgeClaimEmail("me@notcursor.com", "https://cursor.com")).toEqual({ ok: false, reason: "otherDomain" });
    expect(judgeClaimEmail("me@cursor.com.evil.io", "https://cursor.com")).toEqual({ ok: false, reason: "otherDomain" });
  });

  it("reads tokens from TXT records and the well-known file", () => {
    expect(tokensInTxt([["atlas-verification=", "abc"], ["v=spf1 -all"]])).toEqual(["abc"]);
    expect(tokenInFile("\n  abc  \nrest")).toBe("abc");
    expect(tokenInFile("atlas-verification=abc\n")).toBe("abc");
  });

  it("is due 30 days after a passed check and a day after a failed one", () => {
    const at = new Date("2026-12-01T00:00:00Z");
    expect(recheckDueAt({ lastCheckedAt: at, verifiedAt: at, consecutiveFailures: 0 })?.toISOString()).toBe("2026-12-31T00:00:00.000Z");
    expect(recheckDueAt({ lastCheckedAt: at, verifiedAt: at, consecutiveFailures: 1 })?.toISOString()).toBe("2026-12-02T00:00:00.000Z");
  });
});
