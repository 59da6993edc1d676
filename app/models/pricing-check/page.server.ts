import { findFigures } from "~/lib/pricing-check/money";
import { pageText, type PageText } from "~/lib/pricing-check/page-text";
import { getEnv } from "~/utils/env.server";
import { log, errorText } from "~/utils/logger.server";
import { outboundFetch, type OutboundOptions } from "~/utils/outbound-fetch.server";

/**
 * Getting a vendor's pricing page for the price check (decision 034): through the one safe outbound fetcher (every
 * hop's address judged, capped time and bytes, hosts spaced), then its visible text. When that text shows no figure
 * at all and the owner configured a browser (`PRICE_CHECK_BROWSER`), the page is rendered with scripts on
 * (./render.server.ts) and its rendered text is read instead.
 */

export const PAGE_TIMEOUT_MS = 20_000;
export const PAGE_MAX_BYTES = 2_000_000;

export type LoadedPage =
  { ok: true; status: number; finalUrl: string; page: PageText; rendered: boolean; refused?: string[] } | { ok: false; error: string; status: number | null; finalUrl: string };

/** The fetch itself: one place, so the job's only dependency on the fetcher is this call. */
export function fetchPage(url: string, options: Pick<OutboundOptions, "signal" | "hostDelayMs"> = {}) {
  return outboundFetch(url, { method: "GET", readBody: true, timeoutMs: PAGE_TIMEOUT_MS, maxBytes: PAGE_MAX_BYTES, ...options });
}

const isHtml = (contentType: string | null) => !contentType || /html|xml|text\/plain/i.test(contentType);

/** A page read as fetched, without a browser: refused, unreachable, an error status or not a web page is a failure. */
export type ReadPage = { ok: true; status: number; finalUrl: string; page: PageText } | { ok: false; error: string; status: number | null; finalUrl: string };

/** The one reading of a vendor's page by the checks (prices, data facts and policy pages of issue 44): fetched, then its visible text. */
export async function readPage(url: string, options: Pick<OutboundOptions, "signal" | "hostDelayMs"> = {}): Promise<ReadPage> {
  const fetched = await fetchPage(url, options);
  if (!fetched.ok) return { ok: false, error: fetched.error, status: fetched.status, finalUrl: fetched.finalUrl };
  if (fetched.status >= 400) return { ok: false, error: `http-${fetched.status}`, status: fetched.status, finalUrl: fetched.finalUrl };
  if (!isHtml(fetched.contentType) || fetched.body === null) return { ok: false, error: "not-html", status: fetched.status, finalUrl: fetched.finalUrl };
  return { ok: true, status: fetched.status, finalUrl: fetched.finalUrl, page: pageText(fetched.body) };
}

export async function loadPricingPage(url: string, options: Pick<OutboundOptions, "signal" | "hostDelayMs"> = {}): Promise<LoadedPage> {
  const fetched = await readPage(url, options);
  if (!fetched.ok) return fetched;
  const { page } = fetched;
  const browser = getEnv().PRICE_CHECK_BROWSER;
  if (!browser || findFigures(page.text).length > 0) return { ok: true, status: fetched.status, finalUrl: fetched.finalUrl, page, rendered: false };
  try {
    const { renderPage } = await import("./render.server");
    const rendered = await renderPage(fetched.finalUrl, { executablePath: browser, signal: options.signal });
    if (rendered.ok) return { ok: true, status: fetched.status, finalUrl: rendered.finalUrl, page: rendered.page, rendered: true, refused: rendered.refused };
    log.warn(`price check: rendering ${fetched.finalUrl} failed (${rendered.error})`);
  } catch (error) {
    log.warn(`price check: the browser could not render ${fetched.finalUrl}`, { error: errorText(error) });
  }
  // The HTML as fetched: its verdict ('no figures') sends the page to a person.
  return { ok: true, status: fetched.status, finalUrl: fetched.finalUrl, page, rendered: false };
}
