import { createHmac, timingSafeEqual } from "node:crypto";
import { getAuthSecret } from "./auth.server";

/**
 * Signatures for values the site hands out and later takes back (the device cookie, newsletter links), and keyed
 * hashes that must not be reversible without the secret. Each use names its purpose, from which its own key is
 * derived from AUTH_SECRET, so a signature made for one purpose is worthless for another.
 */
export function sign(purpose: string, value: string): string {
  const key = createHmac("sha256", getAuthSecret()).update(purpose).digest();
  return createHmac("sha256", key).update(value).digest("base64url");
}

/** Whether `signature` is the one `sign(purpose, value)` gives, compared in constant time. */
export function signatureHolds(purpose: string, value: string, signature: string): boolean {
  const expected = Buffer.from(sign(purpose, value));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
