import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../tests/support/raw-http";
import { frontDoor, isValidHost, readRequestTarget } from "./front-door";

describe("isValidHost", () => {
  it("takes names, addresses and ports a client sends", () => {
    for (const host of [
      "localhost",
      "localhost:3000",
      "aitools.example",
      "www.ai-tools.example:443",
      "app_web:3000",
      "127.0.0.1",
      "[::1]:8080",
      "xn--bcher-kva.example",
      "localhost:",
    ])
      expect(isValidHost(host), host).toBe(true);
  });

  it("refuses spaces, control characters, non-ASCII, user info, bad ports and addresses no URL holds", () => {
    for (const host of ["", "a b", "a\tb", "a\u0000b", "bücher.example", "user@host", "host:99999", "host:80:80", "host:abc", "999.1.1.1", "[::g]", "host/path", "host?x", "[::1"])
      expect(isValidHost(host), JSON.stringify(host)).toBe(false);
  });
});

describe("readRequestTarget", () => {
  it("passes a path as it was sent", () => {
    expect(readRequestTarget("/search?q=%00", ["localhost:3000"])).toEqual({ path: "/search?q=%00" });
    expect(readRequestTarget("//evil.example/x", ["localhost"])).toEqual({ path: "//evil.example/x" });
    // HTTP/1.0 without Host: the adapter says localhost.
    expect(readRequestTarget("/", undefined)).toEqual({ path: "/" });
  });

  it("reads an absolute-form target naming our Host as its path, and refuses one naming another site", () => {
    expect(readRequestTarget("http://localhost:3000/tools?q=a", ["localhost:3000"])).toEqual({ path: "/tools?q=a" });
    expect(readRequestTarget("HTTPS://AITOOLS.example/blog", ["aitools.example:443"])).toEqual({ path: "/blog" });
    expect(readRequestTarget("http://evil.example/", ["localhost:3000"])).toHaveProperty("refused");
    expect(readRequestTarget("http://user:pw@localhost:3000/", ["localhost:3000"])).toHaveProperty("refused");
    expect(readRequestTarget("http://localhost:99999/", ["localhost:3000"])).toHaveProperty("refused");
  });

  it("refuses a bad Host, two Hosts, and targets that are not paths", () => {
    expect(readRequestTarget("/", ["a b"])).toHaveProperty("refused");
    expect(readRequestTarget("/", ["localhost", "evil.example"])).toHaveProperty("refused");
    for (const target of ["*", "search", "?q=1", "ftp://localhost/", "", undefined]) expect(readRequestTarget(target, ["localhost"]), String(target)).toHaveProperty("refused");
  });
});

describe("frontDoor", () => {
  const seen: string[] = [];
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    const listener = frontDoor(async (request) => {
      seen.push(request.url);
      return new Response(`app ${new URL(request.url).pathname}`);
    });
    server = http.createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers a Host no address can be made of 400, plain text, not stored, before the app runs", async () => {
    for (const host of ["a b", "localhost:99999", "b\xfccher.example", "user@localhost", "[::1"]) {
      seen.length = 0;
      const answer = await rawRequest(port, ["GET /search?q=a HTTP/1.1", `Host: ${host}`]);
      expect(answer.status, host).toBe(400);
      expect(answer.head).toMatch(/content-type: text\/plain; charset=utf-8/i);
      expect(answer.head).toMatch(/cache-control: no-store/i);
      expect(answer.body).not.toMatch(/\bat .+:\d+:\d+/);
      expect(seen).toEqual([]);
    }
  });

  it("answers a proxy's request for another site 400, and reads one for our Host as its path", async () => {
    expect((await rawRequest(port, ["GET http://evil.example/ HTTP/1.1", "Host: evil.example.net"])).status).toBe(400);
    expect((await rawRequest(port, ["OPTIONS * HTTP/1.1", `Host: 127.0.0.1:${port}`])).status).toBe(400);
    const ours = await rawRequest(port, [`GET http://127.0.0.1:${port}/tools?x=1 HTTP/1.1`, `Host: 127.0.0.1:${port}`]);
    expect([ours.status, ours.body]).toEqual([200, "app /tools"]);
    expect(seen.at(-1)).toBe(`http://127.0.0.1:${port}/tools?x=1`);
  });

  it("answers an unknown method 405 with the methods it takes, and passes an ordinary request to the app", async () => {
    const trace = await rawRequest(port, ["TRACE / HTTP/1.1", "Host: localhost"]);
    expect(trace.status).toBe(405);
    expect(trace.head).toMatch(/allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS/i);
    const page = await rawRequest(port, ["GET /about HTTP/1.1", "Host: localhost:3000"]);
    expect([page.status, page.body]).toEqual([200, "app /about"]);
  });
});
