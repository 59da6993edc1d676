import type { ComponentProps } from "react";
import { cn } from "~/lib/ui/cn";
import { Slot } from "./slot";

// The classes are the style sheet's (`.btn` and its variants and sizes in app.css): the same utilities, written once
// there instead of 300 bytes in every button of a page (issue 43: 24 tool cards carried 21 KB of them on /tools). A
// class a caller adds is a utility, which wins over them as it did through `cn`. The icons' size stays a utility here:
// as one it wins over an icon's own size class, as it always did.
const VARIANTS = {
  // A primary button is at least 44 px each way whatever its size: the site's rule for the controls people are meant
  // to hit (lib/ui/target-size.ts; other targets need 24 px, WCAG 2.5.8), which finds it by `data-variant`.
  default: "btn-primary",
  secondary: "btn-secondary",
  outline: "btn-outline",
  ghost: "btn-ghost",
  destructive: "btn-destructive",
  link: "btn-link",
};
const SIZES = {
  default: "btn-md",
  sm: "btn-sm",
  lg: "btn-lg",
  icon: "btn-icon",
};

export type ButtonProps = ComponentProps<"button"> & { variant?: keyof typeof VARIANTS; size?: keyof typeof SIZES; asChild?: boolean };

export function Button({ className, variant = "default", size = "default", asChild = false, ...props }: ButtonProps) {
  const Component = asChild ? Slot : "button";
  return <Component data-variant={variant} className={cn("btn [&_svg]:size-4 [&_svg]:shrink-0", VARIANTS[variant], SIZES[size], className)} {...props} />;
}
