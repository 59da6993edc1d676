import { ReceiptLink } from "~/components/provenance/receipt-link";
import { Link } from "react-router";
import { ShareButtons } from "~/components/share-buttons";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatPlanPrice, pricingText } from "~/lib/tool/pricing";
import type { PricingProvenance } from "~/models/provenance/queries.server";
import type { RelatedShown, ToolDetailOnPage } from "~/models/tool/queries.server";
import { OutboundLink } from "./outbound-link";
import { ToolLogo } from "./tool-logo";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/ui/cn";
import { PlansTable } from "./plans-table";
import { InPageSection } from "~/components/ui/in-page-text";

type RelatedTool = RelatedShown;

/**
 * Plans and prices with where they came from (decision 028): the top of the side column on wide screens, and on
 * phones right after the review's basis, before the description and the review (decision 052). A tool without a
 * review lists its plans in the main column's table on wide screens; on phones that table is here instead.
 */
export function ToolPricing({ detail, provenance, className }: { detail: ToolDetailOnPage; provenance: PricingProvenance; className?: string }) {
  const { tool, review } = detail;
  const body = review?.body;
  // A review names the tool's plans; the price is the tool's own (checked at load that the plan exists).
  const priceOf = (name: string) => {
    const plan = tool.pricing.plans.find((candidate) => candidate.name === name);
    return plan ? formatPlanPrice(plan) : "";
  };
  return (
    <section aria-labelledby="pricing-heading" className={cn("min-w-0 rounded-xl border p-5", className)}>
      <h2 id="pricing-heading" className="text-lg font-bold">
        Pricing
      </h2>
      <p className="mt-2">{pricingText(tool.pricing)}</p>
      {tool.priceNote && <p className="mt-1 text-xs text-muted-foreground">{tool.priceNote}</p>}
      {body ? (
        <InPageSection as="ul" value={body} className="mt-3 space-y-3">
          {({ plans }) =>
            plans.map((plan) => (
              <li key={plan.plan} className={plan.recommended ? "rounded-lg border-2 border-primary p-3" : "rounded-lg border p-3"}>
                <p className="flex items-center justify-between gap-2 font-semibold">
                  {plan.plan} {plan.recommended && <Badge>Recommended</Badge>}
                </p>
                <p className="text-sm">{priceOf(plan.plan)}</p>
                <ul className="mt-2 list-disc space-y-0.5 pl-4 text-xs text-muted-foreground">
                  {plan.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
              </li>
            ))
          }
        </InPageSection>
      ) : (
        <>
          <div className="lg:hidden">
            <PlansTable toolName={tool.name} plans={tool.pricing.plans} />
          </div>
          <p className="mt-2 max-lg:hidden">
            <a href="#plans" className="text-sm text-primary underline-offset-4 hover:underline">
              See the plans
            </a>
          </p>
        </>
      )}
      <p className="mt-3 text-xs text-muted-foreground" data-provenance={provenance.confirmed ? "confirmed" : "unconfirmed"}>
        {provenance.text} <PricingSourceLink provenance={provenance} />
      </p>
      <Button asChild className="mt-3 w-full">
        <OutboundLink kind="tool" slug={tool.slug}>
          Get Started <Icon name="external-link" />
        </OutboundLink>
      </Button>
    </section>
  );
}

/** 'Source: {vendor}'s pricing page' (or home page), the page the prices were taken from, named by what it is (issue 41). */
export function PricingSourceLink({ provenance }: { provenance: PricingProvenance }) {
  if (!provenance.source) return null;
  return (
    <span data-testid="pricing-source">
      Source:{" "}
      <a href={provenance.source.url} target="_blank" rel="noopener noreferrer" className="text-primary underline underline-offset-4">
        {provenance.source.label}
      </a>
      .{provenance.confirmed && <ReceiptLink id={provenance.confirmed.id} />}
    </span>
  );
}

/** The rest of the tool page's side column: sharing, related tools and the sponsored slot. */
export function ToolSidebar({ toolName, related, url, className }: { toolName: string; related: RelatedTool[]; url: string; className?: string }) {
  return (
    <aside aria-label={`Share ${toolName} and related tools`} className={cn("space-y-6", className)}>
      <section aria-labelledby="share-heading" className="rounded-xl border p-5">
        <h2 id="share-heading" className="text-lg font-bold">
          Share
        </h2>
        <div className="mt-3">
          <ShareButtons url={url} title={`${toolName} review`} />
        </div>
      </section>
      {related.length > 0 && (
        <section aria-labelledby="related-heading" className="rounded-xl border p-5">
          <h2 id="related-heading" className="text-lg font-bold">
            Related tools
          </h2>
          {/* Plain anchors, like the tool cards' (see ToolCard). */}
          <ul className="mt-3 space-y-3">
            {related.map((other) => (
              <li key={other.slug} className="flex items-center gap-3">
                <ToolLogo slug={other.slug} name={other.name} size={40} />
                <div className="min-w-0">
                  <a href={`/tools/${other.slug}`} className="font-medium hover:underline">
                    {other.name}
                  </a>
                  <p className="text-xs text-muted-foreground">
                    {other.rating === null ? "" : `Our rating ${other.rating.toFixed(1)}/5 · `}
                    {other.categoryName}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-label="Sponsored placement" className="rounded-xl border border-dashed p-5 text-center text-sm text-muted-foreground">
        <p className="text-xs font-semibold uppercase tracking-wide">Sponsored slot</p>
        <p className="mt-2">This space is available to AI tool makers. Sponsorship never affects ratings.</p>
        <Link to="/contact" className="mt-2 inline-block text-primary underline-offset-4 hover:underline">
          Contact us
        </Link>
      </section>
    </aside>
  );
}
