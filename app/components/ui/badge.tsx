import type { ComponentProps } from "react";
import { cn } from "~/lib/ui/cn";

// `.badge` and its variants are in app.css, written once rather than in every badge of a page (see button.tsx).
const VARIANTS = {
  default: "badge-primary",
  secondary: "badge-secondary",
  outline: "badge-outline",
  success: "badge-success",
  warning: "badge-warning",
};

export function Badge({ className, variant = "default", ...props }: ComponentProps<"span"> & { variant?: keyof typeof VARIANTS }) {
  return <span className={cn("badge", VARIANTS[variant], className)} {...props} />;
}
