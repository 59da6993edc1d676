import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressedAnswer, compressResponses } from "./compress";
import { exchangeOf } from "./pipeline";

const html = () => new Response("<p>hello</p>".repeat(100), { headers: { "Content-Type": "text/html; charset=utf-8" } });
const exchange = (headers: Record<string, string>, method = "GET") => exchangeOf(new Request("http://localhost/", { headers, method }), undefined, () => "id");

describe("compressResponses", () => {
  it("gzips text for a client that accepts it, and says it varies", async () => {
    const response = await compressResponses(exchange({ "accept-encoding": "gzip, br" }), async () => html());
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("vary")).toContain("Accept-Encoding");
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe("<p>hello</p>".repeat(100));
  });

  it("leaves alone a client without gzip, a HEAD, an image and a page the page cache will compress itself", async () => {
    expect((await compressResponses(exchange({}), async () => html())).headers.get("content-encoding")).toBeNull();
    expect((await compressResponses(exchange({ "accept-encoding": "gzip" }, "HEAD"), async () => html())).headers.get("content-encoding")).toBeNull();
    const png = new Response(new Uint8Array([137, 80]), { headers: { "Content-Type": "image/png" } });
    expect((await compressResponses(exchange({ "accept-encoding": "gzip" }), async () => png)).headers.get("content-encoding")).toBeNull();
    const forCache = { ...exchange({ "accept-encoding": "gzip" }), compress: false };
    expect((await compressResponses(forCache, async () => html())).headers.get("content-encoding")).toBeNull();
  });

  it("compresses an answer held in memory in one call: brotli where taken, else gzip (decision 059)", async () => {
    const body = Buffer.from("<p>hello</p>".repeat(100));
    const answer = { status: 200, headers: [["Content-Type", "text/html; charset=utf-8"]] as [string, string][] };
    const brotli = compressedAnswer(new Request("http://localhost/", { headers: { "accept-encoding": "gzip, br" } }), body, answer);
    expect([brotli.headers.get("content-encoding"), brotli.headers.get("vary")]).toEqual(["br", "Accept-Encoding"]);
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).equals(body)).toBe(true);
    const gzipped = compressedAnswer(new Request("http://localhost/", { headers: { "accept-encoding": "gzip, deflate" } }), body, answer);
    expect([gzipped.headers.get("content-encoding"), gzipped.headers.get("vary")]).toEqual(["gzip", "Accept-Encoding"]);
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).equals(body)).toBe(true);
    const plain = compressedAnswer(new Request("http://localhost/"), body, answer);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(Buffer.from(await plain.arrayBuffer()).equals(body)).toBe(true);
  });
});
