import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/ui/cn";

/** The affiliate disclosure notice next to outbound offers (spec part 2 §2.7), linking the full disclosure. */
export function AffiliateNotice({ className }: { className?: string }) {
  return (
    <p className={cn("flex gap-2 rounded-lg border bg-muted/40 p-3 text-sm text-muted-foreground", className)}>
      <Icon name="info" className="mt-0.5 size-4 shrink-0" />
      <span>
        Some of these links are affiliate links: if you buy through them we may earn a commission, at no extra cost to you. It never changes our ratings or what we list.{" "}
        <a href="/affiliate-disclosure" className="font-medium text-primary underline-offset-4 hover:underline">
          Read our affiliate disclosure
        </a>{" "}
        ·{" "}
        <a href="/how-we-review" className="font-medium text-primary underline-offset-4 hover:underline">
          How we review
        </a>
      </span>
    </p>
  );
}
