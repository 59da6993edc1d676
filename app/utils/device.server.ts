import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { getAuthSecret } from "./auth.server";
import { onHttps, serializeCookie } from "./cookies.server";

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

function signature(userId: string, deviceId: string) {
  const key = createHmac("sha256", getAuthSecret()).update("atlas device cookie v1").digest();
  return createHmac("sha256", key).update(`${userId}\n${deviceId}`).digest("base64url");
}

/** The device named by the request's cookie, when its signature holds; null for a device never seen. */
export function readDevice(headers: Headers): Device | null {
  const name = deviceCookieName().replaceAll(".", "\\.");
  const value = (headers.get("cookie") ?? "").match(new RegExp(`(?:^|;\\s*)${name}=([A-Za-z0-9_.-]{1,400})`))?.[1];
  const [version, encodedUser, deviceId, mac] = value?.split(".") ?? [];
  if (version !== "v1" || !encodedUser || !deviceId || !mac) return null;
  const userId = Buffer.from(encodedUser, "base64url").toString("utf8");
  const expected = Buffer.from(signature(userId, deviceId));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, deviceId } : null;
}

/** The Set-Cookie line that marks this browser as a device of `userId` (keeping its id when it had one). */
export function deviceCookie(userId: string, deviceId = randomBytes(16).toString("base64url")) {
  const value = ["v1", Buffer.from(userId, "utf8").toString("base64url"), deviceId, signature(userId, deviceId)].join(".");
  return serializeCookie(deviceCookieName(), value, { maxAge: MAX_AGE_SECONDS });
}
