import { getAuth } from "~/utils/auth.server";
import type { Client } from "~/utils/client.server";
import { AppError } from "~/utils/errors.server";
import { log } from "~/utils/logger.server";
import type { Viewer } from "~/utils/request-context";
import { checkNewPassword } from "./password.server";
import { deleteUpload } from "~/utils/storage.server";
import { eraseAccount } from "./erase.server";
import { accountFiles } from "./profile.server";

/** Settings: change password, sign out elsewhere, delete the account. The user is always the session's. */

const errorCode = (error: unknown) => (error as { body?: { code?: string } })?.body?.code;

/** Returns the cookies of the fresh session that replaces this one. */
export async function changePassword(viewer: Viewer, input: { currentPassword: string; newPassword: string; confirmPassword: string }, client: Client): Promise<Headers> {
  checkNewPassword(input.newPassword, input.confirmPassword, { field: "newPassword", message: "passwordNotChanged", email: viewer.email });
  try {
    // Other sessions end; this one is replaced by a fresh session (new cookie).
    const { headers } = await getAuth().api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: client.headers,
      returnHeaders: true,
    });
    return headers;
  } catch (error) {
    if (errorCode(error) === "INVALID_PASSWORD") {
      throw new AppError("INVALID_INPUT", { message: "currentPasswordWrong", fields: { currentPassword: "currentPasswordWrong" } });
    }
    throw error;
  }
}

export async function revokeOtherSessions(client: Client) {
  await getAuth().api.revokeOtherSessions({ headers: client.headers });
}

/**
 * Deletes the account once its password is confirmed: everything the export lists, in one transaction
 * (`eraseAccount`), then the uploaded files. Returns the cookies that end the session.
 */
export async function deleteAccount(viewer: Viewer, password: string, client: Client): Promise<Headers> {
  try {
    await getAuth().api.verifyPassword({ body: { password }, headers: client.headers });
  } catch (error) {
    if (errorCode(error) === "INVALID_PASSWORD") throw new AppError("INVALID_INPUT", { message: "deletePasswordWrong", fields: { password: "passwordWrong" } });
    throw error;
  }
  // Remember the uploaded files first: the rows that name them are about to go.
  const files = await accountFiles(viewer.id);
  await eraseAccount(viewer.id, viewer.email);
  await Promise.all(files.map((file) => deleteUpload(file.replace(/^\/uploads\//, ""))));
  log.info("account deleted");
  // The session row went with the account; this only expires the cookies.
  const { headers } = await getAuth().api.signOut({ headers: client.headers, returnHeaders: true });
  return headers;
}
