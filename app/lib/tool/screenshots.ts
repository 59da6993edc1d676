/**
 * Tools' screenshots (issue 29, decision 048): the rules the admin form and the server share. The image itself is
 * held to the review images' rules (lib/review/review-rules.ts: type, size, extension), with their messages.
 */

/** Enough to show the product, few enough to keep its page light. */
export const MAX_TOOL_SCREENSHOTS = 6;
export const SCREENSHOT_ALT_MAX = 200;
export const SCREENSHOT_CAPTION_MAX = 300;

/** Longest side of the larger view (the link from the gallery): as a review image, readable and quick to serve. */
export const SCREENSHOT_MAX_SIDE = 1600;
/** Longest side of the gallery's thumbnail: sharp at twice the density of its widest column (about 320 px). */
export const SCREENSHOT_THUMB_MAX_SIDE = 640;

export const SCREENSHOT_MOVES = ["up", "down"] as const;
export type ScreenshotMove = (typeof SCREENSHOT_MOVES)[number];

/** The gallery's order after moving the item at `index` one place up or down (unchanged at either end). */
export function movedOrder<T>(items: readonly T[], index: number, move: ScreenshotMove): T[] {
  const target = move === "up" ? index - 1 : index + 1;
  const order = [...items];
  if (index < 0 || index >= order.length || target < 0 || target >= order.length) return order;
  [order[index], order[target]] = [order[target]!, order[index]!];
  return order;
}
