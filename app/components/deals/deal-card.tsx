import { LinkCheckNote } from "~/components/tool/link-check-note";
import { OutboundLink } from "~/components/tool/outbound-link";
import { ToolLogo } from "~/components/tool/tool-logo";
import { ReceiptLink } from "~/components/provenance/receipt-link";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { POPULAR_DEAL_RULE } from "~/lib/deal/deals";
import type { DealCardData } from "~/models/deal/queries.server";
import { CouponCode } from "./coupon-code";

/**
 * One deal (home and /deals): the tool (linked to its review), the offer, the code or 'No code needed',
 * when it ends, the vendor's page it comes from and whether its terms were confirmed there (decision 028), and the Get Deal button through
 * our /go redirect.
 */
export function DealCard({ deal, headingLevel = 3 }: { deal: DealCardData & { brokenLinkNote?: string | null }; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article id={`deal-${deal.id}`} data-deal-id={deal.id} className="flex h-full flex-col rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex items-center gap-3">
        <ToolLogo slug={deal.toolSlug} name={deal.toolName} size={40} />
        <a href={`/tools/${deal.toolSlug}`} className="min-w-0 font-medium hover:underline">
          {deal.toolName}
        </a>
        {(deal.isExclusive || deal.isPopular) && (
          <span className="ml-auto flex shrink-0 flex-wrap justify-end gap-1">
            {deal.isExclusive && <Badge>Exclusive</Badge>}
            {deal.isPopular && (
              <Badge variant="secondary" title={POPULAR_DEAL_RULE}>
                Popular
              </Badge>
            )}
          </span>
        )}
      </div>
      <Heading className="mt-3 text-lg font-semibold leading-snug">{deal.title}</Heading>
      <p className="mt-1 text-xl font-bold text-primary">{deal.discount}</p>
      <p className="mt-2 text-sm text-muted-foreground">{deal.description}</p>
      <div className="mt-4">
        {deal.code ? (
          <CouponCode code={deal.code} />
        ) : (
          <p className="flex items-center gap-1.5 text-sm font-medium">
            <Icon name="circle-check" className="size-4 text-emerald-600" /> No code needed
          </p>
        )}
      </div>
      <p className="mt-2 flex items-center gap-1.5 text-sm text-muted-foreground">
        <Icon name="calendar-check" className="size-4" />
        {deal.expiryDate === "Ongoing" ? deal.expiryText : <time dateTime={deal.expiryDate}>{deal.expiryText}</time>}
      </p>
      <div className="mt-auto pt-4">
        <Button asChild className="w-full">
          <OutboundLink kind="deal" slug={deal.id} aria-label={`Get Deal: ${deal.title} (opens in a new tab)`}>
            Get Deal <Icon name="external-link" />
          </OutboundLink>
        </Button>
        {deal.brokenLinkNote && <LinkCheckNote text={deal.brokenLinkNote} broken className="mt-2 text-xs" />}
        <p className="mt-2 text-xs text-muted-foreground">
          Affiliate link: we may earn a commission.{" "}
          <a href="/affiliate-disclosure" className="underline underline-offset-2 hover:text-foreground">
            Disclosure
          </a>
        </p>
        <p className="mt-1 text-xs text-muted-foreground" data-provenance={deal.confirmed ? "confirmed" : "unconfirmed"}>
          {deal.provenanceText}{" "}
          <a href={deal.source} target="_blank" rel="nofollow noopener" className="underline underline-offset-2 hover:text-foreground">
            {deal.toolName}&apos;s offer page
          </a>
          {deal.receiptId !== null && <ReceiptLink id={deal.receiptId} />}
        </p>
      </div>
    </article>
  );
}
