import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { selfSignedCertificate } from "../../tests/support/self-signed";
import { initEnv } from "./env.server";
import { checkOutboundUrl, classifyFetchError, isPublicAddress, outboundFetch, setOutboundTestHooks } from "./outbound-fetch.server";

describe("isPublicAddress", () => {
  it.each([
    // IPv4: every special-purpose range, at its first and last address, and the public addresses around them.
    ["0.0.0.0", false],
    ["0.255.255.255", false],
    ["1.0.0.0", true],
    ["9.255.255.255", true],
    ["10.0.0.0", false],
    ["10.0.0.1", false],
    ["10.255.255.255", false],
    ["11.0.0.0", true],
    ["100.63.255.255", true],
    ["100.64.0.0", false],
    ["100.127.255.255", false],
    ["100.128.0.0", true],
    ["126.255.255.255", true],
    ["127.0.0.0", false],
    ["127.0.0.1", false],
    ["127.255.255.255", false],
    ["128.0.0.0", true],
    ["169.253.255.255", true],
    ["169.254.0.0", false],
    ["169.254.169.254", false],
    ["169.254.255.255", false],
    ["169.255.0.0", true],
    ["172.15.255.255", true],
    ["172.16.0.0", false],
    ["172.31.255.255", false],
    ["172.32.0.0", true],
    ["192.0.0.1", false],
    ["192.0.2.1", false],
    ["192.0.3.0", true],
    ["192.88.99.1", false],
    ["192.167.255.255", true],
    ["192.168.0.0", false],
    ["192.168.1.1", false],
    ["192.168.255.255", false],
    ["192.169.0.0", true],
    ["198.17.255.255", true],
    ["198.18.0.0", false],
    ["198.19.255.255", false],
    ["198.20.0.0", true],
    ["198.51.100.7", false],
    ["203.0.113.9", false],
    ["8.8.8.8", true],
    ["93.184.216.34", true],
    ["223.255.255.255", true],
    ["224.0.0.0", false],
    ["239.255.255.250", false],
    ["240.0.0.1", false],
    ["255.255.255.255", false],
    // IPv6
    ["::", false],
    ["::1", false],
    ["[::1]", false],
    ["0:0:0:0:0:0:0:1", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:7f00:1", false],
    ["::ffff:10.0.0.1", false],
    ["::ffff:a9fe:a9fe", false],
    ["::ffff:8.8.8.8", true],
    ["::ffff:808:808", true],
    ["::127.0.0.1", false],
    ["::7f00:1", false],
    ["::8.8.8.8", false],
    ["64:ff9b::7f00:1", false],
    ["64:ff9b::10.0.0.1", false],
    ["64:ff9b::169.254.169.254", false],
    ["64:ff9b::8.8.8.8", true],
    ["64:ff9b:1::8.8.8.8", false],
    ["100::1", false],
    ["fc00::1", false],
    ["fd12:3456:789a::1", false],
    ["fe80::1", false],
    ["fe80::1%eth0", false],
    ["febf:ffff::1", false],
    ["fec0::1", false],
    ["ff02::1", false],
    ["ff05::1:3", false],
    ["2001::1", false],
    ["2001:db8::1", false],
    ["2002:7f00:1::1", false],
    ["3fff::1", false],
    ["5f00::1", false],
    ["2001:4860:4860::8888", true],
    ["2606:4700:4700::1111", true],
    ["2a00:1450:4001:80b::200e", true],
    ["3ffe:ffff::1", true],
    // Not addresses at all
    ["", false],
    ["localhost", false],
    ["example.com", false],
    ["2130706433", false],
    ["127.1", false],
    ["1.2.3.256", false],
  ])("%s → %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe("checkOutboundUrl", () => {
  it("takes http(s) URLs without credentials, and judges literal IP hosts however they are written", () => {
    expect(checkOutboundUrl("https://example.com/a?b").ok).toBe(true);
    expect(checkOutboundUrl("http://93.184.216.34/").ok).toBe(true);
    expect(checkOutboundUrl("http://[2606:4700:4700::1111]/").ok).toBe(true);
    for (const [url, error] of [
      ["not a url", "invalid"],
      ["ftp://example.com/", "invalid"],
      ["file:///etc/passwd", "invalid"],
      ["javascript:alert(1)", "invalid"],
      ["gopher://127.0.0.1:6379/", "invalid"],
      ["https://user:pass@example.com/", "invalid"],
      ["https://user@example.com/", "invalid"],
      ["http://127.0.0.1/", "blocked-address"],
      ["http://127.0.0.1:6379/", "blocked-address"],
      ["http://2130706433/", "blocked-address"],
      ["http://0x7f000001/", "blocked-address"],
      ["http://0177.0.0.1/", "blocked-address"],
      ["http://127.1/", "blocked-address"],
      ["http://0/", "blocked-address"],
      ["http://0.0.0.0/", "blocked-address"],
      ["http://10.0.0.1/", "blocked-address"],
      ["http://169.254.169.254/latest/meta-data/", "blocked-address"],
      ["https://169.254.169.254/latest/meta-data/", "blocked-address"],
      ["http://[::1]/", "blocked-address"],
      ["http://[::]/", "blocked-address"],
      ["http://[::ffff:127.0.0.1]/", "blocked-address"],
      ["http://[::ffff:7f00:1]/", "blocked-address"],
      ["http://[64:ff9b::a9fe:a9fe]/", "blocked-address"],
      ["http://[fd00::1]/", "blocked-address"],
      ["http://[fe80::1]/", "blocked-address"],
    ] as const) {
      const verdict = checkOutboundUrl(url);
      expect(verdict.ok ? "ok" : verdict.error, url).toBe(error);
    }
  });

  it("lets an allowed host:port be private, that pair only", () => {
    expect(checkOutboundUrl("http://127.0.0.1:5000/x", ["127.0.0.1:5000"]).ok).toBe(true);
    expect(checkOutboundUrl("http://127.0.0.1:5001/x", ["127.0.0.1:5000"]).ok).toBe(false);
    expect(checkOutboundUrl("http://127.0.0.1/x", ["127.0.0.1:80"]).ok).toBe(true);
    expect(checkOutboundUrl("https://127.0.0.1/x", ["127.0.0.1:80"]).ok).toBe(false);
    expect(checkOutboundUrl("http://[::1]:5000/", ["[::1]:5000"]).ok).toBe(true);
    expect(checkOutboundUrl("http://[::1]:5000/", ["127.0.0.1:5000"]).ok).toBe(false);
  });
});

describe("classifyFetchError", () => {
  it("reads the kind of failure from nested causes", () => {
    const wrapped = (cause: object) => Object.assign(new TypeError("fetch failed"), { cause });
    expect(classifyFetchError(wrapped({ code: "ENOTFOUND" }))).toBe("dns");
    expect(classifyFetchError(wrapped({ code: "EAI_AGAIN" }))).toBe("dns");
    expect(classifyFetchError(wrapped({ code: "ECONNREFUSED" }))).toBe("connection");
    expect(classifyFetchError(wrapped({ code: "ECONNRESET" }))).toBe("connection");
    expect(classifyFetchError(wrapped({ code: "CERT_HAS_EXPIRED" }))).toBe("tls");
    expect(classifyFetchError(wrapped({ code: "DEPTH_ZERO_SELF_SIGNED_CERT" }))).toBe("tls");
    expect(classifyFetchError(wrapped({ code: "EOUTBOUND_BLOCKED" }))).toBe("blocked-address");
    expect(classifyFetchError(new DOMException("timed out", "TimeoutError"))).toBe("timeout");
    expect(classifyFetchError(new Error("anything else"))).toBe("connection");
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Against local servers: the fixture's own host:port is allowed (OUTBOUND_ALLOWED_HOSTS, as the owner would set it);
// every refused hop below is another address, which no allowance covers.

const requests: { path: string; at: number }[] = [];
function answer(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? "/", "http://fixture");
  requests.push({ path: url.pathname, at: performance.now() });
  if (url.pathname === "/ok") return response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end("<p>fine é</p>");
  if (url.pathname === "/to") return response.writeHead(302, { Location: url.searchParams.get("u")! }).end();
  if (url.pathname === "/loop") return response.writeHead(301, { Location: "/loop" }).end();
  if (url.pathname === "/big") return response.writeHead(200, { "Content-Type": "text/plain" }).end("x".repeat(100_000));
  if (url.pathname === "/latin1") return response.writeHead(200, { "Content-Type": "text/plain; charset=iso-8859-1" }).end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
  if (url.pathname === "/gzip") return response.writeHead(200, { "Content-Type": "text/plain", "Content-Encoding": "gzip" }).end(gzipSync("unzipped"));
  if (url.pathname === "/gzip-cut") {
    // Half of a compressed body, then the connection is cut: the site went away mid-answer.
    const whole = gzipSync("y".repeat(200_000) + Math.random());
    response.writeHead(200, { "Content-Type": "text/plain", "Content-Encoding": "gzip", "Content-Length": String(whole.length) });
    response.write(whole.subarray(0, whole.length >> 1));
    return void setTimeout(() => response.socket?.resetAndDestroy(), 20);
  }
  if (url.pathname === "/never") return;
  response.writeHead(404).end();
}

const plain = createServer(answer);
await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
const port = (plain.address() as AddressInfo).port;
const base = `http://127.0.0.1:${port}`;

// A self-signed certificate for 127.0.0.1, made now; the fetcher trusts it through the test-only `ca` hook.
const { key, cert } = selfSignedCertificate();
const secure = createHttpsServer({ key, cert }, answer);
await new Promise<void>((resolve) => secure.listen(0, "127.0.0.1", resolve));
const securePort = (secure.address() as AddressInfo).port;
const secureBase = `https://127.0.0.1:${securePort}`;

const to = (target: string, from = base) => `${from}/to?u=${encodeURIComponent(target)}`;

describe("outboundFetch", () => {
  const connects: string[] = [];
  const resolved: string[] = [];
  const names: Record<string, string[]> = {
    "fixture.test": ["127.0.0.1"],
    "unlisted.test": ["127.0.0.1"],
    "metadata.example": ["169.254.169.254"],
    "mixed.example": ["93.184.216.34", "10.0.0.1"],
  };
  let warn: ReturnType<typeof vi.spyOn>;

  beforeAll(() => {
    initEnv({
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      LINK_CHECK_HOST_DELAY_MS: "0",
      OUTBOUND_ALLOWED_HOSTS: `127.0.0.1:${port}, 127.0.0.1:${securePort}, fixture.test:${port}`,
    });
    setOutboundTestHooks({
      resolve: async (hostname) => {
        resolved.push(hostname);
        const addresses = names[hostname];
        if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
        return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
      },
      onConnect: (host, address) => connects.push(`${host} ${address}`),
      ca: cert,
    });
  });
  afterEach(() => {
    connects.length = 0;
    resolved.length = 0;
    warn?.mockRestore();
  });
  afterAll(() => {
    setOutboundTestHooks(null);
    for (const server of [plain, secure]) {
      server.closeAllConnections();
      server.close();
    }
  });
  const warnings = () => (warn.mock.calls as unknown[][]).map((call) => String(call[0]));
  const spyOnWarnings = () => (warn = vi.spyOn(console, "warn").mockImplementation(() => {}));

  it("follows redirects, reads the body as text, and names the final address and every hop", async () => {
    const result = await outboundFetch(to(`${base}/ok`), { readBody: true, userAgent: "TestAgent/1" });
    expect(result).toEqual({
      ok: true,
      status: 200,
      finalUrl: `${base}/ok`,
      hops: [to(`${base}/ok`), `${base}/ok`],
      contentType: "text/html; charset=utf-8",
      body: "<p>fine é</p>",
      truncated: false,
    });
    const head = await outboundFetch(`${base}/ok`, { method: "HEAD" });
    expect(head).toMatchObject({ ok: true, status: 200, body: null });
  });

  it("decodes the charset the answer names, and compressed bodies", async () => {
    expect(await outboundFetch(`${base}/latin1`, { readBody: true })).toMatchObject({ ok: true, body: "café" });
    expect(await outboundFetch(`${base}/gzip`, { readBody: true })).toMatchObject({ ok: true, body: "unzipped" });
  });

  it("fails, at once, when the site cuts a compressed answer off mid-body (it used to wait for its time limit)", async () => {
    const started = performance.now();
    expect(await outboundFetch(`${base}/gzip-cut`, { readBody: true, timeoutMs: 10_000 })).toMatchObject({ ok: false, error: "connection" });
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("stops reading at maxBytes: cut short, or a failure when asked", async () => {
    const cut = await outboundFetch(`${base}/big`, { readBody: true, maxBytes: 1000 });
    expect(cut).toMatchObject({ ok: true, truncated: true });
    expect(cut.ok && cut.body).toHaveLength(1000);
    spyOnWarnings();
    expect(await outboundFetch(`${base}/big`, { readBody: true, maxBytes: 1000, tooLarge: "fail" })).toMatchObject({ ok: false, error: "too-large", status: 200 });
    expect(warnings()).toEqual([expect.stringContaining("outbound fetch refused: body larger than 1000 bytes")]);
  });

  it("caps redirects and time", async () => {
    spyOnWarnings();
    const loop = await outboundFetch(`${base}/loop`, { maxRedirects: 2 });
    expect(loop).toMatchObject({ ok: false, error: "redirects", status: 301, finalUrl: `${base}/loop` });
    expect(loop.hops).toHaveLength(3);
    expect(warnings()).toEqual([expect.stringContaining("more than 2 redirects")]);
    const started = performance.now();
    expect(await outboundFetch(`${base}/never`, { timeoutMs: 200 })).toMatchObject({ ok: false, error: "timeout", status: null });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it.each([
    ["127.0.0.1 on another port", "http://127.0.0.1:6379/"],
    ["10.0.0.1", "http://10.0.0.1/"],
    ["169.254.169.254", "http://169.254.169.254/latest/meta-data/"],
    ["[::1]", `http://[::1]:${port}/ok`],
    ["a decimal 127.0.0.1", "http://2130706433:6379/"],
    ["an IPv4-mapped loopback", "http://[::ffff:127.0.0.1]:6379/"],
  ])("refuses a redirect to %s, logs it, and opens no connection there", async (_name, target) => {
    spyOnWarnings();
    const result = await outboundFetch(to(target), { readBody: true });
    const refusedAt = new URL(target).toString();
    expect(result).toEqual({ ok: false, error: "blocked-address", status: 302, finalUrl: refusedAt, hops: [to(target), refusedAt] });
    expect(connects).toEqual([`127.0.0.1 127.0.0.1`]);
    expect(warnings()).toEqual([
      expect.stringMatching(new RegExp(`^\\[warn\\] outbound fetch refused: .* is not a public address .*"host":"${new URL(target).host.replace(/[[\]]/g, "\\$&")}"`)),
    ]);
    // Asked directly, the same.
    expect(await outboundFetch(target)).toMatchObject({ ok: false, error: "blocked-address", status: null, hops: [refusedAt] });
    expect(connects).toHaveLength(1);
  });

  it("refuses a public name that resolves to a private address, at connect time, on the first hop or after a redirect", async () => {
    spyOnWarnings();
    expect(await outboundFetch("https://metadata.example/latest/meta-data/")).toMatchObject({
      ok: false,
      error: "blocked-address",
      finalUrl: "https://metadata.example/latest/meta-data/",
    });
    expect(await outboundFetch(to("http://metadata.example/"))).toMatchObject({ ok: false, error: "blocked-address", status: 302, finalUrl: "http://metadata.example/" });
    // One private address among public ones is enough to refuse the name.
    expect(await outboundFetch("http://mixed.example/")).toMatchObject({ ok: false, error: "blocked-address" });
    expect(resolved).toEqual(["metadata.example", "metadata.example", "mixed.example"]);
    expect(connects).toEqual(["127.0.0.1 127.0.0.1"]);
    expect(warnings()).toHaveLength(3);
    expect(warnings()[0]).toContain('"host":"metadata.example"');
  });

  it("connects to the address it resolved and judged, for an allowed name only", async () => {
    expect(await outboundFetch(`http://fixture.test:${port}/ok`)).toMatchObject({ ok: true, status: 200 });
    expect(connects).toEqual(["fixture.test 127.0.0.1"]);
    expect(await outboundFetch(`http://unlisted.test:${port}/ok`)).toMatchObject({ ok: false, error: "blocked-address" });
    expect(await outboundFetch("http://nowhere.test/")).toMatchObject({ ok: false, error: "dns" });
  });

  it("refuses a redirect from https to http, and reads https with the trusted certificate", async () => {
    expect(await outboundFetch(`${secureBase}/ok`, { readBody: true })).toMatchObject({ ok: true, status: 200, body: "<p>fine é</p>" });
    spyOnWarnings();
    const downgrade = await outboundFetch(to(`${base}/ok`, secureBase));
    expect(downgrade).toEqual({ ok: false, error: "downgrade", status: 302, finalUrl: `${base}/ok`, hops: [to(`${base}/ok`, secureBase), `${base}/ok`] });
    expect(warnings()).toEqual([expect.stringContaining("outbound fetch refused: redirect from https to http")]);
    // http → https is an upgrade, and fine.
    expect(await outboundFetch(to(`${secureBase}/ok`))).toMatchObject({ ok: true, finalUrl: `${secureBase}/ok` });
    // Without the test's certificate authority, the same server is a TLS failure.
    setOutboundTestHooks({ onConnect: () => {} });
    try {
      expect(await outboundFetch(`${secureBase}/ok`)).toMatchObject({ ok: false, error: "tls" });
    } finally {
      setOutboundTestHooks({ onConnect: (host, address) => connects.push(`${host} ${address}`), ca: cert });
    }
  });

  it("refuses other schemes and credentials, logged", async () => {
    spyOnWarnings();
    expect(await outboundFetch("ftp://example.com/")).toMatchObject({ ok: false, error: "invalid", status: null });
    expect(await outboundFetch(`http://user:secret@127.0.0.1:${port}/ok`)).toMatchObject({ ok: false, error: "invalid" });
    expect(await outboundFetch(to("file:///etc/passwd"))).toMatchObject({ ok: false, error: "invalid", status: 302 });
    expect(warnings()).toHaveLength(3);
    expect(connects).toEqual(["127.0.0.1 127.0.0.1"]);
  });

  it("sends one request at a time to a host, with the pause between", async () => {
    requests.length = 0;
    const results = await Promise.all([1, 2, 3].map(() => outboundFetch(`${base}/ok`, { hostDelayMs: 80 })));
    expect(results.every((result) => result.ok)).toBe(true);
    const times = requests.map((request) => request.at);
    expect(times).toHaveLength(3);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(75);
  });

  it("gives up waiting for a host's turn when the caller's signal aborts", async () => {
    const slow = outboundFetch(`${base}/never`, { timeoutMs: 300 });
    const controller = new AbortController();
    const waiting = outboundFetch(`${base}/ok`, { signal: controller.signal });
    controller.abort();
    expect(await waiting).toMatchObject({ ok: false, error: "timeout" });
    expect(await slow).toMatchObject({ ok: false, error: "timeout" });
    expect(await outboundFetch(`${base}/ok`)).toMatchObject({ ok: true });
  });
});
