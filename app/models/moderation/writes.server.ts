import { z } from "zod";
import type { MessageKey } from "~/lib/messages";
import { idField } from "~/utils/input.server";
import { defineWrite } from "~/utils/write.server";
import { READER_REVIEWS } from "~/utils/cache.server";
import { attachProof, deleteReviewAsEditor, dismissReports, hideReview, judgeProof, restoreReview, saveReply } from "./mutations.server";

/**
 * Moderation writes (decision 023). The editor's (/admin/reports, /admin/proofs) check the role themselves, so a
 * reader posting to them is answered like a page that does not exist; the reviewer's proof and the reply are posted
 * from the tool page (and the profile) through its action.
 */
const reviewId = z.object({ id: idField });
/** An empty file input is posted as a nameless, empty file: read it as no file. */
const noFile = (value: unknown) => (value instanceof File && value.size === 0 && value.name === "" ? undefined : value);
const toolTag = ({ toolSlug }: { toolSlug: string }) => [`tool:${toolSlug}`];
/** A change to what readers see of a review also changes the site-wide counts of /how-we-review. */
const reviewTags = ({ toolSlug }: { toolSlug: string }) => [`tool:${toolSlug}`, READER_REVIEWS];

export const hideReviewWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: reviewId,
  invalidMessage: "reviewNotFound",
  run: ({ id }, { viewer }) => hideReview(viewer, id),
  invalidates: reviewTags,
  success: "reviewHidden",
});

export const restoreReviewWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: reviewId,
  invalidMessage: "reviewNotFound",
  run: ({ id }, { viewer }) => restoreReview(viewer, id),
  invalidates: reviewTags,
  success: "reviewRestored",
});

export const deleteReviewAsEditorWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: reviewId,
  invalidMessage: "reviewNotFound",
  run: ({ id }, { viewer }) => deleteReviewAsEditor(viewer, id),
  invalidates: reviewTags,
  success: "reviewRemovedByEditor",
});

export const dismissReportsWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: reviewId,
  invalidMessage: "reviewNotFound",
  run: ({ id }, { viewer }) => dismissReports(viewer, id),
  // Reports are not shown on public pages.
  invalidates: () => [],
  success: "reportsDismissed",
});

export const judgeProofWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: z.object({ id: idField, verdict: z.enum(["verify", "reject"]) }),
  invalidMessage: "proofNotFound",
  run: ({ id, verdict }, { viewer }) => judgeProof(viewer, id, verdict),
  // A verification adds the badge; a rejection changes only what the author sees on the tool page (their proof is
  // no longer pending), which is read under the tool's tag too (models/account/personal.server.ts).
  invalidates: (result) => (result.verdict === "verify" ? [`tool:${result.toolSlug}`, READER_REVIEWS] : [`tool:${result.toolSlug}`]),
  success: (result): MessageKey => (result.verdict === "verify" ? "reviewVerified" : "proofRejected"),
});

/** The reviewer's proof of use, from their review on the tool page or their profile (multipart, works without JavaScript). */
export const proofWrite = defineWrite({
  auth: "viewer",
  signInMessage: "authRequiredReview",
  limit: "proofUpload",
  input: z.object({ toolSlug: z.string().min(1).max(200), id: idField, proof: z.preprocess(noFile, z.instanceof(File, { message: "proofRequired" })) }),
  invalidMessage: "proofMissing",
  run: ({ toolSlug, id, proof }, { viewer }) => attachProof(viewer.id, toolSlug, id, proof),
  // Private until an editor judges it: nothing public changes.
  invalidates: () => [],
  success: "proofSent",
  status: () => 201,
});

export const replyWrite = defineWrite({
  auth: "viewer",
  signInMessage: "authRequiredFeedback",
  limit: "reviewReply",
  // Length is checked by the model too, with the reply's own words; this only bounds what is read.
  input: z.object({ toolSlug: z.string().min(1).max(200), id: idField, body: z.string().max(5000).default("") }),
  invalidMessage: "reviewNotFound",
  run: ({ toolSlug, id, body }, { viewer }) => saveReply(viewer, toolSlug, id, body),
  invalidates: toolTag,
  success: (result): MessageKey => (result.created ? "replyPosted" : "replyUpdated"),
  status: (result) => (result.created ? 201 : 200),
});
