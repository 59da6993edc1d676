import { describe, expect, it } from "vitest";
import { NOT_SPECULATED, SPECULATION_RULES, SPECULATION_RULES_JSON } from "./speculation-rules";

const site = "https://aitoolsatlas.example/blog/some-article";
const excluded = (url: string) => NOT_SPECULATED.some((pattern) => new URLPattern(pattern, site).test(new URL(url, site)));

describe("Speculation Rules of reading pages", () => {
  it("never fetches ahead what has a side effect or is the reader's own", () => {
    for (const url of [
      "/go/tool/chatgpt",
      "/auth",
      "/auth?redirectTo=%2Fblog",
      "/auth/sign-out",
      "/auth/verify-email",
      "/profile",
      "/favorites",
      "/my-reviews",
      "/settings",
      "/settings/export",
      "/dashboard/bookmarks",
      "/admin",
      "/admin/subscribers.csv",
      "/api/posts/x/read",
      "/uploads/a.webp",
      "/newsletter/confirm",
      "/newsletter/unsubscribe",
      "/unsubscribe/alerts",
      "/verification/run",
      "/tools/comparison.csv",
      "/feed.xml",
      "/robots.txt",
    ])
      expect(excluded(url), url).toBe(true);
  });

  it("fetches ahead the site's pages", () => {
    for (const url of ["/", "/tools", "/tools/chatgpt", "/blog", "/blog/midjourney-vs-dall-e", "/about", "/tasks/write-blog-posts", "/newsletter", "/search", "/verification"])
      expect(excluded(url), url).toBe(false);
  });

  it("leaves out links with a query, to other tabs, downloads and paid links, and prerenders only the main content's", () => {
    const allowed = SPECULATION_RULES.prefetch[0]!.where.and;
    expect(allowed).toContainEqual({ href_matches: "/*" });
    expect(JSON.stringify(allowed)).toContain("a[href*='?'], a[target], a[download], a[rel~='nofollow']");
    expect(SPECULATION_RULES.prerender[0]!.where.and).toEqual([...allowed, { selector_matches: "main a" }]);
    expect(SPECULATION_RULES_JSON).not.toContain("<");
    expect(JSON.parse(SPECULATION_RULES_JSON)).toEqual(SPECULATION_RULES);
  });
});
