import { Star } from "lucide-react";
import { cn } from "~/lib/cn";

/** Read-only stars for a rating out of 5; the number is always written out for screen readers and clarity. */
export function StarRating({ rating, size = "sm", label }: { rating: number; size?: "sm" | "lg"; label?: string }) {
  const icon = size === "lg" ? "size-5" : "size-4";
  return (
    <span className="inline-flex items-center gap-1" role="img" aria-label={`${label ?? "Rating"}: ${rating.toFixed(1)} out of 5`}>
      {[1, 2, 3, 4, 5].map((position) => {
        const fill = Math.max(0, Math.min(1, rating - (position - 1)));
        return (
          <span key={position} className={cn("relative inline-block", icon)} aria-hidden="true">
            <Star className={cn("absolute inset-0 text-amber-500", icon)} />
            <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
              <Star className={cn("fill-amber-400 text-amber-500", icon)} />
            </span>
          </span>
        );
      })}
      <span className={cn("font-semibold", size === "lg" ? "text-lg" : "text-sm")} aria-hidden="true">
        {rating.toFixed(1)}
      </span>
    </span>
  );
}
