import type { ReactNode } from "react";
import { cn } from "~/lib/ui/cn";

type ScrollRegionProps = {
  /** The id of what names the region (the table's caption), or the name itself. */
  labelledBy?: string;
  label?: string;
  /** On the whole (spacing around the hint and the box). */
  className?: string;
  /** On the visible box (border, rounding). */
  frameClassName?: string;
  /** On the scrolling element (a height limit, `overflow-auto` for both directions). */
  boxClassName?: string;
  children: ReactNode;
};

/**
 * Every wide table's box (decision 050): the table scrolls sideways inside a focusable region named by its caption
 * (keyboard users scroll it with the arrow keys: axe's scrollable-region-focusable), so the page never does and no
 * column is cut off. The cue that more is hidden to a side (a shadow, and on a narrow screen "Scroll sideways for
 * more") is drawn by app.css from the box's scroll position, without a script. Article tables get the same markup
 * from the Markdown renderer (utils/markdown.server.ts).
 */
export function ScrollRegion({ labelledBy, label, className, frameClassName, boxClassName, children }: ScrollRegionProps) {
  return (
    <div className={cn("scroll-region", className)}>
      <div className={cn("scroll-region-frame", frameClassName)}>
        <div role="region" aria-labelledby={labelledBy} aria-label={labelledBy ? undefined : label} tabIndex={0} className={cn("scroll-region-box relative", boxClassName)}>
          {children}
        </div>
      </div>
    </div>
  );
}
