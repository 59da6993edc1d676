/**
 * The rules of a maker's logo image (issue 45, decision 084), shared by the maker's form, its messages and the server;
 * the file is held to the site's image rules first (lib/review/review-rules.ts: type, size, extension). At least 128
 * pixels a side (sharp on the tool page's 96-pixel header at twice the density), square or nearly so (a side at most
 * 1.25 times the other: a wordmark banner would shrink to a sliver); stored as a `side`-pixel square WebP, the image
 * centred on transparency.
 */
export const LOGO_UPLOAD = { minSide: 128, maxAspect: 1.25, side: 256 } as const;

/** Why an image of this size cannot be a logo (a message key of lib/messages.ts), or null when it can. */
export function logoSizeProblem(width: number, height: number): "logoTooSmall" | "logoNotSquare" | null {
  if (width < LOGO_UPLOAD.minSide || height < LOGO_UPLOAD.minSide) return "logoTooSmall";
  if (Math.max(width, height) / Math.min(width, height) > LOGO_UPLOAD.maxAspect) return "logoNotSquare";
  return null;
}
