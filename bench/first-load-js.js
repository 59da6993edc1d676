// Reports the JavaScript a first visit to a page downloads (raw, gzip and brotli), from the build's
// manifest (scripts/first-load.js, which the budget test uses too) and the page's start script (decision 080),
// and the page's HTML and inline scripts from a real render; it warns if the modules the start script preloads
// differ from the manifest's list.
// A reading page (decision 049) loads no React: its first load is the module script its HTML names.
// Usage: node bench/first-load-js.js [path]   (needs `npm run build` first)
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

// Measure what production runs: React's production build (set before React Router is first imported).
process.env.NODE_ENV ??= "production";
// A benchmark measures pages, not the link checker (which would also reach the outside world).
process.env.LINK_CHECK_INTERVAL_HOURS ??= "0";
const { firstLoad, kb, measure } = await import("../scripts/first-load.js");

const pagePath = process.argv[2] ?? "/";
const dataDir = mkdtempSync(path.join(os.tmpdir(), "aitools-bench-"));
const { startApp } = await import(path.resolve("build/server/index.js"));
const app = await startApp({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
const html = await (await app.handle(new Request(`http://localhost:3000${pagePath}`))).text();
await app.stop();
rmSync(dataDir, { recursive: true, force: true });

const reading = !html.includes("window.__reactRouterContext");
const moduleScripts = reading
  ? [...html.matchAll(/<script [^>]*type="module" src="([^"]+\.js)"/g)].map((m) => m[1])
  : // An app page's start script, which an inline script loads after the first paint and which preloads the rest.
    [...html.matchAll(/\(document\.currentScript,"(\/assets\/start-[\w-]+\.js)"\)/g)].map((m) => m[1]);
const startCode = reading || !moduleScripts[0] ? "" : readFileSync(path.join("build/client", moduleScripts[0]), "utf8");
const preloaded = new Set(JSON.parse(startCode.match(/\bp=(\[[^\]]*\])/)?.[1] ?? "[]"));
const manifestLoad = firstLoad(new URL(pagePath, "http://localhost").pathname);
const js = reading
  ? { routeIds: manifestLoad.routeIds, fileList: moduleScripts, ...measure("build/client", moduleScripts) }
  : { ...manifestLoad, ...measure("build/client", [...moduleScripts, ...manifestLoad.fileList]) };
const differs = !reading && (preloaded.size !== js.fileList.length || js.fileList.some((file) => !preloaded.has(file)));
if (differs) console.warn(`The page preloads ${[...preloaded].join(", ")}; the manifest lists ${js.fileList.join(", ")}`);
const inline = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].reduce((sum, m) => sum + m[1].length, 0);
console.log(
  JSON.stringify({
    page: pagePath,
    kind: reading ? "reading (no React, no loader data)" : "app",
    routes: js.routeIds,
    files: js.files,
    rawKB: kb(js.raw),
    gzipKB: kb(js.gzip),
    brotliKB: kb(js.brotli),
    inlineScriptKB: kb(inline),
    htmlKB: kb(html.length),
  }),
);
