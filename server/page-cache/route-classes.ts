import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { declaredCacheClass, type CacheClass } from "~/lib/route-handle";

/** The cache class of the route an address lands on (decision 067). */
export type CacheClassOf = (pathname: string) => CacheClass;

type ServerRoutes = ServerBuild["routes"];

/** The id of the document's layout in every build: no address lands on it alone, the route it wraps decides. */
const ROOT_ID = "root";

/** Addresses whose class was looked up, at most this many (matching costs a flattening of the whole route table). */
const REMEMBERED = 10_000;

/** The build's routes nested as React Router nests them: the build lists them flat, each naming its parent. */
function routeTree(routes: ServerRoutes, parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route !== undefined && route.parentId === parentId)
    .map((route) => ({ id: route!.id, path: route!.path, index: route!.index, caseSensitive: route!.caseSensitive, children: routeTree(routes, route!.id) }) as RouteObject);
}

/**
 * The path a request is for, as React Router's server reads it: the loader data of a client navigation is asked for
 * at the page's path with `.data` after it (`/tools.data`), and `/_.data` for the home page.
 */
export function pagePathOf(pathname: string): string {
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/**
 * Reads every route's declared cache class from the server build (`routes[id].module.handle.cache`, decision 067)
 * once, at start, and answers for an address by matching it against the build's route tree with React Router's own
 * `matchRoutes`, as the render will. A build with a route that declares none is refused here, naming it: the type
 * check (app/route-declarations.ts) should have said so first. An address no route takes (there is none: the table
 * ends in a catch-all) is `personal`, never kept.
 */
export function routeCacheClasses(routes: ServerRoutes): CacheClassOf {
  const classes = new Map<string, CacheClass>();
  const undeclared: string[] = [];
  for (const route of Object.values(routes)) {
    if (!route || route.id === ROOT_ID) continue;
    const declared = declaredCacheClass(route.module.handle);
    if (declared) classes.set(route.id, declared);
    else undeclared.push(route.id);
  }
  if (undeclared.length) throw new Error(`These routes declare no cache class in their handle (decision 067): ${undeclared.join(", ")}.`);
  const tree = routeTree(routes);
  const remembered = new Map<string, CacheClass>();
  return (pathname) => {
    const known = remembered.get(pathname);
    if (known) return known;
    const leaf = matchRoutes(tree, pagePathOf(pathname))?.at(-1);
    const found = (leaf && classes.get(leaf.route.id!)) ?? "personal";
    if (remembered.size >= REMEMBERED) remembered.delete(remembered.keys().next().value!);
    remembered.set(pathname, found);
    return found;
  };
}
