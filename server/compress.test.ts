import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressResponses } from "./compress";
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
});
