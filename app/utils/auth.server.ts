import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { and, inArray, ne, sql } from "drizzle-orm";
import { accounts, sessions, users, verifications } from "~/db/schema";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/lib/account/password-policy";
import { SITE_NAME } from "~/lib/site";
import { resetPasswordEmail, verificationEmail } from "~/emails/account.server";
import { invalidateTags, readerTag } from "./cache.server";
import { getDb } from "./db.server";
import { enqueueEmail } from "./outbox.server";
import { passwordHasher } from "./password-hash.server";
import { onHttps } from "./cookies.server";
import { getEnv } from "./env.server";
import { isAppError, isUnavailable } from "./errors.server";
import { mailLimitError, sendWithinLimit } from "./limits.server";
import { errorText, log } from "./logger.server";

const DAY_SECONDS = 24 * 60 * 60;

/**
 * A session lasts 30 days from its last refresh; Better Auth refreshes it (a write and a new cookie) on its first use
 * a day or more after the last. `utils/session-read.server.ts` reads a session itself only while no refresh is due.
 */
export const SESSION_LIFETIME = { expiresIn: 30 * DAY_SECONDS, updateAge: DAY_SECONDS } as const;

/** AUTH_SECRET, or a random one generated once and kept beside the embedded database. */
function authSecret(): string {
  const env = getEnv();
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.resolve(env.DATA_DIR, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  if (env.DATABASE_URL) log.warn(`AUTH_SECRET is not set: generated one in ${file}. Set AUTH_SECRET when several instances share the database.`);
  return secret;
}

/** Better Auth's cookies (renamed together so they all carry the prefix). */
const AUTH_COOKIES = ["session_token", "session_data", "account_data", "dont_remember"];

let secret: string | undefined;

/** The secret Better Auth signs with; our own signed cookie (utils/device.server.ts) derives its key from it. */
export function getAuthSecret(): string {
  secret ??= authSecret();
  return secret;
}

function createAuth() {
  const env = getEnv();
  const https = onHttps();
  return betterAuth({
    appName: SITE_NAME,
    baseURL: env.SITE_URL,
    secret: getAuthSecret(),
    telemetry: { enabled: false },
    database: drizzleAdapter(getDb(), {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    // Reset links (and any other single-use token Better Auth keeps in `verifications`) are stored as the SHA-256 of
    // their identifier, so someone who can read the database cannot use a live link (decision 037). The link itself
    // carries the token; Better Auth hashes it again to look it up. Email confirmation links are signed, not stored.
    verification: { storeIdentifier: "hashed" },
    // Our own limits (models/account/limits.server.ts) guard every form that reaches Better Auth,
    // stored in the database or Redis; its in-memory limiter would only cover its own HTTP handler.
    rateLimit: { enabled: false },
    user: {
      // Settings > Delete my account is ours (models/account/erase.server.ts): the password checked by Better Auth,
      // then every table the export lists in one transaction, which Better Auth's own deletion could not join.
      deleteUser: { enabled: false },
      additionalFields: {
        // Ours, edited on the profile page; listed so sessions carry them, never accepted as input.
        username: { type: "string", required: false, input: false },
        website: { type: "string", required: false, input: false },
        role: { type: "string", required: false, input: false, defaultValue: "reader" },
      },
    },
    databaseHooks: {
      user: {
        create: {
          // An address of OWNER_EMAILS is an owner from the moment it signs up (markOwners does it at start for existing accounts).
          before: async (user) => (env.OWNER_EMAILS.includes(user.email.toLowerCase()) ? { data: { ...user, role: "owner" } } : undefined),
        },
        // A changed or deleted account: what is kept of it (its reused sessions, utils/session.server.ts; its personal
        // data) goes, here and on every other instance.
        update: { after: async (user) => invalidateTags([readerTag(user.id)]) },
        delete: { after: async (user) => invalidateTags([readerTag(user.id)]) },
      },
      // A signed-out, revoked or extended session is not reused (each row of a sign-out everywhere comes here).
      session: {
        update: { after: async (session) => invalidateTags([readerTag(session.userId)]) },
        delete: { after: async (session) => invalidateTags([readerTag(session.userId)]) },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      // scrypt at Better Auth's cost, or the test suite's cheaper one (decision 094).
      password: passwordHasher(env.PASSWORD_HASHING),
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const mail = resetPasswordEmail(user, `${env.SITE_URL}/auth/reset-password?token=${encodeURIComponent(token)}`);
        // Past the address's reset links for the day nothing is sent, silently: the page answers every address alike
        // ("check your email"), so saying more would tell a stranger that the address has an account (decision 038).
        const result = await sendWithinLimit("resetMail", user.email, () => enqueueEmail(mail));
        if (!result.sent) log.info("password reset email not sent: the address's daily limit", { userId: user.id });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Sign-in resends through our own path, which applies the one-email-a-minute limit.
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: DAY_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        const mail = verificationEmail(user, `${env.SITE_URL}/auth/verify-email?token=${encodeURIComponent(token)}`);
        const result = await sendWithinLimit("confirmationMail", user.email, () => enqueueEmail(mail));
        // Our callers decide what to say (models/account/auth-flows.server.ts); Better Auth's sign-up logs it (below).
        if (!result.sent) throw mailLimitError(result);
      },
    },
    session: { ...SESSION_LIFETIME },
    advanced: {
      // A session is read with its user in one statement (schema.ts' relations): two round trips were a quarter of a
      // signed-in shared page's database time (issue 31).
      database: { joins: true },
      cookiePrefix: "atlas",
      // HttpOnly and SameSite=Lax always. On https, Secure with the __Host- prefix (Path=/, no Domain):
      // no http page and no other subdomain can set or overwrite the session cookie.
      useSecureCookies: false,
      ...(https ? { cookies: Object.fromEntries(AUTH_COOKIES.map((name) => [name, { name: `__Host-atlas.${name}`, attributes: { secure: true } }])) } : {}),
    },
    logger: {
      level: "error",
      // Through our logger, one line each. A lost database is answered 503 and logged there (utils/unavailable.server.ts).
      log: (level, message, ...args) => {
        const error = args.find((arg) => arg instanceof Error);
        if (isUnavailable(error)) return;
        // A confirmation link not sent past the address's daily limit (decision 038): expected, not a fault.
        if (isAppError(error) && error.code === "RATE_LIMITED") return log.info(`[auth] ${message} (mail limit)`);
        // Its "Failed to query …" lines carry no error object: the failure itself reaches our session lookup,
        // which logs it once (or answers 503 when the database is away), so here it is only a warning.
        const quietly = !error && /^Failed to query/.test(message);
        log[quietly ? "warn" : level](`[auth] ${message}`, error ? { error: errorText(error) } : undefined);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

let auth: Auth | undefined;

/** Builds the auth instance over the open database; startApp calls it after migrations. */
export function initAuth(): Auth {
  auth = createAuth();
  return auth;
}

export function getAuth(): Auth {
  if (!auth) throw new Error("initAuth() runs at start, after the database is open.");
  return auth;
}

export function closeAuth() {
  auth = undefined;
  secret = undefined;
}

/** Name of the session cookie, to skip the session lookup on requests that carry none. */
export function sessionCookieName() {
  return `${onHttps() ? "__Host-" : ""}atlas.session_token`;
}

/** Start-up: the accounts of OWNER_EMAILS become owners (no one is demoted: roles granted by the command line stay). */
export async function markOwners(): Promise<number> {
  const emails = getEnv().OWNER_EMAILS;
  if (!emails.length) return 0;
  const marked = await getDb()
    .update(users)
    .set({ role: "owner" })
    .where(and(inArray(sql`lower(${users.email})`, emails), ne(users.role, "owner")))
    .returning({ id: users.id });
  return marked.length;
}
