import { describe, expect, it } from "vitest";
import { findRedirect } from "./redirects";

const redirectOf = (path: string) => findRedirect(new URL(path, "http://localhost"));

describe("findRedirect", () => {
  it.each([
    ["/tool/chatgpt", "/tools/chatgpt"],
    ["/ai-tools/midjourney", "/tools/midjourney"],
    ["/tools/popular", "/tools"],
    ["/tools/featured", "/tools"],
    ["/tools/trending", "/tools"],
    ["/tools/new", "/tools"],
    ["/tools/recommended", "/tools"],
    ["/blog/popular", "/blog"],
    ["/blog/recent", "/blog"],
    ["/blog/latest", "/blog"],
    ["/articles/some-post", "/blog/some-post"],
    ["/posts/some-post", "/blog/some-post"],
    ["/reviews/some-post", "/blog/some-post"],
    ["/courses/popular", "/courses"],
    ["/courses/featured", "/courses"],
    ["/courses/trending", "/courses"],
    ["/course", "/courses"],
    ["/course/intro-to-ml", "/courses/intro-to-ml"],
    ["/category/seo-tools", "/tools/category/seo-tools"],
    ["/categories/seo-tools", "/tools/category/seo-tools"],
    ["/privacy-policy", "/privacy"],
    ["/terms-of-service", "/terms"],
    ["/tos", "/terms"],
    ["/feed", "/feed.xml"],
    ["/rss", "/feed.xml"],
    ["/sitemap", "/sitemap.xml"],
  ])("%s -> %s", (from, to) => {
    expect(redirectOf(from)).toBe(to);
  });

  it("removes a trailing slash and keeps the query string", () => {
    expect(redirectOf("/tools/?category=seo-tools")).toBe("/tools?category=seo-tools");
    expect(redirectOf("/blog/my-post/")).toBe("/blog/my-post");
    expect(redirectOf("/about/")).toBe("/about");
  });

  it("applies an alias and the trailing slash in one hop", () => {
    expect(redirectOf("/tool/chatgpt/")).toBe("/tools/chatgpt");
  });

  it("leaves canonical URLs alone", () => {
    expect(redirectOf("/")).toBeNull();
    expect(redirectOf("/tools")).toBeNull();
    expect(redirectOf("/tools/chatgpt")).toBeNull();
    expect(redirectOf("/tools/category/seo-tools")).toBeNull();
    expect(redirectOf("/privacy")).toBeNull();
  });

  it("never produces a protocol-relative location", () => {
    // A request line of "//evil.example/" arrives as this pathname.
    const url = new URL("http://localhost//evil.example/");
    expect(url.pathname).toBe("//evil.example/");
    expect(findRedirect(url)).toBe("/evil.example");
    expect(findRedirect(new URL("http://localhost///evil.example"))).toBe("/evil.example");
  });
});
