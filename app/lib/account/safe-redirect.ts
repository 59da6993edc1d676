import { isSignInPath } from "./sign-in-path";

/** Longer than any page of ours with its query; a longer target is junk. */
const MAX_TARGET_LENGTH = 2000;

/**
 * Where to send a visitor back to: only a path on this site. Full URLs, protocol-relative "//host" and
 * "/\host" tricks fall back, so no form can be used as an open redirect. Browsers drop tabs and line
 * breaks inside a URL and trim spaces, so the path is judged as they would read it ("/\t/evil.example"
 * is "//evil.example"). A Location header carries ASCII only: other characters are percent-encoded,
 * as a browser would send them.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string") return fallback;
  const path = to.replace(/[\t\n\r]/g, "").trim();
  if (!path.startsWith("/") || path.startsWith("//") || path.includes("\\") || path.length > MAX_TARGET_LENGTH) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(path)) return fallback;
  try {
    return path.replace(/[^\x21-\x7e]/gu, (char) => encodeURIComponent(char));
  } catch {
    return fallback; // a lone surrogate, which no URL can carry
  }
}

/** After signing in: a safe path, but never back to the sign-in page itself. */
export function signInReturnPath(to: FormDataEntryValue | string | null | undefined): string {
  const path = safeRedirect(to);
  return isSignInPath(path) ? "/" : path;
}
