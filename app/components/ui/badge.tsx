import type { ComponentProps } from "react";
import { cn } from "~/lib/ui/cn";

// `.badge` and `.badge-<variant>` are in app.css, written once rather than in every badge of a page (see button.tsx).
/** Each has its rule in app.css (`components/ui/component-classes.test.ts` fails for one without). */
export const BADGE_VARIANTS = ["default", "secondary", "outline", "success", "warning"] as const;
type Variant = (typeof BADGE_VARIANTS)[number];

export function Badge({ className, variant = "default", ...props }: ComponentProps<"span"> & { variant?: Variant }) {
  return <span className={cn("badge", `badge-${variant}`, className)} {...props} />;
}
