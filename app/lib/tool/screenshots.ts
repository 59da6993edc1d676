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

/**
 * The least a screenshot must be to show the product (issue 41, decision 063): 640×360 at least, and no longer than
 * three times its other side (a sliver or a strip shows nothing readable).
 */
export const SCREENSHOT_MIN = { width: 640, height: 360, maxAspect: 3 } as const;

/** Why an image of this size cannot be a screenshot (a message key of lib/messages.ts), or null when it can. */
export function screenshotSizeProblem(width: number, height: number): "screenshotTooSmall" | "screenshotBadShape" | null {
  if (width <= 0 || height <= 0) return "screenshotTooSmall";
  if (Math.max(width, height) / Math.min(width, height) > SCREENSHOT_MIN.maxAspect) return "screenshotBadShape";
  if (width < SCREENSHOT_MIN.width || height < SCREENSHOT_MIN.height) return "screenshotTooSmall";
  return null;
}

/** Who made a screenshot, as its row records it and the tool page says it ('Added … by our editors'). */
export const SCREENSHOT_PROVIDERS = ["editors", "maker"] as const;
export type ScreenshotProvider = (typeof SCREENSHOT_PROVIDERS)[number];
export const SCREENSHOT_PROVIDER_LABELS: Record<ScreenshotProvider, string> = { editors: "our editors", maker: "the maker" };

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
