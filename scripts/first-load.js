// The JavaScript a first visit to a page downloads, read from the client build's React Router
// manifest (build/client/assets/manifest-*.js): React Router preloads the client entry and, for every
// route the URL matches (root first), the route's module and the chunks it imports statically. Code
// loaded with import() (dialogs, menus, the toaster...) is not part of it.
// Used by bench/first-load-js.js and tests/integration/first-load-budget.test.ts.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { matchRoutes } from "react-router";

/** The manifest object of a client build (`window.__reactRouterManifest`). */
export function readManifest(clientDir = "build/client") {
  const assets = path.join(clientDir, "assets");
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`No React Router manifest in ${assets}: build the site first (npm run build).`);
  const source = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));
}

/** The ids of the routes a URL path renders, root first (React Router's own matching and ranking). */
export function routeIdsFor(manifest, pathname) {
  const byParent = new Map();
  for (const route of Object.values(manifest.routes)) {
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const tree = (parentId) =>
    (byParent.get(parentId) ?? []).map((route) => ({ id: route.id, path: route.path, index: route.index, children: route.index ? undefined : tree(route.id) }));
  const matches = matchRoutes(tree(undefined), pathname) ?? [];
  return matches.map((match) => match.route.id);
}

/** The module files (as `/assets/...` URLs) a first load of these routes fetches, in preload order. */
export function firstLoadFiles(manifest, routeIds) {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`No route "${id}" in the manifest`);
    for (const file of [route.module, ...(route.imports ?? [])]) files.add(file);
  }
  return [...files];
}

/** One file's sizes, computed once per process: pages share most of their files (the entry, React, the shell), and
 * brotli 11 of React's chunk alone costs about a second, so measuring a hundred pages file by file took minutes. */
const sizesOfFile = new Map();

function fileSizes(clientDir, file) {
  const key = path.resolve(clientDir, file.replace(/^\//, ""));
  let sizes = sizesOfFile.get(key);
  if (!sizes) {
    const data = readFileSync(key);
    sizes = {
      raw: data.length,
      gzip: zlib.gzipSync(data, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
    sizesOfFile.set(key, sizes);
  }
  return sizes;
}

/** Byte sizes of files: as stored, gzip -9 (what the budget counts) and brotli 11 (what the server sends to browsers). */
export function measure(clientDir, files) {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const sizes = fileSizes(clientDir, file);
    raw += sizes.raw;
    gzip += sizes.gzip;
    brotli += sizes.brotli;
  }
  return { files: files.length, raw, gzip, brotli };
}

/** Everything above for one URL path. */
export function firstLoad(pathname, clientDir = "build/client") {
  const manifest = readManifest(clientDir);
  const routeIds = routeIdsFor(manifest, pathname);
  const files = firstLoadFiles(manifest, routeIds);
  return { routeIds, fileList: files, ...measure(clientDir, files) };
}

export const kb = (bytes) => +(bytes / 1024).toFixed(1);
