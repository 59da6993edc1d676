import { z } from "zod";
import { ROLES } from "~/lib/account/roles";
import { readerTag } from "~/utils/cache.server";
import { emailField } from "~/utils/input.server";
import { defineWrite } from "~/utils/write.server";
import { setRole } from "./roles.server";

/**
 * /admin/roles: the owner's only. A role takes effect on the account's next request: the session reads it each time,
 * and a session kept for a shared page's parts (utils/session.server.ts) goes with the account's tag.
 */
export const setRoleWrite = defineWrite({
  auth: "owner",
  limit: "adminAction",
  input: z.object({ email: emailField, role: z.enum(ROLES, { message: "roleInvalid" }) }),
  run: async ({ email, role }, { viewer }) => setRole(viewer, email, role),
  invalidates: (result) => (result.changed ? [readerTag(result.userId)] : []),
  success: (result) => (result.changed ? "roleChanged" : "roleUnchanged"),
});
