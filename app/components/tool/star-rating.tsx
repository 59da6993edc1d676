import { cn } from "~/lib/ui/cn";
import { Icon } from "~/components/ui/icon";
import { STAR_ROWS } from "~/lib/ui/icon-names";

/** The row's box, the size of five size-4 (or size-5) stars with gap-1 between them. */
const ROW_CLASS = { sm: "h-4 w-24", lg: "h-5 w-[7.25rem]" };

/**
 * Read-only stars for a rating out of 5; the number is always written out for screen readers and clarity.
 * Five outline stars, and over them five filled stars cut off where the rating ends (4.5 fills four
 * stars and half of the fifth): two sprite rows instead of ten icons, drawn the same.
 */
export function StarRating({ rating, size = "sm", label }: { rating: number; size?: "sm" | "lg"; label?: string }) {
  const { size: star, gap } = STAR_ROWS[`stars-${size}`];
  const whole = Math.floor(Math.max(0, Math.min(5, rating)));
  const filled = Math.min(1, (whole * (star + gap) + Math.max(0, rating - whole) * star) / (5 * star + 4 * gap));
  return (
    <span className="inline-flex items-center gap-1" role="img" aria-label={`${label ?? "Rating"}: ${rating.toFixed(1)} out of 5`}>
      <span className={cn("relative inline-block", ROW_CLASS[size])} aria-hidden="true">
        <Icon name={`stars-${size}`} className={cn("absolute inset-0 text-amber-500", ROW_CLASS[size])} />
        <span className="absolute inset-0 overflow-hidden" style={{ width: `${filled * 100}%` }}>
          <Icon name={`stars-${size}`} className={cn("fill-amber-400 text-amber-500", ROW_CLASS[size])} />
        </span>
      </span>
      <span className={cn("font-semibold", size === "lg" ? "text-lg" : "text-sm")} aria-hidden="true">
        {rating.toFixed(1)}
      </span>
    </span>
  );
}
