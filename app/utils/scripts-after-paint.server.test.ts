import { describe, expect, it } from "vitest";
import { deferScripts, scriptsAfterPaint } from "./scripts-after-paint.server";

// React Router writes the manifest indented, with the routes of the address's ancestors; the held script has it on one
// line, with the routes the page renders.
const moduleBody =
  ';\nimport * as route0 from "/assets/root.js";\nimport * as route1 from "/assets/tool.js";\n  window.__reactRouterManifest = {\n  "routes": {\n    "root": {\n      "a": "<b"\n    },\n' +
  '    "routes/home": {\n      "c": [\n        1\n      ]\n    },\n    "routes/tool": {\n      "d": 2\n    }\n  },\n  "version": "v"\n};\n' +
  '  window.__reactRouterRouteModules = {"root":route0,"routes/tool":route1};\n\nimport("/assets/entry.js");';
const heldBody =
  ';\nimport * as route0 from "/assets/root.js";\nimport * as route1 from "/assets/tool.js";\n  window.__reactRouterManifest = {"routes":{"root":{"a":"\\u003cb"},"routes/tool":{"d":2}},"version":"v"};\n' +
  '  window.__reactRouterRouteModules = {"root":route0,"routes/tool":route1};\n\nimport("/assets/entry.js");';
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
    expect(deferred).toContain(`<script nonce="n" type="text/x-after-paint">${heldBody}</script><script nonce="n">(function(){`);
    expect(deferred).toContain('p=["/assets/entry.js","/assets/root.js"],q=p.filter(function(u){return u!=="/assets/entry.js"})');
    expect(deferred).toContain("p.forEach(");
    // The rest of the page is as it was, the stream's scripts included.
    expect(deferred.startsWith('<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="stylesheet" href="/a.css" data-precedence="default"/><title>T</title></head>')).toBe(
      true,
    );
    expect(deferred.endsWith('<script nonce="n">window.__reactRouterContext.streamController.enqueue("[]");</script></body></html>')).toBe(true);
  });

  // The starter runs here with `import(` swapped for a stand-in (it is syntax, so it cannot be passed in); the browser
  // tests (tests/e2e) run the real one on every page they hydrate.
  const run = async (starter: string, visibilityState: string, load: (href: string) => Promise<unknown>) => {
    const appended: { rel?: string; href?: string; nonce?: string }[] = [];
    const held = {
      textContent: moduleBody,
      replaced: null as unknown,
      replaceWith(node: unknown) {
        this.replaced = node;
      },
    };
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const document = {
      currentScript: { previousElementSibling: held, nonce: "n" },
      visibilityState,
      prerendering: false,
      head: { appendChild: (node: (typeof appended)[number]) => appended.push(node) },
      createElement: () => ({}),
    };
    new Function("document", "requestAnimationFrame", "setTimeout", "load", starter.replaceAll("import(", "load("))(
      document,
      (next: () => void) => frames.push(next),
      (next: () => void) => timers.push(next),
      load,
    );
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    return { appended, held, frames, timers, settle };
  };

  it("starts the held script in a browser after the first frame: preloads in the head, each module run in a task of its own, then the module where it was", async () => {
    const starter = deferScripts(page)!.match(/<script nonce="n">(\(function\(\)\{[\s\S]*?)<\/script>/)![1]!;
    const imported: string[] = [];
    const { appended, held, frames, timers, settle } = await run(starter, "visible", async (href) => imported.push(href));
    // Nothing before the first frame has been painted.
    expect(appended).toEqual([]);
    // The frame's task runs it; the fallback half a second later finds it done.
    frames.shift()!();
    timers.pop()!();
    timers.shift()!();
    expect(appended).toEqual([
      { rel: "modulepreload", href: "/assets/entry.js", nonce: "n" },
      { rel: "modulepreload", href: "/assets/root.js", nonce: "n" },
    ]);
    // The route module is run first, alone; the client entry is left to the held script, which runs in the next task.
    expect(imported).toEqual(["/assets/root.js"]);
    await settle();
    expect(held.replaced).toBeNull();
    expect(timers).toHaveLength(1);
    timers.shift()!();
    expect(held.replaced).toEqual({ type: "module", nonce: "n", textContent: moduleBody });
    expect(imported).toEqual(["/assets/root.js"]);
  });

  it("starts at once on a hidden or prerendered page, and runs the held script when a module fails to load", async () => {
    const starter = deferScripts(page)!.match(/<script nonce="n">(\(function\(\)\{[\s\S]*?)<\/script>/)![1]!;
    const failing = await run(starter, "hidden", () => Promise.reject(new Error("offline")));
    await failing.settle();
    expect(failing.held.replaced).toEqual({ type: "module", nonce: "n", textContent: moduleBody });
    // Without the entry's import at its end (another React Router), the held script runs as soon as it starts.
    const plain = deferScripts(page.replace('import("/assets/entry.js");', ""))!.match(/<script nonce="n">(\(function\(\)\{[\s\S]*?)<\/script>/)![1]!;
    const loads: string[] = [];
    const started = await run(plain, "hidden", async (href) => loads.push(href));
    expect(loads).toEqual([]);
    expect(started.held.replaced).toMatchObject({ type: "module", nonce: "n" });
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
