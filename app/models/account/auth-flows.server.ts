import { sql } from "drizzle-orm";
import { signInAttemptsEmail } from "~/emails/security.server";
import { usernameFromFullName } from "~/lib/account/names";
import { getAuth } from "~/utils/auth.server";
import type { Client } from "~/utils/client.server";
import { getDb } from "~/utils/db.server";
import { deviceCookie, readDevice } from "~/utils/device.server";
import { getEnv } from "~/utils/env.server";
import { AppError, isAppError } from "~/utils/errors.server";
import { checkLimit, reserveLimit, reserveSignIn, sendWithinLimit, SIGN_IN_FAILURES, signInFailureWarnsOwner } from "~/utils/limits.server";
import { errorText, log } from "~/utils/logger.server";
import { enqueueEmail } from "~/utils/outbox.server";
import { checkNewPassword } from "./password.server";

/**
 * Sign-up, sign-in, sign-out, confirmation and reset over Better Auth. Each
 * takes validated input (models/account/writes.server.ts declares the forms),
 * returns the cookies Better Auth set, if any, and throws AppError when it
 * refuses. The rate limits of the forms are counted by the write path.
 */

function errorCode(error: unknown): string | undefined {
  return (error as { body?: { code?: string } })?.body?.code;
}

type Owner = { id: string; name: string; email: string; email_verified: boolean };

async function userByEmail(email: string): Promise<Owner | undefined> {
  const rows = await getDb().execute<Owner>(sql`select id, name, email, email_verified from users where email = ${email}`);
  return rows.rows[0];
}

/** Gives a new account the username derived from its full name, adding _2, _3... when it is taken. */
async function assignUsername(userId: string, fullName: string) {
  const base = usernameFromFullName(fullName);
  for (let attempt = 1; attempt <= 50; attempt++) {
    const candidate = attempt === 1 ? base : `${base.slice(0, 26)}_${attempt}`;
    try {
      const updated = await getDb().execute(sql`
        update users set username = ${candidate}
        where id = ${userId} and not exists (select 1 from users where lower(username) = ${candidate})
        returning id`);
      if (updated.rows.length) return;
    } catch {
      // A concurrent sign-up took the same name between the check and the write: try the next.
    }
  }
}

export async function signUp(input: { name: string; email: string; password: string; confirmPassword: string }, client: Client) {
  const { name, email, password } = input;
  checkNewPassword(password, input.confirmPassword, { field: "password", message: "signUpFailed", email });
  // The spec's 'Account exists' tells anyone whether an address is registered: a few answers per IP and hour.
  const answer = await reserveLimit("signUpExisting", { ip: client.ip });
  const existing = await userByEmail(email);
  if (existing) {
    log.warn("sign-up with a registered address", { ip: client.ip, userId: existing.id });
    throw new AppError("CONFLICT", { message: "accountExists", fields: { email: "emailTaken" } });
  }
  await answer.release();
  try {
    const result = await getAuth().api.signUpEmail({ body: { name, email, password }, headers: client.headers });
    // The confirmation mail is not counted against the one-a-minute limit: an address can
    // only be signed up once, so it cannot be used to flood anyone.
    await assignUsername(result.user.id, name);
  } catch (error) {
    log.error("sign-up failed", { code: errorCode(error), error: errorText(error) });
    throw new AppError("UNEXPECTED", { message: "signUpFailed" });
  }
}

/**
 * Sign-in with the failure limits of decision 013: the attempt is counted before the password check and taken
 * back unless the password was wrong. A browser that signed in to this account before (its device cookie)
 * is not held by the per-account backoff strangers can fill; every success (re)marks the browser as a device.
 */
export async function signIn({ email, password }: { email: string; password: string }, client: Client): Promise<Headers> {
  const owner = await userByEmail(email);
  const seen = readDevice(client.headers);
  const device = owner && seen?.userId === owner.id ? seen : null;
  const attempt = await reserveSignIn({ email, ip: client.ip, device });
  try {
    const { headers, response } = await getAuth().api.signInEmail({ body: { email, password }, headers: client.headers, returnHeaders: true });
    await attempt.release();
    headers.append("Set-Cookie", deviceCookie(response.user.id, device?.deviceId));
    return headers;
  } catch (error) {
    const code = errorCode(error);
    if (code === "INVALID_EMAIL_OR_PASSWORD") {
      if (owner) await warnOwnerOfFailures(owner);
      throw new AppError("INVALID_CREDENTIALS", { message: "signInFailed" });
    }
    // Any other answer came after a correct password (or never checked it): not a failure.
    await attempt.release();
    if (code === "EMAIL_NOT_VERIFIED") throw await resendVerification(email, client);
    log.error("sign-in failed", { code, error: errorText(error) });
    throw new AppError("UNEXPECTED", { message: "signInError" });
  }
}

/** Emails the owner once their account crosses the failure threshold (at most once an hour, a few times a day). */
async function warnOwnerOfFailures(owner: Owner) {
  // An address nobody has confirmed may not be the account holder's.
  if (!owner.email_verified || !(await signInFailureWarnsOwner(owner.email))) return;
  const { after, windowMs } = SIGN_IN_FAILURES.warnOwner;
  const mail = signInAttemptsEmail(owner, { failures: after, minutes: windowMs / 60_000, resetLink: `${getEnv().SITE_URL}/auth?tab=forgot` });
  const result = await sendWithinLimit("signInWarningMail", owner.email, () => enqueueEmail(mail));
  log.warn(result.sent ? "many failed sign-ins: owner warned" : "many failed sign-ins: owner already warned as often as we do in a day", { userId: owner.id });
}

/** A Better Auth call that sends a confirmation link, and the address's daily limit of them it may run into. */
async function sendConfirmation(email: string): Promise<AppError | null> {
  try {
    await getAuth().api.sendVerificationEmail({ body: { email } });
    return null;
  } catch (error) {
    // Thrown by the send callback (utils/auth.server.ts) when the address has had the day's links.
    if (isAppError(error) && error.code === "RATE_LIMITED") return error;
    throw error;
  }
}

/**
 * The answer to the right password for an unconfirmed address: a fresh link unless one went to it within the
 * minute or it has had the day's (the visitor has just shown the password, so saying so tells no stranger anything).
 */
async function resendVerification(email: string, client: Client): Promise<AppError> {
  const limit = await checkLimit("email", { address: email, ip: client.ip });
  if (!limit.allowed) return new AppError("FORBIDDEN", { message: "emailNotVerifiedRecentlySent" });
  const refused = await sendConfirmation(email);
  if (refused) return new AppError("RATE_LIMITED", { ...refused.details, message: "emailNotVerified" });
  return new AppError("FORBIDDEN", { message: "emailNotVerified" });
}

/**
 * The resend form. Its answer is the same for every address ("if that address has an unconfirmed account…"), so
 * past the address's daily limit the link is not sent and nothing more is said: telling would reveal the account.
 */
export async function requestVerificationEmail(email: string) {
  if (await sendConfirmation(email)) log.info("confirmation email not sent: the address's daily limit");
}

/** The confirmation link: confirms the address and signs the visitor in; returns the session cookies. */
export async function verifyEmail(token: string, client: Client): Promise<Headers> {
  if (!token) throw new AppError("INVALID_INPUT", { message: "verifyLinkInvalid" });
  try {
    const { headers } = await getAuth().api.verifyEmail({ query: { token }, headers: client.headers, returnHeaders: true });
    return headers;
  } catch (error) {
    const code = errorCode(error);
    // Only Better Auth's refusals (a bad, expired or unknown link) are the link's fault; a failed query is not.
    if (!code) throw error;
    log.info("email confirmation refused", { code });
    throw new AppError("INVALID_INPUT", { message: "verifyLinkInvalid" });
  }
}

export async function requestPasswordReset(email: string, client: Client) {
  // Better Auth answers the same whether or not the address has an account, and so do we.
  await getAuth().api.requestPasswordReset({ body: { email, redirectTo: "/auth/reset-password" }, headers: client.headers });
}

/** The account a reset link belongs to (Better Auth keeps it with the token), if the link is live. */
async function resetLinkOwner(token: string): Promise<string | undefined> {
  if (!token) return undefined;
  const { internalAdapter } = await getAuth().$context;
  const verification = await internalAdapter.findVerificationValue(`reset-password:${token}`);
  return verification && verification.expiresAt > new Date() ? verification.value : undefined;
}

/**
 * Sets the new password from an emailed link. Returns the device cookie: whoever holds the owner's inbox may
 * sign in on this browser even while strangers hold the account's sign-in backoff (decision 013).
 */
export async function resetPassword({ token, password, confirmPassword }: { token: string; password: string; confirmPassword: string }, client: Client): Promise<Headers> {
  checkNewPassword(password, confirmPassword, { field: "password", message: "passwordNotChanged" });
  const userId = await resetLinkOwner(token);
  try {
    // Better Auth also deletes every session of the account (revokeSessionsOnPasswordReset).
    await getAuth().api.resetPassword({ body: { token, newPassword: password }, headers: client.headers });
  } catch (error) {
    log.info("password reset refused", { code: errorCode(error) });
    throw new AppError("INVALID_INPUT", { message: "resetLinkInvalid" });
  }
  const headers = new Headers();
  if (userId) {
    const seen = readDevice(client.headers);
    headers.append("Set-Cookie", deviceCookie(userId, seen?.userId === userId ? seen.deviceId : undefined));
  }
  return headers;
}

export async function signOut(client: Client): Promise<Headers | null> {
  try {
    const { headers } = await getAuth().api.signOut({ headers: client.headers, returnHeaders: true });
    return headers;
  } catch (error) {
    // No session (already signed out): still answer with the signed-out state.
    log.debug("sign-out without a session", { code: errorCode(error) });
    return null;
  }
}
