import { Star } from "lucide-react";
import { cn } from "~/lib/cn";

/**
 * Five radio-like star buttons. Choosing the star equal to the current rating
 * clears it to 0 (spec §4 'Review form').
 */
export function StarInput({ value, onChange, label, disabled, size = "lg" }: { value: number; onChange: (rating: number) => void; label: string; disabled?: boolean; size?: "sm" | "lg" }) {
  const icon = size === "lg" ? "size-7" : "size-5";
  return (
    <div role="radiogroup" aria-label={label} className="flex items-center gap-1">
      {[1, 2, 3, 4, 5].map((star) => (
        <button
          key={star}
          type="button"
          role="radio"
          aria-checked={value === star}
          aria-label={`${star} star${star === 1 ? "" : "s"}`}
          disabled={disabled}
          onClick={() => onChange(value === star ? 0 : star)}
          className="rounded focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed"
        >
          <Star className={cn(icon, star <= value ? "fill-amber-400 text-amber-500" : "text-muted-foreground")} aria-hidden="true" />
        </button>
      ))}
      <span className="ml-2 text-sm text-muted-foreground" aria-live="polite">
        {value ? `${value}/5` : "No rating yet"}
      </span>
    </div>
  );
}
