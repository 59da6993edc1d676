import { describe, expect, it } from "vitest";
import { shellAddress } from "./address-shell";
import { shellServing } from "./all-shells";
import { searchShell } from "./search";

const shellOf = (path: string) => {
  const served = shellServing(new URL(path, "http://localhost"));
  return served && { shell: served.shell, at: served.shellUrl.pathname + served.shellUrl.search };
};

describe("the kept shells (decisions 059, 066)", () => {
  it("serve /search with a query and no parameter but q, tab and page, from /search", () => {
    expect(shellOf("/search?q=notion&tab=tools&page=2")).toEqual({ shell: searchShell, at: "/search" });
    for (const path of ["/search", "/search?q=+", "/search?q=notion&mode=minimal", "/search.data?q=notion"]) expect(shellOf(path), path).toBeNull();
  });

  it("fill the parts in at the address React Router's server reads (a space sent as %20 reads +)", () => {
    expect(shellAddress(new URL("http://localhost/search?q=a%20b&tab=tools")).href).toBe("http://localhost/search?q=a+b&tab=tools");
  });
});
