import { count, desc, eq, isNull } from "drizzle-orm";
import { contactMessages } from "~/db/schema";
import { recordAudit } from "~/models/admin/audit.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import type { Viewer } from "~/utils/request-context";

/**
 * The editors' inbox (/admin/messages, issue 19): contact messages newest first, read or unread. Audit rows name the
 * message by id and its state, never the sender's address or words: deleting a message should not leave a copy.
 */

export const MESSAGES_PAGE_SIZE = 25;

/** What a row of the list shows: the start of the message, not all of it. */
const listShape = {
  id: contactMessages.id,
  firstName: contactMessages.firstName,
  lastName: contactMessages.lastName,
  email: contactMessages.email,
  subject: contactMessages.subject,
  preview: contactMessages.message,
  readAt: contactMessages.readAt,
  repliedAt: contactMessages.repliedAt,
  createdAt: contactMessages.createdAt,
};

const PREVIEW_CHARACTERS = 140;

export async function listMessages({ page }: { page: number }) {
  const db = getDb();
  const [rows, [total], unread] = await Promise.all([
    db
      .select(listShape)
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(MESSAGES_PAGE_SIZE)
      .offset((page - 1) * MESSAGES_PAGE_SIZE),
    db.select({ value: count() }).from(contactMessages),
    countUnreadMessages(),
  ]);
  const totalCount = total?.value ?? 0;
  return {
    rows: rows.map((row) => ({ ...row, preview: row.preview.length > PREVIEW_CHARACTERS ? `${row.preview.slice(0, PREVIEW_CHARACTERS).trimEnd()}…` : row.preview })),
    total: totalCount,
    unread,
    pageCount: Math.max(1, Math.ceil(totalCount / MESSAGES_PAGE_SIZE)),
  };
}

export async function getMessage(id: number) {
  const [row] = await getDb().select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  return row ?? null;
}

/** The dashboard's count: messages no editor has opened yet. */
export async function countUnreadMessages(): Promise<number> {
  const [row] = await getDb().select({ value: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  return row?.value ?? 0;
}

/** Marks a message read or unread; a message already in that state is left alone and writes no audit row. */
export async function setMessageRead(actor: Viewer, id: number, read: boolean) {
  return getDb().transaction(async (tx) => {
    const [row] = await tx.select({ readAt: contactMessages.readAt }).from(contactMessages).where(eq(contactMessages.id, id)).for("update");
    if (!row) throw new AppError("NOT_FOUND", { message: "messageNotFound" });
    if (Boolean(row.readAt) === read) return { id, read, changed: false };
    await tx
      .update(contactMessages)
      .set({ readAt: read ? new Date() : null })
      .where(eq(contactMessages.id, id));
    await recordAudit({ actor, action: read ? "message.read" : "message.unread", targetType: "contact_message", targetId: id, before: { read: !read }, after: { read } }, tx);
    return { id, read, changed: true };
  });
}

/**
 * Marks a message answered (the editor replied by email: the site cannot see the mail) or not answered after all.
 * `replied_at` is what /contact's median reply time is computed from, so marking it again keeps the first time.
 */
export async function setMessageReplied(actor: Viewer, id: number, replied: boolean) {
  return getDb().transaction(async (tx) => {
    const [row] = await tx.select({ repliedAt: contactMessages.repliedAt, readAt: contactMessages.readAt }).from(contactMessages).where(eq(contactMessages.id, id)).for("update");
    if (!row) throw new AppError("NOT_FOUND", { message: "messageNotFound" });
    if (Boolean(row.repliedAt) === replied) return { id, replied, changed: false };
    const now = new Date();
    await tx
      .update(contactMessages)
      // A message answered has been read.
      .set(replied ? { repliedAt: now, repliedBy: actor.id, readAt: row.readAt ?? now } : { repliedAt: null, repliedBy: null })
      .where(eq(contactMessages.id, id));
    await recordAudit(
      { actor, action: replied ? "message.replied" : "message.unreplied", targetType: "contact_message", targetId: id, before: { replied: !replied }, after: { replied } },
      tx,
    );
    return { id, replied, changed: true };
  });
}

export async function deleteMessage(actor: Viewer, id: number) {
  return getDb().transaction(async (tx) => {
    const [row] = await tx.delete(contactMessages).where(eq(contactMessages.id, id)).returning({ readAt: contactMessages.readAt, createdAt: contactMessages.createdAt });
    if (!row) throw new AppError("NOT_FOUND", { message: "messageNotFound" });
    await recordAudit(
      { actor, action: "message.delete", targetType: "contact_message", targetId: id, before: { read: Boolean(row.readAt), receivedAt: row.createdAt.toISOString() }, after: null },
      tx,
    );
    return { id };
  });
}
