import { PLATFORM_LABELS, type Platform } from "./platforms";

/**
 * The listing fields a maker's accepted proposal changes (issue 45; db/schema.ts MAKER_PROPOSAL_FIELDS but pricing and data-fact),
 * as the change history and the proposal pages name them. A module of its own so the proposal pages do not load every
 * change's words.
 */
export const LISTING_FIELD_WORDS = { description: "Description", website: "Website", platforms: "Platforms", logo: "Logo" } as const;
export type ListingField = keyof typeof LISTING_FIELD_WORDS;

/** A listing field's value in words: platforms by their labels, a description as it is. */
export function listingValueText(field: string, value: unknown): string {
  if (Array.isArray(value)) return value.map((platform) => PLATFORM_LABELS[platform as Platform] ?? String(platform)).join(", ") || "none listed";
  return typeof value === "string" && value ? value : "none";
}
