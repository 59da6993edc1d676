/** The sign-in page's path ("auth" in app/routes.ts): where a visitor without a session is sent. */
export const SIGN_IN_PATH = "/auth";

/** Whether a path on this site (with its query or fragment) is the sign-in page or a page below it. */
export function isSignInPath(path: string): boolean {
  if (!path.startsWith(SIGN_IN_PATH)) return false;
  const rest = path.slice(SIGN_IN_PATH.length);
  return rest === "" || rest.startsWith("/") || rest.startsWith("?") || rest.startsWith("#");
}
