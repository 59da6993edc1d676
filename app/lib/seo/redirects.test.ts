import { describe, expect, it } from "vitest";
import { SPEC_REDIRECTS } from "../../../tests/fixtures/spec-redirects";
import { findRedirect } from "./redirects";

const redirectOf = (path: string) => findRedirect(new URL(path, "http://localhost"));

describe("findRedirect", () => {
  it.each(SPEC_REDIRECTS)("%s -> %s", (from, to) => {
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
