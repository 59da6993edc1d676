import { expect, it } from "vitest";
import { describeEachBackend, type TestApp } from "../support/app";
import { createVerifiedUser, get } from "../support/accounts";

/**
 * Decision 072: a signed-in request's session is read in one planned statement when Better Auth's lookup would only
 * read it (`utils/session-read.server.ts`), and is Better Auth's otherwise. Each case below is one the statement must
 * hand to Better Auth, seen in what Better Auth does with it: a refreshed session and cookie, a cleared cookie, a row
 * deleted. Answered by the statement, the page would show the reader and set no cookie.
 */

const tokenOf = (cookie: string) => decodeURIComponent(/atlas\.session_token=([^;]+)/.exec(cookie)![1]!).split(".")[0]!;
const sessionCookieSet = (response: Response) => response.headers.getSetCookie().find((line) => line.startsWith("atlas.session_token="));
const expiresAt = async (app: TestApp, token: string) => (await app.query<{ at: Date }>("select expires_at as at from sessions where token = $1", [token]))[0]?.at;

async function profile(app: TestApp, cookie: string) {
  const response = await get(app, "/profile", cookie);
  return { response, status: response.status, body: response.status === 200 ? await response.text() : "" };
}

describeEachBackend("the session of a signed-in request", (app) => {
  it("shows the reader their own page, private and not stored, with no cookie set", async () => {
    const user = await createVerifiedUser(app, { name: "Plain Session" });
    const { response, status, body } = await profile(app, user.cookie);
    expect(status).toBe(200);
    expect(body).toContain(user.email);
    expect(body).toContain("Plain Session");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(sessionCookieSet(response)).toBeUndefined();
  });

  it("leaves a session due for its daily refresh to Better Auth, which extends it and sets its cookie again", async () => {
    const user = await createVerifiedUser(app);
    const token = tokenOf(user.cookie);
    // Last refreshed two days ago: 28 of its 30 days left.
    await app.query("update sessions set expires_at = now() + interval '28 days', updated_at = now() - interval '2 days' where token = $1", [token]);
    const { response, body } = await profile(app, user.cookie);
    expect(body).toContain(user.email);
    expect(sessionCookieSet(response)).toMatch(/Max-Age=2592000/);
    expect((await expiresAt(app, token))!.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });

  it("leaves an expired session to Better Auth, which clears the cookie and deletes the session", async () => {
    const user = await createVerifiedUser(app);
    const token = tokenOf(user.cookie);
    await app.query("update sessions set expires_at = now() - interval '1 minute' where token = $1", [token]);
    const { response, status } = await profile(app, user.cookie);
    expect(status).toBe(302);
    expect(sessionCookieSet(response)).toMatch(/^atlas\.session_token=;.*Max-Age=0/);
    expect(await expiresAt(app, token)).toBeUndefined();
  });

  it("refuses a cookie whose signature is not the auth secret's, or that names no session", async () => {
    const user = await createVerifiedUser(app);
    const [name, value] = user.cookie.split("=") as [string, string];
    const [token, signature] = decodeURIComponent(value).split(".") as [string, string];
    const otherSignature = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    const tampered = `${name}=${encodeURIComponent(`${token}.${otherSignature}`)}`;
    expect((await profile(app, tampered)).status).toBe(302);
    // The same bytes of signature spelled in base64url: better-call refuses it, and so does the statement's check.
    const urlSafe = `${name}=${encodeURIComponent(`${token}.${signature.replaceAll("+", "-").replaceAll("/", "_")}`)}`;
    if (/[+/]/.test(signature)) expect((await profile(app, urlSafe)).status).toBe(302);
    // A deleted session: the signature is good, the row is gone.
    await app.query("delete from sessions where token = $1", [token]);
    const { response, status } = await profile(app, user.cookie);
    expect(status).toBe(302);
    expect(sessionCookieSet(response)).toMatch(/^atlas\.session_token=;.*Max-Age=0/);
  });

  it("reads the user's current name and role, not what they were at sign-in", async () => {
    const user = await createVerifiedUser(app, { name: "Before Rename" });
    await app.query("update users set name = 'After Rename', role = 'editor' where email = $1", [user.email]);
    expect((await profile(app, user.cookie)).body).toContain("After Rename");
    expect((await get(app, "/admin", user.cookie)).status).toBe(200);
  });
});
