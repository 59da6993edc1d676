import type { ComponentProps } from "react";
import { cn } from "~/lib/ui/cn";
import { Slot } from "./slot";

// The classes are the style sheet's (`.btn`, `.btn-<variant>` and `.btn-size-<size>` in app.css): the same utilities,
// written once there instead of 300 bytes in every button of a page (issue 43: 24 tool cards carried 21 KB of them on /tools). A
// class a caller adds is a utility, which wins over them as it did through `cn`. The icons' size is the `.btn svg` rule
// of app.css's utilities layer, so it still wins over an icon's own size class (40 bytes less in every button).
// A primary button (`default`) is at least 44 px each way whatever its size: the site's rule for the controls people
// are meant to hit (lib/ui/target-size.ts; other targets need 24 px, WCAG 2.5.8), which finds it by `.btn-default`.
/** Each has its rule in app.css (`components/ui/component-classes.test.ts` fails for one without). */
export const BUTTON_VARIANTS = ["default", "secondary", "outline", "ghost", "destructive", "link"] as const;
export const BUTTON_SIZES = ["default", "sm", "lg", "icon"] as const;
type Variant = (typeof BUTTON_VARIANTS)[number];
type Size = (typeof BUTTON_SIZES)[number];

export type ButtonProps = ComponentProps<"button"> & { variant?: Variant; size?: Size; asChild?: boolean };

export function Button({ className, variant = "default", size = "default", asChild = false, ...props }: ButtonProps) {
  const Component = asChild ? Slot : "button";
  return <Component className={cn("btn", `btn-${variant}`, `btn-size-${size}`, className)} {...props} />;
}
