import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { favorites, reviewReports, reviews, reviewVotes, toolNotes, toolReactions, uploads } from "~/db/schema";
import type { Toast } from "~/lib/account-messages";
import { NOTE_MAX, REVIEW_COMMENT_MAX, REVIEW_MAX_IMAGES, REVIEW_MESSAGES } from "~/lib/review-rules";
import { getDb } from "~/utils/db.server";
import { deleteUpload, uploadUrl } from "~/utils/storage.server";
import { toolIdBySlug } from "./queries.server";

/**
 * Every community write. The user id always comes from the session; each
 * function checks the row belongs to that user (or, for votes, that it does
 * not) and answers with the spec's message.
 */
export type MutationResult<T = unknown> = { ok: true; status: number; toast: Toast; data?: T } | { ok: false; status: number; toast: Toast; field?: string };

type Failure = { ok: false; status: number; toast: Toast; field?: string };
const fail = (status: number, toast: Toast, field?: string): Failure => ({ ok: false, status, toast, field });

export async function setFavorite(userId: string, toolSlug: string, favorite: boolean): Promise<MutationResult<{ favorited: boolean }>> {
  const tool = await toolIdBySlug(toolSlug);
  if (!tool) return fail(404, REVIEW_MESSAGES.toolNotFound);
  if (favorite) {
    await getDb().insert(favorites).values({ userId, toolId: tool.id }).onConflictDoNothing();
    return { ok: true, status: 200, toast: REVIEW_MESSAGES.favoriteAdded, data: { favorited: true } };
  }
  await getDb().delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.toolId, tool.id)));
  return { ok: true, status: 200, toast: REVIEW_MESSAGES.favoriteRemoved, data: { favorited: false } };
}

export const reviewInput = z.object({
  toolSlug: z.string().min(1).max(200),
  rating: z.coerce.number().int().min(0).max(5),
  comment: z.string().max(5000),
  images: z.array(z.string().max(300)).max(10).default([]),
});

/** Creates the user's review of a tool, or edits it when one exists (one per user and tool). */
export async function saveReview(userId: string, input: z.infer<typeof reviewInput>): Promise<MutationResult<{ id: number; created: boolean }>> {
  const comment = input.comment.trim();
  if (input.rating < 1) return fail(400, REVIEW_MESSAGES.ratingRequired, "rating");
  if (!comment) return fail(400, REVIEW_MESSAGES.contentRequired, "comment");
  if (comment.length > REVIEW_COMMENT_MAX) return fail(400, REVIEW_MESSAGES.commentTooLong, "comment");
  const images = [...new Set(input.images)];
  if (images.length > REVIEW_MAX_IMAGES) return fail(400, REVIEW_MESSAGES.tooManyImages, "images");
  const tool = await toolIdBySlug(input.toolSlug);
  if (!tool) return fail(404, REVIEW_MESSAGES.toolNotFound);

  // Only the author's own uploads may be attached.
  const keys = images.map((url) => url.replace(/^\/uploads\//, ""));
  if (keys.length) {
    const owned = await getDb().select({ key: uploads.key }).from(uploads).where(and(eq(uploads.userId, userId), inArray(uploads.key, keys)));
    if (owned.length !== keys.length) return fail(400, REVIEW_MESSAGES.unreadableImage, "images");
  }
  const imageUrls = keys.map(uploadUrl);

  const [existing] = await getDb().select({ id: reviews.id, images: reviews.images }).from(reviews).where(and(eq(reviews.userId, userId), eq(reviews.toolId, tool.id)));
  if (existing) {
    await getDb().update(reviews).set({ rating: input.rating, comment, images: imageUrls, updatedAt: new Date() }).where(eq(reviews.id, existing.id));
    await removeImages(userId, existing.images.filter((url) => !imageUrls.includes(url)));
    return { ok: true, status: 200, toast: REVIEW_MESSAGES.updated, data: { id: existing.id, created: false } };
  }
  const [created] = await getDb()
    .insert(reviews)
    .values({ userId, toolId: tool.id, rating: input.rating, comment, images: imageUrls })
    .onConflictDoUpdate({ target: [reviews.userId, reviews.toolId], set: { rating: input.rating, comment, images: imageUrls, updatedAt: new Date() } })
    .returning({ id: reviews.id });
  return { ok: true, status: 201, toast: REVIEW_MESSAGES.submitted, data: { id: created!.id, created: true } };
}

/** The rating card: saves the stars as the user's rating of the tool, keeping any written review. */
export async function saveRating(userId: string, toolSlug: string, rating: number): Promise<MutationResult> {
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) return fail(400, REVIEW_MESSAGES.ratingRequired, "rating");
  const tool = await toolIdBySlug(toolSlug);
  if (!tool) return fail(404, REVIEW_MESSAGES.toolNotFound);
  await getDb()
    .insert(reviews)
    .values({ userId, toolId: tool.id, rating, comment: "" })
    .onConflictDoUpdate({ target: [reviews.userId, reviews.toolId], set: { rating, updatedAt: new Date() } });
  return { ok: true, status: 200, toast: REVIEW_MESSAGES.ratingSaved };
}

async function ownedReview(userId: string, reviewId: number) {
  const [row] = await getDb().select({ id: reviews.id, userId: reviews.userId, images: reviews.images }).from(reviews).where(eq(reviews.id, reviewId));
  if (!row) return { error: fail(404, REVIEW_MESSAGES.reviewNotFound) };
  if (row.userId !== userId) return { error: fail(403, REVIEW_MESSAGES.notYours) };
  return { row };
}

async function removeImages(userId: string, urls: string[]) {
  const keys = urls.map((url) => url.replace(/^\/uploads\//, ""));
  if (!keys.length) return;
  await getDb().delete(uploads).where(and(eq(uploads.userId, userId), inArray(uploads.key, keys)));
  await Promise.all(keys.map((key) => deleteUpload(key)));
}

export async function deleteReview(userId: string, reviewId: number): Promise<MutationResult> {
  const { row, error } = await ownedReview(userId, reviewId);
  if (error) return error;
  await getDb().delete(reviews).where(and(eq(reviews.id, row.id), eq(reviews.userId, userId)));
  await removeImages(userId, row.images);
  return { ok: true, status: 200, toast: REVIEW_MESSAGES.deleted };
}

/** One "helpful" vote per signed-in user, never on one's own review; the count is recomputed from the votes. */
export async function voteHelpful(userId: string, reviewId: number): Promise<MutationResult<{ helpfulCount: number }>> {
  const [row] = await getDb().select({ userId: reviews.userId }).from(reviews).where(eq(reviews.id, reviewId));
  if (!row) return fail(404, REVIEW_MESSAGES.reviewNotFound);
  if (row.userId === userId) return fail(403, REVIEW_MESSAGES.ownReviewVote);
  const inserted = await getDb().insert(reviewVotes).values({ reviewId, userId }).onConflictDoNothing().returning({ reviewId: reviewVotes.reviewId });
  const [updated] = await getDb()
    .update(reviews)
    .set({ helpfulCount: sql`(select count(*)::int from ${reviewVotes} where ${reviewVotes.reviewId} = ${reviewId})` })
    .where(eq(reviews.id, reviewId))
    .returning({ helpfulCount: reviews.helpfulCount });
  if (inserted.length === 0) return fail(409, REVIEW_MESSAGES.alreadyVoted);
  return { ok: true, status: 200, toast: REVIEW_MESSAGES.voted, data: { helpfulCount: updated!.helpfulCount } };
}

export const reportInput = z.object({ reason: z.enum(["spam", "offensive", "fake", "off-topic", "other"]), details: z.string().max(500).default("") });

export async function reportReview(userId: string, reviewId: number, input: z.infer<typeof reportInput>): Promise<MutationResult> {
  const [row] = await getDb().select({ userId: reviews.userId }).from(reviews).where(eq(reviews.id, reviewId));
  if (!row) return fail(404, REVIEW_MESSAGES.reviewNotFound);
  if (row.userId === userId) return fail(403, { ...REVIEW_MESSAGES.notYours, description: "You cannot report your own review." });
  const reason = input.details.trim() ? `${input.reason}: ${input.details.trim()}` : input.reason;
  await getDb().insert(reviewReports).values({ reviewId, userId, reason }).onConflictDoUpdate({ target: [reviewReports.reviewId, reviewReports.userId], set: { reason } });
  return { ok: true, status: 200, toast: REVIEW_MESSAGES.reported };
}

/** Like (1), dislike (-1) or clear (0): one reaction per user and tool. */
export async function setReaction(userId: string, toolSlug: string, value: -1 | 0 | 1): Promise<MutationResult> {
  const tool = await toolIdBySlug(toolSlug);
  if (!tool) return fail(404, REVIEW_MESSAGES.toolNotFound);
  if (value === 0) {
    await getDb().delete(toolReactions).where(and(eq(toolReactions.userId, userId), eq(toolReactions.toolId, tool.id)));
    return { ok: true, status: 200, toast: REVIEW_MESSAGES.feedbackCleared };
  }
  await getDb()
    .insert(toolReactions)
    .values({ userId, toolId: tool.id, value })
    .onConflictDoUpdate({ target: [toolReactions.userId, toolReactions.toolId], set: { value, updatedAt: new Date() } });
  return { ok: true, status: 200, toast: value === 1 ? REVIEW_MESSAGES.feedbackThanksPositive : REVIEW_MESSAGES.feedbackThanksNegative };
}

export async function addNote(userId: string, toolSlug: string, body: string): Promise<MutationResult> {
  const text = body.trim();
  if (!text) return fail(400, REVIEW_MESSAGES.emptyComment, "body");
  if (text.length > NOTE_MAX) return fail(400, { ...REVIEW_MESSAGES.emptyComment, title: "Comment too long", description: "Please keep your comment to 500 characters." }, "body");
  const tool = await toolIdBySlug(toolSlug);
  if (!tool) return fail(404, REVIEW_MESSAGES.toolNotFound);
  await getDb().insert(toolNotes).values({ userId, toolId: tool.id, body: text });
  return { ok: true, status: 201, toast: REVIEW_MESSAGES.commentSubmitted };
}
