import { asc, count, eq } from "drizzle-orm";
import { toolScreenshots, tools, users } from "~/db/schema";
import sharp from "sharp";
import {
  MAX_TOOL_SCREENSHOTS,
  movedOrder,
  SCREENSHOT_MAX_SIDE,
  SCREENSHOT_THUMB_MAX_SIDE,
  screenshotSizeProblem,
  type ScreenshotMove,
  type ScreenshotProvider,
} from "~/lib/tool/screenshots";
import { recordAudit } from "~/models/admin/audit.server";
import { CATALOGUE, cached } from "~/utils/cache.server";
import { getDb, type Db } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { readImageFile, storeImage, type StoredImage } from "~/utils/images.server";
import type { Viewer } from "~/utils/request-context";
import { deleteUpload, uploadUrl } from "~/utils/storage.server";

/**
 * Tools' screenshots (issue 29, decision 048). Editors add, describe, reorder and delete them in
 * /admin/screenshots/<slug>; the tool page shows them as a gallery. Each image goes through the review images'
 * checks (utils/images.server.ts) and is stored twice: the larger view and the gallery's thumbnail. Every change runs
 * in one transaction with its audit row, under a lock on the tool's row, so two editors at once can neither pass
 * the limit of six nor leave two screenshots in one place; files are deleted after the commit (a failed delete
 * leaves an orphan, logged, never a row pointing at nothing). The writes invalidate `tool:<slug>`.
 */

type Actor = Pick<Viewer, "id" | "email">;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const shotSelect = {
  id: toolScreenshots.id,
  key: toolScreenshots.key,
  width: toolScreenshots.width,
  height: toolScreenshots.height,
  thumbKey: toolScreenshots.thumbKey,
  thumbWidth: toolScreenshots.thumbWidth,
  thumbHeight: toolScreenshots.thumbHeight,
  alt: toolScreenshots.alt,
  caption: toolScreenshots.caption,
  providedBy: toolScreenshots.providedBy,
  createdAt: toolScreenshots.createdAt,
} as const;

type ShotRow = {
  id: number;
  key: string;
  width: number;
  height: number;
  thumbKey: string;
  thumbWidth: number;
  thumbHeight: number;
  alt: string;
  caption: string | null;
  providedBy: ScreenshotProvider;
  createdAt: Date;
};

/** A screenshot as pages show it: URLs instead of storage keys, the day it was added (YYYY-MM-DD, UTC) and who made it. */
const present = ({ key, thumbKey, createdAt, ...row }: ShotRow) => ({ ...row, addedOn: createdAt.toISOString().slice(0, 10), url: uploadUrl(key), thumbUrl: uploadUrl(thumbKey) });

export type ToolScreenshot = ReturnType<typeof present>;

const galleryOrder = [asc(toolScreenshots.position), asc(toolScreenshots.id)];

/**
 * The tool page's gallery, in its order. Kept with the tool's page (`tool:<slug>`, which every screenshot write
 * invalidates) and the catalogue (the content sync may delete the tool, and its screenshots with it).
 */
export function listToolScreenshots(tool: { id: number; slug: string }): Promise<ToolScreenshot[]> {
  return cached(`tool:${tool.slug}:screenshots`, [...CATALOGUE, `tool:${tool.slug}`], async () => {
    const rows = await getDb()
      .select(shotSelect)
      .from(toolScreenshots)
      .where(eq(toolScreenshots.toolId, tool.id))
      .orderBy(...galleryOrder);
    return rows.map(present);
  });
}

/** The admin page of one tool's screenshots: each with who added it (for the audit) and when. Undefined for an unknown slug. */
export async function getScreenshotEditor(slug: string) {
  const [tool] = await getDb().select({ id: tools.id, slug: tools.slug, name: tools.name }).from(tools).where(eq(tools.slug, slug)).limit(1);
  if (!tool) return undefined;
  const rows = await getDb()
    .select({ ...shotSelect, uploaderEmail: users.email })
    .from(toolScreenshots)
    .leftJoin(users, eq(users.id, toolScreenshots.uploadedBy))
    .where(eq(toolScreenshots.toolId, tool.id))
    .orderBy(...galleryOrder);
  return {
    tool,
    screenshots: rows.map(({ uploaderEmail, ...row }) => ({ ...present(row), addedAt: row.createdAt.toISOString(), uploaderEmail })),
  };
}

const toolUnknown = () => new AppError("NOT_FOUND", { message: "screenshotToolUnknown" });
const screenshotUnknown = () => new AppError("NOT_FOUND", { message: "screenshotNotFound" });
const galleryFull = () => new AppError("CONFLICT", { message: "screenshotsFull", field: "file" });

async function lockTool(tx: Tx, slug: string) {
  const [tool] = await tx.select({ id: tools.id }).from(tools).where(eq(tools.slug, slug)).for("update");
  if (!tool) throw toolUnknown();
  return tool;
}

/** The tool's screenshots in gallery order, read under the tool's lock. */
function shotsOf(tx: Tx, toolId: number) {
  return tx
    .select({
      id: toolScreenshots.id,
      position: toolScreenshots.position,
      key: toolScreenshots.key,
      thumbKey: toolScreenshots.thumbKey,
      alt: toolScreenshots.alt,
      caption: toolScreenshots.caption,
    })
    .from(toolScreenshots)
    .where(eq(toolScreenshots.toolId, toolId))
    .orderBy(...galleryOrder);
}

/** Positions 0..n-1 in this order (the few rows whose place changed). */
async function renumber(tx: Tx, order: { id: number; position: number }[]) {
  for (const [position, shot] of order.entries()) {
    if (shot.position !== position) await tx.update(toolScreenshots).set({ position }).where(eq(toolScreenshots.id, shot.id));
  }
}

export type NewScreenshot = { slug: string; alt: string; caption?: string; providedBy?: ScreenshotProvider; file: File };

/**
 * The image's size as it shows (EXIF orientation applied), refused when too small or too narrow to show the product
 * (decision 063); an image sharp cannot read is left to `storeImage`, which refuses it with the image checks' words.
 */
async function checkScreenshotSize(bytes: Uint8Array) {
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) return;
  const turned = (meta.orientation ?? 1) >= 5;
  const problem = screenshotSizeProblem(turned ? meta.height : meta.width, turned ? meta.width : meta.height);
  if (problem) throw new AppError("INVALID_INPUT", { message: problem, field: "file" });
}

/**
 * Adds a screenshot at the end of the gallery. A full gallery is refused before the file is processed, and again
 * under the lock; a refusal after the files were stored deletes them.
 */
export async function addScreenshot({ slug, alt, caption, providedBy = "editors", file }: NewScreenshot, actor: Actor) {
  const [tool] = await getDb().select({ id: tools.id }).from(tools).where(eq(tools.slug, slug)).limit(1);
  if (!tool) throw toolUnknown();
  const [{ value: existing } = { value: 0 }] = await getDb().select({ value: count() }).from(toolScreenshots).where(eq(toolScreenshots.toolId, tool.id));
  if (existing >= MAX_TOOL_SCREENSHOTS) throw galleryFull();
  const bytes = await readImageFile(file, "file");
  await checkScreenshotSize(bytes);
  const stored: StoredImage[] = [];
  try {
    const full = await storeImage(bytes, { folder: "screenshots", maxSide: SCREENSHOT_MAX_SIDE, field: "file" });
    stored.push(full);
    const thumb = await storeImage(bytes, { folder: "screenshots", maxSide: SCREENSHOT_THUMB_MAX_SIDE, field: "file" });
    stored.push(thumb);
    return await getDb().transaction(async (tx) => {
      const { id: toolId } = await lockTool(tx, slug);
      const position = (await shotsOf(tx, toolId)).length;
      if (position >= MAX_TOOL_SCREENSHOTS) throw galleryFull();
      const [row] = await tx
        .insert(toolScreenshots)
        .values({
          toolId,
          position,
          key: full.key,
          width: full.width,
          height: full.height,
          thumbKey: thumb.key,
          thumbWidth: thumb.width,
          thumbHeight: thumb.height,
          alt,
          caption: caption || null,
          uploadedBy: actor.id,
          providedBy,
        })
        .returning({ id: toolScreenshots.id });
      await recordAudit(
        { actor, action: "screenshot.add", targetType: "tool", targetId: slug, after: { screenshot: row!.id, position, alt, caption: caption || null, providedBy } },
        tx,
      );
      return { slug, id: row!.id };
    });
  } catch (error) {
    await Promise.all(stored.map((image) => deleteUpload(image.key)));
    throw error;
  }
}

/** The one screenshot `id` of the tool, under the tool's lock, with the gallery it is in. */
async function lockShot(tx: Tx, slug: string, id: number) {
  const { id: toolId } = await lockTool(tx, slug);
  const shots = await shotsOf(tx, toolId);
  const index = shots.findIndex((shot) => shot.id === id);
  if (index < 0) throw screenshotUnknown();
  return { shots, index, shot: shots[index]! };
}

/** Rewrites a screenshot's alt text and caption. */
export async function describeScreenshot({ slug, id, alt, caption }: { slug: string; id: number; alt: string; caption?: string }, actor: Actor) {
  return getDb().transaction(async (tx) => {
    const { shot } = await lockShot(tx, slug, id);
    const after = { alt, caption: caption || null };
    await tx.update(toolScreenshots).set(after).where(eq(toolScreenshots.id, id));
    const before = { alt: shot.alt, caption: shot.caption };
    await recordAudit({ actor, action: "screenshot.describe", targetType: "tool", targetId: slug, before: { screenshot: id, ...before }, after: { screenshot: id, ...after } }, tx);
    return { slug };
  });
}

/** Moves a screenshot one place up or down the gallery (nothing changes at either end). */
export async function moveScreenshot({ slug, id, move }: { slug: string; id: number; move: ScreenshotMove }, actor: Actor) {
  return getDb().transaction(async (tx) => {
    const { shots, index } = await lockShot(tx, slug, id);
    const order = movedOrder(shots, index, move);
    await renumber(tx, order);
    const position = order.findIndex((shot) => shot.id === id);
    if (position !== index)
      await recordAudit(
        { actor, action: "screenshot.move", targetType: "tool", targetId: slug, before: { screenshot: id, position: index }, after: { screenshot: id, position } },
        tx,
      );
    return { slug };
  });
}

/** Deletes a screenshot (both its files, after the commit) and closes the gap in the gallery. */
export async function deleteScreenshot({ slug, id }: { slug: string; id: number }, actor: Actor) {
  const removed = await getDb().transaction(async (tx) => {
    const { shots, index, shot } = await lockShot(tx, slug, id);
    await tx.delete(toolScreenshots).where(eq(toolScreenshots.id, id));
    await renumber(
      tx,
      shots.filter((other) => other.id !== id),
    );
    await recordAudit({ actor, action: "screenshot.delete", targetType: "tool", targetId: slug, before: { screenshot: id, position: index, alt: shot.alt }, after: null }, tx);
    return shot;
  });
  await Promise.all([deleteUpload(removed.key), deleteUpload(removed.thumbKey)]);
  return { slug };
}
