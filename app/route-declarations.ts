import type { Register } from "react-router";
import type { CacheClass } from "~/lib/route-handle";

/**
 * The type check's proof that every route of app/routes.ts declares its cache class (decision 067). React Router's
 * type generation (`react-router typegen`) registers every route module by id; a module without
 * `export const handle = { cache: ... } satisfies RouteHandle` makes the constant below fail to compile, and the
 * error names its route id (`Property '"routes/x"' is missing in type '{}'`).
 * The root layout is no route an address lands on: the route it wraps decides. The server refuses to start without
 * them too (server/page-cache/route-classes.ts), and tests/integration/route-cache-classes.test.ts walks the build.
 */
type RouteModules = Register extends { routeModules: infer Modules } ? Modules : never;
type RouteId = Exclude<keyof RouteModules, "root">;
type WithoutCacheClass = { [Id in RouteId]: RouteModules[Id] extends { handle: { cache: CacheClass } } ? never : Id }[RouteId];

export const everyRouteDeclaresItsCacheClass: { [Id in WithoutCacheClass]: "declares no cache class in its handle" } = {};
