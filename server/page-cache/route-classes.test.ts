import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import type { CacheClass } from "~/lib/route-handle";
import { pagePathOf, routeCacheClasses } from "./route-classes";

/** A route table as a server build lists it: flat, by id, each naming its parent. */
type Entry = { id: string; parentId?: string; path?: string; index?: boolean; cache?: CacheClass };
const build = (entries: Entry[]) =>
  Object.fromEntries(
    [{ id: "root", path: "" }, ...entries].map(({ cache, ...entry }) => [
      entry.id,
      { parentId: entry.id === "root" ? undefined : "root", ...entry, module: cache ? { handle: { cache, hydrate: false } } : {} },
    ]),
  ) as unknown as ServerBuild["routes"];

const table = build([
  { id: "home", index: true, cache: "shared-with-personal-parts" },
  { id: "tools", path: "tools", cache: "shared-with-personal-parts" },
  { id: "tool", path: "tools/:slug", cache: "shared-with-personal-parts" },
  { id: "feed", path: "feed.xml", cache: "shared" },
  { id: "admin", path: "admin", cache: "personal" },
  { id: "admin-index", parentId: "admin", index: true, cache: "personal" },
  { id: "admin-roles", parentId: "admin", path: "roles", cache: "personal" },
  { id: "not-found", path: "*", cache: "personal" },
]);

describe("routeCacheClasses", () => {
  it("answers with the class of the route an address lands on, as React Router matches it", () => {
    const classOf = routeCacheClasses(table);
    const classes = Object.fromEntries(
      ["/", "/tools", "/TOOLS", "/tools/chatgpt", "/feed.xml", "/admin", "/admin/roles", "/admin/nothing", "/nothing"].map((path) => [path, classOf(path)]),
    );
    expect(classes).toEqual({
      "/": "shared-with-personal-parts",
      "/tools": "shared-with-personal-parts",
      "/TOOLS": "shared-with-personal-parts",
      "/tools/chatgpt": "shared-with-personal-parts",
      "/feed.xml": "shared",
      "/admin": "personal",
      "/admin/roles": "personal",
      "/admin/nothing": "personal",
      "/nothing": "personal",
    });
  });

  it("reads a client navigation's data request as the page it is for", () => {
    expect([pagePathOf("/_.data"), pagePathOf("/tools.data"), pagePathOf("/tools/chatgpt.data"), pagePathOf("/feed.xml")]).toEqual(["/", "/tools", "/tools/chatgpt", "/feed.xml"]);
    const classOf = routeCacheClasses(table);
    expect([classOf("/_.data"), classOf("/tools.data"), classOf("/admin/roles.data")]).toEqual(["shared-with-personal-parts", "shared-with-personal-parts", "personal"]);
  });

  it("refuses a build in which a route declares no cache class, or one that is not a class, naming each", () => {
    const undeclared = build([
      { id: "tools", path: "tools", cache: "shared" },
      { id: "forgotten", path: "forgotten" },
      { id: "misspelt", path: "misspelt", cache: "public" as CacheClass },
    ]);
    expect(() => routeCacheClasses(undeclared)).toThrow("These routes declare no cache class in their handle (decision 067): forgotten, misspelt.");
  });

  it("answers for an address no route takes with `personal`: nothing is kept for it", () => {
    expect(routeCacheClasses(build([{ id: "tools", path: "tools", cache: "shared" }]))("/elsewhere")).toBe("personal");
  });
});
