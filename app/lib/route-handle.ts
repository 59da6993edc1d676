import type { Breadcrumb } from "~/lib/ui/breadcrumbs";

/**
 * What the page cache may do with a route's answers (decision 067). Every route module says which one in its
 * `handle` (`export const handle = { cache: "shared" } satisfies RouteHandle`); the server reads it from the build's
 * route tree, and `app/route-declarations.ts` fails the type check for a route that says nothing.
 * - `shared`: one answer for every anonymous visitor, kept and served from memory (a feed, a sitemap, a page whose
 *   loader reads the viewer). A signed-in reader's answer is rendered for them.
 * - `shared-with-personal-parts`: kept like `shared`, and a signed-in reader is served the kept page with its personal
 *   parts rendered for them (decision 054), unless a loader read the viewer while it was rendered.
 * - `personal`: rendered for each request and never kept: a reader's own pages, the API and writes, answers that
 *   count each visit (`/go`), files served from storage, and the not-found page (a 404 is never kept).
 */
export const CACHE_CLASSES = ["shared", "shared-with-personal-parts", "personal"] as const;
export type CacheClass = (typeof CACHE_CLASSES)[number];

/** Everything a route module's `handle` may say: its cache class (required), and what the document and breadcrumbs read. */
export type RouteHandle = {
  cache: CacheClass;
  /** A page to read: sent without React's client (decision 049, components/layout/document-hydration.tsx). */
  hydrate?: false;
  /** No breadcrumb trail on this page. */
  breadcrumbs?: false;
  /** Names the last crumb (a tool's or category's real name). */
  breadcrumb?: (data: unknown) => string | undefined;
  /** Replaces the path-derived trail entirely (e.g. to insert the tool's category). */
  crumbs?: (data: unknown) => Breadcrumb[] | undefined;
};

/** The cache class a route module's `handle` declares, or null when it declares none (or something that is not one). */
export function declaredCacheClass(handle: unknown): CacheClass | null {
  const cache = (handle as { cache?: unknown } | null | undefined)?.cache;
  return CACHE_CLASSES.find((name) => name === cache) ?? null;
}
