import type { RouteManifest } from "../../scripts/first-load.js";
import { startLoader, startScript, startScriptBuilt } from "../../scripts/start-scripts.js";

const HEAD_END = "</head>";
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
/** The start of React Router's first inline script (its loader-data context, at the end of the page's HTML), after its tag. */
const ROUTER_CONTEXT = ">window.__reactRouterContext = ";
/** React Router's module script, which imports the route modules and starts React's client. */
const MODULE_SCRIPT = /<script nonce="([^"]*)" type="module" async="">([\s\S]*?)<\/script>/;
/**
 * React Router's module script as its `<Scripts>` writes it for a server-rendered page with lazy route discovery: a
 * `;` line, one import per rendered route, the manifest (indented), the route modules, the client entry's import.
 * Anything else in it (a dev server's HMR runtime, split client loaders) is a script this file cannot start later,
 * and the page is left as React Router wrote it.
 */
const MODULE_BODY =
  /^;\n((?:import \* as route\d+ from "[^"]+";\n)*) {2}window\.__reactRouterManifest = (\{[\s\S]*\});\n {2}window\.__reactRouterRouteModules = \{([^}]*)\};\n\nimport\("([^"]+)"\);$/;

/** The routes React Router's module script renders, root first, with its manifest; null when the script says anything else. */
export function readModuleScript(body: string): { manifest: RouteManifest; routeIds: string[] } | null {
  const match = MODULE_BODY.exec(body);
  if (!match) return null;
  const [, importLines = "", manifestJson = "", routeModules = "", entry] = match;
  const manifest = JSON.parse(manifestJson) as RouteManifest;
  const routes = [...routeModules.matchAll(/"([^"]+)":route(\d+)/g)].map(([, id = "", index]) => ({ id, index: Number(index) }));
  const imports = [...importLines.matchAll(/import \* as route(\d+) from "([^"]+)";/g)].map(([, index, href]) => ({ index: Number(index), href }));
  const known =
    manifest.entry?.module === entry &&
    imports.length === routes.length &&
    routes.every((route, position) => route.index === position && imports[position]?.index === position && manifest.routes?.[route.id]?.module === imports[position]?.href);
  return known ? { manifest, routeIds: routes.map((route) => route.id) } : null;
}

/** Whether the client build has a file of this name (tests stand in for the build). */
type Built = (name: string) => boolean;

/** The loader of the start script of each module script React Router writes (one per chain of routes: a few dozen), kept by its text. */
const startLoaders = new Map<string, string | null>();

/** The inline script that loads the build's start script for the routes of this module script, or null when the build has none (or the script says more). */
function startLoaderFor(body: string, built: Built) {
  const kept = built === startScriptBuilt ? startLoaders.get(body) : undefined;
  if (kept !== undefined) return kept;
  const read = readModuleScript(body);
  const start = read && startScript(read.manifest, read.routeIds);
  const loader = start && built(start.name) ? startLoader(start.href) : null;
  if (built === startScriptBuilt) {
    if (startLoaders.size >= 500) startLoaders.clear();
    startLoaders.set(body, loader);
  }
  return loader;
}

/**
 * React hoists React Router's `<link rel="modulepreload">` tags into <head>, and its module script imports the route
 * modules as soon as the parser meets it, so a phone fetches a dozen scripts (about 130 KB gzip) while it is still
 * fetching the stylesheet and laying out the page's own HTML (issue 30: Lighthouse's simulated phone paints the page's
 * largest text at 2.6 s on a tool page against 1.0 s for its first text, waiting on those scripts). This drops the
 * head's preloads and replaces the module script with the page's start script (scripts/start-scripts.js, decisions
 * 058 and 080): a module of the client build, which a small inline script loads once the page has been painted, does the same. The page's HTML works without them meanwhile
 * (every control is a link or a form). A document without React Router's scripts (a reading page) passes unchanged.
 * The page is whole by now (`entry.server.tsx` renders it into one buffer, decision 073): only the head and the
 * scripts are decoded and changed, the body stays the bytes React wrote (decoding and encoding the whole page cost a
 * fifth of an uncached /tools render's CPU, issue 43's profile).
 */
export function scriptsAfterPaint(page: Buffer, built: Built = startScriptBuilt): Buffer {
  const pieces = deferScriptsIn(page, built);
  return pieces ? Buffer.concat(pieces) : page;
}

/**
 * The page's bytes in pieces, with the head's module preloads dropped and React Router's module script replaced by
 * the start script, or null when there is no such script in them (or none the build has a start script for). Only the head and what
 * follows React Router's first script are decoded.
 */
function deferScriptsIn(bytes: Buffer, built: Built): Buffer[] | null {
  const routerContextAt = bytes.indexOf(ROUTER_CONTEXT);
  const headEnd = bytes.indexOf(HEAD_END);
  if (routerContextAt === -1 || headEnd === -1) return null;
  const routerScriptAt = bytes.lastIndexOf("<script", routerContextAt);
  if (headEnd > routerScriptAt) return null;
  const scripts = bytes.subarray(routerScriptAt).toString("utf8");
  const module = MODULE_SCRIPT.exec(scripts);
  if (!module) return null;
  const [script, nonce, body = ""] = module;
  const loader = startLoaderFor(body, built);
  if (!loader) return null;
  const head = bytes.subarray(0, headEnd).toString("utf8");
  const moduleAt = routerScriptAt + Buffer.byteLength(scripts.slice(0, module.index));
  return [
    Buffer.from(head.replace(MODULE_PRELOAD, "")),
    bytes.subarray(headEnd, moduleAt),
    Buffer.from(`<script nonce="${nonce}">${loader}</script>${scripts.slice(module.index + script.length)}`),
  ];
}

/** The HTML with the head's module preloads dropped and React Router's module script replaced by the start script, or null when it has none this can start. */
export function deferScripts(html: string, built: Built = startScriptBuilt): string | null {
  return (
    deferScriptsIn(Buffer.from(html), built)
      ?.map((piece) => piece.toString("utf8"))
      .join("") ?? null
  );
}
