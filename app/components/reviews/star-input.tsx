import { cn } from "~/lib/ui/cn";
import { Icon } from "~/components/ui/icon";
import { countOf } from "~/lib/ui/plural";

/**
 * Five star radio inputs named `name`, so a form posts the rating with or
 * without JavaScript. Choosing the star equal to the current rating clears it
 * to 0 (spec §4 'Review form'). The stars up to the checked one are filled by
 * CSS (:has), which also works before hydration.
 */
const FILLED_UP_TO: Record<number, string> = {
  1: "group-has-[input[value='1']:checked]/stars:fill-amber-400 group-has-[input[value='1']:checked]/stars:text-amber-500 group-has-[input[value='2']:checked]/stars:fill-amber-400 group-has-[input[value='2']:checked]/stars:text-amber-500 group-has-[input[value='3']:checked]/stars:fill-amber-400 group-has-[input[value='3']:checked]/stars:text-amber-500 group-has-[input[value='4']:checked]/stars:fill-amber-400 group-has-[input[value='4']:checked]/stars:text-amber-500 group-has-[input[value='5']:checked]/stars:fill-amber-400 group-has-[input[value='5']:checked]/stars:text-amber-500",
  2: "group-has-[input[value='2']:checked]/stars:fill-amber-400 group-has-[input[value='2']:checked]/stars:text-amber-500 group-has-[input[value='3']:checked]/stars:fill-amber-400 group-has-[input[value='3']:checked]/stars:text-amber-500 group-has-[input[value='4']:checked]/stars:fill-amber-400 group-has-[input[value='4']:checked]/stars:text-amber-500 group-has-[input[value='5']:checked]/stars:fill-amber-400 group-has-[input[value='5']:checked]/stars:text-amber-500",
  3: "group-has-[input[value='3']:checked]/stars:fill-amber-400 group-has-[input[value='3']:checked]/stars:text-amber-500 group-has-[input[value='4']:checked]/stars:fill-amber-400 group-has-[input[value='4']:checked]/stars:text-amber-500 group-has-[input[value='5']:checked]/stars:fill-amber-400 group-has-[input[value='5']:checked]/stars:text-amber-500",
  4: "group-has-[input[value='4']:checked]/stars:fill-amber-400 group-has-[input[value='4']:checked]/stars:text-amber-500 group-has-[input[value='5']:checked]/stars:fill-amber-400 group-has-[input[value='5']:checked]/stars:text-amber-500",
  5: "group-has-[input[value='5']:checked]/stars:fill-amber-400 group-has-[input[value='5']:checked]/stars:text-amber-500",
};

type Props = { name: string; value: number; onChange: (rating: number) => void; label: string; disabled?: boolean; size?: "sm" | "lg" };

export function StarInput({ name, value, onChange, label, disabled, size = "lg" }: Props) {
  const icon = size === "lg" ? "size-7" : "size-5";
  return (
    <div role="radiogroup" aria-label={label} className="group/stars flex items-center gap-1">
      {[1, 2, 3, 4, 5].map((star) => (
        <label key={star} className={cn("relative rounded has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring", disabled ? "cursor-not-allowed" : "cursor-pointer")}>
          <input
            type="radio"
            name={name}
            value={star}
            checked={value === star}
            disabled={disabled}
            aria-label={countOf(star, "star")}
            // Transparent over its star, so a click or tap lands on the input itself.
            className="absolute inset-0 z-10 size-full cursor-[inherit] appearance-none opacity-0"
            onChange={() => onChange(star)}
            // A click on the checked star fires no change event: it clears the rating.
            onClick={() => value === star && onChange(0)}
          />
          <Icon name="star" className={cn(icon, "text-muted-foreground", FILLED_UP_TO[star])} />
        </label>
      ))}
      <span className="ml-2 text-sm text-muted-foreground" aria-live="polite">
        {value ? `${value}/5` : "No rating yet"}
      </span>
    </div>
  );
}
