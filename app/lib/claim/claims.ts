import { siteDomain, VENDOR_DOMAINS } from "../provenance/provenance";

/**
 * The rules of claiming a listing (issue 45, decision 082), pure so that the form, the model and the tests share
 * them: which domains a claim may prove, which mail domains never prove anything, how long a token lives and how
 * often a claim is looked at again.
 */

export const CLAIM_METHODS = ["email", "dns", "file"] as const;
export type ClaimMethod = (typeof CLAIM_METHODS)[number];
export type ClaimStatus = "pending" | "verified" | "lapsed" | "revoked";

/** How the page names each method ("verified by email"). */
export const CLAIM_METHOD_WORDS: Record<ClaimMethod, string> = { email: "email", dns: "DNS record", file: "file on the site" };

/** A token (a pending claim's, or a mailed link's) works this long. */
export const CLAIM_TOKEN_HOURS = 48;
/** A verified claim is looked at again this long after its last check that passed. */
export const CLAIM_RECHECK_DAYS = 30;
/** After a failed re-check, the next one comes this soon: two failures in a row lapse a claim within days, not months. */
export const CLAIM_RETRY_DAYS = 1;
/** Failed re-checks in a row that lapse a claim. */
export const CLAIM_LAPSE_AFTER = 2;
/** An email claim's re-confirmation link works this long; unanswered, it counts as a failed re-check. */
export const CLAIM_RECONFIRM_DAYS = 7;

export const DNS_TXT_PREFIX = "atlas-verification=";
export const WELL_KNOWN_PATH = "/.well-known/atlas-verification.txt";

/**
 * Mail domains anyone can have an address at: an address there proves nothing about a tool's domain. The big
 * providers by share of mailboxes, their regional twins and common privacy relays; extend it when one is missing.
 */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "hotmail.co.uk",
  "live.com",
  "msn.com",
  "yahoo.com",
  "yahoo.co.uk",
  "ymail.com",
  "aol.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "proton.me",
  "protonmail.com",
  "pm.me",
  "gmx.com",
  "gmx.de",
  "gmx.net",
  "web.de",
  "mail.com",
  "yandex.com",
  "yandex.ru",
  "mail.ru",
  "zoho.com",
  "zohomail.com",
  "tutanota.com",
  "tuta.io",
  "fastmail.com",
  "hey.com",
  "qq.com",
  "163.com",
  "126.com",
  "naver.com",
  "duck.com",
  "mailinator.com",
]);

const within = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** The domains a claim on a tool may prove: its website's registrable domain and the vendor's other known domains. */
export function claimableDomains(websiteUrl: string): string[] {
  const host = URL.parse(websiteUrl)?.hostname.toLowerCase();
  if (!host) return [];
  const domain = siteDomain(host);
  return [...new Set([domain, ...(VENDOR_DOMAINS[domain] ?? []), ...(VENDOR_DOMAINS[host] ?? [])])];
}

/** The tool's main domain: where the DNS record and the well-known file go. */
export function primaryDomain(websiteUrl: string): string | null {
  return claimableDomains(websiteUrl)[0] ?? null;
}

export type EmailVerdict = { ok: true; domain: string } | { ok: false; reason: "freeMail" | "otherDomain" };

/** Whether `email` (already checked to be an address) is at one of the tool's domains or a subdomain of one. */
export function judgeClaimEmail(email: string, websiteUrl: string): EmailVerdict {
  const host = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  if (FREE_MAIL_DOMAINS.has(host) || FREE_MAIL_DOMAINS.has(siteDomain(host))) return { ok: false, reason: "freeMail" };
  const domain = claimableDomains(websiteUrl).find((candidate) => within(host, candidate));
  return domain ? { ok: true, domain } : { ok: false, reason: "otherDomain" };
}

/** The values of a TXT lookup's answers that carry our prefix, each record's strings joined as DNS says they are. */
export function tokensInTxt(records: readonly (readonly string[])[]): string[] {
  return records
    .map((chunks) => chunks.join("").trim())
    .filter((value) => value.startsWith(DNS_TXT_PREFIX))
    .map((value) => value.slice(DNS_TXT_PREFIX.length).trim());
}

/** The token a well-known file holds: its first non-empty line, with or without our prefix. */
export function tokenInFile(body: string): string {
  const line =
    body
      .split(/\r?\n/)
      .map((part) => part.trim())
      .find(Boolean) ?? "";
  return line.startsWith(DNS_TXT_PREFIX) ? line.slice(DNS_TXT_PREFIX.length).trim() : line;
}

/** When a verified claim is next due for its re-check. */
export function recheckDueAt(claim: { lastCheckedAt: Date | null; verifiedAt: Date | null; consecutiveFailures: number }): Date | null {
  const base = claim.lastCheckedAt ?? claim.verifiedAt;
  if (!base) return null;
  const days = claim.consecutiveFailures > 0 ? CLAIM_RETRY_DAYS : CLAIM_RECHECK_DAYS;
  return new Date(base.getTime() + days * 24 * 60 * 60_000);
}
