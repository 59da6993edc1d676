import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { sessions, users } from "~/db/schema";
import { roleOf } from "~/lib/account/roles";
import { getAuthSecret, SESSION_LIFETIME, sessionCookieName } from "./auth.server";
import { askPlanned } from "./db.server";
import type { Viewer } from "./request-context";

/** A session as `loadViewer` needs it: who, and the session's own times (for its reuse and its absolute lifetime). */
export type FoundSession = { viewer: Viewer; session: { expiresAt: number; createdAt: number } };

/** The viewer of a signed-in request, from Better Auth's user or our own row: the same fields either way. */
export function viewerFrom(user: Record<string, unknown> & { id: string; name: string; email: string }, sessionId: string): Viewer {
  return {
    id: user.id,
    sessionId,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified === true,
    image: typeof user.image === "string" ? user.image : null,
    username: typeof user.username === "string" ? user.username : null,
    website: typeof user.website === "string" ? user.website : null,
    role: roleOf(user.role),
  };
}

/**
 * The value of the session cookie in a Cookie header, as sent (still URL-encoded), or null unless the header holds it
 * exactly once: with two, which one Better Auth reads is its business.
 */
export function sessionCookieValue(cookieHeader: string): string | null {
  const name = sessionCookieName();
  const values = cookieHeader
    .split(";")
    .map((pair) => pair.split("="))
    .filter(([key]) => key?.trim() === name);
  return values.length === 1 ? values[0]!.slice(1).join("=").trim() : null;
}

/** Better Auth's other cookies about the session: with either, its lookup may write a cookie or skip the refresh. */
const OTHER_SESSION_COOKIES = ["session_data", "dont_remember"];

/**
 * The token of a signed session cookie when its signature is Better Auth's (better-call's signed cookies: the token, a
 * dot, and the base64 HMAC-SHA256 of the token under the auth secret, all URL-encoded), else null.
 */
export function verifiedToken(cookie: string, secret: string): string | null {
  let value = cookie.startsWith('"') && cookie.endsWith('"') ? cookie.slice(1, -1) : cookie;
  try {
    value = decodeURIComponent(value);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  // The form better-call accepts (padded standard base64 of 32 bytes), so no other spelling of the same bytes passes here.
  if (!/^[A-Za-z0-9+/]{43}=$/.test(signature)) return null;
  const expected = createHmac("sha256", secret).update(token).digest();
  return timingSafeEqual(expected, Buffer.from(signature, "base64")) ? token : null;
}

/** The session of a token with its user, one planned statement (decision 060): times in epoch milliseconds. */
const sessionWithUser = (token: string) => sql`select ${sessions.id} as "sessionId",
  (extract(epoch from ${sessions.expiresAt}) * 1000)::float8 as "expiresAt",
  (extract(epoch from ${sessions.createdAt}) * 1000)::float8 as "createdAt",
  ${users.id} as "id", ${users.name} as "name", ${users.email} as "email", ${users.emailVerified} as "emailVerified",
  ${users.image} as "image", ${users.username} as "username", ${users.website} as "website", ${users.role} as "role"
  from ${sessions} join ${users} on ${users.id} = ${sessions.userId} where ${sessions.token} = ${token}`;

/**
 * The request's session read by us, in the one case where Better Auth's `getSession` only reads: exactly one session
 * cookie, signed with the auth secret, none of Better Auth's other session cookies, and a session that exists, has
 * not expired and is not due for its refresh. Null in every other case, which is Better Auth's to answer (it clears a
 * bad or dead cookie, deletes an expired session, refreshes one a day old, cleans a stale cookie cache). Decision 072:
 * Better Auth's lookup (its endpoint, its adapter's join built anew, a statement planned anew) was 1.5 ms of a
 * signed-in page's CPU; this statement is planned once.
 */
export async function readSession(cookieHeader: string, now = Date.now()): Promise<FoundSession | null> {
  if (OTHER_SESSION_COOKIES.some((name) => cookieHeader.includes(name))) return null;
  const cookie = sessionCookieValue(cookieHeader);
  const token = cookie && verifiedToken(cookie, getAuthSecret());
  if (!token) return null;
  const [row] = await askPlanned(sessionWithUser(token));
  if (!row) return null;
  const expiresAt = Number(row.expiresAt);
  const createdAt = Number(row.createdAt);
  const refreshDue = expiresAt - SESSION_LIFETIME.expiresIn * 1000 + SESSION_LIFETIME.updateAge * 1000 <= now;
  if (!(expiresAt > now) || refreshDue || !Number.isFinite(createdAt)) return null;
  const user = row as Record<string, unknown> & { id: string; name: string; email: string };
  return { viewer: viewerFrom(user, String(row.sessionId)), session: { expiresAt, createdAt } };
}
