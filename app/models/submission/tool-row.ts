import type { PricingModel } from "~/lib/submissions";

/** The submitted fields an approved tool is made of (after the editor's corrections). */
export type ApprovedFields = {
  slug: string;
  name: string;
  websiteUrl: string;
  categorySlug: string;
  tagline: string;
  description: string;
  pricingText: string;
  pricingModel: PricingModel;
  hasFreeTrial: boolean;
};

/**
 * The one place a submission becomes the tools table's columns (decision 024). The form keeps the maker's words
 * (pricing text, free/freemium/paid, trial); when the tools table's pricing format changes, only this function
 * changes. A community tool has no editorial rating (0, shown as 'Not rated by our editors'), no feature lists
 * of ours, and the capabilities its pricing answers for.
 */
export function toolColumnsFromSubmission(fields: ApprovedFields, today: string) {
  const hasFreePlan = fields.pricingModel !== "paid";
  return {
    source: "community" as const,
    slug: fields.slug,
    name: fields.name,
    tagline: fields.tagline,
    description: fields.description,
    categorySlug: fields.categorySlug,
    websiteUrl: fields.websiteUrl,
    rating: 0,
    pricing: fields.pricingText,
    isFree: hasFreePlan,
    isPro: fields.pricingModel !== "free",
    hasFreeTrial: fields.hasFreeTrial,
    featured: false,
    features: [] as string[],
    capabilities: [...(hasFreePlan ? ["Free plan"] : []), ...(fields.hasFreeTrial ? ["Free trial"] : [])],
    useCases: [] as string[],
    alternatives: [] as string[],
    lastChecked: today,
    addedAt: today,
    // Never a file's hash: the content sync does not own this row (it only reads editorial ones).
    contentHash: "community",
  };
}
