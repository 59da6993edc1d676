import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/ui/cn";

/**
 * An advertisement slot of the spec, labelled as one. Until a sponsor takes it, it shows one of our own
 * pages and says so: never a made-up third-party ad. Its landmark is named after its content, as a page
 * may have two.
 */
export function AdSlot({ title, text, href, cta, className }: { title: string; text: string; href: string; cta: string; className?: string }) {
  return (
    <aside aria-label={`Advertisement: ${title}`} className={cn("flex h-full flex-col justify-between rounded-xl border border-dashed p-5", className)}>
      <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">Advertisement · our own</p>
      <div className="mt-3">
        <p className="font-semibold">{title}</p>
        <p className="mt-1 text-sm text-muted-foreground">{text}</p>
      </div>
      <Button asChild variant="outline" className="mt-4 self-start">
        <Link to={href}>{cta}</Link>
      </Button>
    </aside>
  );
}
