import { LISTING_FIELD_WORDS } from "~/lib/tool/listing-fields";

/**
 * Every field a maker may propose (db/schema.ts MAKER_PROPOSAL_FIELDS, issue 45), as the maker's and editors' pages
 * and the decision mails name it. Apart from lib/tool/listing-fields.ts, which the change history loads.
 */
export const PROPOSAL_FIELD_WORDS = { pricing: "Plans and prices", ...LISTING_FIELD_WORDS, "data-fact": "Data and security facts" } as const;
export type ProposalField = keyof typeof PROPOSAL_FIELD_WORDS;
