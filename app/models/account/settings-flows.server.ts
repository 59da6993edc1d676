import { getAuth } from "~/utils/auth.server";
import { log } from "~/utils/logger.server";
import type { Viewer } from "~/utils/request-context";
import type { Client, FlowResult } from "./auth-flows.server";
import { MESSAGES, tooManyAttempts } from "~/lib/account-messages";
import { checkAccountLimit } from "./limits.server";
import { passwordProblem } from "./password.server";
import { accountFiles, removeAccountRemains } from "./profile.server";

/** Settings: change password, sign out elsewhere, delete the account. The user is always the session's. */

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

const errorCode = (error: unknown) => (error as { body?: { code?: string } })?.body?.code;

export async function changePassword(viewer: Viewer, form: FormData, client: Client): Promise<FlowResult> {
  const currentPassword = field(form, "currentPassword");
  const newPassword = field(form, "newPassword");
  if (!currentPassword) return { ok: false, status: 400, toast: MESSAGES.currentPasswordWrong, fieldErrors: { currentPassword: "Enter your current password" } };
  const problem = passwordProblem(newPassword, viewer.email);
  if (problem) return { ok: false, status: 400, toast: { title: "Password not changed", description: problem, variant: "destructive" }, fieldErrors: { newPassword: problem } };
  if (newPassword !== field(form, "confirmPassword")) return { ok: false, status: 400, toast: MESSAGES.passwordMismatch, fieldErrors: { confirmPassword: "Passwords do not match" } };
  const limit = await checkAccountLimit("passwordCheck", { address: viewer.id, ip: client.ip });
  if (!limit.allowed) return { ok: false, status: 429, toast: tooManyAttempts(limit.retryAfterSeconds) };
  try {
    // Other sessions end; this one is replaced by a fresh session (new cookie).
    const { headers } = await getAuth().api.changePassword({
      body: { currentPassword, newPassword, revokeOtherSessions: true },
      headers: client.headers,
      returnHeaders: true,
    });
    return { ok: true, status: 200, toast: MESSAGES.passwordChanged, cookies: headers };
  } catch (error) {
    if (errorCode(error) === "INVALID_PASSWORD") {
      return { ok: false, status: 400, toast: MESSAGES.currentPasswordWrong, fieldErrors: { currentPassword: "Your current password is not correct" } };
    }
    throw error;
  }
}

export async function revokeOtherSessions(client: Client): Promise<FlowResult> {
  await getAuth().api.revokeOtherSessions({ headers: client.headers });
  return { ok: true, status: 200, toast: MESSAGES.otherSessionsRevoked };
}

export async function deleteAccount(viewer: Viewer, form: FormData, client: Client): Promise<FlowResult> {
  if (field(form, "confirm") !== "DELETE") return { ok: false, status: 400, toast: MESSAGES.deleteConfirmWrong, fieldErrors: { confirm: "Type DELETE to confirm" } };
  const password = field(form, "password");
  if (!password) return { ok: false, status: 400, toast: MESSAGES.deletePasswordWrong, fieldErrors: { password: "Enter your password" } };
  const limit = await checkAccountLimit("passwordCheck", { address: viewer.id, ip: client.ip });
  if (!limit.allowed) return { ok: false, status: 429, toast: tooManyAttempts(limit.retryAfterSeconds) };
  // Remember the uploaded files first: the rows that name them are about to go.
  const files = await accountFiles(viewer.id);
  try {
    const { headers } = await getAuth().api.deleteUser({ body: { password }, headers: client.headers, returnHeaders: true });
    await removeAccountRemains(viewer.id, files);
    log.info("account deleted");
    return { ok: true, status: 200, toast: MESSAGES.accountDeleted, cookies: headers };
  } catch (error) {
    if (errorCode(error) === "INVALID_PASSWORD") return { ok: false, status: 400, toast: MESSAGES.deletePasswordWrong, fieldErrors: { password: "Your password is not correct" } };
    throw error;
  }
}
