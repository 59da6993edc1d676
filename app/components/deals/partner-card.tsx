import { OutboundLink } from "~/components/tool/outbound-link";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import type { PartnerProgram } from "~/models/content/offers.server";

/** A partner program of the home page: what it is, four benefits, and its call to action through /go. */
export function PartnerCard({ program }: { program: PartnerProgram }) {
  return (
    <article data-partner={program.slug} className="flex h-full flex-col rounded-xl border bg-card p-5 shadow-sm">
      <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{program.kind}</p>
      <h3 className="mt-1 text-lg font-semibold">{program.name}</h3>
      <p className="mt-2 text-sm text-muted-foreground">{program.description}</p>
      <ul className="mt-4 space-y-2 text-sm">
        {program.benefits.map((benefit) => (
          <li key={benefit} className="flex gap-2">
            <Icon name="circle-check" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
            {benefit}
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-5">
        <Button asChild className="w-full">
          <OutboundLink kind="partner" slug={program.slug} aria-label={`${program.ctaText} (opens in a new tab)`}>
            {program.ctaText} <Icon name="external-link" />
          </OutboundLink>
        </Button>
      </div>
    </article>
  );
}
