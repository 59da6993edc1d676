import { randomBytes } from "node:crypto";
import { onHttps, serializeCookie } from "./cookies.server";
import { sign, signatureHolds } from "./signing.server";

/**
 * The device cookie (decision 013). A successful sign-in (or password reset) leaves a long-lived cookie naming
 * the account and a random device id, signed with a key derived from AUTH_SECRET. A browser that shows it for
 * an account is one the owner used before: the per-account sign-in backoff, which strangers can fill, does not
 * stop it (its failures are counted per account and device instead). It grants nothing else: the password is
 * still checked, and it is no session.
 */
export type Device = { userId: string; deviceId: string };

/** About a year; browsers cap cookies at 400 days. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** `__Host-` on https, like the session cookie: no http page and no subdomain can set it. */
export function deviceCookieName() {
  return `${onHttps() ? "__Host-" : ""}atlas.device`;
}

const PURPOSE = "atlas device cookie v1";

/** The device named by the request's cookie, when its signature holds; null for a device never seen. */
export function readDevice(headers: Headers): Device | null {
  const name = deviceCookieName().replaceAll(".", "\\.");
  const value = (headers.get("cookie") ?? "").match(new RegExp(`(?:^|;\\s*)${name}=([A-Za-z0-9_.-]{1,400})`))?.[1];
  const [version, encodedUser, deviceId, mac] = value?.split(".") ?? [];
  if (version !== "v1" || !encodedUser || !deviceId || !mac) return null;
  const userId = Buffer.from(encodedUser, "base64url").toString("utf8");
  return signatureHolds(PURPOSE, `${userId}\n${deviceId}`, mac) ? { userId, deviceId } : null;
}

/** The Set-Cookie line that marks this browser as a device of `userId` (keeping its id when it had one). */
export function deviceCookie(userId: string, deviceId = randomBytes(16).toString("base64url")) {
  const value = ["v1", Buffer.from(userId, "utf8").toString("base64url"), deviceId, sign(PURPOSE, `${userId}\n${deviceId}`)].join(".");
  return serializeCookie(deviceCookieName(), value, { maxAge: MAX_AGE_SECONDS });
}
