import { describe, expect, it } from "vitest";
import { searchAddress, servedByShell } from "./search-shell";

describe("the search shell (decisions 059, 066)", () => {
  it("serves /search with a query and no parameter but q, tab and page", () => {
    const served = (path: string) => servedByShell(new URL(path, "http://localhost"));
    expect(served("/search?q=notion&tab=tools&page=2")).toBe(true);
    for (const path of ["/search", "/search?q=+", "/search?q=notion&mode=minimal", "/search.data?q=notion", "/tools?search=notion"]) expect(served(path), path).toBe(false);
  });

  it("fills the parts in at the address React Router's server reads (a space sent as %20 reads +)", () => {
    expect(searchAddress(new URL("http://localhost/search?q=a%20b&tab=tools")).href).toBe("http://localhost/search?q=a+b&tab=tools");
  });
});
