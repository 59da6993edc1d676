import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { initEnv } from "~/utils/env.server";
import { declareCaching, NO_STORE, PERSONAL, REVALIDATE } from "./cache-policy";
import { handleFailures } from "./failure";
import { exchangeOf, type Exchange } from "./pipeline";
import { clientAddress, forwardedAddress } from "./render";
import { guardRequests, limitBodies, MAX_URL_LENGTH } from "./request-guards";
import { addSecurityHeaders } from "./security-headers";

/** The pipeline's steps one by one (server/app.ts lists them in order); the whole pipeline runs in the integration tests. */
const site = { dev: false, https: false };
const exchange = (url: string, init: RequestInit = {}) => exchangeOf(new Request(url, init), undefined, () => "req-1");
const echo = async (current: Exchange) => new Response(`${current.request.method} ${current.url.pathname}${current.url.search}`, { headers: { "Content-Type": "text/html" } });

describe("guardRequests", () => {
  const guard = guardRequests({ trustProxy: true, site });
  it("refuses an address longer than any page of ours with 414, before anything else runs", async () => {
    const response = await guard(exchange(`http://localhost/tools?q=${"a".repeat(MAX_URL_LENGTH)}`), echo);
    expect(response.status).toBe(414);
    expect(response.headers.get("x-request-id")).toBe("req-1");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
  });

  it("passes an undecodable path on as the literal text it spells, and believes a trusted proxy's protocol", async () => {
    expect(await (await guard(exchange("http://localhost/tools/%C0%AF"), echo)).text()).toBe("GET /tools/%25C0%25AF");
    const seen: string[] = [];
    await guard(exchange("http://localhost/x", { headers: { "x-forwarded-proto": "https" } }), async (current) => {
      seen.push(current.url.protocol);
      return new Response();
    });
    expect(seen).toEqual(["https:"]);
  });
});

describe("guardRequests: query parameters", () => {
  const guard = guardRequests({ trustProxy: false, site });
  it("takes control characters out of every query parameter before any loader reads it", async () => {
    const seen = async (url: string) => (await (await guard(exchange(url), echo)).text()).replace(/^GET /, "");
    expect(await seen("http://localhost/search?q=%2Fe%00")).toBe("/search?q=%2Fe");
    expect(await seen("http://localhost/api/search?q=%00")).toBe("/api/search?q=");
    expect(await seen("http://localhost/tools?search=chat%00gpt&page=2%1B&pricing=free&pricing=paid%7F")).toBe("/tools?search=chatgpt&page=2&pricing=free&pricing=paid");
    expect(await seen("http://localhost/tools?search=image%09gen%C2%85x")).toBe("/tools?search=image+gen+x");
  });

  it("passes a readable address as it was sent, encoding included", async () => {
    expect(await (await guard(exchange("http://localhost/search?q=chat%20gpt&tab=tools&x=%E2%9C%93"), echo)).text()).toBe("GET /search?q=chat%20gpt&tab=tools&x=%E2%9C%93");
  });
});

describe("clientAddress", () => {
  const withForwarded = (value: string) => exchangeOf(new Request("http://localhost/", { headers: { "x-forwarded-for": value } }), { address: "10.0.0.9" }, () => "req-1");
  it("believes a trusted proxy's first hop when it is an IP address, without the port some proxies add", () => {
    expect(clientAddress(withForwarded("203.0.113.5, 10.0.0.1"), true)).toBe("203.0.113.5");
    expect(clientAddress(withForwarded("203.0.113.5:4711"), true)).toBe("203.0.113.5");
    expect(clientAddress(withForwarded("[2001:db8::1]:443"), true)).toBe("2001:db8::1");
    expect(clientAddress(withForwarded("2001:db8::1"), true)).toBe("2001:db8::1");
    expect(clientAddress(withForwarded("203.0.113.5"), false)).toBe("10.0.0.9");
  });

  it("falls back to the socket's address for a hop that is no address", () => {
    for (const value of ["", "unknown", "evil.example", "203.0.113.999", "1.2.3.4 5.6.7.8", "<script>", "x".repeat(300)]) {
      expect(clientAddress(withForwarded(value), true), value).toBe("10.0.0.9");
      expect(forwardedAddress(value)).toBeUndefined();
    }
  });
});

describe("limitBodies", () => {
  it("answers 413 at once when Content-Length is over the path's limit, and closes the connection", async () => {
    const body = "x".repeat(70 * 1024);
    const response = await limitBodies(site)(exchange("http://localhost/contact", { method: "POST", body, headers: { "content-length": String(body.length) } }), echo);
    expect([response.status, response.headers.get("connection")]).toEqual([413, "close"]);
  });

  it("lets a body within its limit through", async () => {
    const response = await limitBodies(site)(
      exchange("http://localhost/contact", { method: "POST", body: "a=1", headers: { "content-length": "3" } }),
      async (current) => new Response(await current.request.text()),
    );
    expect(await response.text()).toBe("a=1");
  });
});

describe("addSecurityHeaders", () => {
  it("gives the render a fresh nonce and puts the same nonce in the CSP, with the request id", async () => {
    let nonce = "";
    const response = await addSecurityHeaders(site)(exchange("http://localhost/"), async (current) => {
      nonce = current.nonce;
      return new Response("ok");
    });
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
    expect(response.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
    expect(response.headers.get("x-request-id")).toBe("req-1");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });
});

describe("handleFailures", () => {
  it("answers an unexpected error with 500 'Something went wrong' and no stack trace", async () => {
    const response = await handleFailures(exchange("http://localhost/boom"), async () => {
      throw new Error("secret detail at /srv/app.js:1:1");
    });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).toBe("Something went wrong");
    expect(text).not.toContain("secret detail");
  });
});

// The session cookie's name comes from the environment (utils/auth.server.ts).
beforeAll(() => void initEnv({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "aitools-steps-")), LOG_LEVEL: "error" }));

describe("declareCaching", () => {
  const answer =
    (status = 200, headers: Record<string, string> = {}) =>
    async () =>
      new Response(status === 304 ? null : "body", { status, headers: { "Content-Type": "text/html", ...headers } });
  const policy = async (url: string, init: RequestInit, render: () => Promise<Response>) => {
    const response = await declareCaching(exchange(url, init), render);
    return [response.status, response.headers.get("cache-control"), response.headers.get("vary")];
  };
  const session = { cookie: "theme=dark; atlas.session_token=abc.def" };

  it("says `private, no-store` for a signed-in visitor or an answer that sets a cookie, whatever the route said", async () => {
    expect(await policy("http://localhost/tools", { headers: session }, answer())).toEqual([200, PERSONAL, "Cookie"]);
    expect(await policy("http://localhost/uploads/x.webp", { headers: session }, answer(200, { "Cache-Control": "public, max-age=3600" }))).toEqual([200, PERSONAL, "Cookie"]);
    expect(await policy("http://localhost/resources/theme", {}, answer(200, { "Set-Cookie": "theme=dark; Path=/" }))).toEqual([200, PERSONAL, "Cookie"]);
    expect(await policy("http://localhost/tools", { headers: { cookie: "atlas.flash=saved" } }, answer())).toEqual([200, PERSONAL, "Cookie"]);
  });

  it("says `no-store` for errors, sign-in redirects and the results of writes", async () => {
    expect(await policy("http://localhost/uploads/gone.webp", {}, answer(404, { "Cache-Control": "public, max-age=3600" }))).toEqual([404, NO_STORE, null]);
    expect(await policy("http://localhost/boom", {}, answer(500))).toEqual([500, NO_STORE, null]);
    expect(await policy("http://localhost/settings", {}, async () => Response.redirect("http://localhost/auth?redirectTo=%2Fsettings", 302))).toEqual([302, NO_STORE, null]);
    expect(await policy("http://localhost/profile", {}, answer(302, { Location: "/auth" }))).toEqual([302, NO_STORE, null]);
    expect(await policy("http://localhost/contact", { method: "POST", body: "a=1" }, answer(200, { "Cache-Control": "public, max-age=60" }))).toEqual([200, NO_STORE, null]);
  });

  it("lets anonymous answers be stored only to be revalidated, keyed by Cookie, unless the route gave them a lifetime", async () => {
    expect(await policy("http://localhost/tools?search=ada", {}, answer())).toEqual([200, REVALIDATE, "Cookie"]);
    expect(await policy("http://localhost/tools", {}, answer(200, { Vary: "Accept-Encoding" }))).toEqual([200, REVALIDATE, "Accept-Encoding, Cookie"]);
    expect(await policy("http://localhost/x", { method: "HEAD" }, answer(200, { "Cache-Control": "public, max-age=3600" }))).toEqual([200, "public, max-age=3600", "Cookie"]);
    expect(await policy("http://localhost/x", {}, answer(200, { "Cache-Control": "public, s-maxage=30", Vary: "Accept-Encoding, Cookie" }))).toEqual([
      200,
      "public, s-maxage=30",
      "Accept-Encoding, Cookie",
    ]);
    // A route may be stricter: nothing to key by when nothing is stored.
    expect(await policy("http://localhost/x", {}, answer(200, { "Cache-Control": "no-store" }))).toEqual([200, NO_STORE, null]);
    expect(await policy("http://localhost/tools-old", {}, answer(301, { Location: "/tools" }))).toEqual([301, REVALIDATE, "Cookie"]);
  });

  it("answers `If-None-Match: *` with 304 when the page exists (RFC 9110 13.1.2), and not when it does not", async () => {
    const star = { headers: { "if-none-match": "*" } };
    const response = await declareCaching(exchange("http://localhost/tools?search=ada", star), answer(200, { "Content-Length": "4" }));
    expect([response.status, await response.text(), response.headers.get("content-length"), response.headers.get("cache-control")]).toEqual([304, "", null, REVALIDATE]);
    expect((await declareCaching(exchange("http://localhost/tools", { method: "HEAD", ...star }), answer())).status).toBe(304);
    expect((await declareCaching(exchange("http://localhost/missing", star), answer(404))).status).toBe(404);
    expect((await declareCaching(exchange("http://localhost/contact", { method: "POST", body: "a=1", ...star }), answer())).status).toBe(200);
  });
});
