import { randomBytes } from "node:crypto";
import type { TestApp } from "./app";
import { latestLink } from "./mail";

let counter = 0;
// Files share worker processes (and pids), and Redis windows outlive a file: a random part per file keeps addresses apart.
const fileTag = randomBytes(2).toString("hex");
/** A fresh address per call, so tests never share an account. */
export function uniqueEmail(label = "user") {
  counter += 1;
  return `${label}-${process.pid}-${Date.now().toString(36)}-${counter}@example.com`;
}

/**
 * A client address no other request of this file (or another file) has used: the per-address rate limits count each
 * one. (The old 203.0.x.y form repeated after 250 addresses, and a long file met its own earlier limits.)
 */
export function uniqueIp() {
  counter += 1;
  return `2001:db8:${fileTag}::${counter.toString(16)}`;
}

export const GOOD_PASSWORD = "violet-lantern-42-river";

/** name=value pairs from a response's Set-Cookie lines (expired ones dropped). */
export function cookiesFrom(response: Response): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const index = pair!.indexOf("=");
    const name = pair!.slice(0, index);
    const value = pair!.slice(index + 1);
    jar[name] = /max-age=0/i.test(line) ? "" : value;
  }
  return jar;
}

export function cookieHeader(jar: Record<string, string>) {
  return Object.entries(jar)
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
}

export function post(app: TestApp, pathname: string, fields: Record<string, string>, options: { cookie?: string; ip?: string; origin?: string } = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": options.ip ?? uniqueIp() };
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.origin) headers.Origin = options.origin;
  return app.request(pathname, { method: "POST", headers, body: new URLSearchParams(fields).toString() });
}

export function get(app: TestApp, pathname: string, cookie?: string) {
  return app.request(pathname, { headers: { ...(cookie ? { Cookie: cookie } : {}), "X-Forwarded-For": uniqueIp() } });
}

/** Signs up, follows the confirmation link from the outbox and returns the signed-in cookie header. */
export async function createVerifiedUser(app: TestApp, { name = "Test User", email = uniqueEmail(), password = GOOD_PASSWORD } = {}) {
  const signUp = await post(app, "/auth", { intent: "signup", from: "dialog", name, email, password, confirmPassword: password });
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  const url = new URL(await latestLink(app.dataDir, email, "/auth/verify-email"));
  const verified = await get(app, url.pathname + url.search);
  const session = cookiesFrom(verified)["atlas.session_token"];
  const cookie = session ? `atlas.session_token=${session}` : "";
  // Says what the confirmation answered, so a rare failure under load can be told from a broken flow.
  if (!cookie) throw new Error(`confirmation did not sign in: ${verified.status} ${verified.headers.get("location") ?? ""} ${(await verified.text()).slice(0, 300)}`);
  return { email, password, name, cookie };
}

export async function signIn(app: TestApp, email: string, password: string, ip?: string) {
  const response = await post(app, "/auth", { intent: "signin", from: "page", email, password, redirectTo: "/" }, { ip });
  return { response, cookie: cookieHeader(cookiesFrom(response)) };
}
