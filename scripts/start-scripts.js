// The script that starts React's client on an app page after its first paint (decisions 058 and 080), one file per
// chain of routes a page can render, written into the client build by `node scripts/start-scripts.js` (part of
// `npm run build`) and named by a hash of its content. The server names the start script for the routes a page
// rendered (app/utils/scripts-after-paint.server.ts), and leaves React Router's own script in a page whose file the
// build does not have, so a page can never point at a script that does not exist or says something else.
// Why a file: the route manifest and the module list were 2.7-3.2 KB of inline script on every app page (issue 43
// limits a page to 10 KB of it); as a file it is fetched once for every page of its routes and kept by the browser.
import { createHash } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { firstLoadFiles, readManifest } from "./first-load.js";

/** JSON that can stand inside an HTML <script> element. */
const scriptJson = (value) => JSON.stringify(value).replace(/</g, "\\u003c");

/** A file's name: its content's hash, so that a name always means the same code, in every build and instance. */
const fileName = (code) => `start-${createHash("sha256").update(code).digest("base64url").slice(0, 12)}.js`;

/**
 * The module that starts a page of these routes (decisions 058 and 080), loaded by `startLoader` once the page has
 * been painted: it adds the preloads of the routes' first-load files to <head>, runs them one `import()` at a time,
 * each in a task of its own (run by one module script's imports, the whole graph ran in one task of 55-110 ms on a
 * 4x-throttled phone, issue 43), then does what React Router's own module script does: sets the manifest (the
 * rendered routes only: its lazy route discovery fetches the others for the page's links after hydration) and the
 * route modules, and imports the client entry, which hydrates. A module that fails to load fails as it would have in
 * React Router's script.
 * A file of the build, so the pages' Content-Security-Policy lets it run either way it is written (a nonce with
 * 'strict-dynamic' for a page rendered for its request, 'self' for a kept page, decision 047); the preloads carry the
 * page's nonce, which a module finds on the page's scripts (it has no `document.currentScript`).
 */
export function startScript(manifest, routeIds) {
  const routes = Object.fromEntries(routeIds.map((id) => [id, manifest.routes[id]]));
  const code =
    `const m=${scriptJson({ ...manifest, routes })},i=${scriptJson(routeIds)},e=m.entry.module,` +
    `n=document.querySelector("script[nonce]")?.nonce??"",p=${scriptJson(firstLoadFiles(manifest, routeIds))},o={};\n` +
    `for(const u of p){const l=document.createElement("link");l.rel="modulepreload";l.href=u;l.nonce=n;document.head.append(l)}\n` +
    `try{for(const u of p)if(u!==e){await import(u);await new Promise((r)=>setTimeout(r))}}catch{}\n` +
    `for(const d of i)o[d]=await import(m.routes[d].module);\n` +
    `window.__reactRouterManifest=m;window.__reactRouterRouteModules=o;\n` +
    `await import(e);\n`;
  const name = fileName(code);
  return { name, href: manifest.entry.module.slice(0, manifest.entry.module.lastIndexOf("/") + 1) + name, code };
}

/**
 * The page's inline script that loads its start script once the page has been painted (at once when it is not shown:
 * a background tab, a prerendered page; a hidden page gets no frames, so half a second at the latest). Not a
 * `<script src>` in the page: a request the browser starts while it parses the page competes with the stylesheet and
 * the page's images for the first paint, and Lighthouse counts it in the paint's simulation (+0.2-0.3 s of first
 * contentful paint on every app page when the start script was one).
 */
export function startLoader(href) {
  return (
    `(function(c,u){var d=0,g=function(){if(d)return;d=1;var s=document.createElement("script");s.type="module";s.src=u;s.nonce=c.nonce;c.after(s)};` +
    `document.visibilityState!=="visible"||document.prerendering?g():(requestAnimationFrame(function(){setTimeout(g)}),setTimeout(g,500))})(document.currentScript,${scriptJson(href)})`
  );
}

/** Every chain of routes a page can render, root first: each route with its ancestors (an error page renders a prefix, itself a chain). */
export function routeChains(manifest) {
  return Object.values(manifest.routes).map((route) => {
    const chain = [];
    for (let id = route.id; id !== undefined; id = manifest.routes[id]?.parentId) chain.unshift(id);
    return chain;
  });
}

/** Writes every chain's start script into the client build; returns how many. */
export function writeStartScripts(clientDir = "build/client") {
  const manifest = readManifest(clientDir);
  const names = new Set();
  for (const chain of routeChains(manifest)) {
    const start = startScript(manifest, chain);
    if (!names.has(start.name)) writeFileSync(path.join(clientDir, "assets", start.name), start.code);
    names.add(start.name);
  }
  return names.size;
}

/** Whether the client build has this start script (asked once per name: the build does not change while it is served). */
const built = new Map();
export function startScriptBuilt(name, clientDir = "build/client") {
  let found = built.get(name);
  if (found === undefined) built.set(name, (found = existsSync(path.join(clientDir, "assets", name))));
  return found;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(`wrote ${writeStartScripts()} start scripts`);
}
