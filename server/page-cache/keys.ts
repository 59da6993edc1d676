import { themeFromCookieHeader } from "~/lib/ui/theme";
import { carriesFlashCookie, carriesPersonalCookie, carriesSessionCookie } from "../cache-policy";
import type { PageCache } from "./context";

/** The key of the page an anonymous visitor of this address and theme is shown. */
export const sharedKeyOf = (pathname: string, search: string, cookie: string) => `${pathname}${search}|${themeFromCookieHeader(cookie)}`;

/**
 * The key a kept page of an anonymous GET or HEAD would be found under, or null for any other request. Whether the
 * address's route may be kept at all is not asked: a page is kept only once its route's class allowed it, so a
 * key of another route finds nothing (the front door's hit path relies on it, decision 053).
 */
export function anonymousKeyOf(method: string, pathname: string, search: string, cookie: string): string | null {
  if ((method !== "GET" && method !== "HEAD") || carriesPersonalCookie(cookie)) return null;
  return sharedKeyOf(pathname, search, cookie);
}

/** The page-cache key of an anonymous GET whose route may be kept (decision 067), or null when it must be rendered for this visitor. */
export function pageCacheKey(cache: PageCache, request: Request, url: URL): string | null {
  const key = anonymousKeyOf(request.method, url.pathname, url.search, request.headers.get("cookie") ?? "");
  return key && cache.classOf(url.pathname) !== "personal" ? key : null;
}

/**
 * The key of the shared page a signed-in GET may be served from (decision 054): the anonymous visitor's key of the
 * same address and theme. Null for other requests, and for a flash message, which only a page rendered for the
 * request shows. The route's class is the caller's to have asked.
 */
export function signedInKeyOf(request: Request, url: URL): string | null {
  const cookie = request.headers.get("cookie") ?? "";
  // The loader data of a client navigation (`.data`) has no parts: it is the reader's own.
  if (request.method !== "GET" || url.pathname.endsWith(".data") || !carriesSessionCookie(cookie) || carriesFlashCookie(cookie)) return null;
  return sharedKeyOf(url.pathname, url.search, cookie);
}

/** The same request as an anonymous visitor sends it: the session and flash cookies left out, the theme kept. */
export function anonymousRequestOf(request: Request): Request {
  const headers = new Headers(request.headers);
  const cookies = (headers.get("cookie") ?? "")
    .split(";")
    .map((cookie) => cookie.trim())
    .filter((cookie) => cookie && !carriesPersonalCookie(cookie));
  if (cookies.length) headers.set("cookie", cookies.join("; "));
  else headers.delete("cookie");
  return new Request(request.url, { method: "GET", headers });
}
