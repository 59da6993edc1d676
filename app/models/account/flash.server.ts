import type { RouterContextProvider } from "react-router";
import { MESSAGES, type Toast } from "~/lib/account-messages";
import { requestInfoContext } from "~/utils/request-context";

/**
 * A one-time message carried across a redirect (signed in, signed out,
 * account deleted...). The cookie holds only a key of MESSAGES, never text a
 * visitor could inject; the root loader reads it once and clears it.
 */
const COOKIE = "atlas.flash";
type FlashKey = keyof typeof MESSAGES;

export function setFlash(context: Readonly<RouterContextProvider>, key: FlashKey) {
  context.get(requestInfoContext).setCookies.push(`${COOKIE}=${key}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60`);
}

export function takeFlash(request: Request, context: Readonly<RouterContextProvider>): Toast | null {
  const match = (request.headers.get("cookie") ?? "").match(/(?:^|;\s*)atlas\.flash=([A-Za-z]+)/);
  if (!match) return null;
  context.get(requestInfoContext).setCookies.push(`${COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`);
  const key = match[1] as FlashKey;
  return Object.hasOwn(MESSAGES, key) ? MESSAGES[key] : null;
}
