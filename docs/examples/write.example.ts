// Two writes as they sit in app/models/<entity>/writes.server.ts, and the admin write's model function as it sits in
// app/models/<entity>/mutations.server.ts. CONTRIBUTING.md quotes this file whole; `npx tsc` checks it against the code.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { reviews, tools } from "~/db/schema";
import { recordAudit } from "~/models/admin/audit.server";
import { addNote } from "~/models/review/mutations.server";
import { READER_REVIEWS } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { idField } from "~/utils/input.server";
import type { Viewer } from "~/utils/request-context";
import { defineWrite } from "~/utils/write.server";

/** A reader's note about a tool, from the tool page's comment dialog. */
export const noteWrite = defineWrite({
  auth: "viewer", // "anyone", "viewer" (signed in), "editor" or "owner" (that role or a higher one)
  signInMessage: "authRequiredFeedback", // what a visitor without a session is told
  limit: "feedback", // a named limit of app/utils/limits.server.ts
  input: z.object({ toolSlug: z.string().min(1).max(200), body: z.string().max(2000) }),
  run: ({ toolSlug, body }, { viewer }) => addNote(viewer.id, toolSlug, body),
  // The cache tags the write makes stale (app/utils/cache.server.ts): the tool's page shows its notes.
  invalidates: (_result, { toolSlug }) => [`tool:${toolSlug}`],
  success: "commentSubmitted", // a key of app/lib/messages.ts
  status: () => 201,
});

/**
 * The admin write's model: the change and its audit row in one transaction, so no change is ever without its
 * record. It knows nothing of who may call it: the write declares that.
 */
export async function restoreHiddenReview(actor: Pick<Viewer, "id" | "email">, reviewId: number): Promise<{ toolSlug: string }> {
  return getDb().transaction(async (tx) => {
    const [review] = await tx
      .select({ hiddenAt: reviews.hiddenAt, toolSlug: tools.slug })
      .from(reviews)
      .innerJoin(tools, eq(tools.id, reviews.toolId))
      .where(eq(reviews.id, reviewId))
      .for("update", { of: reviews });
    if (!review) throw new AppError("NOT_FOUND", { message: "reviewNotFound" });
    if (!review.hiddenAt) throw new AppError("CONFLICT", { message: "reviewNotHidden" });
    await tx.update(reviews).set({ hiddenAt: null, hiddenBy: null }).where(eq(reviews.id, reviewId));
    await recordAudit({ actor, action: "review.restore", targetType: "review", targetId: reviewId, before: { hidden: true }, after: { hidden: false } }, tx);
    return { toolSlug: review.toolSlug };
  });
}

/**
 * An editor's write. The write path answers anyone below the role first, as `requireRole` does (a page post without a
 * session goes to sign in, a reader gets the not-found page, the API says 401 or 403); an admin form's action and
 * the API do so before reading the body.
 */
export const restoreReviewWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: z.object({ id: idField }),
  invalidMessage: "reviewNotFound",
  run: ({ id }, { viewer }) => restoreHiddenReview(viewer, id),
  // The tool's page and the site-wide counts of readers' reviews (/how-we-review) show it again.
  invalidates: ({ toolSlug }) => [`tool:${toolSlug}`, READER_REVIEWS],
  success: "reviewRestored",
});
