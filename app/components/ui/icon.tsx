import spriteUrl from "./icons.svg?url&no-inline";
import type { IconName } from "~/lib/ui/icon-names";

export type { IconName };

/**
 * A decorative Lucide icon drawn from the one sprite file (hashed, cached for good), instead of
 * inline paths repeated in every page. It looks and sizes like Lucide's own component: 24 px unless a
 * class (or a parent rule such as a button's `[&_svg]:size-4`) sets the size, the stroke in the text
 * colour, `fill="none"` so fill classes (`fill-amber-400`, `fill-current`) still apply. The stroke
 * width and joins come from the sprite's symbols, so they cannot be changed by a class.
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg width="24" height="24" fill="none" className={className || undefined} aria-hidden="true">
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
