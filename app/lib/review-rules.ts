import type { Toast } from "./account-messages";

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

export const REVIEW_MESSAGES = {
  authRequiredBookmark: { title: "Authentication required", description: "Please sign in to bookmark tools.", variant: "destructive" },
  authRequiredReview: { title: "Authentication required", description: "Please sign in to write a review.", variant: "destructive" },
  authRequiredFeedback: { title: "Authentication required", description: "Please sign in to do that.", variant: "destructive" },
  favoriteAdded: { title: "Added to favorites", description: "The tool has been saved to your favorites." },
  favoriteRemoved: { title: "Removed from favorites", description: "The tool has been removed from your favorites." },
  bookmarkFailed: { title: "Bookmark failed", description: "Failed to update bookmark. Please try again.", variant: "destructive" },
  ratingRequired: { title: "Rating required", description: "Please select a star rating for your review.", variant: "destructive" },
  ratingRequiredInline: { title: "Rating required", description: "Please select a rating before submitting your review.", variant: "destructive" },
  contentRequired: { title: "Review content required", description: "Please write a review comment.", variant: "destructive" },
  commentTooLong: { title: "Review too long", description: "Please keep your review to 500 characters.", variant: "destructive" },
  tooManyImages: { title: "Too many images", description: "You can upload a maximum of 3 images per review.", variant: "destructive" },
  invalidType: { title: "Image upload failed", description: "Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.", variant: "destructive" },
  tooLarge: { title: "Image upload failed", description: "File size too large. Maximum size is 5MB.", variant: "destructive" },
  badExtension: { title: "Image upload failed", description: "Invalid file extension", variant: "destructive" },
  unreadableImage: { title: "Image upload failed", description: "There was a problem uploading your image. Please try again.", variant: "destructive" },
  submitted: { title: "Review submitted!", description: "Thank you for sharing your experience." },
  updated: { title: "Review updated", description: "Your review has been updated." },
  submitFailed: { title: "Review submission failed", description: "Failed to submit review. Please try again.", variant: "destructive" },
  submitFailedInline: { title: "Submission failed", description: "There was a problem submitting your review. Please try again.", variant: "destructive" },
  deleted: { title: "Review deleted", description: "Your review has been removed." },
  notYours: { title: "Not allowed", description: "You can only change your own reviews.", variant: "destructive" },
  ownReviewVote: { title: "Not allowed", description: "You cannot vote on your own review.", variant: "destructive" },
  voted: { title: "Thanks!", description: "You marked this review as helpful." },
  alreadyVoted: { title: "Already counted", description: "You have already marked this review as helpful.", variant: "destructive" },
  reported: { title: "Review reported", description: "Thank you. Our editors will look at it." },
  reviewNotFound: { title: "Review not found", description: "This review no longer exists.", variant: "destructive" },
  toolNotFound: { title: "Tool not found", description: "This tool no longer exists.", variant: "destructive" },
  feedbackThanksPositive: { title: "Thanks for your feedback!", description: "Your positive feedback has been recorded." },
  feedbackThanksNegative: { title: "Thanks for your feedback!", description: "Your negative feedback has been recorded." },
  feedbackCleared: { title: "Feedback removed", description: "Your feedback has been cleared." },
  emptyComment: { title: "Empty comment", description: "Please enter some text before submitting your comment.", variant: "destructive" },
  commentSubmitted: { title: "Comment submitted!", description: "Thank you for sharing your experience with this tool." },
  ratingSaved: { title: "Thanks for rating!", description: "Your rating has been saved." },
} as const satisfies Record<string, Toast>;

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

/** The client-side and server-side checks of one chosen image (spec §5 order: type, size, extension). */
export function imageFileProblem(file: { name: string; type: string; size: number }): Toast | null {
  if (!(REVIEW_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase())) return REVIEW_MESSAGES.invalidType;
  if (file.size <= 0 || file.size > REVIEW_IMAGE_MAX_BYTES) return REVIEW_MESSAGES.tooLarge;
  if (!(REVIEW_IMAGE_EXTENSIONS as readonly string[]).includes(fileExtension(file.name))) return REVIEW_MESSAGES.badExtension;
  return null;
}
