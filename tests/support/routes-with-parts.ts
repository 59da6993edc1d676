import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import routes from "../../app/routes";
import { projectRoot } from "./paths";

/**
 * The page routes of app/routes.ts whose module renders a part (decision 066), found from the route list and the
 * modules' imports, not listed by hand: a route module that imports a part's module, directly or through the
 * components it imports, is one. So a part added to a page is covered by the tests built on this list without a line
 * of theirs changing. The layout's parts (root.tsx) are on every page: they are covered with each of these.
 */

type RouteEntry = { id?: string; file: string; path?: string; index?: boolean; children?: RouteEntry[] };

/** A page route: its id, its module (under app/) and its full path pattern ("" for the home page). */
export type PageRoute = { id: string; file: string; path: string };

const APP = path.join(projectRoot, "app");
const ALL_PARTS = "components/personal/all-parts.ts";
/** Where `personalPart` and `addressPart` are defined: all-parts.ts imports its types, it is no part. */
const PART_FACTORY = "components/personal/personal-part.tsx";
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

/** React Router's id of a route without one of its own: its file without the extension. */
export const routeIdOf = (entry: Pick<RouteEntry, "id" | "file">) => entry.id ?? entry.file.slice(0, entry.file.lastIndexOf("."));

/** Every route of routes.ts whose module is a page (a .tsx module: resource routes are .ts), with its full path. */
export function pageRoutes(entries = routes as RouteEntry[], parent = ""): PageRoute[] {
  return entries.flatMap((entry) => {
    const full = entry.path === undefined ? parent : [parent, entry.path].filter(Boolean).join("/");
    const own = entry.file.endsWith(".tsx") ? [{ id: routeIdOf(entry), file: entry.file, path: full }] : [];
    return [...own, ...pageRoutes(entry.children ?? [], full)];
  });
}

/** The app modules a module imports (statically or with `import()`), as paths under app/. */
function importsOf(file: string): string[] {
  const source = readFileSync(path.join(APP, file), "utf8");
  return ts
    .preProcessFile(source, true, true)
    .importedFiles.map(({ fileName }) => fileName.split("?")[0]!)
    .map((specifier) => (specifier.startsWith("~/") ? specifier.slice(2) : specifier.startsWith(".") ? path.join(path.dirname(file), specifier) : null))
    .flatMap((base) => {
      const found = base === null ? undefined : EXTENSIONS.map((extension) => base + extension).find((candidate) => existsSync(path.join(APP, candidate)) && candidate !== base);
      return found ? [found] : [];
    });
}

/** The modules of parts: those app/components/personal/all-parts.ts imports to list every part. */
export const partModules = (): Set<string> => new Set(importsOf(ALL_PARTS).filter((file) => file !== PART_FACTORY));

/** The parts' modules a module imports, itself included, through every module it imports. */
function partsReachedFrom(file: string, parts: Set<string>): string[] {
  const seen = new Set<string>([file]);
  const queue = [file];
  while (queue.length) for (const next of importsOf(queue.shift()!)) if (!seen.has(next) && next !== ALL_PARTS && (seen.add(next), true)) queue.push(next);
  return [...seen].filter((module) => parts.has(module)).sort();
}

/** The page routes whose module renders a part, each with the parts' modules it reaches. */
export function routesWithParts(): (PageRoute & { parts: string[] })[] {
  const parts = partModules();
  return pageRoutes()
    .map((route) => ({ ...route, parts: partsReachedFrom(route.file, parts) }))
    .filter((route) => route.parts.length > 0);
}
