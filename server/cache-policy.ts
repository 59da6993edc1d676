import { isSignInPath } from "~/lib/account/sign-in-path";
import { sessionCookieName } from "~/utils/auth.server";
import { FLASH_COOKIE } from "~/utils/flash.server";
import type { Step } from "./pipeline";
import { isReadOnly } from "~/utils/primary-health.server";

/**
 * How every answer may be cached, decided here once for the whole site, because a CDN or proxy in front applies
 * its own default lifetime to an answer that says nothing, and keys it by URL alone unless told `Vary: Cookie`
 * (decision 040). Routes may set their own Cache-Control; it is kept only where an answer may be shared at
 * all (an anonymous GET that succeeded), so a route can make an answer stricter or give a shareable file a
 * lifetime, never make a personal answer, an error or a write's result public.
 */
export const PERSONAL = "private, no-store";
export const NO_STORE = "no-store";
/** An anonymous answer the page cache did not keep: a cache may store it but must ask again each time. */
export const REVALIDATE = "public, max-age=0, must-revalidate";

/** A session cookie in the request's cookies. */
export const carriesSessionCookie = (cookieHeader: string) => cookieHeader.includes(sessionCookieName());

const FLASH_COOKIE_SENT = `${FLASH_COOKIE}=`;

/** A flash message meant for this visitor alone (utils/flash.server.ts) in the request's cookies. */
export const carriesFlashCookie = (cookieHeader: string) => cookieHeader.includes(FLASH_COOKIE_SENT);

/** A session, or a flash message meant for this visitor alone, in the request's cookies. */
export function carriesPersonalCookie(cookieHeader: string): boolean {
  return carriesSessionCookie(cookieHeader) || carriesFlashCookie(cookieHeader);
}

const isSignInRedirect = (response: Response) => {
  const location = response.headers.get("location");
  return location !== null && response.status >= 300 && response.status < 400 && isSignInPath(location.replace(/^https?:\/\/[^/]+/, ""));
};

export type CachePolicy = { cacheControl: string; varyCookie: boolean };

/** The Cache-Control an answer goes out with, and whether shared caches must key it by the Cookie header. */
export function cachePolicy(request: Request, response: Response): CachePolicy {
  const personal = carriesPersonalCookie(request.headers.get("cookie") ?? "") || response.headers.has("set-cookie");
  // Keyed by Cookie too, so that a cache which looks such requests up keeps its "do not store" note to this visitor's variant.
  if (personal) return { cacheControl: PERSONAL, varyCookie: true };
  // A write's result, an error (a 404 of a deleted upload must not outlive it) and "sign in first" are one-offs.
  if ((request.method !== "GET" && request.method !== "HEAD") || response.status >= 400 || isSignInRedirect(response)) return { cacheControl: NO_STORE, varyCookie: false };
  // A page rendered in read-only mode carries its banner (decision 090): no cache keeps it past the mode.
  const chosen = response.headers.get("cache-control") || (isReadOnly() ? NO_STORE : REVALIDATE);
  // The anonymous variant of a page must never be handed to a visitor who sends a session cookie.
  return { cacheControl: chosen, varyCookie: !/\bno-store\b/.test(chosen) };
}

/** RFC 9110 13.1.2: `If-None-Match: *` is false for a resource that exists, which a GET or HEAD answers with 304. */
export function matchesAnyRepresentation(request: Request, response: Response): boolean {
  return (request.method === "GET" || request.method === "HEAD") && response.status === 200 && request.headers.get("if-none-match")?.trim() === "*";
}

function withVaryCookie(vary: string | null): string {
  const names = (vary ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.some((name) => name === "*" || name.toLowerCase() === "cookie")) return names.join(", ");
  return [...names, "Cookie"].join(", ");
}

/**
 * The pipeline's first step, so that it sees every answer, its own steps' refusals included: sets the
 * answer's Cache-Control (and Vary: Cookie) by `cachePolicy`, and answers `If-None-Match: *` with 304.
 */
export const declareCaching: Step = async (exchange, next) => {
  const { request } = exchange;
  const response = await next(exchange);
  const { cacheControl, varyCookie } = cachePolicy(request, response);
  // Some answers (redirect()) have immutable headers: copy before setting ours.
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", cacheControl);
  // A page's tags are for a cache that may keep it (decision 091): none on an answer for this visitor alone.
  if (cacheControl === PERSONAL || cacheControl === NO_STORE) headers.delete("Surrogate-Key");
  if (varyCookie) headers.set("Vary", withVaryCookie(headers.get("vary")));
  if (matchesAnyRepresentation(request, response)) {
    await response.body?.cancel();
    headers.delete("content-length");
    return new Response(null, { status: 304, headers });
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText || undefined, headers });
};
