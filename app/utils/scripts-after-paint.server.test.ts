import { describe, expect, it } from "vitest";
import { deferScripts, scriptsAfterPaint } from "./scripts-after-paint.server";

const moduleBody = ';\nimport * as route0 from "/assets/root.js";\nwindow.__reactRouterManifest = {"a":"<b"};\nimport("/assets/entry.js");';
const page =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="stylesheet" href="/a.css" data-precedence="default"/>' +
  '<link rel="modulepreload" href="/assets/entry.js" nonce="n"/><title>T</title><link rel="modulepreload" href="/assets/root.js" nonce="n"/></head>' +
  `<body><main>Café ☕ text</main><script nonce="n">window.__reactRouterContext = {};</script><script nonce="n" type="module" async="">${moduleBody}</script>` +
  '<script nonce="n">window.__reactRouterContext.streamController.enqueue("[]");</script></body></html>';

describe("React's client after the first paint", () => {
  it("drops the head's preloads and holds the module script, with a starter that adds both back", () => {
    const deferred = deferScripts(page)!;
    expect(deferred).not.toContain('<link rel="modulepreload"');
    expect(deferred).not.toMatch(/<script[^>]*type="module"/);
    expect(deferred).toContain(`<script nonce="n" type="text/x-after-paint">${moduleBody}</script><script nonce="n">(function(){`);
    expect(deferred).toContain('["/assets/entry.js","/assets/root.js"].forEach(');
    // The rest of the page is as it was, the stream's scripts included.
    expect(deferred.startsWith('<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="stylesheet" href="/a.css" data-precedence="default"/><title>T</title></head>')).toBe(
      true,
    );
    expect(deferred.endsWith('<script nonce="n">window.__reactRouterContext.streamController.enqueue("[]");</script></body></html>')).toBe(true);
  });

  it("starts the held script in a browser: preloads in the head, the module where it was, with the nonce", () => {
    const deferred = deferScripts(page)!;
    const starter = deferred.match(/<script nonce="n">(\(function\(\)\{[\s\S]*?)<\/script>/)![1]!;
    const appended: { rel?: string; href?: string; nonce?: string }[] = [];
    const held = {
      textContent: moduleBody,
      replaced: null as unknown,
      replaceWith(node: unknown) {
        this.replaced = node;
      },
    };
    const frames: (() => void)[] = [];
    const document = {
      currentScript: { previousElementSibling: held, nonce: "n" },
      visibilityState: "visible",
      prerendering: false,
      head: { appendChild: (node: (typeof appended)[number]) => appended.push(node) },
      createElement: () => ({}),
    };
    const timers: (() => void)[] = [];
    new Function("document", "requestAnimationFrame", "setTimeout", starter)(
      document,
      (run: () => void) => frames.push(run),
      (run: () => void) => timers.push(run),
    );
    // Nothing before the first frame has been painted.
    expect(appended).toEqual([]);
    // The frame's task runs it; the fallback half a second later finds it done.
    frames.shift()!();
    timers.pop()!();
    expect(appended).toHaveLength(2);
    timers.shift()!();
    expect(appended).toEqual([
      { rel: "modulepreload", href: "/assets/entry.js", nonce: "n" },
      { rel: "modulepreload", href: "/assets/root.js", nonce: "n" },
    ]);
    expect(held.replaced).toEqual({ type: "module", nonce: "n", textContent: moduleBody });
    // A hidden or prerendered page starts at once.
    const hidden = { ...document, visibilityState: "hidden", currentScript: { previousElementSibling: { ...held, replaced: null }, nonce: "n" } };
    new Function("document", "requestAnimationFrame", "setTimeout", starter)(
      hidden,
      () => {},
      () => {},
    );
    expect(hidden.currentScript.previousElementSibling.replaced).toEqual({ type: "module", nonce: "n", textContent: moduleBody });
  });

  it("leaves a document without React Router's scripts alone", () => {
    const plain = page.replace(/<script[\s\S]*<\/script>/, "");
    expect(deferScripts(plain)).toBeNull();
  });

  it("changes a whole page's bytes as it changes its text, and leaves one without React Router's scripts as it is", () => {
    expect(scriptsAfterPaint(Buffer.from(page)).toString("utf8")).toBe(deferScripts(page));
    const plain = Buffer.from(page.replace(/<script[\s\S]*<\/script>/, ""));
    expect(scriptsAfterPaint(plain)).toBe(plain);
  });
});
