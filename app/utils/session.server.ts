import { type RouterContextProvider } from "react-router";
import { getAuth, sessionCookieName } from "./auth.server";
import { isUnavailable } from "./errors.server";
import { roleOf } from "~/lib/account/roles";
import { getEnv } from "./env.server";
import { errorText, log } from "./logger.server";
import { requestInfoContext, type Viewer } from "./request-context";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a session has lived longer than SESSION_MAX_AGE_DAYS since its sign-in (decision 037). Better Auth only
 * slides a session (30 days from its last use), so a stolen cookie used daily would never run out without this.
 */
export function outlivedMaxAge(createdAt: Date, now = Date.now()): boolean {
  return now - createdAt.getTime() > sessionMaxAgeDays() * DAY_MS;
}

/** The longest a session lasts from its sign-in, in days (the privacy page states it). */
export const sessionMaxAgeDays = () => getEnv().SESSION_MAX_AGE_DAYS;

/** A request's session as `loadViewer` found it. */
export type Session = { viewer: Viewer | null; setCookies: string[]; databaseUnavailable?: true };

/**
 * Looks up the session named by the request's cookie (one indexed query; none
 * at all when the request carries no session cookie). Better Auth may extend
 * the session and refresh the cookie: those Set-Cookie lines are returned so
 * the HTTP layer can add them to whatever response the request ends with. A
 * session older than SESSION_MAX_AGE_DAYS is signed out instead.
 */
export async function loadViewer(request: Request): Promise<Session> {
  const cookie = request.headers.get("cookie") ?? "";
  if (!cookie.includes(sessionCookieName())) return { viewer: null, setCookies: [] };
  try {
    const { headers, response } = await getAuth().api.getSession({ headers: request.headers, returnHeaders: true });
    const setCookies = headers?.getSetCookie?.() ?? [];
    if (!response) return { viewer: null, setCookies };
    const { user, session } = response;
    if (outlivedMaxAge(new Date(session.createdAt))) {
      // Ended for good rather than just ignored: the row goes and the cookies are cleared, so none of Better Auth's
      // own endpoints accepts it either. The visitor is signed out and signs in again.
      const { headers: ended } = await getAuth().api.signOut({ headers: request.headers, returnHeaders: true });
      log.info("session ended: past its absolute lifetime", { days: getEnv().SESSION_MAX_AGE_DAYS });
      return { viewer: null, setCookies: ended.getSetCookie() };
    }
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
