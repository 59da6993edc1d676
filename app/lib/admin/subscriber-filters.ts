import { requestedPage } from "../ui/paging";
/**
 * The subscriber list's filters (/admin/subscribers and its CSV export), read from the URL so a filtered view and
 * its export share one address.
 */
export const SUBSCRIBER_STATES = ["confirmed", "unconfirmed", "unsubscribed"] as const;
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number];

export type SubscriberFilters = { q: string; state: SubscriberState | null; page: number };

const isState = (value: string | null): value is SubscriberState => (SUBSCRIBER_STATES as readonly (string | null)[]).includes(value);

/** Unknown values fall back to no filter; a page that is not a whole number from 1 is null (the page answers 404). */
export function parseSubscriberFilters(params: URLSearchParams): SubscriberFilters | null {
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const state = params.get("state");
  const page = requestedPage(params);
  if (page === null) return null;
  return { q, state: isState(state) ? state : null, page };
}

/** The query string of a view (without the page unless it is past the first), for links and the export. */
export function subscriberQuery({ q, state, page }: Partial<SubscriberFilters>): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (state) params.set("state", state);
  if (page && page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A LIKE pattern that matches `text` anywhere, with its own % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
