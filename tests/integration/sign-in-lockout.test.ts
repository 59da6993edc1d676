import { randomBytes } from "node:crypto";
import { afterAll, expect, it } from "vitest";
import { createClient } from "redis";
import { describeEachBackend, type TestApp } from "../support/app";
import { cookieHeader, cookiesFrom, createVerifiedUser, GOOD_PASSWORD, post, uniqueEmail } from "../support/accounts";
import { latestLink, readOutbox, settleMail } from "../support/mail";

/**
 * Decision 013: failed sign-ins are limited per (account, IP) pair and per IP; the slower per-account backoff
 * does not stop a browser that signed in to the account before. Every 429 carries Retry-After.
 */

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

const DEVICE = "atlas.device";

const run = randomBytes(4).toString("hex");
let clients = 0;
/**
 * A client address no other test or run shares. These tests fill per-address windows of up to a day, and in
 * Redis those outlive the suite (support's uniqueIp is unique within a process, and process ids come back run after run).
 */
const uniqueIp = () => `2001:db8:${run.slice(0, 4)}:${run.slice(4)}::${(++clients).toString(16)}`;

type Store = { redisUrl?: string };

/** Ends the windows of the rate-limit keys matching `pattern` (SQL LIKE), in whichever store the app uses. */
async function endWindows(app: TestApp, store: Store, redis: () => Promise<ReturnType<typeof createClient>>, pattern: string) {
  if (!store.redisUrl) {
    await app.query("update rate_limits set reset_at = now() - interval '1 second' where key like $1", [pattern]);
    return;
  }
  const client = await redis();
  const keys: string[] = [];
  for await (const batch of client.scanIterator({ MATCH: `ratelimit:${pattern.replaceAll("%", "*")}`, COUNT: 500 })) keys.push(...batch);
  if (keys.length) await client.del(keys);
}

const stores: { label: string; store: Store }[] = [
  { label: "database", store: {} },
  ...(process.env.TEST_REDIS_URL ? [{ label: "redis", store: { redisUrl: process.env.TEST_REDIS_URL } }] : []),
];

for (const { label, store } of stores) {
  let redisClient: ReturnType<typeof createClient> | undefined;
  const redis = async () => {
    if (!redisClient) {
      redisClient = createClient({ url: store.redisUrl });
      await redisClient.connect();
    }
    return redisClient;
  };
  afterAll(async () => {
    if (redisClient?.isOpen) await redisClient.close();
  });

  describeEachBackend(
    `sign-in lockout (limits in the ${label})`,
    (app) => {
      const expire = (pattern: string) => endWindows(app, store, redis, pattern);
      const signIn = (email: string, password: string, { ip = uniqueIp(), cookie }: { ip?: string; cookie?: string } = {}) =>
        post(app, "/auth", { intent: "signin", from: "page", email, password, redirectTo: "/" }, { ip, cookie });
      const session = (response: Response) => cookiesFrom(response)["atlas.session_token"] ?? "";
      const retryAfter = (response: Response) => Number(response.headers.get("retry-after"));

      /** Signs in once from a browser of the owner's and returns its device cookie. */
      async function deviceOf(email: string, password = GOOD_PASSWORD) {
        const response = await signIn(email, password);
        expect(response.status).toBe(302);
        const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${DEVICE}=`));
        expect(line, "a successful sign-in marks the browser as a device of the account").toBeDefined();
        expect(line).toMatch(/HttpOnly/i);
        expect(line).toMatch(/SameSite=Lax/i);
        expect(line).not.toMatch(/Secure/i); // the test site is http; https sites get Secure and the __Secure- prefix
        expect(Number(line!.match(/Max-Age=(\d+)/i)?.[1])).toBeGreaterThan(180 * 24 * 60 * 60);
        return cookieHeader({ [DEVICE]: cookiesFrom(response)[DEVICE]! });
      }

      /**
       * Wrong passwords from a new address each time, three at once (the counts are atomic, so parallel attempts
       * cannot slip past a full window), past the 10-second windows: the slow guessing the backoff is for.
       */
      async function attack(email: string, attempts: number) {
        const responses: Response[] = [];
        for (let index = 0; index < attempts; index += 3) {
          await expire(`signIn:acct0:${email}`);
          const batch = Array.from({ length: Math.min(3, attempts - index) }, (_, offset) => signIn(email, `wrong-password-${index + offset}`));
          responses.push(...(await Promise.all(batch)));
        }
        const count = (status: number) => responses.filter((response) => response.status === status).length;
        return { failed: count(401), refused: responses.filter((response) => response.status === 429) };
      }

      it("keeps the owner signing in from a device that signed in before while 20+ wrong passwords come from rotating addresses", async () => {
        const owner = await createVerifiedUser(app, { name: "Olive Owner" });
        // The laptop keeps whatever cookies the sign-in left, except the session (the owner signed out since).
        const laptopSignIn = await signIn(owner.email, owner.password);
        expect(laptopSignIn.status).toBe(302);
        const laptop = cookieHeader({ ...cookiesFrom(laptopSignIn), "atlas.session_token": "" });
        const other = await createVerifiedUser(app, { name: "Otto Other" });
        const othersDevice = await deviceOf(other.email);

        const { failed, refused } = await attack(owner.email, 26);
        expect([failed, refused.length]).toEqual([20, 6]);
        expect(retryAfter(refused[0]!)).toBeGreaterThan(60);
        const refusal = await text(refused[0]!);
        expect(refusal).toMatch(/Too many attempts.*Please wait \d+ minutes and try again\./s);
        expect(refusal).toContain("Forgot password?");

        // The owner's laptop, from any address: signed in.
        const fromLaptop = await signIn(owner.email, owner.password, { cookie: laptop });
        expect(fromLaptop.status).toBe(302);
        expect(session(fromLaptop)).not.toBe("");
        expect(cookiesFrom(fromLaptop)[DEVICE]).toBeTruthy();

        // A browser that never signed in to this account waits, with the wait in Retry-After; so does a forged
        // or another account's device cookie.
        expect(laptop).toContain(`${DEVICE}=`);
        const forged = laptop.replace(/(atlas\.device=[^;]*)(.)(?=;|$)/, (_, head: string, last: string) => head + (last === "A" ? "B" : "A"));
        expect(forged).not.toBe(laptop);
        for (const cookie of [undefined, othersDevice, forged]) {
          const newDevice = await signIn(owner.email, owner.password, { cookie });
          expect(newDevice.status, String(cookie)).toBe(429);
          expect(retryAfter(newDevice)).toBeGreaterThan(60);
          expect(session(newDevice)).toBe("");
        }

        // The owner was told once, and the message names no password.
        await settleMail(app);
        const warnings = readOutbox(app.dataDir).filter((message) => message.to.includes(owner.email) && message.subject.includes("Someone is trying to sign in"));
        expect(warnings).toHaveLength(1);
        expect(warnings[0]!.text).toContain("attempts to sign in to your account with a wrong password");
        expect(warnings[0]!.text).not.toMatch(/wrong-password-\d/);
        expect(readOutbox(app.dataDir).some((message) => message.to.includes(other.email) && message.subject.includes("Someone is trying"))).toBe(false);
      });

      it("does not count successes, and counts a known device's wrong passwords against that device, not the account", async () => {
        const owner = await createVerifiedUser(app);
        const laptop = await deviceOf(owner.email);
        // Successes are taken back: signing in again and again is never limited by the failure windows.
        for (let index = 0; index < 4; index++) expect((await signIn(owner.email, owner.password, { cookie: laptop })).status, `sign-in ${index + 1}`).toBe(302);
        const statuses: number[] = [];
        for (let index = 0; index < 4; index++) statuses.push((await signIn(owner.email, "mistyped-password", { cookie: laptop })).status);
        expect(statuses).toEqual([401, 401, 401, 429]);
        // Strangers' browsers were not held by the owner's typos.
        const elsewhere = await signIn(owner.email, owner.password);
        expect(elsewhere.status).toBe(302);
      });

      // Some forty sign-ins, each a password hash: about 12 s on an idle machine, more than 30 s on a loaded one.
      it("limits failures per account and address pair and per address, each 429 with Retry-After", { timeout: 90_000 }, async () => {
        const user = await createVerifiedUser(app);
        const ip = uniqueIp();
        // The quick window: the 4th attempt within 10 s from one address.
        for (let index = 0; index < 3; index++) expect((await signIn(user.email, "wrong-password-here", { ip })).status).toBe(401);
        const quick = await signIn(user.email, user.password, { ip });
        expect(quick.status).toBe(429);
        expect(retryAfter(quick)).toBeGreaterThanOrEqual(1);
        expect(retryAfter(quick)).toBeLessThanOrEqual(10);
        expect(await text(quick)).toMatch(/Please wait \d+ seconds? and try again\./);

        // The pair's 15-minute window: 10 failures from this address against this account.
        for (let index = 3; index < 10; index++) {
          await expire(`signIn:i0:${ip}`);
          await expire(`signIn:pair0:${user.email}|${ip}`);
          await expire(`signIn:acct0:${user.email}`);
          expect((await signIn(user.email, "wrong-password-here", { ip })).status, `failure ${index + 1}`).toBe(401);
        }
        await expire(`signIn:i0:${ip}`);
        await expire(`signIn:pair0:${user.email}|${ip}`);
        await expire(`signIn:acct0:${user.email}`);
        const pair = await signIn(user.email, user.password, { ip });
        expect(pair.status).toBe(429);
        expect(retryAfter(pair)).toBeGreaterThan(60);
        // Only that pair: the account itself is below its backoff, so the owner signs in from elsewhere.
        expect((await signIn(user.email, user.password)).status).toBe(302);

        // Per address: one client spraying many accounts.
        const sprayer = uniqueIp();
        for (let index = 0; index < 60; index += 3) {
          await expire(`signIn:i0:${sprayer}`);
          const batch = await Promise.all([0, 1, 2].map(() => signIn(uniqueEmail("spray"), "whatever-password", { ip: sprayer })));
          expect(batch.map((response) => response.status)).toEqual([401, 401, 401]);
        }
        await expire(`signIn:i0:${sprayer}`);
        const sprayed = await signIn(user.email, user.password, { ip: sprayer });
        expect(sprayed.status).toBe(429);
        expect(retryAfter(sprayed)).toBeGreaterThan(60);
      });

      it("lets a password reset by email sign in a new device while the account is held", async () => {
        const owner = await createVerifiedUser(app);
        expect((await attack(owner.email, 21)).failed).toBe(20);
        expect((await signIn(owner.email, owner.password)).status).toBe(429);

        const asked = await post(app, "/auth", { intent: "forgot", from: "page", email: owner.email }, { ip: uniqueIp() });
        expect(asked.status).toBe(200);
        const link = await latestLink(app.dataDir, owner.email, "/auth/reset-password");
        const token = new URL(link).searchParams.get("token")!;
        const newPassword = "copper-meadow-19-sail";
        const reset = await post(app, "/auth/reset-password", { token, password: newPassword, confirmPassword: newPassword }, { ip: uniqueIp() });
        expect(reset.status).toBe(302);
        const device = cookiesFrom(reset)[DEVICE];
        expect(device).toBeTruthy();

        const signedIn = await signIn(owner.email, newPassword, { cookie: `${DEVICE}=${device}` });
        expect(signedIn.status).toBe(302);
        expect((await signIn(owner.email, newPassword)).status).toBe(429);
      });

      it("answers 'Account exists' a few times an hour per address, then refuses every sign-up from it alike", async () => {
        const existing = await createVerifiedUser(app);
        const ip = uniqueIp();
        const signUp = (email: string, from = ip) =>
          post(app, "/auth", { intent: "signup", from: "page", name: "Eve Numerate", email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD }, { ip: from });
        for (let index = 0; index < 5; index++) {
          await expire(`signUp:%${ip}`);
          await expire(`signUp:a0:${existing.email}`);
          const answer = await signUp(existing.email);
          expect(answer.status).toBe(409);
          expect(await text(answer)).toContain("This email is already registered. Please sign in instead.");
        }
        await expire(`signUp:%${ip}`);
        const fresh = uniqueEmail("fresh");
        const refused = await signUp(fresh);
        expect(refused.status).toBe(429);
        expect(retryAfter(refused)).toBeGreaterThan(60);
        expect(await app.query("select 1 from users where email = $1", [fresh])).toHaveLength(0);
        // From another address the same sign-up goes through.
        expect((await signUp(fresh, uniqueIp())).status).toBe(201);
      });

      it("puts Retry-After on the 429 of a page loader and of the JSON API", async () => {
        const ip = uniqueIp();
        let response: Response | undefined;
        for (let index = 0; index < 11; index++) response = await app.request("/auth/verify-email?token=not-a-token", { headers: { "X-Forwarded-For": ip } });
        expect(response!.status).toBe(429);
        expect(retryAfter(response!)).toBeGreaterThan(0);
        expect(await text(response!)).toMatch(/Please wait \d+ seconds? and try again\./);

        const user = await createVerifiedUser(app);
        const statuses: number[] = [];
        for (let index = 0; index < 11; index++) {
          response = await app.request("/api/reviews", {
            method: "POST",
            headers: { "Content-Type": "application/json", Cookie: user.cookie, "X-Forwarded-For": uniqueIp() },
            body: "{}",
          });
          statuses.push(response.status);
        }
        expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
        expect(response!.status).toBe(429);
        expect(retryAfter(response!)).toBeGreaterThan(0);
        expect((await response!.json()).toast.title).toBe("Too many attempts");
      });
    },
    {
      env: (): Record<string, string> => (store.redisUrl ? { REDIS_URL: store.redisUrl } : {}),
      // The Redis store's limits do not touch the database: one backend proves them (the database store runs on both).
      only: store.redisUrl ? ["pglite"] : undefined,
    },
  );
}
