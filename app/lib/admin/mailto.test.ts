import { describe, expect, it } from "vitest";
import { mailtoHref, quotedReply, replySubject } from "./mailto";

describe("reply links", () => {
  it("adds one Re: to the subject", () => {
    expect(replySubject(" Pricing question ")).toBe("Re: Pricing question");
    expect(replySubject("RE: Pricing")).toBe("RE: Pricing");
  });

  it("encodes every part, so the address or subject cannot add headers", () => {
    const href = mailtoHref("a&b?cc=x@example.com", { subject: "Re: Hi & bye?bcc=evil@example.com", body: "line 1\nline 2" });
    expect(href).toBe("mailto:a%26b%3Fcc%3Dx@example.com?subject=Re%3A%20Hi%20%26%20bye%3Fbcc%3Devil%40example.com&body=line%201%0Aline%202");
    const url = new URL(href);
    expect([...url.searchParams.keys()]).toEqual(["subject", "body"]);
  });

  it("quotes the original message line by line and cuts a long one short", () => {
    expect(quotedReply({ name: "Ann", sentAt: "5 Jan 2026", message: "Hello\nthere" })).toBe("\n\nOn 5 Jan 2026, Ann wrote:\n> Hello\n> there");
    expect(quotedReply({ name: "Ann", sentAt: "x", message: "a".repeat(20) }, 5)).toMatch(/> aaaaa…$/);
  });
});
