/**
 * The catalogue's sentences that pages print as they render (lib/messages.ts holds the outcome messages, whose
 * module the browser loads with the first toast): kept apart so a page's first load does not carry the toasts.
 * lib/messages.ts re-exports them; components import them from here.
 */
import { countOf } from "./ui/plural";

// Sentences only some pages print, in modules of their own so that the others do not load them (issue 43).
export * from "./words/review";
export * from "./words/watch";
export * from "./words/pair";

/** Under a tool's visit button: when our link checker last reached the tool's site (not when the details were checked). */
export function linkCheckedOn(date: string): string {
  return `Link checked ${date}`;
}

/** Beside an outbound button whose link failed three checks in a row (lib/link-health/link-health.ts). */
export function linkMayBeBroken(date: string): string {
  return `Link may be broken (checked ${date})`;
}

/**
 * A tool's prices, where they came from and whether anyone confirmed them since (issue 26, decision 028). Said only
 * from a recorded check (`fact_checks`): a content file can set neither the date nor the word 'confirmed'.
 */
export function pricesConfirmed(vendor: string, date: string): string {
  return `Prices as listed on ${vendor}'s pricing page; last confirmed ${date}.`;
}

/** A tool's prices confirmed by the automatic price check (decision 034): the page itself, read by our check on that day. */
export function pricesConfirmedByCheck(vendor: string, date: string): string {
  return `Prices as listed on ${vendor}'s pricing page; last confirmed ${date} by our automatic check of that page.`;
}

/**
 * A tool's prices that no recorded check covers (never confirmed, or changed since): the writer's, with their date.
 * 'Published pricing' only when the source is a pricing page: a home page is called what it is (issue 41).
 */
export function pricesNotConfirmed(vendor: string, addedDate: string, fromHomePage = false): string {
  return fromHomePage
    ? `Prices from ${vendor}'s own site, added ${addedDate}; the source we recorded is its home page, not a pricing page. Not yet confirmed — check before you buy.`
    : `Prices from ${vendor}'s published pricing, added ${addedDate}; not yet confirmed — check before you buy.`;
}

/** The link under a tool's prices to the page they were taken from, worded by what that page is (issue 41). */
export function pricingSourceLabel(vendor: string, fromHomePage: boolean): string {
  return fromHomePage ? `${vendor}'s home page` : `${vendor}'s pricing page`;
}

/** A community tool's prices no recorded check covers: the submitter's words, approved on a day. */
export function pricesFromSubmitter(addedDate: string): string {
  return `Prices as the submitter gave them, listed ${addedDate}; not yet confirmed — check before you buy.`;
}

/** A deal whose terms an editor (or the price check) confirmed on the vendor's page. */
export function dealConfirmed(vendor: string, date: string): string {
  return `Offer as listed on ${vendor}'s page; last confirmed ${date}.`;
}

/** A deal no recorded check covers. */
export function dealNotConfirmed(vendor: string, addedDate: string): string {
  return `Offer from ${vendor}'s published page, added ${addedDate}; not yet confirmed — check before you buy.`;
}

/** /admin and /admin/links: a link-check pass that could not reach most sites, so it recorded nothing. */
export function linkPassOutage(date: string, failed: number, checked: number, kind: string): string {
  return `The link check of ${date} could not reach ${failed} of ${checked} links (${kind}): the checking machine's own network was most likely down. No link was marked working or broken; the next pass will try again.`;
}

/** On /admin when mail has waited in the outbox for over an hour (decision 032): the mail server keeps refusing it. */
export function mailUndelivered(count: number, lastError: string | null): string {
  return `${countOf(count, "email")} written over an hour ago ${count === 1 ? "has" : "have"} not been delivered yet${lastError ? ` (the mail server answered: ${lastError})` : ""}. Nothing is dropped: the outbox tries again every hour at most; check SMTP_URL and the mail server.`;
}

/**
 * Ratings with their basis (issue 26). 'Our rating' exists only where an in-depth editorial review is published
 * (tools.rating is null otherwise); readers' ratings are always said as such, with their count.
 */
export const RATING_WORDS = {
  /** Where a tool's editorial rating would be: no in-depth review of ours yet. */
  notReviewed: "Not reviewed yet",
  /** A tool with neither an editorial review nor a published reader rating. */
  noRatings: "No ratings yet",
  /** The rating sort, said where the sort is chosen (directory, matrix). */
  sortRule: "Highest rated: tools with our in-depth review first, by our rating; tools we have not reviewed follow, by name.",
  /** Beside the minimum-rating filter, which only rated tools can pass. */
  filterRule: "Our rating comes with an in-depth review; a minimum rating shows only reviewed tools.",
} as const;

/** '4.8/5', or 'Not reviewed yet' for a tool without an in-depth review (ratings are stored to one decimal). */
export function editorialRatingText(rating: number | null): string {
  return rating === null ? RATING_WORDS.notReviewed : `${rating.toFixed(1)}/5`;
}

/** Readers' ratings with their basis: '4.3/5 from 12 reader ratings', or 'No ratings yet'. */
export function communityRatingText(average: number | null, count: number): string {
  return average === null || count === 0 ? RATING_WORDS.noRatings : `${average.toFixed(1)}/5 from ${countOf(count, "reader rating")}`;
}

export const ALERT_EMAIL_WORDS = {
  changesFooter: "You get this because you watch these tools. Stop watching one in your settings, or turn these emails off with the link below.",
  digestFooter: "You get this because you turned on the weekly digest. Turn it off in your settings or with the link below.",
  settingsAction: "Your watched tools and followed categories",
  digestAction: "See every recent change",
  newToolsHeading: "New tools in the categories you follow:",
  priceChangesHeading: "Price and plan changes in the categories you follow:",
} as const;

/** The subject of a watcher's alert: one tool by name, else how many. */
export function alertSubject(toolNames: readonly string[]): string {
  return toolNames.length === 1 ? `${toolNames[0]} changed: what is different` : `${countOf(toolNames.length, "tool")} you watch changed`;
}

export function alertIntro(changeCount: number): string {
  return `Since our last email, we recorded ${countOf(changeCount, "change")} to tools you watch:`;
}

/** One tool's heading in an email: its name and page. */
export function alertToolLine(name: string, url: string): string {
  return `${name} — ${url}`;
}

export function digestSubject(newTools: number, priceChanges: number): string {
  const parts = [newTools ? countOf(newTools, "new tool") : "", priceChanges ? countOf(priceChanges, "price change") : ""].filter(Boolean);
  return `Your weekly digest: ${parts.join(" and ")}`;
}

export function digestIntro(categoryNames: readonly string[]): string {
  return `What happened this week in ${categoryNames.join(", ")}:`;
}

/** A new tool in the digest: name, pricing summary (with its terms) and page. */
export function digestNewTool(name: string, pricing: string, url: string): string {
  return `• ${name} (${pricing}) — ${url}`;
}
