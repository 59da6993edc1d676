import { describe, expect, it } from "vitest";
import { judgePolicyPage, MIN_POLICY_TEXT, parsePolicySubject, policySubject, type PolicyRead, type PolicyTarget } from "./policy-check";
import { policyBlindReason } from "~/lib/admin/policy-task-words";

const target: PolicyTarget = { slug: "acme", name: "Acme", websiteUrl: "https://acme.com", page: "privacy", url: "https://legal.acme-corp.com/privacy" };
const policy = (words: string) => `Privacy policy\n${words}\n${"We keep your data safe and tell you what we do with it. ".repeat(6)}`;
const read = (text: string, hash: string, finalUrl = target.url): PolicyRead => ({
  ok: true,
  status: 200,
  finalUrl,
  page: { text, title: "Privacy", hasPasswordField: false },
  text,
  textHash: hash,
});

describe("policy subjects", () => {
  it("names a tool's page and reads it back, and refuses anything else", () => {
    expect(policySubject("acme", "terms")).toBe("acme/terms");
    expect(parsePolicySubject("acme/terms")).toEqual({ slug: "acme", page: "terms" });
    expect(parsePolicySubject("acme/cookies")).toBeNull();
    expect(parsePolicySubject("privacy")).toBeNull();
  });
});

describe("judgePolicyPage", () => {
  it("keeps the first read as the baseline, publishing nothing", () => {
    const verdict = judgePolicyPage(target, read(policy("Version 1"), "h1"), null);
    expect(verdict).toMatchObject({ outcome: "read", details: { page: "privacy", textHash: "h1", first: true, status: 200, finalUrl: target.url } });
    expect(verdict.details.text).toContain("Version 1");
  });

  it("reads the same text as read, keeping only its hash", () => {
    const verdict = judgePolicyPage(target, read(policy("Version 1"), "h1"), { textHash: "h1", text: policy("Version 1") });
    expect(verdict.outcome).toBe("read");
    expect(verdict.details).not.toHaveProperty("text");
    expect(verdict.details.textHash).toBe("h1");
  });

  it("calls a different text a change, with the text (the next baseline) and the word diff", () => {
    const verdict = judgePolicyPage(target, read(policy("We sell nothing."), "h2"), { textHash: "h1", text: policy("We share nothing.") });
    expect(verdict.outcome).toBe("changed");
    expect(verdict.details.text).toContain("We sell nothing.");
    expect(verdict.details.diff).toEqual(
      expect.arrayContaining([
        { kind: "removed", text: "share" },
        { kind: "added", text: "sell" },
      ]),
    );
  });

  it("never calls a page it could not read as the vendor's policy a change", () => {
    const baseline = { textHash: "h1", text: policy("Version 1") };
    expect(judgePolicyPage(target, { ok: false, error: "http-404", status: 404, finalUrl: target.url }, baseline)).toEqual({
      outcome: "needs-person",
      details: { page: "privacy", reasons: ["fetch-failed"], error: "http-404", status: 404, finalUrl: target.url },
    });
    expect(judgePolicyPage(target, read(policy("Parked"), "h3", "https://domains-for-sale.example/"), baseline)).toMatchObject({
      outcome: "needs-person",
      details: { reasons: ["other-domain"] },
    });
    expect(judgePolicyPage(target, read("Loading…", "h4"), baseline)).toMatchObject({ outcome: "needs-person", details: { reasons: ["no-text"] } });
    expect("Loading…".length).toBeLessThan(MIN_POLICY_TEXT);
    const login = { ...read(policy("Sign in"), "h5"), page: { text: policy("Sign in"), title: "Sign in", hasPasswordField: true } } as PolicyRead;
    expect(judgePolicyPage(target, login, baseline)).toMatchObject({ outcome: "needs-person", details: { reasons: ["login"] } });
    // The page's own domain counts, and so does the tool's (a redirect from the legal site to the app's).
    expect(judgePolicyPage(target, read(policy("Version 1"), "h1", "https://www.acme.com/privacy"), baseline).outcome).toBe("read");
  });

  it("says in words why a page could not be read", () => {
    expect(policyBlindReason("fetch-failed", { error: "http-404" })).toBe("The page could not be read (it answered 404).");
    expect(policyBlindReason("fetch-failed", { error: "blocked-address" })).toBe("The page could not be read (refused: it leads to a private or local address).");
    expect(policyBlindReason("other-domain", { finalUrl: "https://x.example/" })).toBe("The address now ends on another domain: https://x.example/.");
  });
});
