import { describe, expect, it } from "vitest";
import { cutShell, fillShell, servedByShell, SHELL_QUERY } from "./search-shell";
import type { SiteSearchResult } from "~/models/search/queries.server";

/** A shell as React writes one: the four address places, the empty results part, the page's scripts. */
const shell = (extra = "") =>
  Buffer.from(
    `<html><body><input name="q" value="${SHELL_QUERY}"/><input type="hidden" name="redirectTo" value="/search?q=${SHELL_QUERY}"/>` +
      `<a href="/auth?redirectTo=%2Fsearch%3Fq%3D${SHELL_QUERY}">Sign In</a><main><search-part></search-part></main>${extra}<script>go()</script></body></html>`,
  );
const result = { query: "a</script>" } as unknown as SiteSearchResult;

describe("the search shell (decision 059)", () => {
  it("fills the address places escaped, the results part and their JSON (which no `<` can end)", () => {
    const url = new URL("http://localhost/search?q=%22a%22+%26+%3Cb%3E&tab=tools");
    const page = fillShell(cutShell(shell())!, url, "<h1>Results</h1>", result).toString();
    expect(page).toBe(
      `<html><body><input name="q" value="&quot;a&quot; &amp; &lt;b&gt;"/><input type="hidden" name="redirectTo" value="/search?q=%22a%22+%26+%3Cb%3E&amp;tab=tools"/>` +
        `<a href="/auth?redirectTo=${encodeURIComponent("/search?q=%22a%22+%26+%3Cb%3E&tab=tools")}">Sign In</a><main><search-part><h1>Results</h1></search-part></main>` +
        `<script>go()</script><script type="application/json" id="search-result">{"query":"a\\u003c/script>"}</script></body></html>`,
    );
  });

  it("refuses a shell that shows its query elsewhere, or has no single empty results part: such searches are rendered in full", () => {
    expect(cutShell(shell(`<script>var q = "${SHELL_QUERY}"</script>`))).toBeNull();
    expect(cutShell(shell(`<h2>${SHELL_QUERY}</h2>`))).toBeNull();
    expect(cutShell(shell("<search-part></search-part>"))).toBeNull();
    expect(cutShell(Buffer.from(shell().toString().replace("<search-part></search-part>", "")))).toBeNull();
  });

  it("serves /search with a query and no parameter but q, tab and page", () => {
    const served = (path: string) => servedByShell(new URL(path, "http://localhost"));
    expect(served("/search?q=notion&tab=tools&page=2")).toBe(true);
    for (const path of ["/search", "/search?q=+", "/search?q=notion&mode=minimal", "/search.data?q=notion", "/tools?search=notion"]) expect(served(path), path).toBe(false);
  });
});
