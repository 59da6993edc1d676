import { getEnv } from "./env.server";

/** Whether the public site is https: then every cookie of ours is Secure. */
export const onHttps = () => getEnv().SITE_URL.startsWith("https:");

/**
 * One way to write the site's own cookies (flash message, theme): Path=/, SameSite=Lax, HttpOnly unless
 * page scripts must read it, and Secure when the site is served over https. Session cookies are Better
 * Auth's (utils/auth.server.ts), with the same attributes and the __Host- prefix on https.
 */
export function serializeCookie(name: string, value: string, { maxAge, httpOnly = true }: { maxAge: number; httpOnly?: boolean }): string {
  return `${name}=${value}; Path=/${httpOnly ? "; HttpOnly" : ""}; SameSite=Lax; Max-Age=${maxAge}${onHttps() ? "; Secure" : ""}`;
}
