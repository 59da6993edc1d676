import { asc, eq, ne, sql } from "drizzle-orm";
import { users } from "~/db/schema";
import type { Role } from "~/lib/account/roles";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import type { Viewer } from "~/utils/request-context";
import { recordAudit } from "./audit.server";

/** Accounts with more than the reader's role, owners first. */
export function listStaff() {
  return getDb()
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, createdAt: users.createdAt })
    .from(users)
    .where(ne(users.role, "reader"))
    .orderBy(sql`case ${users.role} when 'owner' then 0 else 1 end`, asc(users.email));
}

/**
 * The owner gives an account a role (the admin area's form; `npm run user:role` does the same from a shell).
 * Owners cannot change their own role here, so the last owner cannot lock the site out of its admin area by mistake.
 */
export async function setRole(actor: Viewer, email: string, role: Role) {
  return getDb().transaction(async (tx) => {
    const [account] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .for("update");
    if (!account) throw new AppError("NOT_FOUND", { message: "roleAccountNotFound", fields: { email: "roleAccountNotFound" } });
    if (account.id === actor.id) throw new AppError("CONFLICT", { message: "roleOwnAccount" });
    if (account.role === role) return { email, role, changed: false, userId: account.id };
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, account.id));
    await recordAudit({ actor, action: "user.role", targetType: "user", targetId: account.id, before: { email, role: account.role }, after: { email, role } }, tx);
    return { email, role, changed: true, userId: account.id };
  });
}
