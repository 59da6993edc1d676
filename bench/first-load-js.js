// Reports the JavaScript a first visit to a page downloads (raw and gzip),
// by reading the module preloads the server-rendered HTML lists.
// Usage: node bench/first-load-js.js [path]   (needs `npm run build` first)
import { readFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { mkdtempSync, rmSync } from "node:fs";

// Measure what production runs: React's production build.
process.env.NODE_ENV ??= "production";
import os from "node:os";

const pagePath = process.argv[2] ?? "/";
const dataDir = mkdtempSync(path.join(os.tmpdir(), "aitools-bench-"));
const { startApp } = await import(path.resolve("build/server/index.js"));
const app = await startApp({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
const html = await (await app.handle(new Request(`http://localhost:3000${pagePath}`))).text();
await app.stop();
rmSync(dataDir, { recursive: true, force: true });

const scripts = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+\.js)"/g)].map((m) => m[1]));
for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) scripts.add(m[1]);
let raw = 0;
let gzip = 0;
for (const src of scripts) {
  const data = readFileSync(path.join("build/client", src));
  raw += data.length;
  gzip += zlib.gzipSync(data, { level: 9 }).length;
}
const inline = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].reduce((sum, m) => sum + m[1].length, 0);
console.log(
  JSON.stringify({
    page: pagePath,
    files: scripts.size,
    rawKB: +(raw / 1024).toFixed(1),
    gzipKB: +(gzip / 1024).toFixed(1),
    inlineScriptKB: +(inline / 1024).toFixed(1),
    htmlKB: +(html.length / 1024).toFixed(1),
  }),
);
