import { redirect, type RouterContextProvider } from "react-router";
import type { MessageKey } from "~/lib/messages";
import { AppError } from "./errors.server";
import { notFound } from "./not-found.server";
import { errorResponse } from "./replies.server";
import { ROLES, type Role } from "~/lib/account/roles";
import { SIGN_IN_PATH } from "~/lib/account/sign-in-path";
import { requestInfoContext, type Viewer } from "./request-context";

/**
 * The guards every protected loader and action calls (loaders run in
 * parallel, so a layout's check would not protect its children). They throw:
 * a page is redirected to sign in and comes back afterwards; the JSON API is
 * answered 401, or 403 for a signed-in visitor without the role.
 */
type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** Roles from least to most powerful, each including the ones before it (app/lib/account/roles.ts, which scripts can import too). */
export { ROLES, roleOf } from "~/lib/account/roles";

export const isApiRequest = (request: Request) => new URL(request.url).pathname.startsWith("/api/");

/** A fetcher or client navigation (React Router's single-fetch `.data` URL), as opposed to a document request. */
export const isScriptRequest = (request: Request) => new URL(request.url).pathname.endsWith(".data");

/** The page a request belongs to: its path and query without React Router's `.data` suffix and `_routes`/`index` markers. */
export function pagePathOf(request: Request): string {
  const url = new URL(request.url);
  const pathname = url.pathname.replace(/\/_\.data$/, "/").replace(/\.data$/, "") || "/";
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return `${pathname}${search ? `?${search}` : ""}`;
}

export const signInPath = (returnTo: string) => `${SIGN_IN_PATH}?redirectTo=${encodeURIComponent(returnTo)}`;

/**
 * What a loader reads the visitor for, said at every read (decision 066):
 * - `"page"`: anything the page shows or decides from who is signed in. The page becomes this visitor's: the page
 *   cache notes it (`notes.viewerRead`), and a signed-in reader of that page gets it rendered for them rather than the
 *   shared page with their personal parts.
 * - `"personal-parts"`: the page's personal data alone (the root loader's `personalDataFor`, a tool or blog page's
 *   `personal`), which only personal parts show (decision 054). The server renders those parts for each signed-in
 *   reader of the shared page, so this read leaves the page shared.
 */
export type ViewerUse = { use: "page" | "personal-parts" };

/** The signed-in visitor, or null, read for `use` (above). */
export function viewerOf({ context }: Pick<Args, "context">, { use }: ViewerUse): Viewer | null {
  const info = context.get(requestInfoContext);
  if (use === "page" && info.notes) info.notes.viewerRead = true;
  return info.viewer;
}

/** The signed-in visitor, or a redirect to sign in (pages) / 401 with `message` (API). */
export function requireViewer(args: Args, { message = "authRequiredFeedback" }: { message?: MessageKey } = {}): Viewer {
  const viewer = viewerOf(args, { use: "page" });
  if (viewer) return viewer;
  if (isApiRequest(args.request)) throw errorResponse(new AppError("UNAUTHENTICATED", { message }), { api: true });
  throw redirect(signInPath(pagePathOf(args.request)));
}

export function hasRole(viewer: Pick<Viewer, "role">, role: Role): boolean {
  return ROLES.indexOf(viewer.role) >= ROLES.indexOf(role);
}

/** A signed-in visitor with at least `role`; others get 403 from the API and the not-found page elsewhere (admin pages do not admit they exist). */
export function requireRole(args: Args, role: Role, options: { message?: MessageKey } = {}): Viewer {
  const viewer = requireViewer(args, options);
  if (hasRole(viewer, role)) return viewer;
  if (isApiRequest(args.request)) throw errorResponse(new AppError("FORBIDDEN"), { api: true });
  throw notFound("page");
}

/**
 * Root middleware: a URL whose path parameters hold a control character (`/tools/chat%00gpt`) or are
 * longer than any slug names no page, and answers the not-found page before any loader or action sends
 * the value to the database.
 */
export function readableParams({ params }: { params: Record<string, string | undefined> }) {
  for (const value of Object.values(params)) {
    // eslint-disable-next-line no-control-regex -- control characters are what is refused
    if (value !== undefined && (value.length > 200 || /[\u0000-\u001f\u007f]/.test(value) || !value.isWellFormed())) throw notFound("page");
  }
}
