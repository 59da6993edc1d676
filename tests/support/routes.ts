import { matchRoutes, type RouteObject } from "react-router";
import routes from "../../app/routes";

type RouteEntry = { id?: string; path?: string; index?: boolean; children?: RouteEntry[] };

/**
 * Every route's full path, as the server answers it: a child's path joined to its parent's (routes.ts nests the
 * admin pages under "admin"), so "admin/roles", not "roles". An index route is its parent's path, listed once.
 */
function fullPaths(entries: RouteEntry[], parent: string): string[] {
  return entries.flatMap((entry) => {
    const full = entry.path === undefined ? parent : [parent, entry.path].filter(Boolean).join("/");
    return [...(entry.path !== undefined ? [full] : []), ...fullPaths(entry.children ?? [], full)];
  });
}
export const routePaths: string[] = fullPaths(routes as RouteEntry[], "");

/** The route a pathname lands on, as its pattern ("tools/:slug", "admin/roles"): the kind of page it is. */
export function routeOf(pathname: string): string {
  const matches = matchRoutes(routes as RouteObject[], pathname) ?? [];
  return (
    matches
      .map((match) => match.route.path)
      .filter(Boolean)
      .join("/") || "(index)"
  );
}
