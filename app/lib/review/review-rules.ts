import type { MessageKey } from "../messages";

/** Review limits (spec part 1 §5, §9), shared by the form and the server. */
export const REVIEW_COMMENT_MAX = 500;
export const REVIEW_MAX_IMAGES = 3;
export const REVIEW_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const REVIEW_IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "gif", "webp"] as const;
export const REVIEW_IMAGE_TYPES = ["image/jpeg", "image/jpg", "image/png", "image/gif", "image/webp"] as const;
export const REVIEWS_PAGE_SIZE = 5;
export const NOTE_MAX = 500;
/** Review drafts and failed-sync entries older than this are dropped (spec §3, §7). */
export const DRAFT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Spec §5 'User name on a review': the full name, else the part of the e-mail before the at-sign, else 'Anonymous'. */
export function reviewerName(fullName: string | null | undefined, email: string | null | undefined): string {
  const name = fullName?.trim();
  if (name) return name;
  const local = email?.split("@")[0]?.trim();
  return local || "Anonymous";
}

/**
 * Spec §4 heuristic: a comment over 200 characters without the words I, me
 * or my reads like generated text. Returns the three reasons to show, or
 * null when the comment does not trip it.
 */
export function aiContentWarning(comment: string): string[] | null {
  if (comment.length <= 200) return null;
  if (/\b(i|me|my)\b/i.test(comment)) return null;
  return [
    "It never speaks from your own experience (no “I”, “me” or “my”).",
    "Long, general praise or criticism without a concrete task, result or price reads like generated text.",
    "Reviews that look generated may be hidden by our editors. Add what you did with the tool and what happened.",
  ];
}

/** The lower-cased extension of a file name, or "" when it has none. */
export function fileExtension(name: string): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(name);
  return match ? match[1]!.toLowerCase() : "";
}

export type ImageProblem = Extract<MessageKey, "imageInvalidType" | "imageTooLarge" | "imageEmpty" | "imageBadExtension">;

/** The client-side and server-side checks of one chosen image (spec §5 order: type, size, extension). */
export function imageFileProblem(file: { name: string; type: string; size: number }): ImageProblem | null {
  if (!(REVIEW_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase())) return "imageInvalidType";
  if (file.size <= 0) return "imageEmpty";
  if (file.size > REVIEW_IMAGE_MAX_BYTES) return "imageTooLarge";
  if (!(REVIEW_IMAGE_EXTENSIONS as readonly string[]).includes(fileExtension(file.name))) return "imageBadExtension";
  return null;
}

/** A reply under a review (an editor's or the maker's): long enough to answer, short enough to stay a reply. */
export const REPLY_MAX = 1000;

/** How a reply's author is labelled beside their name. */
export const REPLY_ROLE_LABEL = { editor: "Editor", maker: "Maker" } as const;
