import { diffArrays } from "diff";
import { siteDomain, VENDOR_DOMAINS } from "~/lib/provenance/provenance";
import type { Currency, Plan } from "~/lib/tool/pricing";
import { findFigures, formatFigure, normaliseText, sameAmount, type Figure } from "./money";
import type { PageText } from "./page-text";

/**
 * How the automatic price check judges a vendor's page (issue 27, decision 034). Pure: the job fetches, this decides.
 *
 * - A plan with a price is found when its figure (in its currency; '$20' = '$20.00'; for a plan billed annually,
 *   the monthly figure or twelve times it) appears within `NEAR` characters of the plan's name. A figure elsewhere
 *   on the page does not count: the check says the plan costs that, not that the number is on the page.
 * - A plan without a published figure ('Contact sales') is found when its name appears.
 * - A free plan (price 0) is found when the page says 'free' or shows a zero figure.
 * - Confirmed only when every plan is found, the page is on the vendor's domain, is not parked or a sign-in page,
 *   and its normalised text is the text last confirmed (or none was). Anything else is for a person.
 */

export const NEAR = 300;
/** The extracted text kept with a check (the baseline for the next diff, and what the editor reads). */
export const MAX_TEXT = 20_000;
/** Changed regions of a diff shown to the editor, and words of context around each. */
const MAX_REGIONS = 40;
const CONTEXT_WORDS = 8;

export type CheckOutcome = "confirmed" | "changed" | "needs-person" | "moved";

export type PlanFinding = {
  plan: string;
  /** What we list: '$20/month', 'Free', 'no published price'. */
  listed: string;
  found: boolean;
  /** A priced plan whose figure is on the page but not near its name. */
  elsewhere?: boolean;
};

export type DiffPart = { kind: "same" | "added" | "removed" | "gap"; text: string };

export type MovedReason = "other-domain" | "parked" | "login";

export type PageVerdict = {
  outcome: CheckOutcome;
  /** Why it is not confirmed, in the order they were found (keys of the editor's sentences). */
  reasons: string[];
  moved: MovedReason[];
  findings: PlanFinding[];
  /** Figures on the page, as normalised ('$20', '€15'), at most 40. */
  figuresOnPage: string[];
  /** The normalised text, cut to MAX_TEXT. */
  text: string;
  /** Against the text last confirmed, when there was one and it differs. */
  diff: DiffPart[] | null;
};

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Where a plan's name appears, case-insensitively, as whole words; '(annual)' and the like are not required. */
function nameIndexes(text: string, name: string): number[] {
  const variants = new Set([name.trim(), name.replace(/\s*\(.*?\)\s*/g, " ").trim()].filter((variant) => variant.length >= 2));
  const indexes: number[] = [];
  for (const variant of variants) {
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escape(variant).replace(/\s+/g, "\\s+")}(?![\\p{L}\\p{N}])`, "giu");
    for (const match of text.matchAll(pattern)) indexes.push(match.index);
  }
  return indexes;
}

const PERIOD_WORDS: Record<string, string> = { month: "/month", year: "/year", "one-time": " one-time", usage: "" };

export function listedFigure(plan: Plan): string {
  if (plan.price === null) return "no published price";
  if (plan.price === 0) return "Free";
  const unit = plan.period === "usage" && plan.unit ? ` ${plan.unit}` : "";
  return `${formatFigure(plan.currency ?? "USD", plan.price)}${PERIOD_WORDS[plan.period ?? ""] ?? ""}${unit}`;
}

function acceptedAmounts(plan: Plan & { price: number }): number[] {
  const amounts = [plan.price];
  if (plan.billedAnnually && plan.period === "month") amounts.push(Math.round(plan.price * 12 * 100) / 100);
  return amounts;
}

const matches = (figure: Figure, currency: Currency, amounts: number[]) => figure.currency === currency && amounts.some((amount) => sameAmount(figure.amount, amount));

/** Each plan as found (or not) on the page's normalised text. */
export function findPlans(text: string, plans: readonly Plan[]): PlanFinding[] {
  const figures = findFigures(text);
  const saysFree = /(?<![\p{L}])free(?![\p{L}])/iu.test(text) || figures.some((figure) => figure.amount === 0);
  return plans.map((plan) => {
    const listed = listedFigure(plan);
    if (plan.price === null) return { plan: plan.name, listed, found: nameIndexes(text, plan.name).length > 0 };
    if (plan.price === 0) return { plan: plan.name, listed, found: saysFree };
    const amounts = acceptedAmounts(plan as Plan & { price: number });
    const currency = plan.currency ?? "USD";
    const candidates = figures.filter((figure) => matches(figure, currency, amounts));
    const names = nameIndexes(text, plan.name);
    const near = candidates.some((figure) => names.some((index) => Math.abs(figure.index - index) <= NEAR));
    return { plan: plan.name, listed, found: near, ...(!near && candidates.length ? { elsewhere: true } : {}) };
  });
}

/** Markers that parking and domain-sale pages print. */
const PARKING_MARKERS = [
  /this domain (?:name )?(?:is|may be) for sale/i,
  /domain may be for sale/i,
  /buy this domain/i,
  /this domain is parked/i,
  /parked free/i,
  /parked (?:domain )?(?:courtesy of|by) godaddy/i,
  /\bsedo(?:parking)?\b/i,
  /\bdan\.com\b/i,
  /\bafternic\b/i,
  /\bhugedomains\b/i,
  /domain (?:name )?parking/i,
];

/**
 * A parked or for-sale page: a parking marker, or a title that names nothing of the tool on a page that never
 * names it either (a real pricing page names its product somewhere, if only in the footer).
 */
export function looksParked(page: PageText, tool: { name: string; websiteUrl: string }): boolean {
  const all = `${page.title}\n${page.text}`;
  if (PARKING_MARKERS.some((marker) => marker.test(all))) return true;
  const own = new Set([...words(tool.name), ...words(siteDomain(hostnameOf(tool.websiteUrl)).split(".")[0] ?? "")]);
  if (!own.size || !page.title) return false;
  const mentions = (text: string) => words(text).some((word) => own.has(word));
  return !mentions(page.title) && !mentions(page.text);
}

/** A sign-in page: a password field or a 'Sign in'/'Log in' title, with little else on it. */
export function looksLikeLogin(page: PageText): boolean {
  const signInTitle = /\b(?:sign|log)\s?-?in\b|\blogin\b/i.test(page.title);
  return (page.hasPasswordField || signInTitle) && page.text.split(/\s+/).length < 250;
}

function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return "";
  }
}

const within = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** The page we ended on is the vendor's: the tool's own domain, a known vendor domain, or the listed page's domain. */
export function onVendorDomain(finalUrl: string, tool: { websiteUrl: string; pricingUrl: string }): boolean {
  const host = hostnameOf(finalUrl);
  const site = hostnameOf(tool.websiteUrl);
  const domain = domainOf(site);
  const allowed = [domain, domainOf(hostnameOf(tool.pricingUrl)), ...(VENDOR_DOMAINS[domain] ?? []), ...(VENDOR_DOMAINS[site] ?? [])];
  return Boolean(host) && allowed.some((candidate) => candidate && (isIpLiteral(candidate) ? host === candidate : within(host, candidate)));
}

// An address has no registrable part: only the same address is the same site.
const isIpLiteral = (host: string) => /^\d+\.\d+\.\d+\.\d+$/.test(host) || host.includes(":") || host.startsWith("[");
const domainOf = (host: string) => (isIpLiteral(host) ? host : siteDomain(host));

/**
 * A word diff trimmed to the changed regions: each change with a few words of context either side, long unchanged
 * stretches as a gap. Null when nothing changed.
 */
export function wordDiff(before: string, after: string): DiffPart[] | null {
  if (before === after) return null;
  // Words are whatever lies between spaces, so '$20' stays one token (the package's word diff splits off '$').
  const tokens = (text: string) => text.split(/(\s+)/).filter(Boolean);
  const changes = (
    diffArrays(tokens(before), tokens(after), { maxEditLength: 20_000 }) ?? [
      { value: [before], removed: true, added: false, count: 1 },
      { value: [after], added: true, removed: false, count: 1 },
    ]
  ).map((change) => ({ ...change, value: change.value.join("") }));
  const parts: DiffPart[] = [];
  let regions = 0;
  changes.forEach((change, index) => {
    if (change.added || change.removed) {
      if (regions++ < MAX_REGIONS) parts.push({ kind: change.added ? "added" : "removed", text: change.value });
      return;
    }
    const tokens = change.value.split(/(\s+)/);
    const wordCount = tokens.filter((token) => token.trim()).length;
    const first = index === 0;
    const last = index === changes.length - 1;
    if (wordCount <= CONTEXT_WORDS * 2 && !first && !last) return void parts.push({ kind: "same", text: change.value });
    const head = first ? "" : takeWords(tokens, CONTEXT_WORDS);
    const tail = last ? "" : takeWords([...tokens].reverse(), CONTEXT_WORDS, true);
    if (head) parts.push({ kind: "same", text: head });
    parts.push({ kind: "gap", text: "…" });
    if (tail) parts.push({ kind: "same", text: tail });
  });
  if (regions > MAX_REGIONS) parts.push({ kind: "gap", text: `… and ${regions - MAX_REGIONS} more changes` });
  return parts.length ? parts : null;
}

function takeWords(tokens: string[], count: number, reversed = false): string {
  const taken: string[] = [];
  let seen = 0;
  for (const token of tokens) {
    if (token.trim()) seen += 1;
    if (seen > count) break;
    taken.push(token);
  }
  return (reversed ? taken.reverse() : taken).join("");
}

export type FetchedPage = { finalUrl: string; page: PageText };

/**
 * The verdict on one fetched page. `baseline` is the normalised text of the page when prices were last confirmed
 * (null when no confirmation has a text to compare with).
 */
export function judgePage(fetched: FetchedPage, tool: { name: string; websiteUrl: string; pricingUrl: string; plans: readonly Plan[] }, baseline: string | null): PageVerdict {
  const text = normaliseText(fetched.page.text).slice(0, MAX_TEXT);
  const findings = findPlans(text, tool.plans);
  const figures = findFigures(text);
  const figuresOnPage = [...new Set(figures.map((figure) => formatFigure(figure.currency, figure.amount)))].slice(0, 40);
  const moved: MovedReason[] = [];
  if (!onVendorDomain(fetched.finalUrl, tool)) moved.push("other-domain");
  if (looksParked(fetched.page, tool)) moved.push("parked");
  if (looksLikeLogin(fetched.page)) moved.push("login");
  const diff = baseline === null ? null : wordDiff(baseline, text);
  const base = { findings, figuresOnPage, text, diff, moved };
  if (moved.length) return { ...base, outcome: "moved", reasons: moved };
  const pricedPlans = tool.plans.some((plan) => plan.price !== null && plan.price > 0);
  if (pricedPlans && figures.length === 0) return { ...base, outcome: "needs-person", reasons: ["no-figures"] };
  const reasons: string[] = [];
  if (findings.some((finding) => !finding.found)) reasons.push("missing");
  if (diff) reasons.push("text-changed");
  return { ...base, outcome: reasons.length ? "changed" : "confirmed", reasons };
}
