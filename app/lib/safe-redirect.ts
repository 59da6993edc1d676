/**
 * Where to send a visitor after signing in: only a path on this site. Full
 * URLs, protocol-relative "//host" and "/\host" tricks fall back to "/", so the
 * sign-in form can never be used as an open redirect.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (to.includes("\\") || [...to].some((char) => char.charCodeAt(0) < 0x20)) return fallback;
  // Never back to the sign-in page itself.
  if (to === "/auth" || to.startsWith("/auth?") || to.startsWith("/auth/")) return fallback;
  return to.slice(0, 500);
}
