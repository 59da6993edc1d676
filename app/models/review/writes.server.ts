import { z } from "zod";
import type { MessageKey } from "~/lib/messages";
import { enforceLimit } from "~/utils/limits.server";
import { formBoolean, formFiles, formList, formNumber, idField } from "~/utils/input.server";
import { defineWrite } from "~/utils/write.server";
import { acceptReviewImage } from "./images.server";
import { READER_REVIEWS } from "~/utils/cache.server";
import { addNote, checkReview, deleteReview, REPORT_REASONS, reportReview, saveRating, saveReview, setFavorite, setReaction, voteHelpful } from "./mutations.server";

/**
 * The community writes, each declared once and used by the tool page's form
 * action (with or without JavaScript) and by the JSON API under /api/. Each
 * names its limit, input, model call, the cache tags it makes stale and the
 * catalogue message of its success.
 */

const toolSlug = z.string().min(1).max(200);

export const favoriteWrite = defineWrite({
  auth: "viewer",
  signInMessage: "authRequiredBookmark",
  limit: "feedback",
  input: z.object({ toolSlug, favorite: formBoolean }),
  run: ({ toolSlug, favorite }, { viewer }) => setFavorite(viewer.id, toolSlug, favorite),
  // No public page shows who saved what or how many did: nothing cached goes stale.
  invalidates: () => [],
  success: ({ favorited }): MessageKey => (favorited ? "favoriteAdded" : "favoriteRemoved"),
});

const reviewFields = { toolSlug, rating: formNumber.pipe(z.number().int().min(0).max(5)), comment: z.string().max(5000).default("") };
const reviewSuccess = ({ created }: { created: boolean }): MessageKey => (created ? "reviewSubmitted" : "reviewUpdated");
const reviewStatus = ({ created }: { created: boolean }) => (created ? 201 : 200);

/** JSON: the review with the URLs of images uploaded before (POST /api/uploads). */
export const reviewWrite = defineWrite({
  auth: "viewer",
  signInMessage: "authRequiredReview",
  limit: "reviewWrite",
  input: z.object({ ...reviewFields, images: z.array(z.string().max(300)).max(10).default([]) }),
  run: (input, { viewer }) => saveReview(viewer.id, input),
  invalidates: (_result, { toolSlug }) => [`tool:${toolSlug}`, READER_REVIEWS],
  success: reviewSuccess,
  status: reviewStatus,
});

/** A multipart form: the review, the images kept from before and new files, in one post (works without JavaScript). */
export const reviewFormWrite = defineWrite({
  auth: "viewer",
  signInMessage: "authRequiredReview",
  limit: "reviewWrite",
  input: z.object({ ...reviewFields, images: formList(z.string().max(300)).pipe(z.array(z.string()).max(10)), files: formFiles }),
  async run({ files, ...input }, { viewer, client }) {
    // Refuse a bad review before storing any of its images.
    checkReview(input, input.images.length + files.length);
    const uploaded: string[] = [];
    for (const file of files) {
      await enforceLimit("imageUpload", { address: viewer.id, ip: client.ip });
      uploaded.push((await acceptReviewImage(viewer.id, file)).url);
    }
    return saveReview(viewer.id, { ...input, images: [...input.images, ...uploaded] });
  },
  invalidates: (_result, { toolSlug }) => [`tool:${toolSlug}`, READER_REVIEWS],
  success: reviewSuccess,
  status: reviewStatus,
});

export const uploadWrite = defineWrite({
  auth: "viewer",
  signInMessage: "authRequiredReview",
  limit: "imageUpload",
  input: z.object({ file: z.instanceof(File, { message: "imageUnreadable" }) }),
  invalidMessage: "imageUnreadable",
  run: ({ file }, { viewer }) => acceptReviewImage(viewer.id, file),
  // Not shown anywhere until a review names it.
  invalidates: () => [],
  success: "imageUploaded",
  status: () => 201,
});

export const deleteReviewWrite = defineWrite({
  auth: "viewer",
  signInMessage: "authRequiredReview",
  limit: "reviewWrite",
  input: z.object({ id: idField, toolSlug: toolSlug.optional() }),
  invalidMessage: "reviewNotFound",
  run: ({ id }, { viewer }) => deleteReview(viewer.id, id),
  invalidates: ({ toolSlug }) => [`tool:${toolSlug}`, READER_REVIEWS],
  success: "reviewDeleted",
});

export const helpfulWrite = defineWrite({
  auth: "viewer",
  signInMessage: "authRequiredFeedback",
  limit: "feedback",
  input: z.object({ id: idField }),
  invalidMessage: "reviewNotFound",
  run: ({ id }, { viewer }) => voteHelpful(viewer.id, id),
  invalidates: ({ toolSlug }) => [`tool:${toolSlug}`],
  success: "helpfulVoted",
});

export const reportWrite = defineWrite({
  auth: "viewer",
  signInMessage: "authRequiredFeedback",
  limit: "feedback",
  input: z.object({ id: idField, reason: z.enum(REPORT_REASONS), details: z.string().max(500).default("") }),
  run: ({ id, ...input }, { viewer }) => reportReview(viewer.id, id, input),
  // Reports are for editors; the public page does not change.
  invalidates: () => [],
  success: "reviewReported",
});

/** Like/dislike (reaction), the rating card's stars (rating) or the listing's comment dialog (note) about a tool. */
export const toolFeedbackWrite = defineWrite({
  auth: "viewer",
  signInMessage: "authRequiredFeedback",
  limit: "feedback",
  input: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("reaction"), toolSlug, value: z.coerce.number().pipe(z.union([z.literal(-1), z.literal(0), z.literal(1)])) }),
    z.object({ kind: z.literal("rating"), toolSlug, rating: formNumber.pipe(z.number().int().min(1, "ratingRequired").max(5)) }),
    z.object({ kind: z.literal("note"), toolSlug, body: z.string().max(2000) }),
  ]),
  async run(input, { viewer }) {
    if (input.kind === "reaction") await setReaction(viewer.id, input.toolSlug, input.value);
    else if (input.kind === "rating") await saveRating(viewer.id, input.toolSlug, input.rating);
    else await addNote(viewer.id, input.toolSlug, input.body);
  },
  // Likes and dislikes show on other tools' pages (similar tools); ratings and notes on the tool's own.
  invalidates: (_result, input) => (input.kind === "reaction" ? [`reactions:${input.toolSlug}`] : [`tool:${input.toolSlug}`, READER_REVIEWS]),
  success: (_result, input): MessageKey =>
    input.kind === "rating"
      ? "ratingSaved"
      : input.kind === "note"
        ? "commentSubmitted"
        : input.value === 1
          ? "feedbackThanksPositive"
          : input.value === -1
            ? "feedbackThanksNegative"
            : "feedbackCleared",
  status: (_result, input) => (input.kind === "note" ? 201 : 200),
});
