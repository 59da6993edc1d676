import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initEnv } from "./env.server";
import { checkerUserAgent, checkUrl, hostOf, runPerHost } from "./link-check.server";

describe("checkerUserAgent", () => {
  it("names the site and where to reach us", () => {
    expect(checkerUserAgent("https://atlas.example/")).toBe("AIToolsAtlasLinkCheck/1.0 (+https://atlas.example/contact)");
  });
});

describe("runPerHost", () => {
  it("never runs two requests to one host at once, and keeps the overall limit", async () => {
    const urls = ["https://a.example/1", "https://a.example/2", "https://a.example/3", "https://b.example/1", "https://c.example/1", "https://c.example/2", "https://d.example/1"];
    const active = new Map<string, number>();
    let inFlight = 0;
    let maxInFlight = 0;
    const startedAt = new Map<string, number[]>();
    await runPerHost(
      urls,
      (url) => url,
      async (url) => {
        const host = hostOf(url);
        active.set(host, (active.get(host) ?? 0) + 1);
        expect(active.get(host)).toBe(1);
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        startedAt.set(host, [...(startedAt.get(host) ?? []), performance.now()]);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        active.set(host, active.get(host)! - 1);
      },
      { concurrency: 2 },
    );
    expect(maxInFlight).toBe(2);
    expect([...startedAt.values()].flat()).toHaveLength(urls.length);
  });

  it("stops taking items once aborted", async () => {
    const controller = new AbortController();
    const done: string[] = [];
    await runPerHost(
      ["https://a.example/1", "https://a.example/2", "https://a.example/3"],
      (url) => url,
      async (url) => {
        done.push(url);
        controller.abort();
      },
      { concurrency: 1, signal: controller.signal },
    );
    expect(done).toEqual(["https://a.example/1"]);
  });
});

describe("checkUrl", () => {
  let server: Server;
  let base: string;
  const seen: { method: string; path: string; agent: string }[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push({ method: request.method!, path: request.url!, agent: request.headers["user-agent"] ?? "" });
      if (request.url === "/ok") return response.writeHead(200).end("fine");
      if (request.url === "/moved") return response.writeHead(301, { Location: "/ok" }).end();
      if (request.url === "/loop") return response.writeHead(302, { Location: "/loop" }).end();
      if (request.url === "/no-head") return response.writeHead(request.method === "HEAD" ? 405 : 200).end();
      if (request.url === "/mailto") return response.writeHead(302, { Location: "mailto:someone@example.com" }).end();
      if (request.url === "/redis") return response.writeHead(302, { Location: "http://127.0.0.1:6379/" }).end();
      if (request.url === "/never") return; // never answers
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
    // The fixture server is on loopback: the owner's allowance for it and a closed port (decision 031), those only.
    initEnv({ NODE_ENV: "test", LOG_LEVEL: "error", LINK_CHECK_HOST_DELAY_MS: "0", OUTBOUND_ALLOWED_HOSTS: `127.0.0.1:${port},127.0.0.1:1` });
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  const options = { timeoutMs: 300, userAgent: "AIToolsAtlasLinkCheck/1.0 (+http://test/contact)" };

  it("follows redirects by hand to the final address, with HEAD and our user agent", async () => {
    expect(await checkUrl(`${base}/moved`, options)).toEqual({ status: 200, error: null, finalUrl: `${base}/ok`, method: "HEAD" });
    expect(seen.at(-1)).toEqual({ method: "HEAD", path: "/ok", agent: options.userAgent });
  });

  it("falls back to GET when HEAD is refused, and confirms an error with GET", async () => {
    expect(await checkUrl(`${base}/no-head`, options)).toMatchObject({ status: 200, error: null, method: "GET" });
    expect(await checkUrl(`${base}/gone`, options)).toMatchObject({ status: 404, error: null, method: "GET" });
  });

  it("gives up on a redirect loop, a non-web redirect, a silent server and a closed port", async () => {
    expect(await checkUrl(`${base}/loop`, options)).toMatchObject({ status: 302, error: "redirects" });
    expect(await checkUrl(`${base}/mailto`, options)).toMatchObject({ error: "invalid" });
    expect(await checkUrl(`${base}/never`, options)).toMatchObject({ status: null, error: "timeout", method: "HEAD" });
    expect(await checkUrl("http://127.0.0.1:1/", options)).toMatchObject({ status: null, error: "connection" });
    expect(await checkUrl("ftp://example.com/", options)).toMatchObject({ error: "invalid", finalUrl: null });
  });

  it("reports a link that leads to a private address as refused, never as working", async () => {
    expect(await checkUrl(`${base}/redis`, options)).toEqual({ status: 302, error: "blocked", finalUrl: "http://127.0.0.1:6379/", method: "HEAD" });
    expect(await checkUrl("https://169.254.169.254/latest/meta-data/", options)).toMatchObject({ status: null, error: "blocked" });
  });
});
