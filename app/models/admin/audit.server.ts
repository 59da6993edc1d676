import { count, desc, eq } from "drizzle-orm";
import { auditLog } from "~/db/schema";
import { getDb, type Db } from "~/utils/db.server";
import type { Viewer } from "~/utils/request-context";

/**
 * The admin area's audit log (issue 19): every action an editor or owner takes is one row, written by the model that
 * makes the change, inside the same transaction when it has one, so a change is never without its record.
 */
export type AuditEntry = {
  /** Who acted; `SYSTEM_ACTOR` for the site's own scheduled work (a claim's re-check), which has no account. */
  actor: Pick<Viewer, "id" | "email"> | typeof SYSTEM_ACTOR;
  /** Dotted verb: user.role, review.hide, submission.approve, message.delete... */
  action: string;
  targetType: string;
  targetId: string | number;
  /** The fields the action changed, as they were and as they are (small JSON, never a password or token). */
  before?: unknown;
  after?: unknown;
};

type Executor = Pick<Db, "insert">;

/** The actor of a row written by a job rather than a person: no account, named in words. */
export const SYSTEM_ACTOR = { id: null, email: "scheduled check" } as const;

export async function recordAudit(entry: AuditEntry, db: Executor = getDb()): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export const AUDIT_PAGE_SIZE = 50;

/** Newest first, a page at a time, optionally for one target type. */
export async function listAudit({ page, targetType }: { page: number; targetType?: string }) {
  const where = targetType ? eq(auditLog.targetType, targetType) : undefined;
  const [rows, [total]] = await Promise.all([
    getDb()
      .select({
        id: auditLog.id,
        actorEmail: auditLog.actorEmail,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        before: auditLog.before,
        after: auditLog.after,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    getDb().select({ value: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.value ?? 0, pageCount: Math.max(1, Math.ceil((total?.value ?? 0) / AUDIT_PAGE_SIZE)) };
}
