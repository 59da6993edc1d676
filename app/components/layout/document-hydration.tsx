import { createContext, useContext, type ReactNode } from "react";
import type { EntryContext } from "react-router";
import type { DiagnosticMode } from "~/lib/vitals/diagnostics";
import type { RouteHandle } from "~/lib/route-handle";

/**
 * Reading pages (decision 049): a route whose page is read rather than used declares
 * `export const handle = { hydrate: false }`. Its document is sent without React's client runtime, module
 * preloads or loader data, and one small script (app/enhance/) adds what it needs in the browser.
 */
export type HydrationHandle = Pick<RouteHandle, "hydrate">;

/**
 * What a reading page runs instead of React's client (reading-scripts.tsx), handed to the root layout by
 * entry.server.tsx, so that none of it is part of the browser's bundle; null for a document that hydrates,
 * which is every document the browser renders.
 */
export const ReadingPage = createContext<{ scripts: ReactNode } | null>(null);

export const useReadingPage = () => useContext(ReadingPage);

/**
 * The request's CSP nonce, for the document's own inline scripts (the root's theme script), handed down by
 * entry.server.tsx rather than through the root loader: an error screen rendered without the root's data (the 503
 * screen while the database is down) needs it as much as any page. Undefined in the browser, which never renders an
 * inline script anew (the server's stays, as hydration leaves it).
 */
export const DocumentNonce = createContext<string | undefined>(undefined);

/** Whether React's client takes over this document (false while the server renders a reading page). */
export const useDocumentHydrates = () => useReadingPage() === null;

/**
 * A document hydrates unless one of its routes is a reading page. An error screen (404, 503, 'Something went
 * wrong') and the `?mode=` diagnostic screens that run in the browser hydrate: they are the app's, not the page's.
 */
export function hydratesDocument({ staticHandlerContext, routeModules }: Pick<EntryContext, "staticHandlerContext" | "routeModules">, mode: DiagnosticMode | null): boolean {
  if (staticHandlerContext.errors || mode === "step-test" || mode === "loading-test") return true;
  return !staticHandlerContext.matches.some((match) => (routeModules[match.route.id]?.handle as HydrationHandle | undefined)?.hydrate === false);
}
