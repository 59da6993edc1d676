import spriteUrl from "./icons.svg?url&no-inline";
import type { IconName } from "~/lib/ui/icon-names";

export type { IconName };

/**
 * A decorative Lucide icon drawn from the one sprite file (hashed, cached for good), instead of
 * inline paths repeated in every page. It looks and sizes like Lucide's own component: 24 px unless a
 * class (or a parent rule such as a button's `.btn svg`) sets the size, the stroke in the text
 * colour, no fill so fill classes (`fill-amber-400`, `fill-current`) still apply. The size and the fill are
 * the `.icon` rule's (app.css, the base layer, which every utility overrides), not attributes repeated in
 * each of a page's 200-300 icons (issue 43). The stroke width and joins come from the sprite's symbols, so
 * they cannot be changed by a class.
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg className={className ? `icon ${className}` : "icon"} aria-hidden="true">
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
