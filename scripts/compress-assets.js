// Writes .br and .gz next to each built JS/CSS/SVG asset so the static server
// can send them precompressed (sirv's gzip/brotli options).
import { readdirSync, readFileSync, writeFileSync, statSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const root = path.resolve("build/client");
function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (/\.(js|css|svg|json|txt|xml)$/.test(name)) yield full;
  }
}
let count = 0;
for (const file of files(root)) {
  const data = readFileSync(file);
  if (data.length < 1024) continue;
  writeFileSync(file + ".gz", zlib.gzipSync(data, { level: 9 }));
  writeFileSync(file + ".br", zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  count++;
}
console.log(`compressed ${count} assets`);
