import { and, eq, isNull, ne } from "drizzle-orm";
import { reviewProofs, reviewReplies, reviewReports, reviews, toolChanges, tools, users } from "~/db/schema";
import { REPLY_MAX } from "~/lib/review/review-rules";
import { recordAudit } from "~/models/admin/audit.server";
import { removeReviewImages } from "~/models/review/mutations.server";
import { getDb, type Db } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { readImageFile, storeImage } from "~/utils/images.server";
import type { Viewer } from "~/utils/request-context";
import { deleteUpload } from "~/utils/storage.server";
import { replyRoleOf } from "./replies.server";

/**
 * Editors' actions on reviews (decision 023). Each runs in one transaction with its audit row and returns the
 * tool's slug, whose cache tag the write declares stale; files are deleted after the commit (a failed delete
 * leaves an orphan, logged, never a row pointing at nothing).
 */
type Actor = Pick<Viewer, "id" | "email">;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const reviewNotFound = () => new AppError("NOT_FOUND", { message: "reviewNotFound" });

async function lockReview(tx: Tx, reviewId: number) {
  const [row] = await tx
    .select({
      id: reviews.id,
      userId: reviews.userId,
      rating: reviews.rating,
      comment: reviews.comment,
      images: reviews.images,
      hiddenAt: reviews.hiddenAt,
      toolSlug: tools.slug,
      authorEmail: users.email,
    })
    .from(reviews)
    .innerJoin(tools, eq(tools.id, reviews.toolId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.id, reviewId))
    .for("update", { of: reviews });
  if (!row) throw reviewNotFound();
  return row;
}

/** Marks the review's open reports as acted on; returns how many there were. */
async function resolveReports(tx: Tx, actor: Actor, reviewId: number) {
  const resolved = await tx
    .update(reviewReports)
    .set({ resolvedAt: new Date(), resolvedBy: actor.id })
    .where(and(eq(reviewReports.reviewId, reviewId), isNull(reviewReports.resolvedAt)))
    .returning({ userId: reviewReports.userId });
  return resolved.length;
}

/** Takes the review off every public page and aggregate; its open reports count as handled. */
export async function hideReview(actor: Actor, reviewId: number) {
  return getDb().transaction(async (tx) => {
    const review = await lockReview(tx, reviewId);
    if (review.hiddenAt) throw new AppError("CONFLICT", { message: "reviewAlreadyHidden" });
    await tx.update(reviews).set({ hiddenAt: new Date(), hiddenBy: actor.id }).where(eq(reviews.id, reviewId));
    const reportsResolved = await resolveReports(tx, actor, reviewId);
    await recordAudit({ actor, action: "review.hide", targetType: "review", targetId: reviewId, before: { hidden: false }, after: { hidden: true, reportsResolved } }, tx);
    return { toolSlug: review.toolSlug };
  });
}

export async function restoreReview(actor: Actor, reviewId: number) {
  return getDb().transaction(async (tx) => {
    const review = await lockReview(tx, reviewId);
    if (!review.hiddenAt) throw new AppError("CONFLICT", { message: "reviewNotHidden" });
    await tx.update(reviews).set({ hiddenAt: null, hiddenBy: null }).where(eq(reviews.id, reviewId));
    await recordAudit({ actor, action: "review.restore", targetType: "review", targetId: reviewId, before: { hidden: true }, after: { hidden: false } }, tx);
    return { toolSlug: review.toolSlug };
  });
}

/** Deletes the review with its votes, reports, replies and proof (cascade) and then its images and proof file. */
export async function deleteReviewAsEditor(actor: Actor, reviewId: number) {
  const { review, proofKey } = await getDb().transaction(async (tx) => {
    const review = await lockReview(tx, reviewId);
    const [proof] = await tx.select({ key: reviewProofs.key }).from(reviewProofs).where(eq(reviewProofs.reviewId, reviewId));
    await tx.delete(reviews).where(eq(reviews.id, reviewId));
    // The text is kept in the audit row: a deletion an owner questions can be read back.
    const before = {
      tool: review.toolSlug,
      author: review.authorEmail,
      rating: review.rating,
      comment: review.comment,
      images: review.images.length,
      hidden: Boolean(review.hiddenAt),
    };
    await recordAudit({ actor, action: "review.delete", targetType: "review", targetId: reviewId, before, after: null }, tx);
    return { review, proofKey: proof?.key ?? null };
  });
  await removeReviewImages(review.userId, review.images);
  await deleteUpload(proofKey);
  return { toolSlug: review.toolSlug };
}

/** The reports were unfounded: they leave the queue, the review stays as it is. */
export async function dismissReports(actor: Actor, reviewId: number) {
  return getDb().transaction(async (tx) => {
    const review = await lockReview(tx, reviewId);
    const reportsResolved = await resolveReports(tx, actor, reviewId);
    if (reportsResolved === 0) throw new AppError("CONFLICT", { message: "noOpenReports" });
    await recordAudit({ actor, action: "review.dismiss", targetType: "review", targetId: reviewId, before: { openReports: reportsResolved }, after: { openReports: 0 } }, tx);
    return { toolSlug: review.toolSlug };
  });
}

export type Verdict = "verify" | "reject";

/** An editor's judgement of a proof of use: the review is marked verified (or not), and the proof goes either way. */
export async function judgeProof(actor: Actor, proofId: number, verdict: Verdict) {
  const result = await getDb().transaction(async (tx) => {
    const [proof] = await tx
      .select({
        key: reviewProofs.key,
        reviewId: reviewProofs.reviewId,
        toolSlug: tools.slug,
        toolId: reviews.toolId,
        rating: reviews.rating,
        hidden: reviews.hiddenAt,
        verified: reviews.verifiedAt,
      })
      .from(reviewProofs)
      .innerJoin(reviews, eq(reviews.id, reviewProofs.reviewId))
      .innerJoin(tools, eq(tools.id, reviews.toolId))
      .where(eq(reviewProofs.id, proofId))
      .for("update", { of: reviewProofs });
    if (!proof) throw new AppError("NOT_FOUND", { message: "proofNotFound" });
    await tx.delete(reviewProofs).where(eq(reviewProofs.id, proofId));
    if (verdict === "verify") {
      await tx.update(reviews).set({ verifiedAt: new Date(), verifiedBy: actor.id }).where(eq(reviews.id, proof.reviewId));
      // Watchers hear of it (decision 035), with the change history's other news; a hidden review is news to nobody.
      if (!proof.hidden && !proof.verified)
        await tx.insert(toolChanges).values({ toolId: proof.toolId, kind: "review-verified", source: "review", after: { reviewId: proof.reviewId, rating: proof.rating } });
    }
    await recordAudit(
      {
        actor,
        action: verdict === "verify" ? "review.verify" : "review.proof-reject",
        targetType: "review",
        targetId: proof.reviewId,
        before: { verified: false, proof: proofId },
        after: { verified: verdict === "verify", proof: "deleted" },
      },
      tx,
    );
    return proof;
  });
  await deleteUpload(result.key);
  return { toolSlug: result.toolSlug, verdict };
}

/** Longest side of a stored proof: an invoice screenshot must stay readable. */
const PROOF_MAX_SIDE = 2400;

/**
 * The author attaches a proof of use to their review: checked and re-encoded like a review image (no metadata),
 * stored in the private folder. A new proof replaces a pending one.
 */
export async function attachProof(userId: string, toolSlug: string, reviewId: number, file: File) {
  const [review] = await getDb()
    .select({ id: reviews.id, userId: reviews.userId, verifiedAt: reviews.verifiedAt })
    .from(reviews)
    .innerJoin(tools, eq(tools.id, reviews.toolId))
    .where(and(eq(reviews.id, reviewId), eq(tools.slug, toolSlug)));
  if (!review) throw reviewNotFound();
  if (review.userId !== userId) throw new AppError("FORBIDDEN", { message: "notYours" });
  if (review.verifiedAt) throw new AppError("CONFLICT", { message: "alreadyVerified" });

  const bytes = await readImageFile(file, "proof");
  const { key, width, height } = await storeImage(bytes, { folder: "proofs", maxSide: PROOF_MAX_SIDE, field: "proof" });
  const [previous] = await getDb().select({ key: reviewProofs.key }).from(reviewProofs).where(eq(reviewProofs.reviewId, reviewId));
  await getDb()
    .insert(reviewProofs)
    .values({ reviewId, userId, key, width, height })
    .onConflictDoUpdate({ target: reviewProofs.reviewId, set: { key, width, height, createdAt: new Date() } });
  if (previous && previous.key !== key) await deleteUpload(previous.key);
  return { toolSlug };
}

/**
 * An editor's or the maker's public reply under a review: one per review and author; writing again edits it. The
 * role is fixed when the reply is first written.
 */
export async function saveReply(viewer: Viewer, toolSlug: string, reviewId: number, text: string) {
  const body = text.trim();
  if (!body) throw new AppError("INVALID_INPUT", { message: "replyRequired", fields: { body: "replyRequired" } });
  if (body.length > REPLY_MAX) throw new AppError("INVALID_INPUT", { message: "replyTooLong", fields: { body: "replyTooLong" } });
  const [review] = await getDb()
    .select({ id: reviews.id, toolId: reviews.toolId })
    .from(reviews)
    .innerJoin(tools, eq(tools.id, reviews.toolId))
    .where(and(eq(reviews.id, reviewId), eq(tools.slug, toolSlug), isNull(reviews.hiddenAt), ne(reviews.comment, "")));
  if (!review) throw reviewNotFound();
  const role = await replyRoleOf(viewer, review.toolId);
  if (!role) throw new AppError("FORBIDDEN", { message: "replyNotAllowed" });
  return getDb().transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: reviewReplies.id, body: reviewReplies.body })
      .from(reviewReplies)
      .where(and(eq(reviewReplies.reviewId, reviewId), eq(reviewReplies.authorId, viewer.id)))
      .for("update");
    if (existing) {
      await tx.update(reviewReplies).set({ body, updatedAt: new Date() }).where(eq(reviewReplies.id, existing.id));
    } else {
      await tx
        .insert(reviewReplies)
        .values({ reviewId, authorId: viewer.id, role, body })
        .onConflictDoUpdate({
          target: [reviewReplies.reviewId, reviewReplies.authorId],
          set: { body, updatedAt: new Date() },
        });
    }
    await recordAudit(
      { actor: viewer, action: "review.reply", targetType: "review", targetId: reviewId, before: existing ? { reply: existing.body } : null, after: { reply: body, role } },
      tx,
    );
    return { toolSlug, created: !existing };
  });
}
