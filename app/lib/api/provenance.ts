import type { Checker } from "../provenance/provenance";
import { DATA_FACT_WORDS } from "../words/data-facts";
import { PLATFORMS_WORDS } from "../words/platforms";
import { formatLongDate } from "../ui/dates";
import type { ApiProvenance } from "./schemas";

/**
 * A figure's provenance as the open data states it (issue 46): the same confirmation the tool page reads, in the
 * same words, so an API answer can never say more than the page does. A confirmation is a recorded check of the
 * figure as it is now (decision 028); without one the figure is `entered`, with the day it was entered.
 */

export type Confirmed = { id: number; day: string; checkedBy: Checker; sourceUrl: string };

export const receiptUrl = (siteUrl: string, id: number) => `${siteUrl}/receipts/${id}`;
const methodOf = (checker: Checker) => (checker === "fetch" ? "automatic-check" : "editor");

/** Prices: the page's sentence is made by `getPricingProvenance`, given here as `statusText`. */
export function pricingProvenance(
  siteUrl: string,
  { confirmed, sourceUrl, enteredAt, statusText }: { confirmed: Confirmed | null; sourceUrl: string | null; enteredAt: string; statusText: string },
): ApiProvenance {
  return {
    source_url: sourceUrl,
    confirmed_at: confirmed?.day ?? null,
    method: confirmed ? methodOf(confirmed.checkedBy) : "entered",
    entered_at: enteredAt,
    receipt_url: confirmed ? receiptUrl(siteUrl, confirmed.id) : null,
    status_text: statusText,
  };
}

/** A data and security fact: 'Not published' has no page and nothing to confirm. */
export function factProvenance(siteUrl: string, fact: { source?: string; enteredAt: string; value: string }, confirmed: Confirmed | null): ApiProvenance {
  const statusText = confirmed
    ? DATA_FACT_WORDS.confirmed(formatLongDate(confirmed.day), confirmed.checkedBy === "fetch")
    : fact.source
      ? DATA_FACT_WORDS.notConfirmed(formatLongDate(fact.enteredAt))
      : DATA_FACT_WORDS.notPublished;
  return {
    source_url: fact.source ?? null,
    confirmed_at: confirmed?.day ?? null,
    method: confirmed ? methodOf(confirmed.checkedBy) : "entered",
    entered_at: fact.enteredAt,
    receipt_url: confirmed ? receiptUrl(siteUrl, confirmed.id) : null,
    status_text: statusText,
  };
}

/** The platforms list, when the tool's file names the page it was taken from. */
export function platformsProvenance(siteUrl: string, source: { url: string; enteredAt: string }, confirmed: Confirmed | null): ApiProvenance {
  const when = confirmed
    ? PLATFORMS_WORDS.confirmed(formatLongDate(confirmed.day), confirmed.checkedBy === "fetch")
    : PLATFORMS_WORDS.notConfirmed(formatLongDate(source.enteredAt));
  return {
    source_url: source.url,
    confirmed_at: confirmed?.day ?? null,
    method: confirmed ? methodOf(confirmed.checkedBy) : "entered",
    entered_at: source.enteredAt,
    receipt_url: confirmed ? receiptUrl(siteUrl, confirmed.id) : null,
    status_text: `${PLATFORMS_WORDS.source(source.url)}${when}`,
  };
}
