import type { RouteHandle } from "~/lib/route-handle";
import { NavLink, Outlet } from "react-router";
import { ADMIN_NAV } from "~/lib/admin/admin-nav";
import { cn } from "~/lib/ui/cn";
import { hasRole, requireRole } from "~/utils/guards.server";
import type { Route } from "./+types/admin";

export const handle = { cache: "personal" } satisfies RouteHandle;

/**
 * The admin area's frame (issue 19): the side navigation and the section. Each child page checks its own role
 * too (loaders run in parallel, so this check does not protect them); a reader or a stranger gets the not-found page.
 */
export async function loader(args: Route.LoaderArgs) {
  const viewer = requireRole(args, "editor");
  return { nav: ADMIN_NAV.filter((item) => hasRole(viewer, item.role)), role: viewer.role };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:grid md:grid-cols-[12rem_minmax(0,1fr)] md:gap-8">
      <nav aria-label="Admin sections" className="mb-6 md:mb-0">
        <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Admin · {loaderData.role}</p>
        <ul className="flex gap-1 overflow-x-auto md:flex-col">
          {loaderData.nav.map((item) => (
            <li key={item.to} className="shrink-0">
              <NavLink
                to={item.to}
                end={item.to === "/admin"}
                className={({ isActive }) =>
                  cn("block rounded-md px-3 py-2 text-sm hover:bg-secondary focus-visible:outline-2 focus-visible:outline-ring", isActive && "bg-secondary font-semibold")
                }
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
