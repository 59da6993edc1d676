import { brotliDecompressSync } from "node:zlib";
import { expect, it } from "vitest";
import { createVerifiedUser, uniqueIp } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";
import { comparable } from "../support/filled-pages";

/**
 * A search nobody made before is the kept search shell with its parts rendered at the search's address (decisions 059,
 * 066): it must be the page React Router renders for that search, byte for byte but for the results' JSON beside the
 * loader data. A place of the layout that printed the address outside a part would show the shell's here.
 */
const anonymous = (app: TestApp, path: string, cookie?: string) => app.request(path, { headers: { "X-Forwarded-For": uniqueIp(), ...(cookie ? { Cookie: cookie } : {}) } });

/** The page's structured data, which `visible` leaves out with the other scripts. */
const structuredData = (html: string) => html.match(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g) ?? [];

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

/**
 * A directory address nobody asked for before (a search, filters, a sort, a page) is the kept directory shell of its
 * page with its parts rendered at that address (decision 074): the page React Router renders for that address, but for
 * the scripts (the shell's loader data, the tools' JSON beside it), its structured data included.
 */
describeEachBackend("a directory address served from the directory shell", (app, backend) => {
  // Each backend's app asks anew: the other backend's addresses with a page parameter that reads as the same page.
  const fresh = (path: string) => (backend === "pglite" ? path : path.includes("page=") ? path.replace("?", "?pricing=free,freemium,paid&") : `${path}&page=1`);
  const typed = [
    `"notion" & <ai> it's`,
    "</script><script>alert(1)</script><!--",
    // Longer than a search is read (100 characters): the box shows what is read, the form's address all that was sent.
    `${'a very long <b>search</b> & "quoted" text '.repeat(8)}end`,
    "midjorney",
    "zzqx résumé 東京",
    "remove background",
  ];

  it("is the page rendered in full for that address: the tools, the filters' controls, the pages, the structured data and the layout's own address", async () => {
    const addresses = [
      "/tools?search=image+generator",
      "/tools?search=writing&page=2",
      "/tools?q=chatgpt",
      ...typed.map((text) => `/tools?search=${encodeURIComponent(text)}`),
      "/tools?category=design,image-generation&pricing=free,freemium&rating=4&sort=name_asc",
      "/tools?trial=true&pro=false&minPrice=5&maxPrice=60&sort=price_low",
      "/tools?featured=true&sort=newest&search=ai",
      "/tools?sort=recent&page=3",
    ];
    for (const path of addresses.map(fresh)) {
      const response = await anonymous(app, path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("x-cache"), path).toBe("SHELL");
      const served = await response.text();
      expect(served, path).toContain('<script type="application/json" id="directory-result">');
      expect(served, path).not.toContain("<script>alert(1)");
      const full = await renderedInFull(app, path);
      expect(visible(served), path).toBe(visible(full));
      expect(structuredData(served), path).toEqual(structuredData(full));
      expect(structuredData(served).join(), path).toContain('"@type":"ItemList"');
    }
    // Brotli (quality 1) for a client that takes it, the same page.
    const path = fresh(`/tools?search=${encodeURIComponent(`writing ${backend}`)}`);
    const compressed = await app.request(path, { headers: { "X-Forwarded-For": uniqueIp(), "Accept-Encoding": "gzip, br" } });
    expect([compressed.headers.get("x-cache"), compressed.headers.get("content-encoding")]).toEqual(["SHELL", "br"]);
    expect(visible(brotliDecompressSync(Buffer.from(await compressed.arrayBuffer())).toString())).toBe(visible(await renderedInFull(app, path)));
  });

  it("is kept from its second request, and a signed-in reader is then served it with their parts, as rendered for them", async () => {
    const first = `/tools?search=${encodeURIComponent(`video notes ${Date.now()}`)}`;
    const states = [];
    for (let index = 0; index < 3; index++) states.push((await anonymous(app, first)).headers.get("x-cache"));
    expect(states).toEqual(["SHELL", "MISS", "HIT"]);
    const reader = await createVerifiedUser(app, { name: "Directory Reader" });
    const path = `/tools?search=${encodeURIComponent(`meeting notes ${Date.now()}`)}&sort=name_desc`;
    const own = await anonymous(app, path, reader.cookie);
    expect(own.headers.get("x-cache")).toBeNull();
    const ownHtml = await own.text();
    // The reader's request was the address's first (decision 054): the next is filled in from the shell and kept.
    const kept = await anonymous(app, path);
    expect(kept.headers.get("x-cache")).toBe("MISS");
    expect(await kept.text()).toContain('<script type="application/json" id="directory-result">');
    expect((await anonymous(app, path)).headers.get("x-cache")).toBe("HIT");
    const served = await anonymous(app, path, reader.cookie);
    expect(served.headers.get("x-cache")).toBe("PERSONAL-PARTS");
    expect(comparable(await served.text())).toBe(comparable(ownHtml));
  });

  it("leaves /tools, untidy and foreign parameters, pages past the last and client navigations' data to the full render", async () => {
    const answers: [string, number, string | null][] = [];
    for (const path of ["/tools", "/tools?search=&category=design", "/tools?search=writing&utm_source=news", "/tools?search=writing&page=400", "/tools.data?search=writing"]) {
      const response = await anonymous(app, path);
      await response.body?.cancel();
      answers.push([path, response.status, response.headers.get("x-cache")]);
    }
    expect(answers).toEqual([
      ["/tools", 200, expect.not.stringMatching("SHELL")],
      ["/tools?search=&category=design", 301, null],
      ["/tools?search=writing&utm_source=news", 200, null],
      ["/tools?search=writing&page=400", 404, null],
      ["/tools.data?search=writing", 200, null],
    ]);
  });
});
