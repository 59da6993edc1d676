import { sql } from "drizzle-orm";
import { usernameFromFullName } from "~/lib/names";
import { getAuth } from "~/utils/auth.server";
import type { Client } from "~/utils/client.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { checkLimit } from "~/utils/limits.server";
import { errorText, log } from "~/utils/logger.server";
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

async function userByEmail(email: string) {
  const rows = await getDb().execute<{ id: string; email_verified: boolean }>(sql`select id, email_verified from users where email = ${email}`);
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
  if (await userByEmail(email)) throw new AppError("CONFLICT", { message: "accountExists", fields: { email: "emailTaken" } });
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

export async function signIn({ email, password }: { email: string; password: string }, client: Client): Promise<Headers> {
  try {
    const { headers } = await getAuth().api.signInEmail({ body: { email, password }, headers: client.headers, returnHeaders: true });
    return headers;
  } catch (error) {
    const code = errorCode(error);
    if (code === "INVALID_EMAIL_OR_PASSWORD") throw new AppError("INVALID_CREDENTIALS", { message: "signInFailed" });
    if (code === "EMAIL_NOT_VERIFIED") {
      const sent = await resendVerification(email, client);
      throw new AppError("FORBIDDEN", { message: sent ? "emailNotVerified" : "emailNotVerifiedRecentlySent" });
    }
    log.error("sign-in failed", { code, error: errorText(error) });
    throw new AppError("UNEXPECTED", { message: "signInError" });
  }
}

/** Sends a fresh confirmation link unless one went to this address within the minute. */
async function resendVerification(email: string, client: Client): Promise<boolean> {
  const limit = await checkLimit("email", { address: email, ip: client.ip });
  if (!limit.allowed) return false;
  await getAuth().api.sendVerificationEmail({ body: { email } });
  return true;
}

export async function requestVerificationEmail(email: string) {
  await getAuth().api.sendVerificationEmail({ body: { email } });
}

/** The confirmation link: confirms the address and signs the visitor in; returns the session cookies. */
export async function verifyEmail(token: string, client: Client): Promise<Headers> {
  if (!token) throw new AppError("INVALID_INPUT", { message: "verifyLinkInvalid" });
  try {
    const { headers } = await getAuth().api.verifyEmail({ query: { token }, headers: client.headers, returnHeaders: true });
    return headers;
  } catch (error) {
    log.info("email confirmation refused", { code: errorCode(error) });
    throw new AppError("INVALID_INPUT", { message: "verifyLinkInvalid" });
  }
}

export async function requestPasswordReset(email: string, client: Client) {
  // Better Auth answers the same whether or not the address has an account, and so do we.
  await getAuth().api.requestPasswordReset({ body: { email, redirectTo: "/auth/reset-password" }, headers: client.headers });
}

export async function resetPassword({ token, password, confirmPassword }: { token: string; password: string; confirmPassword: string }, client: Client) {
  checkNewPassword(password, confirmPassword, { field: "password", message: "passwordNotChanged" });
  try {
    // Better Auth also deletes every session of the account (revokeSessionsOnPasswordReset).
    await getAuth().api.resetPassword({ body: { token, newPassword: password }, headers: client.headers });
  } catch (error) {
    log.info("password reset refused", { code: errorCode(error) });
    throw new AppError("INVALID_INPUT", { message: "resetLinkInvalid" });
  }
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
