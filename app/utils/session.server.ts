import { createHash } from "node:crypto";
import { type RouterContextProvider } from "react-router";
import { getAuth, sessionCookieName } from "./auth.server";
import { readSession, sessionCookieValue, viewerFrom } from "./session-read.server";
import { ALL, onInvalidate, readerTag } from "./cache.server";
import { isUnavailable } from "./errors.server";
import { getEnv } from "./env.server";
import { errorText, log } from "./logger.server";
import { notePrimaryFailure } from "./primary-health.server";
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

/** Sessions kept for reuse at most; past this the oldest goes (a miss only costs the lookup). */
const MAX_REUSED = 10_000;

type Reused = { viewer: Viewer; until: number; expiresAt: number; createdAt: number };
/**
 * Sessions found for shared pages' personal parts, by cookie digest (decision 068): each serves the same cookie's next
 * such requests without a lookup for SESSION_REUSE_SECONDS (0: never). Only the parts of pages kept for everyone use
 * it (what they show is the reader's own, and none of it grants anything): every page rendered for the reader, every
 * action and every admin page looks the session up. A sign-out, a revoked session, a changed user (Better Auth's
 * hooks in utils/auth.server.ts) and any write of the reader's or about them (`reader:<id>`, here and through the
 * cache bus on other instances) end it at once. Not `cached()`: its tags must be known before the lookup, and the
 * user a cookie belongs to is known only after it.
 */
const reused = new Map<string, Reused>();
/** Invalidations heard so far: a lookup that overlapped one is not kept (the session may have ended meanwhile). */
const heard = { invalidations: 0 };
onInvalidate((tags) => {
  heard.invalidations += 1;
  if (tags.includes(ALL[0])) return reused.clear();
  for (const [cookie, entry] of reused) if (tags.includes(readerTag(entry.viewer.id))) reused.delete(cookie);
});

/** The session cookie of a Cookie header as the key it is kept under (a digest: the cookie itself is a credential). */
function sessionCookieKey(cookieHeader: string): string | null {
  const value = sessionCookieValue(cookieHeader);
  return value === null ? null : createHash("sha256").update(value).digest("base64url");
}

/**
 * Looks up the session named by the request's cookie (one indexed query; none at all when the request carries no
 * session cookie). Better Auth may extend the session and refresh the cookie: those Set-Cookie lines are returned so
 * the HTTP layer can add them to whatever response the request ends with. A session older than SESSION_MAX_AGE_DAYS
 * is signed out instead. `use: "personal-parts"` (the server filling a shared page's parts) may reuse the same
 * cookie's session found in the last SESSION_REUSE_SECONDS; `reused` then says so.
 */
export async function loadViewer(request: Request, { use = "page" }: { use?: "page" | "personal-parts" } = {}): Promise<Session & { reused?: true }> {
  const cookie = request.headers.get("cookie") ?? "";
  if (!cookie.includes(sessionCookieName())) return { viewer: null, setCookies: [] };
  const reuseMs = getEnv().SESSION_REUSE_SECONDS * 1000;
  const token = use === "personal-parts" && reuseMs > 0 ? sessionCookieKey(cookie) : null;
  const now = Date.now();
  const kept = token ? reused.get(token) : undefined;
  if (kept && now < kept.until && now < kept.expiresAt && !outlivedMaxAge(new Date(kept.createdAt), now)) return { viewer: kept.viewer, setCookies: [], reused: true };
  const invalidationsBefore = heard.invalidations;
  const found = await lookUpViewer(request);
  if (token && found.session && found.viewer && !found.setCookies.length && heard.invalidations === invalidationsBefore) {
    reused.delete(token);
    reused.set(token, { viewer: found.viewer, until: now + reuseMs, ...found.session });
    if (reused.size > MAX_REUSED) reused.delete(reused.keys().next().value!);
  }
  return { viewer: found.viewer, setCookies: found.setCookies, ...(found.databaseUnavailable ? { databaseUnavailable: true as const } : {}) };
}

/**
 * The request's session: read by us when Better Auth would only read it (`readSession`, decision 072), else Better
 * Auth's lookup, with the session's own times for `loadViewer`'s reuse.
 */
async function lookUpViewer(request: Request): Promise<Session & { session?: { expiresAt: number; createdAt: number } }> {
  try {
    const read = await readSession(request.headers.get("cookie") ?? "");
    // A session past its absolute lifetime is Better Auth's to end (below).
    if (read && !outlivedMaxAge(new Date(read.session.createdAt))) return { ...read, setCookies: [] };
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
      viewer: viewerFrom(user, session.id),
      setCookies,
      session: { expiresAt: new Date(session.expiresAt).getTime(), createdAt: new Date(session.createdAt).getTime() },
    };
  } catch (error) {
    // The database is down: the request is answered 503 (utils/unavailable.server.ts), not as if signed out.
    if (isUnavailable(error)) {
      notePrimaryFailure(error);
      return { viewer: null, setCookies: [], databaseUnavailable: true };
    }
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
