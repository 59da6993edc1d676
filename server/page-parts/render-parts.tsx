import { createContext, Fragment, useContext, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { RenderOnceContext } from "~/components/ui/in-page-text";
import { renderedOnce } from "~/utils/rendered-once.server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject, type StaticHandler, type StaticHandlerContext } from "react-router";
import { PAGE_PARTS } from "~/components/personal/all-parts";
import { PersonalDataProvider } from "~/components/personal/personal-data";
import type { PersonalData } from "~/lib/account/personal-data";
import { laterSectionsLoaded } from "~/components/ui/hydrate-later";
import type { RenderedRoute } from "~/utils/request-context";
import type { Hole } from "./pieces";

/** What ends each part's HTML in the one render of a request's parts: an element only React writes (see `renderParts`). */
const PART_END = "<part-end></part-end>";

/** The parts one render renders: given by context, so that a page's routes are made once, not per request. */
const HolesContext = createContext<readonly Hole[]>([]);

function PartList() {
  return useContext(HolesContext).map(({ name, props }, index) => {
    const { Part } = PAGE_PARTS.get(name)!;
    return (
      <Fragment key={index}>
        <Part {...props} />
        <part-end />
      </Fragment>
    );
  });
}

/**
 * The page's own route branch (ids, paths, index routes, as React Router matched them for the kept page), its leaf
 * rendering the parts: the parts' hooks read the page's loader data by route id, its params and its address as they
 * do in the page. Made once per branch (a route table's worth at most).
 */
const handlers = new Map<string, StaticHandler>();

function handlerOf(branch: RenderedRoute["branch"]): StaticHandler {
  const key = branch.map((route) => route.id).join(" ");
  let handler = handlers.get(key);
  if (handler) return handler;
  // From the leaf up: each route holds the one below it; the leaf renders the parts (an index route is only ever a leaf).
  let below: RouteObject | null = null;
  for (const { id, path, index } of branch.toReversed()) {
    const Component: RouteObject["Component"] = below ? undefined : PartList;
    below = index ? { id, index: true, Component } : { id, path, Component, children: below ? [below] : undefined };
  }
  const routes = below ? [below] : [];
  handlers.set(key, (handler = createStaticHandler(routes)));
  return handler;
}

type Routing = { href: string; router: ReturnType<typeof createStaticRouter>; context: StaticHandlerContext };

/** A kept page's static router at the address last asked (for a reader, always the page's own): made once, not per request. */
const routings = new WeakMap<RenderedRoute, Routing>();

function routingOf(route: RenderedRoute, url: URL): Routing | null {
  const known = routings.get(route);
  if (known?.href === url.href) return known;
  const handler = handlerOf(route.branch);
  const location = { pathname: url.pathname, search: url.search, hash: "", state: null, key: "default", mask: undefined };
  const matches = handler.match(location);
  if (!matches || matches.length !== route.branch.length) return null;
  const context: StaticHandlerContext = {
    basename: "/",
    location,
    matches,
    loaderData: route.loaderData,
    actionData: null,
    errors: null,
    statusCode: 200,
    loaderHeaders: {},
    actionHeaders: {},
    _match: (at) => handler.match(at),
  };
  const routing = { href: url.href, router: createStaticRouter(handler.dataRoutes, context), context };
  routings.set(route, routing);
  return routing;
}

/**
 * The HTML of each part in `holes`, for one request: rendered together in one `renderToString`, in the page's route
 * branch at `url` with the page's loader data, the reader's personal data and whatever `around` provides (a
 * search's results); nothing is loaded anew. Each part's HTML is what React wrote before the `<part-end>` that follows
 * it: React escapes `<` in every text and attribute it writes, so that element is ours, unless a part wrote one
 * through raw HTML. So the render is used only if it holds exactly as many as there are parts (else null: the page is
 * rendered in full), and a part's HTML is never read, only passed on.
 */
export async function renderParts(
  route: RenderedRoute,
  url: URL,
  holes: readonly Hole[],
  { personal, around = (children) => children }: { personal: PersonalData; around?: (children: ReactNode) => ReactNode },
): Promise<string[] | null> {
  const routing = routingOf(route, url);
  if (!routing) return null;
  // Rendered to a string, a section still loading would be its empty fallback (ui/hydrate-later.tsx).
  await laterSectionsLoaded();
  const html = renderToString(
    <RenderOnceContext value={renderedOnce}>
      <PersonalDataProvider value={personal}>
        {around(
          <HolesContext.Provider value={holes}>
            <StaticRouterProvider router={routing.router} context={routing.context} hydrate={false} />
          </HolesContext.Provider>,
        )}
      </PersonalDataProvider>
    </RenderOnceContext>,
  );
  const rendered = html.split(PART_END);
  if (rendered.length !== holes.length + 1 || rendered.at(-1) !== "") return null;
  return rendered.slice(0, -1);
}
