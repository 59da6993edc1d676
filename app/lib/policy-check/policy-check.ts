import { looksLikeLogin, onVendorDomain, wordDiff, type DiffPart } from "~/lib/pricing-check/check";
import type { PageText } from "~/lib/pricing-check/page-text";
import type { PolicyPage } from "~/lib/tool/change-words";

/**
 * How the policy watch judges a tool's privacy policy or terms page (issue 44, decision 081). Pure: the job fetches
 * and hashes, this decides. A page is compared by the hash of its normalised text with the last text the check kept
 * for that address; the first read is the baseline and publishes nothing. A different hash is a change, with the word
 * diff an editor reads before anyone says what changed. A page the check could not read as the vendor's policy (a
 * failed fetch, another domain, a sign-in page, next to no text) goes to a person and is never a change: a page we
 * did not read cannot be said to have changed.
 */

/** The pages a tool's data facts may name (content/facts/<slug>.json `policyPages`), in the order they are checked. */
export const POLICY_PAGES = ["privacy", "terms"] as const satisfies readonly PolicyPage[];

/** The `fact_checks.subject` of a tool's policy page: `<slug>/privacy`, `<slug>/terms`. */
export const policySubject = (slug: string, page: PolicyPage) => `${slug}/${page}`;

/** The tool and page of a subject; null when it is not one. */
export function parsePolicySubject(subject: string): { slug: string; page: PolicyPage } | null {
  const cut = subject.lastIndexOf("/");
  const page = subject.slice(cut + 1);
  if (cut <= 0 || !(POLICY_PAGES as readonly string[]).includes(page)) return null;
  return { slug: subject.slice(0, cut), page: page as PolicyPage };
}

/**
 * The text a check keeps, at most: policies are long (50,000 characters is common) and a change deep in one must
 * reach the diff. The hash is always of the whole text.
 */
export const MAX_POLICY_TEXT = 200_000;
/** Less visible text than this is not a policy a visitor can read without JavaScript. */
export const MIN_POLICY_TEXT = 200;

export type PolicyOutcome = "read" | "changed" | "needs-person";

export type PolicyCheckDetails = {
  page: PolicyPage;
  finalUrl: string;
  status?: number | null;
  /** Why a person is needed: 'fetch-failed' (with `error`), 'other-domain', 'login', 'no-text'. */
  reasons?: string[];
  error?: string;
  /** sha256 of the whole normalised text (first 32 hex). */
  textHash?: string;
  /** The normalised text, cut to MAX_POLICY_TEXT: kept on a first read and on a change (the next baseline), not on a 'read' of the same text. */
  text?: string;
  /** The first read of this address: the baseline, nothing published. */
  first?: boolean;
  /** Against the baseline's text; null when the texts kept are the same (the change lies past MAX_POLICY_TEXT). */
  diff?: DiffPart[] | null;
};

export type PolicyTarget = { slug: string; name: string; websiteUrl: string; page: PolicyPage; url: string };

/** What the fetch brought back: the page's text normalised and hashed by the caller, or why it failed. */
export type PolicyRead =
  { ok: true; status: number; finalUrl: string; page: PageText; text: string; textHash: string } | { ok: false; error: string; status: number | null; finalUrl: string };

/** The last text the check kept for this page's address (its hash and text), or null when none. */
export type PolicyBaseline = { textHash: string; text: string } | null;

export function judgePolicyPage(target: PolicyTarget, read: PolicyRead, baseline: PolicyBaseline): { outcome: PolicyOutcome; details: PolicyCheckDetails } {
  const { page } = target;
  if (!read.ok) return { outcome: "needs-person", details: { page, reasons: ["fetch-failed"], error: read.error, status: read.status, finalUrl: read.finalUrl } };
  const where = { page, finalUrl: read.finalUrl, status: read.status };
  const reasons: string[] = [];
  // The policy may sit on the vendor's legal domain (openai.com for chatgpt.com): the listed page's domain counts.
  if (!onVendorDomain(read.finalUrl, { websiteUrl: target.websiteUrl, pricingUrl: target.url })) reasons.push("other-domain");
  if (looksLikeLogin(read.page)) reasons.push("login");
  if (read.text.length < MIN_POLICY_TEXT) reasons.push("no-text");
  if (reasons.length) return { outcome: "needs-person", details: { ...where, reasons, textHash: read.textHash } };
  const text = read.text.slice(0, MAX_POLICY_TEXT);
  if (!baseline) return { outcome: "read", details: { ...where, textHash: read.textHash, text, first: true } };
  if (baseline.textHash === read.textHash) return { outcome: "read", details: { ...where, textHash: read.textHash } };
  return { outcome: "changed", details: { ...where, textHash: read.textHash, text, diff: wordDiff(baseline.text, text) } };
}
