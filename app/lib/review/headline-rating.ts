/**
 * Our headline rating out of 5, from the review's own scores (issue 41, decision 063): the mean of the percent scores
 * the review gives, over 20, to one decimal. A review gives ease of use and customer support only with a recorded
 * hands-on test, so a review without one is rated on features and value for money. Pure and relative-imported: the
 * content schema (also run by scripts/validate-content.ts under plain Node), the sync and the pages share it.
 */
export type ScoreBreakdown = { easeOfUse?: number; features: number; valueForMoney: number; customerSupport?: number };

/** The scores a breakdown holds, in the order pages list them, with their labels. */
export const SCORE_LABELS = [
  ["easeOfUse", "Ease of use"],
  ["features", "Features"],
  ["valueForMoney", "Value for money"],
  ["customerSupport", "Customer support"],
] as const satisfies readonly (readonly [keyof ScoreBreakdown, string])[];

/** The scores that need someone to have used the product (`testedAt`, `testedBy`). */
export const HANDS_ON_SCORES = ["easeOfUse", "customerSupport"] as const satisfies readonly (keyof ScoreBreakdown)[];

export function headlineRating(breakdown: ScoreBreakdown): number {
  const scores = SCORE_LABELS.map(([key]) => breakdown[key]).filter((score): score is number => score !== undefined);
  const mean = scores.reduce((sum, score) => sum + score, 0) / scores.length;
  return Math.round((mean / 20) * 10) / 10;
}

/**
 * The rating a tool's row stores: none without a review; the figure the tool file sets (allowed only when the review
 * records why, `ratingBasis`, checked at load), else the one its scores give.
 */
export function editorialRating(fileRating: number | undefined, review: { ratingBreakdown: ScoreBreakdown } | null | undefined): number | null {
  if (!review) return null;
  return fileRating ?? headlineRating(review.ratingBreakdown);
}
