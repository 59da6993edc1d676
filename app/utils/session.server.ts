import { type RouterContextProvider } from "react-router";
import { getAuth, sessionCookieName } from "./auth.server";
import { isUnavailable } from "./errors.server";
import { roleOf } from "~/lib/account/roles";
import { errorText, log } from "./logger.server";
import { requestInfoContext, type Viewer } from "./request-context";

/**
 * Looks up the session named by the request's cookie (one indexed query; none
 * at all when the request carries no session cookie). Better Auth may extend
 * the session and refresh the cookie: those Set-Cookie lines are returned so
 * the HTTP layer can add them to whatever response the request ends with.
 */
export async function loadViewer(request: Request): Promise<{ viewer: Viewer | null; setCookies: string[]; databaseUnavailable?: true }> {
  const cookie = request.headers.get("cookie") ?? "";
  if (!cookie.includes(sessionCookieName())) return { viewer: null, setCookies: [] };
  try {
    const { headers, response } = await getAuth().api.getSession({ headers: request.headers, returnHeaders: true });
    const setCookies = headers?.getSetCookie?.() ?? [];
    if (!response) return { viewer: null, setCookies };
    const { user, session } = response;
    return {
      viewer: {
        id: user.id,
        sessionId: session.id,
        name: user.name,
        email: user.email,
        emailVerified: user.emailVerified,
        image: user.image ?? null,
        username: (user as { username?: string | null }).username ?? null,
        website: (user as { website?: string | null }).website ?? null,
        role: roleOf((user as { role?: unknown }).role),
      },
      setCookies,
    };
  } catch (error) {
    // The database is down: the request is answered 503 (utils/unavailable.server.ts), not as if signed out.
    if (isUnavailable(error)) return { viewer: null, setCookies: [], databaseUnavailable: true };
    // A broken session lookup must not take the page down: the visitor is treated as signed out.
    log.error("session lookup failed", { error: errorText(error) });
    return { viewer: null, setCookies: [] };
  }
}

/** Queues Set-Cookie lines (from Better Auth) for the response of this request. */
export function addResponseCookies(context: Readonly<RouterContextProvider>, headers: Headers | null | undefined) {
  const cookies = headers?.getSetCookie() ?? [];
  context.get(requestInfoContext).setCookies.push(...cookies);
}
