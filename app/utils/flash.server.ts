import type { RouterContextProvider } from "react-router";
import { isMessageKey, MESSAGES, type MessageKey, type Toast } from "~/lib/messages";
import { serializeCookie } from "./cookies.server";
import { requestInfoContext } from "./request-context";

/**
 * A one-time message carried across a redirect (signed in, signed out,
 * a favourite saved without JavaScript...). The cookie holds only a key of
 * the message catalogue, never text a visitor could inject; the root loader
 * reads it once and clears it.
 */
export const FLASH_COOKIE = "atlas.flash";

/** The message key a request's cookies carry; the name's dot is the only character in it a pattern reads specially. */
const CARRIED = new RegExp(`(?:^|;\\s*)${FLASH_COOKIE.replace(".", "\\.")}=([A-Za-z]+)`);

export function setFlash(context: Readonly<RouterContextProvider>, key: MessageKey) {
  context.get(requestInfoContext).setCookies.push(serializeCookie(FLASH_COOKIE, key, { maxAge: 60 }));
}

export function takeFlash(request: Request, context: Readonly<RouterContextProvider>): Toast | null {
  const match = (request.headers.get("cookie") ?? "").match(CARRIED);
  if (!match) return null;
  context.get(requestInfoContext).setCookies.push(serializeCookie(FLASH_COOKIE, "", { maxAge: 0 }));
  return isMessageKey(match[1]) ? MESSAGES[match[1]] : null;
}
