import { describe, expect, it } from "vitest";
import { shellAddress } from "./address-shell";
import { shellServing } from "./all-shells";
import { directoryShell } from "./directory";
import { searchShell } from "./search";

const shellOf = (path: string) => {
  const served = shellServing(new URL(path, "http://localhost"));
  return served && { shell: served.shell, at: served.shellUrl.pathname + served.shellUrl.search };
};

describe("the kept shells (decisions 059, 066, 074)", () => {
  it("serve /search with a query and no parameter but q, tab and page, from /search", () => {
    expect(shellOf("/search?q=notion&tab=tools&page=2")).toEqual({ shell: searchShell, at: "/search" });
    for (const path of ["/search", "/search?q=+", "/search?q=notion&mode=minimal", "/search.data?q=notion"]) expect(shellOf(path), path).toBeNull();
  });

  it("serve /tools with a tidy query of the directory's own parameters, from the shell of its page (the head differs by page alone)", () => {
    expect(shellOf("/tools?search=notion")).toEqual({ shell: directoryShell, at: "/tools" });
    expect(shellOf("/tools?q=notion&category=design,video-generation&rating=4&pricing=free&sort=newest")).toEqual({ shell: directoryShell, at: "/tools" });
    expect(shellOf("/tools?search=notion&page=3")).toEqual({ shell: directoryShell, at: "/tools?page=3" });
    expect(shellOf("/tools?page=1")).toEqual({ shell: directoryShell, at: "/tools" });
    // The page as the loader reads it: a page it does not read is the first.
    expect(shellOf("/tools?search=a&page=x")).toEqual({ shell: directoryShell, at: "/tools" });
    for (const path of [
      "/tools",
      "/tools?",
      // Untidy (the no-script form's empty fields, a box ticked twice): a redirect, rendered in full.
      "/tools?search=&category=design",
      "/tools?category=design&category=video-generation",
      // A parameter the directory does not read, and its client navigations' data.
      "/tools?search=notion&utm_source=x",
      "/tools?search=notion&mode=minimal",
      "/tools.data?search=notion",
      "/tools/category/design?search=notion",
    ]) {
      expect(shellOf(path), path).toBeNull();
    }
  });

  it("fill the parts in at the address React Router's server reads (a space sent as %20 reads +)", () => {
    expect(shellAddress(new URL("http://localhost/search?q=a%20b&tab=tools")).href).toBe("http://localhost/search?q=a+b&tab=tools");
  });
});
