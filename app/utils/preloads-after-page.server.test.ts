import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { movePreloads, preloadsAfterPage } from "./preloads-after-page.server";

const page =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="stylesheet" href="/a.css" data-precedence="default"/>' +
  '<link rel="modulepreload" href="/assets/entry.js" nonce="n"/><title>T</title><link rel="modulepreload" href="/assets/root.js" nonce="n"/></head>' +
  '<body><main>Café ☕ text</main><script nonce="n">window.__reactRouterContext = {};</script><script type="module">import "/assets/root.js";</script></body></html>';

describe("module preloads after the page", () => {
  it("moves the head's preloads before React Router's first script at low priority, keeping their order", () => {
    const moved = movePreloads(page)!;
    expect(moved.slice(0, moved.indexOf("</head>"))).not.toContain("modulepreload");
    expect(moved).toContain(
      '<main>Café ☕ text</main><link fetchpriority="low" rel="modulepreload" href="/assets/entry.js" nonce="n"/><link fetchpriority="low" rel="modulepreload" href="/assets/root.js" nonce="n"/><script nonce="n">window.__reactRouterContext',
    );
    expect(moved.length).toBe(page.length + 2 * 'fetchpriority="low" '.length);
  });

  it("leaves a document without React Router's scripts alone", () => {
    const plain = page.replace(/<script[\s\S]*<\/script>/, "");
    expect(movePreloads(plain)).toBeNull();
  });

  it("works on a stream cut anywhere, even inside a character", async () => {
    const bytes = Buffer.from(page);
    for (const size of [1, 7, 64, bytes.length]) {
      const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
      expect(await text(Readable.from(chunks).pipe(preloadsAfterPage()))).toBe(movePreloads(page));
    }
    const plain = page.replace(/<script[\s\S]*<\/script>/, "");
    expect(await text(Readable.from([Buffer.from(plain)]).pipe(preloadsAfterPage()))).toBe(plain);
  });
});
