import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressedAnswer, compressResponses } from "./compress";
import { exchangeOf } from "./pipeline";

const html = () => new Response("<p>hello</p>".repeat(100), { headers: { "Content-Type": "text/html; charset=utf-8" } });
const exchange = (headers: Record<string, string>, method = "GET") => exchangeOf(new Request("http://localhost/", { headers, method }), undefined, () => "id");

/** A page as React streams it: several chunks, the last some time after the first. */
const streamedHtml = () =>
  new Response(
    new ReadableStream({
      async start(controller) {
        for (let i = 0; i < 10; i++) {
          controller.enqueue(new TextEncoder().encode("<p>hello</p>".repeat(10)));
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
        controller.close();
      },
    }),
    { headers: { "Content-Type": "text/html; charset=utf-8", "Set-Cookie": "a=1", "X-Cache": "MISS" } },
  );

describe("compressResponses", () => {
  it("gzips text other than a page as it streams, for a client that accepts it, and says it varies", async () => {
    const json = () => new Response(JSON.stringify({ hello: "hello".repeat(100) }), { headers: { "Content-Type": "application/json" } });
    const response = await compressResponses(exchange({ "accept-encoding": "gzip, br" }), async () => json());
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("vary")).toContain("Accept-Encoding");
    expect(JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString())).toEqual({ hello: "hello".repeat(100) });
  });

  it("reads a rendered page whole and compresses it in one call: brotli where taken, else gzip, its headers kept (decision 073)", async () => {
    const brotli = await compressResponses(exchange({ "accept-encoding": "gzip, br" }), async () => streamedHtml());
    expect([brotli.headers.get("content-encoding"), brotli.headers.get("vary"), brotli.headers.get("set-cookie"), brotli.headers.get("x-cache")]).toEqual([
      "br",
      "Accept-Encoding",
      "a=1",
      "MISS",
    ]);
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString()).toBe("<p>hello</p>".repeat(100));
    const gzipped = await compressResponses(exchange({ "accept-encoding": "gzip" }), async () => streamedHtml());
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe("<p>hello</p>".repeat(100));
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
    // The body's length before compression is dropped; a body encoded already is left as it is.
    const sized = compressedAnswer(new Request("http://localhost/", { headers: { "accept-encoding": "br" } }), body, {
      status: 200,
      headers: [...answer.headers, ["Content-Length", String(body.length)]],
    });
    expect([sized.headers.get("content-encoding"), sized.headers.get("content-length")]).toEqual(["br", null]);
    const encoded = compressedAnswer(new Request("http://localhost/", { headers: { "accept-encoding": "br" } }), body, {
      status: 200,
      headers: [...answer.headers, ["Content-Encoding", "gzip"]],
    });
    expect(encoded.headers.get("content-encoding")).toBe("gzip");
    expect(Buffer.from(await encoded.arrayBuffer()).equals(body)).toBe(true);
  });

  it("gives back the whole body when it compresses worse than a page does (its output takes more than the one buffer sized for it)", async () => {
    // Random letters come out at over half their size, more than twice the buffer sized for a page's output.
    const body = Buffer.from(Array.from({ length: 40_000 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(""));
    const answer = { status: 200, headers: [["Content-Type", "text/html; charset=utf-8"]] as [string, string][] };
    const brotli = compressedAnswer(new Request("http://localhost/", { headers: { "accept-encoding": "br" } }), body, answer);
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).equals(body)).toBe(true);
    const gzipped = compressedAnswer(new Request("http://localhost/", { headers: { "accept-encoding": "gzip" } }), body, answer);
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).equals(body)).toBe(true);
  });
});
