import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { favorites, reviewProofs, reviewReports, reviews, reviewVotes, toolNotes, toolReactions, tools, uploads } from "~/db/schema";
import { NOTE_MAX, REVIEW_COMMENT_MAX, REVIEW_MAX_IMAGES } from "~/lib/review/review-rules";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { deleteUpload, uploadUrl } from "~/utils/storage.server";
import { toolIdBySlug } from "./queries.server";

/**
 * Every community write. The user id always comes from the session; each
 * function checks the row belongs to that user (or, for votes, that it does
 * not), returns what changed and throws AppError with a message key when it
 * refuses. The wording of success is the caller's (models/review/writes.server.ts).
 */
const invalid = (
  message: "ratingRequired" | "contentRequired" | "commentTooLong" | "tooManyImages" | "imageUnreadable" | "imageInOtherReview" | "emptyComment" | "noteTooLong",
  field: string,
) => new AppError("INVALID_INPUT", { message, field });

async function requireTool(toolSlug: string) {
  const tool = await toolIdBySlug(toolSlug);
  if (!tool) throw new AppError("NOT_FOUND", { message: "toolNotFound" });
  return tool;
}

export async function setFavorite(userId: string, toolSlug: string, favorite: boolean): Promise<{ favorited: boolean }> {
  const tool = await requireTool(toolSlug);
  if (favorite) await getDb().insert(favorites).values({ userId, toolId: tool.id }).onConflictDoNothing();
  else
    await getDb()
      .delete(favorites)
      .where(and(eq(favorites.userId, userId), eq(favorites.toolId, tool.id)));
  return { favorited: favorite };
}

export type ReviewInput = { toolSlug: string; rating: number; comment: string; images: string[] };

/** Checks a review's text and images before any image is stored for it. */
export function checkReview(input: { rating: number; comment: string }, imageCount: number) {
  const comment = input.comment.trim();
  if (input.rating < 1) throw invalid("ratingRequired", "rating");
  if (!comment) throw invalid("contentRequired", "comment");
  if (comment.length > REVIEW_COMMENT_MAX) throw invalid("commentTooLong", "comment");
  if (imageCount > REVIEW_MAX_IMAGES) throw invalid("tooManyImages", "images");
  return comment;
}

/** Creates the user's review of a tool, or edits it when one exists (one per user and tool). */
export async function saveReview(userId: string, input: ReviewInput): Promise<{ id: number; created: boolean }> {
  const images = [...new Set(input.images)];
  const comment = checkReview(input, images.length);
  const tool = await requireTool(input.toolSlug);

  // Only the author's own uploads may be attached.
  const keys = images.map((url) => url.replace(/^\/uploads\//, ""));
  if (keys.length) {
    const owned = await getDb()
      .select({ key: uploads.key })
      .from(uploads)
      .where(and(eq(uploads.userId, userId), inArray(uploads.key, keys)));
    if (owned.length !== keys.length) throw invalid("imageUnreadable", "images");
  }
  const imageUrls = keys.map(uploadUrl);

  const [existing] = await getDb()
    .select({ id: reviews.id, images: reviews.images })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.toolId, tool.id)));
  // An upload belongs to one review: deleting that review deletes the file, which another must not show.
  if (imageUrls.length) {
    const [elsewhere] = await getDb()
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.userId, userId), ne(reviews.toolId, tool.id), sql`${reviews.images} ?| ${sql.param(imageUrls)}::text[]`))
      .limit(1);
    if (elsewhere) throw invalid("imageInOtherReview", "images");
  }
  if (existing) {
    await getDb().update(reviews).set({ rating: input.rating, comment, images: imageUrls, updatedAt: new Date() }).where(eq(reviews.id, existing.id));
    await removeReviewImages(
      userId,
      existing.images.filter((url) => !imageUrls.includes(url)),
    );
    return { id: existing.id, created: false };
  }
  const [created] = await getDb()
    .insert(reviews)
    .values({ userId, toolId: tool.id, rating: input.rating, comment, images: imageUrls })
    .onConflictDoUpdate({ target: [reviews.userId, reviews.toolId], set: { rating: input.rating, comment, images: imageUrls, updatedAt: new Date() } })
    .returning({ id: reviews.id });
  return { id: created!.id, created: true };
}

/** The rating card: saves the stars as the user's rating of the tool, keeping any written review. */
export async function saveRating(userId: string, toolSlug: string, rating: number): Promise<void> {
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) throw invalid("ratingRequired", "rating");
  const tool = await requireTool(toolSlug);
  await getDb()
    .insert(reviews)
    .values({ userId, toolId: tool.id, rating, comment: "" })
    .onConflictDoUpdate({ target: [reviews.userId, reviews.toolId], set: { rating, updatedAt: new Date() } });
}

async function findReview(reviewId: number) {
  const [row] = await getDb()
    .select({ id: reviews.id, userId: reviews.userId, images: reviews.images, toolSlug: tools.slug, proofKey: reviewProofs.key })
    .from(reviews)
    .innerJoin(tools, eq(tools.id, reviews.toolId))
    // A pending proof goes with its review (the row by cascade, the private file here).
    .leftJoin(reviewProofs, eq(reviewProofs.reviewId, reviews.id))
    .where(eq(reviews.id, reviewId));
  if (!row) throw new AppError("NOT_FOUND", { message: "reviewNotFound" });
  return row;
}

/** The one deletion path of review images: the ownership rows, then the files (the author's own delete and an editor's use it). */
export async function removeReviewImages(userId: string, urls: string[]) {
  const keys = urls.map((url) => url.replace(/^\/uploads\//, ""));
  if (!keys.length) return;
  await getDb()
    .delete(uploads)
    .where(and(eq(uploads.userId, userId), inArray(uploads.key, keys)));
  await Promise.all(keys.map((key) => deleteUpload(key)));
}

export async function deleteReview(userId: string, reviewId: number): Promise<{ toolSlug: string }> {
  const row = await findReview(reviewId);
  if (row.userId !== userId) throw new AppError("FORBIDDEN", { message: "notYours" });
  await getDb()
    .delete(reviews)
    .where(and(eq(reviews.id, row.id), eq(reviews.userId, userId)));
  await removeReviewImages(userId, row.images);
  await deleteUpload(row.proofKey);
  return { toolSlug: row.toolSlug };
}

/** One "helpful" vote per signed-in user, never on one's own review; the count is recomputed from the votes. */
export async function voteHelpful(userId: string, reviewId: number): Promise<{ helpfulCount: number; toolSlug: string }> {
  const row = await findReview(reviewId);
  if (row.userId === userId) throw new AppError("FORBIDDEN", { message: "ownReviewVote" });
  const inserted = await getDb().insert(reviewVotes).values({ reviewId, userId }).onConflictDoNothing().returning({ reviewId: reviewVotes.reviewId });
  const [updated] = await getDb()
    .update(reviews)
    .set({ helpfulCount: sql`(select count(*)::int from ${reviewVotes} where ${reviewVotes.reviewId} = ${reviewId})` })
    .where(eq(reviews.id, reviewId))
    .returning({ helpfulCount: reviews.helpfulCount });
  if (inserted.length === 0) throw new AppError("CONFLICT", { message: "alreadyVoted" });
  return { helpfulCount: updated!.helpfulCount, toolSlug: row.toolSlug };
}

export const REPORT_REASONS = ["spam", "offensive", "fake", "off-topic", "other"] as const;

export async function reportReview(userId: string, reviewId: number, input: { reason: (typeof REPORT_REASONS)[number]; details: string }): Promise<void> {
  const row = await findReview(reviewId);
  if (row.userId === userId) throw new AppError("FORBIDDEN", { message: "ownReviewReport" });
  const reason = input.details.trim() ? `${input.reason}: ${input.details.trim()}` : input.reason;
  await getDb()
    .insert(reviewReports)
    .values({ reviewId, userId, reason })
    .onConflictDoUpdate({ target: [reviewReports.reviewId, reviewReports.userId], set: { reason } });
}

/** Like (1), dislike (-1) or clear (0): one reaction per user and tool. */
export async function setReaction(userId: string, toolSlug: string, value: -1 | 0 | 1): Promise<void> {
  const tool = await requireTool(toolSlug);
  if (value === 0) {
    await getDb()
      .delete(toolReactions)
      .where(and(eq(toolReactions.userId, userId), eq(toolReactions.toolId, tool.id)));
    return;
  }
  await getDb()
    .insert(toolReactions)
    .values({ userId, toolId: tool.id, value })
    .onConflictDoUpdate({ target: [toolReactions.userId, toolReactions.toolId], set: { value, updatedAt: new Date() } });
}

export async function addNote(userId: string, toolSlug: string, body: string): Promise<void> {
  const text = body.trim();
  if (!text) throw invalid("emptyComment", "body");
  if (text.length > NOTE_MAX) throw invalid("noteTooLong", "body");
  const tool = await requireTool(toolSlug);
  await getDb().insert(toolNotes).values({ userId, toolId: tool.id, body: text });
}
