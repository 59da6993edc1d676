import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { expect, it } from "vitest";
import { describeEachBackend } from "../support/app";
import { cookieHeader, cookiesFrom, createVerifiedUser, get, GOOD_PASSWORD, post, signIn, uniqueEmail, uniqueIp } from "../support/accounts";
import { latestLink, readOutbox, settleMail } from "../support/mail";
import type { TestApp } from "../support/app";

/** Whether `cookie` is a live session: the profile answers, instead of sending to sign in. */
async function isSignedIn(app: TestApp, cookie: string) {
  const response = await get(app, "/profile", cookie);
  if (response.status === 302) {
    expect(response.headers.get("location")).toBe("/auth?redirectTo=%2Fprofile");
    return false;
  }
  expect(response.status).toBe(200);
  return true;
}

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

describeEachBackend("accounts", (app) => {
  it("enforces one password policy on the server: 8 to 128 characters, common passwords refused", async () => {
    const attempt = (password: string) =>
      post(app, "/auth", { intent: "signup", from: "dialog", name: "Pat Policy", email: uniqueEmail("policy"), password, confirmPassword: password });
    const short = await attempt("abc123!");
    expect(short.status).toBe(400);
    expect(await text(short)).toContain("Password must be at least 8 characters");
    const long = await attempt("x".repeat(60) + "y".repeat(69));
    expect(long.status).toBe(400);
    expect(await text(long)).toContain("Password must be at most 128 characters");
    for (const common of ["password123", "12345678", "qwertyuiop", "abcdefgh"]) {
      const response = await attempt(common);
      expect(response.status, common).toBe(400);
      expect(await text(response)).toContain("is among the most common passwords and easy to guess");
    }
    const exactly128 = await attempt("Zq9!".repeat(32));
    expect(exactly128.status).toBe(201);
    // The same rule guards the reset form.
    const reset = await post(app, "/auth/reset-password", { token: "whatever", password: "letmein1", confirmPassword: "letmein1" });
    expect(reset.status).toBe(400);
    expect(await text(reset)).toContain("is among the most common passwords and easy to guess");
  });

  it("refuses a common password with usual changes at sign-up, says why, and keeps the name and email typed", async () => {
    const email = uniqueEmail("common");
    for (const common of ["monkey123", "P@ssw0rd123", "qwerty123!"]) {
      // To /auth without ?tab, as the page's form posts: the refused sign-up form comes back, not the sign-in tab.
      const response = await post(app, "/auth", { intent: "signup", from: "page", name: "Casey Common", email, password: common, confirmPassword: common });
      expect(response.status, common).toBe(400);
      const body = await text(response);
      expect(body).toContain("This password, or one very like it, is among the most common passwords and easy to guess. Please choose another.");
      expect(body).toContain('value="Casey Common"');
      expect(body).toContain(`value="${email}"`);
    }
    expect(await app.query("select 1 from users where email = $1", [email])).toEqual([]);
  });

  it("signs up with a confirmation email, derives the username, and refuses a second sign-up with 'Account exists'", async () => {
    const email = uniqueEmail("jane");
    const response = await post(app, "/auth", { intent: "signup", from: "page", name: "Jane  Q Doe", email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD });
    expect(response.status).toBe(201);
    const body = await text(response);
    expect(body).toContain("Account created!");
    expect(body).toContain("Please check your email to confirm your account.");
    const [user] = await app.query<{ username: string; email_verified: boolean }>("select username, email_verified from users where email = $1", [email]);
    expect(user).toEqual({ username: "jane_q_doe", email_verified: false });
    // Hashed by the one hasher at the suite's cost (decision 094; the standard one is held in password-hash.server.test.ts).
    const [credential] = await app.query<{ password: string }>("select a.password from accounts a join users u on u.id = a.user_id where u.email = $1", [email]);
    expect(credential!.password).toMatch(/^test-only-fast:[0-9a-f]{32}:[0-9a-f]{128}$/);

    await settleMail(app);
    const mail = readOutbox(app.dataDir).filter((message) => message.to.includes(email));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain("Confirm your email");

    // Not confirmed yet: sign-in is refused with a pointer to the email (no session).
    const early = await signIn(app, email, GOOD_PASSWORD);
    expect(early.response.status).toBe(403);
    expect(await text(early.response)).toContain("not confirmed yet");
    expect(early.cookie).not.toContain("session_token");

    const again = await post(app, "/auth", {
      intent: "signup",
      from: "dialog",
      name: "Jane Again",
      email: email.toUpperCase(),
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
    });
    expect(again.status).toBe(409);
    const againBody = await text(again);
    expect(againBody).toContain("Account exists");
    expect(againBody).toContain("This email is already registered. Please sign in instead.");

    // A second "Jane Q Doe" gets a distinct username.
    const other = uniqueEmail("jane2");
    await post(app, "/auth", { intent: "signup", from: "dialog", name: "jane q doe", email: other, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD });
    const [second] = await app.query<{ username: string }>("select username from users where email = $1", [other]);
    expect(second!.username).toBe("jane_q_doe_2");
  });

  it("refuses mismatched passwords and a filled honeypot creates nothing", async () => {
    const mismatch = await post(app, "/auth", {
      intent: "signup",
      from: "dialog",
      name: "Mo",
      email: uniqueEmail(),
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD + "x",
    });
    expect(mismatch.status).toBe(400);
    expect(await text(mismatch)).toContain("Passwords do not match. Please try again.");

    const botEmail = uniqueEmail("bot");
    const bot = await post(app, "/auth", {
      intent: "signup",
      from: "dialog",
      name: "Bot",
      email: botEmail,
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
      company: "Spam Inc",
    });
    expect(bot.status).toBe(200);
    expect(await app.query("select 1 from users where email = $1", [botEmail])).toHaveLength(0);
  });

  it("confirms by link, signs in with a fresh HttpOnly SameSite=Lax session each time, and says 'Welcome back!'", async () => {
    const user = await createVerifiedUser(app, { name: "Sam Sign" });
    const profile = await get(app, "/profile", user.cookie);
    expect(profile.headers.get("cache-control")).toBe("private, no-store");
    expect(await text(profile)).toContain("Sam Sign");
    // A forged or mangled confirmation link is the link's fault: 400 with the page's words, not an error.
    const forged = await get(app, "/auth/verify-email?token=forged.token.value");
    expect(forged.status).toBe(400);
    expect(await text(forged)).toContain("invalid or has expired");

    const first = await signIn(app, user.email, user.password);
    expect(first.response.status).toBe(302);
    expect(first.response.headers.get("location")).toBe("/");
    const sessionLine = first.response.headers.getSetCookie().find((line) => line.startsWith("atlas.session_token="))!;
    expect(sessionLine).toMatch(/HttpOnly/i);
    expect(sessionLine).toMatch(/SameSite=Lax/i);
    expect(sessionLine).not.toMatch(/Secure/i); // the test site is http; https sites get Secure
    const home = await get(app, "/", first.cookie);
    expect(await text(home)).toContain("Welcome back!");

    const second = await signIn(app, user.email, user.password);
    expect(cookiesFrom(second.response)["atlas.session_token"]).not.toBe(cookiesFrom(first.response)["atlas.session_token"]);

    // Back to where the visitor came from, but never off-site.
    const back = await post(app, "/auth", { intent: "signin", from: "page", email: user.email, password: user.password, redirectTo: "/tools?q=seo" });
    expect(back.headers.get("location")).toBe("/tools?q=seo");
    // A fourth sign-in within 10 s would meet the rate limit; start its window afresh.
    await app.query("delete from rate_limits where key like 'signIn:%'");
    const offsite = await post(app, "/auth", { intent: "signin", from: "page", email: user.email, password: user.password, redirectTo: "//evil.example/x" });
    expect(offsite.headers.get("location")).toBe("/");

    // A signed-in visitor is sent away from /auth.
    const authPage = await get(app, "/auth", first.cookie);
    expect(authPage.status).toBe(302);
    expect(authPage.headers.get("location")).toBe("/");
  });

  it("answers a wrong password with the spec's message and refuses the 4th quick attempt with 429", async () => {
    const user = await createVerifiedUser(app);
    const ip = uniqueIp();
    for (let attempt = 1; attempt <= 3; attempt++) {
      const wrong = await signIn(app, user.email, "not-the-password", ip);
      expect(wrong.response.status, `attempt ${attempt}`).toBe(401);
      expect(await text(wrong.response)).toContain("Invalid email or password. Please try again.");
    }
    const fourth = await signIn(app, user.email, user.password, ip);
    expect(fourth.response.status).toBe(429);
    expect(await text(fourth.response)).toMatch(/Too many attempts.*Please wait \d+ seconds? and try again\./s);
    expect(fourth.cookie).not.toContain("session_token");

    // Per address too: a fresh IP does not reset the count for this account.
    const otherIp = await signIn(app, user.email, user.password, uniqueIp());
    expect(otherIp.response.status).toBe(429);
    // And per IP: one client cannot spray many addresses.
    const sprayIp = uniqueIp();
    const statuses = [];
    for (let index = 0; index < 4; index++) statuses.push((await signIn(app, uniqueEmail("spray"), "whatever-password", sprayIp)).response.status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // The counters live in the database, so they hold across restarts and instances.
    const [row] = await app.query<{ n: number }>("select count(*)::int as n from rate_limits where key like 'signIn:%'");
    expect(row!.n).toBeGreaterThan(0);
    // Once the window has passed, the count starts again.
    await app.query("update rate_limits set reset_at = now() - interval '1 second' where key like 'signIn:%'");
    expect((await signIn(app, user.email, user.password, ip)).response.status).toBe(302);
  });

  it("signing out deletes the session on the server, so the old cookie no longer works", async () => {
    const user = await createVerifiedUser(app);
    const { cookie } = await signIn(app, user.email, user.password);
    expect(await isSignedIn(app, cookie)).toBe(true);
    const token = decodeURIComponent(cookie.match(/atlas\.session_token=([^;.]+)/)![1]!);
    expect(await app.query("select 1 from sessions where token = $1", [token])).toHaveLength(1);

    const out = await post(app, "/auth/sign-out", {}, { cookie });
    expect(out.status).toBe(302);
    expect(out.headers.getSetCookie().some((line) => /^atlas\.session_token=;/.test(line) || /atlas\.session_token=.*Max-Age=0/i.test(line))).toBe(true);
    expect(await app.query("select 1 from sessions where token = $1", [token])).toHaveLength(0);

    expect(await isSignedIn(app, cookie)).toBe(false);
    const exportAttempt = await get(app, "/settings/export", cookie);
    expect([exportAttempt.status, exportAttempt.headers.get("location")]).toEqual([302, "/auth?redirectTo=%2Fsettings%2Fexport"]);
    // GET never signs anyone out.
    expect((await get(app, "/auth/sign-out")).status).toBe(302);
  });

  it("resets a forgotten password by email (same answer for unknown addresses, one email a minute) and ends every session", async () => {
    const user = await createVerifiedUser(app);
    await settleMail(app);
    const before = readOutbox(app.dataDir).length;
    const unknown = await post(app, "/auth", { intent: "forgot", from: "page", email: uniqueEmail("nobody") });
    expect(unknown.status).toBe(200);
    expect(await text(unknown)).toContain("Please check your email for password reset instructions.");
    await settleMail(app);
    expect(readOutbox(app.dataDir)).toHaveLength(before);

    const asked = await post(app, "/auth", { intent: "forgot", from: "page", email: user.email });
    expect(asked.status).toBe(200);
    expect(await text(asked)).toContain("Please check your email for password reset instructions.");
    // At most one email a minute to an address, from any client.
    const tooSoon = await post(app, "/auth", { intent: "forgot", from: "page", email: user.email });
    expect(tooSoon.status).toBe(429);
    expect(await text(tooSoon)).toContain("Email already sent");
    await settleMail(app);
    expect(readOutbox(app.dataDir).filter((message) => message.subject.includes("Reset") && message.to.includes(user.email))).toHaveLength(1);
    const link = await latestLink(app.dataDir, user.email, "/auth/reset-password");
    const token = new URL(link).searchParams.get("token")!;
    // The table keeps only the SHA-256 of the link's identifier (decision 037): reading the database gives no way in.
    const rows = await app.query<{ identifier: string; value: string }>("select identifier, value from verifications");
    expect(rows.filter((row) => row.identifier.includes(token) || row.value.includes(token))).toEqual([]);
    const hashed = createHash("sha256").update(`reset-password:${token}`).digest("base64url");
    expect(rows.filter((row) => row.identifier === hashed)).toHaveLength(1);
    expect((await get(app, `/auth/reset-password?token=${encodeURIComponent(token)}`)).status).toBe(200);

    const newPassword = "maple-harbour-77-quiet";
    const bad = await post(app, "/auth/reset-password", { token: "forged-token", password: newPassword, confirmPassword: newPassword });
    expect(bad.status).toBe(400);
    expect(await text(bad)).toContain("invalid or has expired");
    const done = await post(app, "/auth/reset-password", { token, password: newPassword, confirmPassword: newPassword });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/auth?tab=signin");

    expect(await isSignedIn(app, user.cookie)).toBe(false);
    expect((await signIn(app, user.email, user.password)).response.status).toBe(401);
    expect((await signIn(app, user.email, newPassword)).response.status).toBe(302);
    // The link works once.
    const reused = await post(app, "/auth/reset-password", { token, password: "another-fine-passphrase", confirmPassword: "another-fine-passphrase" });
    expect(reused.status).toBe(400);
  });

  it("ends a session 90 days (SESSION_MAX_AGE_DAYS) after its sign-in, however often it was used", async () => {
    const user = await createVerifiedUser(app);
    const ofUser = "user_id = (select id from users where email = $1)";
    // In use every day for 89 days: Better Auth slid its end forward at each use, and it still works.
    await app.query(
      `update sessions set created_at = now() - interval '89 days', updated_at = now() - interval '1 hour', expires_at = now() + interval '29 days' where ${ofUser}`,
      [user.email],
    );
    expect(await isSignedIn(app, user.cookie)).toBe(true);
    // A day past 90, used an hour ago and with weeks of its sliding window left: signed out, the row gone, the cookie cleared.
    await app.query(
      `update sessions set created_at = now() - interval '91 days', updated_at = now() - interval '1 hour', expires_at = now() + interval '29 days' where ${ofUser}`,
      [user.email],
    );
    const response = await get(app, "/profile", user.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth?redirectTo=%2Fprofile");
    expect(response.headers.getSetCookie().find((line) => line.startsWith("atlas.session_token="))).toMatch(/^atlas\.session_token=;.*Max-Age=0/);
    expect(response.headers.get("cache-control")).toContain("no-store");
    expect(await app.query(`select 1 from sessions where ${ofUser}`, [user.email])).toEqual([]);
    // Signing in again starts a new session.
    const again = await signIn(app, user.email, user.password);
    expect(again.response.status).toBe(302);
    expect(await isSignedIn(app, again.cookie)).toBe(true);
  });

  it("changes the password only with the current one and signs out the other sessions", async () => {
    const user = await createVerifiedUser(app);
    const other = await signIn(app, user.email, user.password);
    const wrong = await post(
      app,
      "/settings",
      { intent: "change-password", currentPassword: "nope-nope-nope", newPassword: "orchid-canyon-58-lamp", confirmPassword: "orchid-canyon-58-lamp" },
      { cookie: user.cookie },
    );
    expect(wrong.status).toBe(400);
    expect(await text(wrong)).toContain("Your current password is not correct");
    const common = await post(
      app,
      "/settings",
      { intent: "change-password", currentPassword: user.password, newPassword: "P@ssw0rd123", confirmPassword: "P@ssw0rd123" },
      { cookie: user.cookie },
    );
    expect(common.status).toBe(400);
    expect(await text(common)).toContain("This password, or one very like it, is among the most common passwords and easy to guess. Please choose another.");
    const changed = await post(
      app,
      "/settings",
      { intent: "change-password", currentPassword: user.password, newPassword: "orchid-canyon-58-lamp", confirmPassword: "orchid-canyon-58-lamp" },
      { cookie: user.cookie },
    );
    expect(changed.status).toBe(200);
    const fresh = cookieHeader({ ...cookiesFrom(changed) });
    expect(await isSignedIn(app, other.cookie)).toBe(false);
    expect(await isSignedIn(app, fresh)).toBe(true);
  });

  it("signs out every other session from settings", async () => {
    const user = await createVerifiedUser(app);
    const laptop = await signIn(app, user.email, user.password);
    const phone = await signIn(app, user.email, user.password);
    // Settings lists every signed-in device (the first, from confirming the address, too), this one marked once.
    const devices = (cookie: string) => get(app, "/settings", cookie).then(text);
    const listed = await devices(laptop.cookie);
    expect(listed.match(/\(this device\)/g)).toHaveLength(1);
    const [{ n }] = (await app.query<{ n: number }>("select count(*)::int as n from sessions join users on users.id = sessions.user_id where users.email = $1", [user.email])) as [
      { n: number },
    ];
    expect(n).toBeGreaterThanOrEqual(2);
    expect(listed.match(/Since \w/g)).toHaveLength(n);
    expect(listed).toContain(`Sign out of all other sessions (${n - 1})`);
    const revoked = await post(app, "/settings", { intent: "revoke-others" }, { cookie: laptop.cookie });
    expect(revoked.status).toBe(200);
    expect(await text(revoked)).toContain("Every other device signed in to your account has been signed out.");
    expect(await isSignedIn(app, phone.cookie)).toBe(false);
    expect(await isSignedIn(app, laptop.cookie)).toBe(true);
  });

  it("lets a user edit only their own profile, with server-side validation", async () => {
    const alice = await createVerifiedUser(app, { name: "Alice Example" });
    const bob = await createVerifiedUser(app, { name: "Bob Example" });
    const [bobRow] = await app.query<{ id: string }>("select id from users where email = $1", [bob.email]);

    const updated = await post(
      app,
      "/profile",
      { name: "Alice E.", username: "alice_e", website: "https://alice.example", id: bobRow!.id, userId: bobRow!.id },
      { cookie: alice.cookie },
    );
    expect(updated.status).toBe(302);
    expect(updated.headers.getSetCookie()).toContain("atlas.flash=profileUpdated; Path=/; HttpOnly; SameSite=Lax; Max-Age=60");
    expect(await text(await get(app, "/profile", `${alice.cookie}; atlas.flash=profileUpdated`))).toContain("Your profile has been updated successfully.");
    const rows = await app.query<{ email: string; name: string; username: string; website: string | null }>(
      "select email, name, username, website from users where email in ($1, $2) order by email",
      [alice.email, bob.email],
    );
    expect(rows.find((row) => row.email === alice.email)).toMatchObject({ name: "Alice E.", username: "alice_e", website: "https://alice.example" });
    expect(rows.find((row) => row.email === bob.email)).toMatchObject({ name: "Bob Example", username: "bob_example", website: null });

    // Bob's pages and export never show Alice's data, and the other way round.
    expect(await text(await get(app, "/profile", bob.cookie))).not.toContain("alice");
    const exported = await (await get(app, "/settings/export", alice.cookie)).json();
    expect(exported.account.email).toBe(alice.email);
    expect(JSON.stringify(exported)).not.toContain(bob.email);

    const taken = await post(app, "/profile", { name: "Bob", username: "ALICE_E", website: "" }, { cookie: bob.cookie });
    expect(taken.status).toBe(409);
    expect(await text(taken)).toContain("That username is taken");
    const badSite = await post(app, "/profile", { name: "Bob", username: "bob_b", website: "javascript:alert(1)" }, { cookie: bob.cookie });
    expect(badSite.status).toBe(400);
    expect(await text(badSite)).toContain("Website must start with http:// or https://");
    const noName = await post(app, "/profile", { name: "   ", username: "bob_b", website: "" }, { cookie: bob.cookie });
    expect(noName.status).toBe(400);
    expect(await text(noName)).toContain("Display name is required");
    // Without a session the form post is sent to sign in, and back to the profile afterwards.
    const anonymous = await post(app, "/profile", { name: "X", username: "xxx", website: "" });
    expect([anonymous.status, anonymous.headers.get("location")]).toEqual([302, "/auth?redirectTo=%2Fprofile"]);
  });

  it("re-encodes an avatar upload and refuses a file that is not an image whatever its name", async () => {
    const user = await createVerifiedUser(app, { name: "Ava Tar" });
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#4338ca" } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: "secret-exif-marker" } } })
      .toBuffer();
    const upload = (file: Blob, name: string) => {
      const form = new FormData();
      form.set("name", "Ava Tar");
      form.set("username", "ava_tar");
      form.set("website", "");
      form.set("avatar", file, name);
      return app.request("/profile", { method: "POST", body: form, headers: { Cookie: user.cookie, "X-Forwarded-For": uniqueIp() } });
    };
    const html = await upload(new Blob(["<html><script>alert(1)</script></html>"], { type: "image/png" }), "avatar.png");
    expect(html.status).toBe(400);
    expect(await text(html)).toContain("Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.");

    const ok = await upload(new Blob([new Uint8Array(png)], { type: "image/png" }), "me.png");
    expect(ok.status).toBe(302);
    const [row] = await app.query<{ image: string }>("select image from users where email = $1", [user.email]);
    expect(row!.image).toMatch(/^\/uploads\/avatars\/[a-f0-9]{32}-\d{13}\.webp$/);
    const served = await get(app, row!.image);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=3600");
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes("secret-exif-marker")).toBe(false);
  });

  it("exports the account's data as a JSON download", async () => {
    const user = await createVerifiedUser(app, { name: "Ex Port" });
    const response = await get(app, "/settings/export", user.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="ai-tools-atlas-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const body = await response.json();
    expect(body.account).toMatchObject({ name: "Ex Port", email: user.email, emailVerified: true, username: "ex_port" });
    expect(body).toHaveProperty("favorites");
    expect(body).toHaveProperty("reviews");
    expect(JSON.stringify(body)).not.toMatch(/password|token/i);
  });

  it("deletes an account and leaves nothing of it behind", async () => {
    const user = await createVerifiedUser(app, { name: "Del Ete" });
    const [row] = await app.query<{ id: string }>("select id from users where email = $1", [user.email]);
    const id = row!.id;
    await app.query("insert into favorites (user_id, tool_id) select $1, id from tools order by id limit 2", [id]);
    await app.query("insert into reviews (user_id, tool_id, rating, comment) select $1, id, 4, 'Useful' from tools order by id limit 1", [id]);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("name", "Del Ete");
    form.set("username", "del_ete");
    form.set("avatar", new Blob([new Uint8Array(png)]), "a.png");
    await app.request("/profile", { method: "POST", body: form, headers: { Cookie: user.cookie, "X-Forwarded-For": uniqueIp() } });
    const [{ image }] = (await app.query<{ image: string }>("select image from users where id = $1", [id])) as [{ image: string }];
    const avatarFile = path.join(app.dataDir, image.replace(/^\//, ""));
    expect(existsSync(avatarFile)).toBe(true);
    // A review image uploaded but never attached belongs to the account too.
    const uploadForm = new FormData();
    uploadForm.set("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "draft.png");
    const uploaded = await (await app.request("/api/uploads", { method: "POST", body: uploadForm, headers: { Cookie: user.cookie, "X-Forwarded-For": uniqueIp() } })).json();
    const strayFile = path.join(app.dataDir, String(uploaded.data.url).replace(/^\//, ""));
    expect(existsSync(strayFile)).toBe(true);

    const unconfirmed = await post(app, "/settings", { intent: "delete-account", password: user.password, confirm: "delete" }, { cookie: user.cookie });
    expect(unconfirmed.status).toBe(400);
    expect(await text(unconfirmed)).toContain("Type DELETE in capital letters to confirm.");
    const wrongPassword = await post(app, "/settings", { intent: "delete-account", password: "wrong-password-here", confirm: "DELETE" }, { cookie: user.cookie });
    expect(wrongPassword.status).toBe(400);
    expect(await text(wrongPassword)).toContain("Your password is not correct.");

    const deleted = await post(app, "/settings", { intent: "delete-account", password: user.password, confirm: "DELETE" }, { cookie: user.cookie });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/");
    for (const [table, column] of [
      ["users", "id"],
      ["sessions", "user_id"],
      ["accounts", "user_id"],
      ["favorites", "user_id"],
      ["reviews", "user_id"],
    ]) {
      expect(await app.query(`select 1 from ${table} where ${column} = $1`, [id]), table).toHaveLength(0);
    }
    expect(await app.query("select 1 from verifications where identifier like $1", [`%${user.email}%`])).toHaveLength(0);
    expect(existsSync(avatarFile)).toBe(false);
    expect(existsSync(strayFile)).toBe(false);
    expect(await app.query("select 1 from uploads where user_id = $1", [id])).toHaveLength(0);
    expect((await signIn(app, user.email, user.password)).response.status).toBe(401);
  });

  it("refuses cross-origin form posts before any action runs", async () => {
    const email = uniqueEmail("csrf");
    const response = await post(
      app,
      "/auth",
      { intent: "signup", from: "dialog", name: "Cross Site", email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD },
      { origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
    expect(await app.query("select 1 from users where email = $1", [email])).toHaveLength(0);
    const sameOrigin = await post(app, "/auth", { intent: "forgot", from: "page", email: uniqueEmail() }, { origin: "http://localhost:3000" });
    expect(sameOrigin.status).toBe(200);
  });

  it("sends anonymous visitors of every account page to sign in, which says 'Sign In Required' and returns them there", async () => {
    for (const page of ["/profile", "/favorites", "/my-reviews", "/settings", "/my-reviews?x=1"]) {
      const response = await get(app, page);
      expect([response.status, response.headers.get("location")], page).toEqual([302, `/auth?redirectTo=${encodeURIComponent(page)}`]);
      const body = await text(await get(app, response.headers.get("location")!));
      expect(body, page).toContain("Sign In Required");
      expect(body, page).toContain("Please sign in to view your profile.");
      expect(body, page).toContain(`name="redirectTo" value="${page.replace("&", "&amp;")}"`);
    }
  });
});
