import { sql } from "drizzle-orm";
import { z } from "zod";
import { MESSAGES, tooManyAttempts, tooManyEmails, usernameFromFullName, type Toast } from "~/lib/account-messages";
import { getAuth } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { errorText, log } from "~/utils/logger.server";
import { checkAccountLimit } from "./limits.server";
import { passwordProblem } from "./password.server";

/**
 * Sign-up, sign-in, sign-out, confirmation and reset: each validates its form,
 * applies the rate limits, calls Better Auth and answers in the spec's words.
 * Routes turn the result into a response (toast for the browser, inline text
 * without JavaScript) and pass `cookies` on.
 */
export type FlowResult = {
  ok: boolean;
  status: number;
  toast: Toast;
  fieldErrors?: Record<string, string>;
  cookies?: Headers | null;
};

export type Client = { headers: Headers; ip: string };

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

const emailSchema = z.string().trim().toLowerCase().min(1, "Email is required").max(254, "Email is too long").pipe(z.email("Enter a valid email address"));

function errorCode(error: unknown): string | undefined {
  return (error as { body?: { code?: string } })?.body?.code;
}

function fail(status: number, toast: Toast, fieldErrors?: Record<string, string>): FlowResult {
  return { ok: false, status, toast, fieldErrors };
}

function limited(retryAfterSeconds: number): FlowResult {
  return fail(429, tooManyAttempts(retryAfterSeconds));
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

const signUpSchema = z.object({
  name: z.string().trim().min(1, "Full name is required").max(80, "Full name must be at most 80 characters"),
  email: emailSchema,
  password: z.string().min(1, "Password is required"),
  confirmPassword: z.string().min(1, "Please confirm your password"),
});

export async function signUp(form: FormData, client: Client): Promise<FlowResult> {
  const parsed = signUpSchema.safeParse({
    name: field(form, "name"),
    email: field(form, "email"),
    password: field(form, "password"),
    confirmPassword: field(form, "confirmPassword"),
  });
  if (!parsed.success) return fail(400, MESSAGES.signUpFailedFields, fieldErrorsOf(parsed.error));
  const { name, email, password, confirmPassword } = parsed.data;
  const problem = passwordProblem(password, email);
  if (problem) return fail(400, { title: "Sign up failed", description: problem, variant: "destructive" }, { password: problem });
  if (password !== confirmPassword) return fail(400, MESSAGES.passwordMismatch, { confirmPassword: "Passwords do not match" });

  const limit = await checkAccountLimit("signUp", { address: email, ip: client.ip });
  if (!limit.allowed) return limited(limit.retryAfterSeconds);
  // The hidden "company" field is left empty by people; a bot that fills it is told it worked.
  if (field(form, "company")) {
    log.info("sign-up honeypot filled: ignored");
    return { ok: true, status: 200, toast: MESSAGES.accountCreated };
  }
  if (await userByEmail(email)) return fail(409, MESSAGES.accountExists, { email: "This email is already registered" });

  try {
    const result = await getAuth().api.signUpEmail({ body: { name, email, password }, headers: client.headers });
    // The confirmation mail is not counted against the one-a-minute limit: an address can
    // only be signed up once, so it cannot be used to flood anyone.
    await assignUsername(result.user.id, name);
    return { ok: true, status: 201, toast: MESSAGES.accountCreated };
  } catch (error) {
    log.error("sign-up failed", { code: errorCode(error), error: errorText(error) });
    return fail(500, MESSAGES.signUpFailed);
  }
}

const signInSchema = z.object({ email: emailSchema, password: z.string().min(1, "Password is required").max(1024) });

export async function signIn(form: FormData, client: Client): Promise<FlowResult> {
  const parsed = signInSchema.safeParse({ email: field(form, "email"), password: field(form, "password") });
  if (!parsed.success) return fail(400, MESSAGES.signInFields, fieldErrorsOf(parsed.error));
  const { email, password } = parsed.data;
  const limit = await checkAccountLimit("signIn", { address: email, ip: client.ip });
  if (!limit.allowed) return limited(limit.retryAfterSeconds);
  try {
    const { headers } = await getAuth().api.signInEmail({ body: { email, password }, headers: client.headers, returnHeaders: true });
    return { ok: true, status: 200, toast: MESSAGES.welcomeBack, cookies: headers };
  } catch (error) {
    const code = errorCode(error);
    if (code === "INVALID_EMAIL_OR_PASSWORD") return fail(401, MESSAGES.signInFailed);
    if (code === "EMAIL_NOT_VERIFIED") {
      const sent = await resendVerification(email, client);
      return fail(403, sent ? MESSAGES.emailNotVerified : MESSAGES.emailNotVerifiedRecentlySent);
    }
    log.error("sign-in failed", { code, error: errorText(error) });
    return fail(500, MESSAGES.signInError);
  }
}

/** Sends a fresh confirmation link unless one went to this address within the minute. */
async function resendVerification(email: string, client: Client): Promise<boolean> {
  const limit = await checkAccountLimit("email", { address: email, ip: client.ip });
  if (!limit.allowed) return false;
  await getAuth().api.sendVerificationEmail({ body: { email } });
  return true;
}

export async function requestVerificationEmail(form: FormData, client: Client): Promise<FlowResult> {
  const parsed = emailSchema.safeParse(field(form, "email"));
  if (!parsed.success) return fail(400, { title: "Email not sent", description: "Enter a valid email address", variant: "destructive" }, { email: "Enter a valid email address" });
  const limit = await checkAccountLimit("email", { address: parsed.data, ip: client.ip });
  if (!limit.allowed) return fail(429, tooManyEmails(limit.retryAfterSeconds));
  await getAuth().api.sendVerificationEmail({ body: { email: parsed.data } });
  return { ok: true, status: 200, toast: MESSAGES.verificationSent };
}

export async function verifyEmail(token: string, client: Client): Promise<FlowResult> {
  const limit = await checkAccountLimit("verifyLink", { ip: client.ip });
  if (!limit.allowed) return limited(limit.retryAfterSeconds);
  if (!token) return fail(400, MESSAGES.verifyLinkInvalid);
  try {
    const { headers } = await getAuth().api.verifyEmail({ query: { token }, headers: client.headers, returnHeaders: true });
    return { ok: true, status: 200, toast: MESSAGES.emailConfirmed, cookies: headers };
  } catch (error) {
    log.info("email confirmation refused", { code: errorCode(error) });
    return fail(400, MESSAGES.verifyLinkInvalid);
  }
}

export async function requestPasswordReset(form: FormData, client: Client): Promise<FlowResult> {
  const parsed = emailSchema.safeParse(field(form, "email"));
  if (!parsed.success) return fail(400, { title: "Password Reset", description: "Enter a valid email address", variant: "destructive" }, { email: "Enter a valid email address" });
  const limit = await checkAccountLimit("email", { address: parsed.data, ip: client.ip });
  if (!limit.allowed) return fail(429, tooManyEmails(limit.retryAfterSeconds));
  // Better Auth answers the same whether or not the address has an account, and so do we.
  await getAuth().api.requestPasswordReset({ body: { email: parsed.data, redirectTo: "/auth/reset-password" }, headers: client.headers });
  return { ok: true, status: 200, toast: MESSAGES.passwordReset };
}

export async function resetPassword(form: FormData, client: Client): Promise<FlowResult> {
  const limit = await checkAccountLimit("resetPassword", { ip: client.ip });
  if (!limit.allowed) return limited(limit.retryAfterSeconds);
  const token = field(form, "token");
  const password = field(form, "password");
  const problem = passwordProblem(password);
  if (problem) return fail(400, { title: "Password not changed", description: problem, variant: "destructive" }, { password: problem });
  if (password !== field(form, "confirmPassword")) return fail(400, MESSAGES.passwordMismatch, { confirmPassword: "Passwords do not match" });
  try {
    // Better Auth also deletes every session of the account (revokeSessionsOnPasswordReset).
    await getAuth().api.resetPassword({ body: { token, newPassword: password }, headers: client.headers });
    return { ok: true, status: 200, toast: MESSAGES.passwordChangedSignIn };
  } catch (error) {
    log.info("password reset refused", { code: errorCode(error) });
    return fail(400, MESSAGES.resetLinkInvalid);
  }
}

export async function signOut(client: Client): Promise<FlowResult> {
  try {
    const { headers } = await getAuth().api.signOut({ headers: client.headers, returnHeaders: true });
    return { ok: true, status: 200, toast: MESSAGES.signedOut, cookies: headers };
  } catch (error) {
    // No session (already signed out): still answer with the signed-out state.
    log.debug("sign-out without a session", { code: errorCode(error) });
    return { ok: true, status: 200, toast: MESSAGES.signedOut };
  }
}

export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}
