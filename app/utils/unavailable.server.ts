import { data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { AppError, errorHeaders, isUnavailable } from "./errors.server";
import { log } from "./logger.server";
import { notePrimaryFailure } from "./primary-health.server";
import { errorReply } from "./replies.server";
import { requestInfoContext } from "./request-context";

/**
 * While the database is down, every request that needs it is answered 503, never 500: pages with the
 * 'temporarily unavailable' screen and the health banner (the root error boundary), `/api/*` with the
 * usual reply (`ok: false`, code UNAVAILABLE) and Retry-After. Errors are recognised in one place
 * (`asAppError`, utils/errors.server.ts); this module only turns "the database failed during this
 * request" into that answer, for whatever part of the request it failed in.
 */

/** The health check always answers for itself, in its own shape (its loader catches the failure). */
const HEALTH_PATH = "/api/health";

/**
 * Called by entry.server's handleError with every error a loader or action threw (before React Router
 * hides it behind 'Unexpected Server Error'): notes a lost database on the request. Says whether it was one.
 */
export function noteUnavailable(error: unknown, context: Readonly<RouterContextProvider> | undefined): boolean {
  if (!isUnavailable(error)) return false;
  // The primary is asked at once whether it still answers (read-only mode, decision 090).
  notePrimaryFailure(error);
  try {
    if (context) context.get(requestInfoContext).databaseUnavailable = true;
  } catch {
    // No request info (a request that never reached the app's handler): nothing to note.
  }
  return true;
}

/** The 503 the whole request ends with: thrown, so a page renders its error boundary and the API gets the JSON as is. */
function unavailableAnswer(responseHeaders: Headers) {
  const error = new AppError("UNAVAILABLE");
  const headers = { ...errorHeaders(error), "Cache-Control": "no-store" };
  // A document's headers come from the request info (server/app.ts copies them onto the page).
  for (const [name, value] of Object.entries(headers)) responseHeaders.set(name, value);
  return data(errorReply(error), { status: error.status, statusText: "Service Unavailable", headers });
}

/**
 * Root middleware. A session lookup that could not reach the database has already marked the request:
 * no loader or action runs (the visitor would otherwise be treated as signed out). A loader or action
 * that failed for the same reason marks it while it runs: what was rendered is dropped for the 503.
 */
export const unavailableMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (new URL(request.url).pathname === HEALTH_PATH) return next();
  const info = context.get(requestInfoContext);
  if (!info.databaseUnavailable) {
    const response = await next();
    if (!info.databaseUnavailable) return response;
    await response.body?.cancel().catch(() => {});
  }
  log.warn("database unavailable: answered 503", { requestId: info.requestId, path: new URL(request.url).pathname });
  throw unavailableAnswer(info.responseHeaders);
};
