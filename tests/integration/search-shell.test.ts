import { brotliDecompressSync } from "node:zlib";
import { expect, it } from "vitest";
import { createVerifiedUser, uniqueIp } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";

/**
 * A search nobody made before is the kept search shell with its parts rendered at the search's address (decisions 059,
 * 066): it must be the page React Router renders for that search, byte for byte but for the results' JSON beside the
 * loader data. A place of the layout that printed the address outside a part would show the shell's here.
 */
const anonymous = (app: TestApp, path: string, cookie?: string) => app.request(path, { headers: { "X-Forwarded-For": uniqueIp(), ...(cookie ? { Cookie: cookie } : {}) } });

/** The page without its scripts (the loader data, the results' JSON) and nonces: what a reader sees and a form sends. */
const visible = (html: string) =>
  html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "<script/>")
    .replace(/ nonce="[^"]*"/g, "")
    .replace(/(<script\/>)+<\/body>/, "</body>");

/** The page React Router renders for this request alone: a flash cookie is only ever rendered for the request. */
const renderedInFull = async (app: TestApp, path: string) => {
  const response = await anonymous(app, path, "atlas.flash=none");
  expect(response.headers.get("x-cache"), path).toBeNull();
  return response.text();
};

describeEachBackend("a search served from the search shell", (app, backend) => {
  it("is the page rendered in full for that search: results, tabs, pages, and the layout's own address (the header's search boxes, the sign-in and theme switch's way back)", async () => {
    const searches = [
      "/search?q=image+generator",
      "/search?q=writing&tab=tools&page=2",
      "/search?q=chatgpt&tab=posts",
      // Escaped in attributes, in text, in the sign-in link's encoded way back (a space sent as %20 reads +); a typo
      // corrected; nothing found.
      `/search?q=${encodeURIComponent(`"notion" & <ai> it's`)}`,
      `/search?q=${encodeURIComponent("midjorney")}`,
      `/search?q=${encodeURIComponent("zzqx résumé 東京")}`,
      "/search?q=remove+background",
    ];
    // Each backend's app asks anew (a leading space is trimmed from the search, kept in the header's box).
    for (const path of searches.map((search) => (backend === "pglite" ? search : search.replace("?q=", "?q=%20")))) {
      const response = await anonymous(app, path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("x-cache"), path).toBe("SHELL");
      const served = await response.text();
      expect(served, path).toContain('<script type="application/json" id="search-result">');
      expect(visible(served), path).toBe(visible(await renderedInFull(app, path)));
    }
    const served = await (await anonymous(app, `/search?q=a%26b%20${backend}&tab=tools`)).text();
    expect(served).toContain(`name="q" value="a&amp;b ${backend}"`);
    expect(served).toContain(`name="redirectTo" value="/search?q=a%26b+${backend}&amp;tab=tools"`);
    expect(served).toContain(`href="/auth?redirectTo=${encodeURIComponent(`/search?q=a%26b+${backend}&tab=tools`)}"`);
    // Brotli (quality 1) for a client that takes it, the same page.
    const path = `/search?q=${encodeURIComponent(`writing ${backend}`)}`;
    const compressed = await app.request(path, { headers: { "X-Forwarded-For": uniqueIp(), "Accept-Encoding": "gzip, br" } });
    expect([compressed.headers.get("x-cache"), compressed.headers.get("content-encoding")]).toEqual(["SHELL", "br"]);
    expect(visible(brotliDecompressSync(Buffer.from(await compressed.arrayBuffer())).toString())).toBe(visible(await renderedInFull(app, path)));
  });

  it("is kept from its second request and then served from the cache; the shell never answers an address", async () => {
    const path = `/search?q=${encodeURIComponent(`meeting notes ${Date.now()}`)}`;
    const states = [];
    for (let index = 0; index < 3; index++) states.push((await anonymous(app, path)).headers.get("x-cache"));
    expect(states).toEqual(["SHELL", "MISS", "HIT"]);
  });

  it("leaves the start page, other parameters and signed-in readers to the full render", async () => {
    for (const path of ["/search", "/search?q=+", "/search?q=writing&mode=minimal"]) {
      expect((await anonymous(app, path)).headers.get("x-cache"), path).not.toBe("SHELL");
    }
    const reader = await createVerifiedUser(app, { name: "Shell Reader" });
    const signedIn = await anonymous(app, `/search?q=${encodeURIComponent(`video ${Date.now()}`)}`, reader.cookie);
    expect(signedIn.headers.get("x-cache")).toBeNull();
    expect(await signedIn.text()).toContain("Shell Reader");
  });
});
