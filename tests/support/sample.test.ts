import { describe, expect, it } from "vitest";
import { routeOf, routePaths } from "./routes";
import { isExhaustive, ONE_BACKEND, sample, sampler } from "./sample";

describe("the sample of an exhaustive walk (issue 25)", () => {
  const items = Array.from({ length: 10 }, (_, index) => index + 1);

  it("keeps every item on the exhaustive backend: PostgreSQL where it is configured, else PGlite", () => {
    const configured = Boolean(process.env.TEST_DATABASE_URL);
    expect(isExhaustive("postgres")).toBe(configured);
    expect(isExhaustive("pglite")).toBe(!configured);
    expect(ONE_BACKEND.only).toEqual([configured ? "postgres" : "pglite"]);
    expect(sample(items, { exhaustive: true, perKind: 1 })).toEqual(items);
  });

  it("keeps the first, the last and evenly spaced items of each kind, in their order, the same every time", () => {
    expect(sample(items, { exhaustive: false })).toEqual([1, 6, 10]);
    expect(sample(items, { exhaustive: false, kind: (n) => (n % 2 ? "odd" : "even"), perKind: 2 })).toEqual([1, 2, 9, 10]);
    expect(sample(items, { exhaustive: false, perKind: 1 })).toEqual([1]);
    expect(sample([7], { exhaustive: false, perKind: 3 })).toEqual([7]);
    expect(sample(new Set(["a", "b"]), { exhaustive: false })).toEqual(["a", "b"]);
  });

  it("keeps the first items of each kind of a walk that finds them as it goes", () => {
    const keep = sampler<string>({ exhaustive: false, kind: (path) => path.split("/")[1]!, perKind: 2 });
    expect(["/a/1", "/b/1", "/a/2", "/a/3", "/b/2", "/b/3"].filter(keep)).toEqual(["/a/1", "/b/1", "/a/2", "/b/2"]);
    const all = sampler<string>({ exhaustive: true, perKind: 1 });
    expect(["/a", "/b", "/c"].filter(all)).toEqual(["/a", "/b", "/c"]);
  });
});

describe("the routes as the server answers them", () => {
  it("joins a nested route's path to its parent's", () => {
    expect(routePaths).toContain("admin");
    expect(routePaths).toContain("admin/roles");
    expect(routePaths).toContain("admin/submissions/:id");
    expect(routePaths).not.toContain("roles");
    expect(new Set(routePaths).size).toBe(routePaths.length);
  });

  it("names the route a path lands on", () => {
    expect(routeOf("/")).toBe("(index)");
    expect(routeOf("/tools/chatgpt")).toBe("tools/:slug");
    expect(routeOf("/tools/compare/chatgpt-vs-claude-ai")).toBe("tools/compare/:pair");
    expect(routeOf("/tools/category/seo-tools")).toBe("tools/category/:slug");
    expect(routeOf("/admin/roles")).toBe("admin/roles");
    expect(routeOf("/no/such/page")).toBe("*");
  });
});
