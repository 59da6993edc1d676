import { registrableDomain } from "~/lib/review/review-basis";
import { isBroken, isWorking, type CheckResult, type LinkState } from "./link-health";

/**
 * The link-health events a buyer of a tool cares about (issue 27, decision 033), recorded in the tool's history
 * once per transition, never once per pass: its site went dark (the link became broken: the third failure in a
 * row, `BROKEN_AFTER`) or it moved (a working check ended on another domain than the listed address's).
 */

/** The site a URL is on: its registrable domain, or the address itself for an IP or a one-label host. */
export function siteOf(url: string): string | null {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return null;
  }
  if (/^\d+(\.\d+){3}$/.test(host) || host.includes(":") || host.startsWith("[") || !host.includes(".")) return host;
  return registrableDomain(host);
}

/** Where a working check ended when that is another site than the listed address: the new site, else null. */
export function movedTo(url: string, result: CheckResult): string | null {
  if (!isWorking(result) || !result.finalUrl) return null;
  const listed = siteOf(url);
  const final = siteOf(result.finalUrl);
  return listed && final && listed !== final ? final : null;
}

export type SiteDown = { kind: "site-down"; before: { url: string; lastOkAt: string | null }; after: { status: number | null; error: string | null } };
export type SiteMoved = { kind: "site-moved"; before: { url: string; site: string }; after: { finalUrl: string; site: string } };
export type SiteEvent = SiteDown | SiteMoved;

/**
 * The site event one check makes, if any. `lastMovedTo`: the site of the tool's last recorded move away from this
 * same listed URL, so a site that keeps redirecting to the same new domain is recorded once, not at every pass.
 */
export function siteEvent({
  url,
  previous,
  next,
  result,
  lastMovedTo,
}: {
  url: string;
  previous: LinkState | null;
  next: LinkState;
  result: CheckResult;
  lastMovedTo: string | null;
}): SiteEvent | null {
  // nextLinkState counts failures again from one when the URL changed, so `previous` only counts for the same URL.
  const wasBroken = previous !== null && previous.url === url && isBroken(previous);
  if (isBroken(next) && !wasBroken) {
    return { kind: "site-down", before: { url, lastOkAt: next.lastOkAt ? next.lastOkAt.toISOString() : null }, after: { status: result.status, error: result.error } };
  }
  const site = movedTo(url, result);
  if (site && site !== lastMovedTo) return { kind: "site-moved", before: { url, site: siteOf(url)! }, after: { finalUrl: result.finalUrl!, site } };
  return null;
}
