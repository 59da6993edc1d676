import { PlansTable } from "~/components/tool/plans-table";
import { LISTING_FIELD_WORDS, listingValueText } from "~/lib/tool/listing-fields";
import type { PricingFacts } from "~/lib/tool/pricing-edit";
import { pricingText } from "~/lib/tool/pricing";

/** The fields a maker may propose (db/schema.ts MAKER_PROPOSAL_FIELDS), as pages name them. */
export const PROPOSAL_FIELD_WORDS = { pricing: "Plans and prices", ...LISTING_FIELD_WORDS, "data-fact": "Data and security facts" } as const;
export type ProposalField = keyof typeof PROPOSAL_FIELD_WORDS;

/**
 * One side of a maker's proposal (issue 45) in words: prices with their terms (and, with `table`, the plans table),
 * a description as written, a website as its address, platforms by name, a data fact in the words the model gives it.
 */
export function ProposalValue({ field, value, table = false, toolName }: { field: string; value: unknown; table?: boolean; toolName: string }) {
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
