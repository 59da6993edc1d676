import type { ComponentProps } from "react";
import { cn } from "~/lib/ui/cn";
import { Slot } from "./slot";

const BASE =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0";
const VARIANTS = {
  // A primary button is at least 44 px each way whatever its size: the site's rule for the controls people are meant
  // to hit (lib/ui/target-size.ts; other targets need 24 px, WCAG 2.5.8), which finds it by `data-variant`.
  default: "min-h-11 min-w-11 bg-primary text-primary-foreground hover:bg-primary/90",
  secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
  outline: "border border-input bg-background hover:bg-accent hover:text-accent-foreground",
  ghost: "hover:bg-accent hover:text-accent-foreground",
  destructive: "bg-destructive text-destructive-foreground hover:bg-destructive/90",
  link: "text-primary underline-offset-4 hover:underline",
};
const SIZES = {
  default: "h-10 px-4 py-2",
  sm: "h-9 px-3",
  lg: "h-11 px-6 text-base",
  icon: "h-10 w-10",
};

export type ButtonProps = ComponentProps<"button"> & { variant?: keyof typeof VARIANTS; size?: keyof typeof SIZES; asChild?: boolean };

export function Button({ className, variant = "default", size = "default", asChild = false, ...props }: ButtonProps) {
  const Component = asChild ? Slot : "button";
  return <Component data-variant={variant} className={cn(BASE, VARIANTS[variant], SIZES[size], className)} {...props} />;
}
