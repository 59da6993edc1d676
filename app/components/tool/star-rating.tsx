import type { CSSProperties } from "react";
import { cn } from "~/lib/ui/cn";
import { STAR_ROWS } from "~/lib/ui/icon-names";

/**
 * Read-only stars for a rating out of 5; the number is always written out for screen readers and clarity.
 * Five outline stars, and over them five filled stars cut off where the rating ends (4.5 fills four
 * stars and half of the fifth): one empty element drawn by the `.stars` rule (app.css) from two images,
 * where two sprite references in four elements took 0.5 KB more in every card (issue 43).
 */
export function StarRating({ rating, size = "sm", label }: { rating: number; size?: "sm" | "lg"; label?: string }) {
  const { size: star, gap } = STAR_ROWS[`stars-${size}`];
  const whole = Math.floor(Math.max(0, Math.min(5, rating)));
  const filled = Math.min(1, (whole * (star + gap) + Math.max(0, rating - whole) * star) / (5 * star + 4 * gap));
  // A tenth of a percent of a 116 px row is a tenth of a pixel.
  const style = { "--filled": `${Math.round(filled * 1000) / 10}%` } as CSSProperties;
  return (
    <span className="star-rating" role="img" aria-label={`${label ?? "Rating"}: ${rating.toFixed(1)} out of 5`}>
      <span className={size === "lg" ? "stars stars-lg" : "stars"} style={style} aria-hidden="true" />
      <span className={cn("font-semibold", size === "lg" ? "text-lg" : "text-sm")} aria-hidden="true">
        {rating.toFixed(1)}
      </span>
    </span>
  );
}
