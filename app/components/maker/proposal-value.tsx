import { PlansTable } from "~/components/tool/plans-table";
import { ToolLogo } from "~/components/tool/tool-logo";
import { listingValueText } from "~/lib/tool/listing-fields";
import type { PricingFacts } from "~/lib/tool/pricing-edit";
import { pricingText } from "~/lib/tool/pricing";
import type { LogoState } from "~/lib/tool/tool-logo";

/** What a listing's logo was drawn from, in words (lib/tool/tool-logo.ts `LogoState`). */
const LOGO_STATE_WORDS: Record<LogoState["kind"], string> = {
  brand: "Brand mark (from simple-icons)",
  monogram: "Initials on the category colour",
  upload: "An image accepted earlier",
};

/**
 * A logo side: a proposed image through its guarded route (routes/maker.proposals.id.logo.ts, for editors and the
 * maker who proposed it), the listing's logo as pages draw it (`toolSlug`), or the words for what it was drawn from.
 */
function LogoValue({ value, toolName, proposalId, toolSlug }: { value: LogoState; toolName: string; proposalId?: number; toolSlug?: string }) {
  if (proposalId !== undefined) {
    return (
      <img
        src={`/maker/proposals/${proposalId}/logo`}
        width={96}
        height={96}
        alt={`The logo proposed for ${toolName}`}
        className="logo-checkerboard size-24 rounded-lg border"
        data-proposed-logo={proposalId}
      />
    );
  }
  return (
    <div className="flex items-center gap-3">
      {toolSlug && <ToolLogo slug={toolSlug} name={toolName} size={96} labelled />}
      <p>{LOGO_STATE_WORDS[value.kind] ?? value.kind}</p>
    </div>
  );
}

/**
 * One side of a maker's proposal (issue 45) in words: prices with their terms (and, with `table`, the plans table),
 * a description as written, a website as its address, platforms by name, a data fact in the words the model gives it;
 * a logo as an image (`proposalId` for the proposed one, `toolSlug` for the listing's own).
 */
export function ProposalValue({
  field,
  value,
  table = false,
  toolName,
  proposalId,
  toolSlug,
}: {
  field: string;
  value: unknown;
  table?: boolean;
  toolName: string;
  proposalId?: number;
  toolSlug?: string;
}) {
  if (field === "logo") return <LogoValue value={value as LogoState} toolName={toolName} proposalId={proposalId} toolSlug={toolSlug} />;
  if (field === "pricing") {
    const pricing = value as PricingFacts;
    return (
      <div className="min-w-0">
        <p>
          {pricingText({ model: pricing.pricingModel, plans: pricing.plans })}
          {pricing.hasFreeTrial ? " · free trial" : ""}
        </p>
        {table && <PlansTable toolName={toolName} plans={pricing.plans} />}
      </div>
    );
  }
  // Worded by the model (models/maker/proposals.server.ts `inWords`), so this page loads no facts' vocabulary.
  if (field === "data-fact") return <p data-fact-value>{String(value)}</p>;
  return <p className="whitespace-pre-wrap break-words">{listingValueText(field, value)}</p>;
}
