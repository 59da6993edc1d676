// Data and security facts (issue 44, decision 081): the tool page's block. Imported from here by the one page that
// prints them, not through lib/words.ts (decision 080: sentences only some pages print stay out of the shared chunk).
import { FACT_STALE_DAYS } from "../tool/data-facts";

export const DATA_FACT_WORDS = {
  heading: "Data and security",
  question: "Can I put company data in it?",
  /** Said once above the facts: what they are and what they are not. */
  basis: (vendor: string) =>
    `What ${vendor}'s own pages state about your data, plan by plan. Each answer links to the page that states it. "Not published" means we found no page of theirs that says; it is not a no.`,
  notPublished: "Not published",
  optOut: "How to turn it off:",
  source: "Source",
  /** A value entered from the vendor's page that no recorded check has read since: as prices are (decision 028). */
  notConfirmed: (date: string) => `Entered ${date}; not yet confirmed`,
  /** A recorded check read the page and found the fact stated there; its receipt says what matched. */
  confirmed: (date: string, byCheck: boolean) => (byCheck ? `Confirmed ${date} by our automatic check, which read this page` : `Confirmed ${date} by an editor`),
  stale: `More than ${FACT_STALE_DAYS} days old: may be out of date`,
  policies: "The vendor's policies:",
  privacy: "Privacy policy",
  terms: "Terms",
  trustCenter: "Trust centre",
  none: (vendor: string) => `We have not yet gathered ${vendor}'s data and security facts: every answer here is "not published" until we do.`,
} as const;
