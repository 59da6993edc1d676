import { describe, expect, it } from "vitest";
import { startLoader, startScript } from "../../scripts/start-scripts.js";
import { deferScripts, readModuleScript, scriptsAfterPaint } from "./scripts-after-paint.server";

// React Router writes the manifest indented, with the routes of the address's ancestors (here the home page's).
const manifest = {
  entry: { module: "/assets/entry.js", imports: ["/assets/framework.js"], css: [] },
  routes: {
    root: { id: "root", path: "", module: "/assets/root.js", imports: ["/assets/framework.js", "/assets/shell.js"], note: "<b" },
    "routes/home": { id: "routes/home", parentId: "root", index: true, module: "/assets/home.js", imports: [] },
    "routes/tool": { id: "routes/tool", parentId: "root", path: "tools/:slug", module: "/assets/tool.js", imports: ["/assets/card.js"] },
  },
  url: "/assets/manifest-v.js",
  version: "v",
};
const moduleBody =
  ';\nimport * as route0 from "/assets/root.js";\nimport * as route1 from "/assets/tool.js";\n' +
  `  window.__reactRouterManifest = ${JSON.stringify(manifest, null, 2)};\n` +
  '  window.__reactRouterRouteModules = {"root":route0,"routes/tool":route1};\n\nimport("/assets/entry.js");';
const page =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="stylesheet" href="/a.css" data-precedence="default"/>' +
  '<link rel="modulepreload" href="/assets/entry.js" nonce="n"/><title>T</title><link rel="modulepreload" href="/assets/root.js" nonce="n"/></head>' +
  `<body><main>Café ☕ text</main><script nonce="n">window.__reactRouterContext = {};</script><script nonce="n" type="module" async="">${moduleBody}</script>` +
  '<script nonce="n">window.__reactRouterContext.streamController.enqueue("[]");</script></body></html>';
const start = startScript(manifest, ["root", "routes/tool"]);
/** A build with every start script, and one without. */
const built = () => true;
const notBuilt = () => false;

describe("React's client after the first paint", () => {
  it("reads the routes React Router's module script renders, and nothing it does not know", () => {
    expect(readModuleScript(moduleBody)).toEqual({ manifest, routeIds: ["root", "routes/tool"] });
    // A dev server's HMR import, a route imported under another name, a module that is not the manifest's: left alone.
    expect(readModuleScript(moduleBody.replace(";\n", 'import "/hmr.js";;\n'))).toBeNull();
    expect(readModuleScript(moduleBody.replace('"routes/tool":route1', '"routes/tool":route0'))).toBeNull();
    expect(readModuleScript(moduleBody.replace('route1 from "/assets/tool.js"', 'route1 from "/assets/other.js"'))).toBeNull();
    expect(readModuleScript(moduleBody.replace('import("/assets/entry.js");', ""))).toBeNull();
  });

  it("drops the head's preloads and puts the build's start script of the page's routes where the module script was", () => {
    const deferred = deferScripts(page, built)!;
    expect(deferred).not.toContain('<link rel="modulepreload"');
    expect(deferred).not.toContain("window.__reactRouterManifest");
    expect(start.href).toMatch(/^\/assets\/start-[\w-]{12}\.js$/);
    expect(deferred).toContain(`<script nonce="n">${startLoader(start.href)}</script><script nonce="n">window.__reactRouterContext.streamController`);
    expect(deferred).not.toMatch(/<script[^>]*\bsrc=/);
    // The rest of the page is as it was, the stream's scripts included.
    expect(deferred.startsWith('<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="stylesheet" href="/a.css" data-precedence="default"/><title>T</title></head>')).toBe(
      true,
    );
    expect(deferred.endsWith('<script nonce="n">window.__reactRouterContext.streamController.enqueue("[]");</script></body></html>')).toBe(true);
  });

  it("names each file by its content, and sets the manifest with the rendered routes only", () => {
    expect(startScript(manifest, ["root", "routes/home"]).name).not.toBe(start.name);
    expect(startScript({ ...manifest, version: "w" }, ["root", "routes/tool"]).name).not.toBe(start.name);
    const routes = { root: manifest.routes.root, "routes/tool": manifest.routes["routes/tool"] };
    expect(start.code).toContain(`const m=${JSON.stringify({ ...manifest, routes }).replace(/</g, "\\u003c")},i=["root","routes/tool"],`);
  });

  // The loader and the start script run here with stand-ins for the browser; the start script's `import(` is swapped
  // for a stand-in (it is syntax, so it cannot be passed in). The browser tests (tests/e2e) run the real ones on every
  // page they hydrate.
  const load = (visibilityState: string) => {
    const added: { type?: string; src?: string; nonce?: string }[] = [];
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const document = { currentScript: { nonce: "n", after: (node: (typeof added)[number]) => added.push(node) }, visibilityState, prerendering: false, createElement: () => ({}) };
    new Function("document", "requestAnimationFrame", "setTimeout", startLoader(start.href))(
      document,
      (next: () => void) => frames.push(next),
      (next: () => void) => timers.push(next),
    );
    return { added, frames, timers };
  };

  it("loads the start script after the first frame, once, and at once on a hidden or prerendered page", () => {
    const { added, frames, timers } = load("visible");
    // Nothing before the first frame has been painted.
    expect(added).toEqual([]);
    // The frame's task loads it; the fallback half a second later finds it done.
    frames.shift()!();
    timers.pop()!();
    timers.shift()!();
    expect(added).toEqual([{ type: "module", src: start.href, nonce: "n" }]);
    expect(load("hidden").added).toEqual([{ type: "module", src: start.href, nonce: "n" }]);
  });

  const run = (load: (href: string) => Promise<unknown>) => {
    const appended: { rel?: string; href?: string; nonce?: string }[] = [];
    const timers: (() => void)[] = [];
    const window = {} as { __reactRouterManifest?: unknown; __reactRouterRouteModules?: Record<string, unknown> };
    const document = {
      querySelector: (selector: string) => (selector === "script[nonce]" ? { nonce: "n" } : null),
      head: { append: (node: (typeof appended)[number]) => appended.push(node) },
      createElement: () => ({}),
    };
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<void>;
    const done = new AsyncFunction("document", "window", "setTimeout", "load", start.code.replaceAll("import(", "load("))(
      document,
      window,
      (next: () => void) => timers.push(next),
      load,
    );
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    return { appended, timers, settle, window, done };
  };

  it("preloads the routes' modules, runs each in a task of its own, then sets React Router's globals and imports the client entry", async () => {
    const imported: string[] = [];
    const { appended, timers, settle, window, done } = run(async (href) => (imported.push(href), { href }));
    await settle();
    // The preloads are the manifest's first-load files of the rendered routes, the home page's left out.
    expect(appended.map((link) => link.href)).toEqual(["/assets/entry.js", "/assets/framework.js", "/assets/root.js", "/assets/shell.js", "/assets/tool.js", "/assets/card.js"]);
    expect(appended.every((link) => link.rel === "modulepreload" && link.nonce === "n")).toBe(true);
    // One module per task; the client entry last, once the manifest and the route modules are set.
    expect(imported).toEqual(["/assets/framework.js"]);
    for (let i = 0; i < 5; i++) {
      await settle();
      timers.shift()!();
    }
    await done;
    expect(imported).toEqual([
      "/assets/framework.js",
      "/assets/root.js",
      "/assets/shell.js",
      "/assets/tool.js",
      "/assets/card.js",
      "/assets/root.js",
      "/assets/tool.js",
      "/assets/entry.js",
    ]);
    expect(window.__reactRouterManifest).toEqual({ ...manifest, routes: { root: manifest.routes.root, "routes/tool": manifest.routes["routes/tool"] } });
    expect(window.__reactRouterRouteModules).toEqual({ root: { href: "/assets/root.js" }, "routes/tool": { href: "/assets/tool.js" } });
  });

  it("goes on to the routes and the entry when a module fails to load", async () => {
    const imported: string[] = [];
    const failing = run((href) => (imported.push(href), href === "/assets/framework.js" ? Promise.reject(new Error("offline")) : Promise.resolve({})));
    await failing.done;
    expect(imported).toEqual(["/assets/framework.js", "/assets/root.js", "/assets/tool.js", "/assets/entry.js"]);
  });

  it("leaves a page alone without React Router's scripts, with a module script it does not know, or when the build has no start script for it", () => {
    expect(deferScripts(page.replace(/<script[\s\S]*<\/script>/, ""), built)).toBeNull();
    const unknown = page.replace(";\nimport", 'import "/hmr.js";;\nimport');
    expect(deferScripts(unknown, built)).toBeNull();
    expect(scriptsAfterPaint(Buffer.from(unknown), built).toString("utf8")).toBe(unknown);
    expect(deferScripts(page, notBuilt)).toBeNull();
  });

  it("changes a whole page's bytes as it changes its text, and leaves one without React Router's scripts as it is", () => {
    expect(scriptsAfterPaint(Buffer.from(page), built).toString("utf8")).toBe(deferScripts(page, built));
    const plain = Buffer.from(page.replace(/<script[\s\S]*<\/script>/, ""));
    expect(scriptsAfterPaint(plain, built)).toBe(plain);
  });
});
