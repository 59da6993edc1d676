// A review's basis (lib/words.ts re-exports it; the tool page imports it from here).

/**
 * What an editorial review is based on (issue 26): a recorded hands-on test (`testedAt`, `testedBy`), or else the
 * vendor's own pages, read on a date. Dates come in as people read them ('November 23, 2026').
 */
export function reviewBasedOn(vendor: string, readOn: string): string {
  return `Based on ${vendor}'s documentation, pricing page and public materials, read on ${readOn}.`;
}

/** Only for a review whose file records the test: who used the product, and when. */
export function reviewTestedBy(tester: string, testedOn: string): string {
  return `Tested hands-on by ${tester} on ${testedOn}.`;
}

/** Above a review's Sources list. */
export const REVIEW_SOURCES_NOTE = "The vendor's pages this review relied on. Prices and features change; the vendor's site has the current ones.";
