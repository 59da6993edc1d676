import { Link } from "react-router";
import { cn } from "~/lib/ui/cn";
import { Icon } from "./ui/icon";

/** The notice beside outbound (affiliate) buttons: what the links are and where our disclosure is. */
export function AffiliateNotice({ className }: { className?: string }) {
  return (
    <p className={cn("flex items-start gap-2 rounded-lg border bg-muted/50 px-4 py-2 text-sm text-muted-foreground", className)}>
      <Icon name="info" className="mt-0.5 size-4 shrink-0" />
      <span>
        We may earn a commission if you sign up through links on this page. It never changes our rating.{" "}
        <Link to="/affiliate-disclosure" className="underline">
          How we make money
        </Link>{" "}
        ·{" "}
        <Link to="/how-we-review" className="underline">
          How we review
        </Link>
      </span>
    </p>
  );
}
