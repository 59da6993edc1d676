import { randomBytes } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { shortlistItems, shortlists, tools } from "~/db/schema";
import { SHORTLISTS_PER_READER, TOOLS_PER_SHORTLIST } from "~/lib/shortlist/shortlist";
import { SHORTLIST_LIMIT_WORDS } from "~/lib/words/shortlist";
import { getDb, type Db } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";

/**
 * A reader's shortlists' writes (issue 47, decision 087). The limits' refusals say their figure in the page's words
 * (`detail`), not the catalogue's, which every page's first load carries. Every one names the reader and finds the list by its id AND
 * its owner: another reader's list is NOT_FOUND, never FORBIDDEN, so a stranger learns nothing of its existence.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const notFound = () => new AppError("NOT_FOUND", { message: "notFound" });

/** The reader's list, locked for the write; NOT_FOUND when it is not theirs. */
async function ownList(tx: Tx, userId: string, listId: number) {
  const [list] = await tx
    .select({ id: shortlists.id, shareToken: shortlists.shareToken })
    .from(shortlists)
    .where(and(eq(shortlists.id, listId), eq(shortlists.userId, userId)))
    .for("update");
  if (!list) throw notFound();
  return list;
}

async function toolIdOf(tx: Tx, slug: string): Promise<number> {
  const [tool] = await tx.select({ id: tools.id }).from(tools).where(eq(tools.slug, slug)).limit(1);
  if (!tool) throw new AppError("NOT_FOUND", { message: "toolNotFound" });
  return tool.id;
}

const touch = (tx: Tx, listId: number) =>
  tx
    .update(shortlists)
    .set({ updatedAt: sql`now()` })
    .where(eq(shortlists.id, listId));

async function insertList(tx: Tx, userId: string, name: string): Promise<number> {
  // The reader's row, locked, so two creations at once cannot both pass the count.
  await tx.execute(sql`select id from users where id = ${userId} for update`);
  const [existing] = await tx.select({ n: count() }).from(shortlists).where(eq(shortlists.userId, userId));
  if ((existing?.n ?? 0) >= SHORTLISTS_PER_READER) throw new AppError("INVALID_INPUT", { detail: SHORTLIST_LIMIT_WORDS.lists });
  const [row] = await tx.insert(shortlists).values({ userId, name }).returning({ id: shortlists.id });
  return row!.id;
}

export function createShortlist(userId: string, name: string): Promise<{ id: number }> {
  return getDb().transaction(async (tx) => ({ id: await insertList(tx, userId, name) }));
}

export function renameShortlist(userId: string, listId: number, name: string): Promise<{ id: number }> {
  return getDb().transaction(async (tx) => {
    await ownList(tx, userId, listId);
    await tx
      .update(shortlists)
      .set({ name, updatedAt: sql`now()` })
      .where(eq(shortlists.id, listId));
    return { id: listId };
  });
}

export function setShortlistTeamSize(userId: string, listId: number, teamSize: number): Promise<{ id: number }> {
  return getDb().transaction(async (tx) => {
    await ownList(tx, userId, listId);
    await tx
      .update(shortlists)
      .set({ teamSize, updatedAt: sql`now()` })
      .where(eq(shortlists.id, listId));
    return { id: listId };
  });
}

export function deleteShortlist(userId: string, listId: number): Promise<{ id: number }> {
  return getDb().transaction(async (tx) => {
    await ownList(tx, userId, listId);
    await tx.delete(shortlists).where(eq(shortlists.id, listId));
    return { id: listId };
  });
}

/**
 * Adds a tool to one of the reader's lists, or to a new list named `newName` (the tool page's and a card's form);
 * a tool already on the list keeps its date (the changes shown start there) and takes the note when one is given.
 */
export function addToShortlist(userId: string, input: { toolSlug: string; listId?: number; newName?: string; note: string }): Promise<{ id: number; added: boolean }> {
  return getDb().transaction(async (tx) => {
    const toolId = await toolIdOf(tx, input.toolSlug);
    const listId = input.listId ? (await ownList(tx, userId, input.listId)).id : await insertList(tx, userId, input.newName!);
    const [onList] = await tx.select({ n: count() }).from(shortlistItems).where(eq(shortlistItems.shortlistId, listId));
    const [already] = await tx
      .select({ toolId: shortlistItems.toolId })
      .from(shortlistItems)
      .where(and(eq(shortlistItems.shortlistId, listId), eq(shortlistItems.toolId, toolId)));
    if (already) {
      if (input.note)
        await tx
          .update(shortlistItems)
          .set({ note: input.note })
          .where(and(eq(shortlistItems.shortlistId, listId), eq(shortlistItems.toolId, toolId)));
      await touch(tx, listId);
      return { id: listId, added: false };
    }
    if ((onList?.n ?? 0) >= TOOLS_PER_SHORTLIST) throw new AppError("INVALID_INPUT", { detail: SHORTLIST_LIMIT_WORDS.tools });
    await tx.insert(shortlistItems).values({ shortlistId: listId, toolId, note: input.note });
    await touch(tx, listId);
    return { id: listId, added: true };
  });
}

export function setShortlistNote(userId: string, listId: number, toolSlug: string, note: string): Promise<{ id: number }> {
  return getDb().transaction(async (tx) => {
    await ownList(tx, userId, listId);
    const toolId = await toolIdOf(tx, toolSlug);
    const rows = await tx
      .update(shortlistItems)
      .set({ note })
      .where(and(eq(shortlistItems.shortlistId, listId), eq(shortlistItems.toolId, toolId)))
      .returning({ toolId: shortlistItems.toolId });
    if (!rows.length) throw new AppError("NOT_FOUND", { message: "toolNotFound" });
    await touch(tx, listId);
    return { id: listId };
  });
}

export function removeFromShortlist(userId: string, listId: number, toolSlug: string): Promise<{ id: number }> {
  return getDb().transaction(async (tx) => {
    await ownList(tx, userId, listId);
    const toolId = await toolIdOf(tx, toolSlug);
    await tx.delete(shortlistItems).where(and(eq(shortlistItems.shortlistId, listId), eq(shortlistItems.toolId, toolId)));
    await touch(tx, listId);
    return { id: listId };
  });
}

/** A new random token (a new link: one stopped stays dead), or none: the link stops working at once. */
export function setShortlistSharing(userId: string, listId: number, share: boolean): Promise<{ id: number; shared: boolean }> {
  return getDb().transaction(async (tx) => {
    const list = await ownList(tx, userId, listId);
    const shareToken = share ? (list.shareToken ?? randomBytes(32).toString("base64url")) : null;
    await tx
      .update(shortlists)
      .set({ shareToken, updatedAt: sql`now()` })
      .where(eq(shortlists.id, listId));
    return { id: listId, shared: share };
  });
}

/**
 * Alerts on or off. Turned on, the job mails only what is recorded from now on (`alerts_sent_through`); the list
 * page shows the rest.
 */
export function setShortlistAlerts(userId: string, listId: number, alerts: boolean): Promise<{ id: number; alerts: boolean }> {
  return getDb().transaction(async (tx) => {
    await ownList(tx, userId, listId);
    await tx
      .update(shortlists)
      // Already on, it keeps its place: turning it on twice must not skip what waits.
      .set({ alerts, alertsSentThrough: sql`case when ${shortlists.alerts} then ${shortlists.alertsSentThrough} else now() end`, updatedAt: sql`now()` })
      .where(eq(shortlists.id, listId));
    return { id: listId, alerts };
  });
}
