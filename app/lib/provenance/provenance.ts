/**
 * Provenance (issue 26, decision 028): what a page may say about where a fact came from and whether anyone checked
 * it. Content files say where the writer took the facts from (`pricingUrl`) and when (`addedAt`); only a recorded
 * check (`fact_checks`, written by an editor in /admin/prices or by the price check of issue 27) lets a page say
 * 'confirmed'. Pure and isomorphic; the hashing itself is on the server (models/provenance/facts.server.ts).
 */

/** What a check is about: a tool's prices and plans, or a deal's terms. Links have their own table (link_checks). */
export const CHECK_SUBJECTS = ["tool-pricing", "deal"] as const;
export type CheckSubject = (typeof CHECK_SUBJECTS)[number];

/** Who checked: an editor in the admin area, or the automatic fetch of the vendor's page (issue 27). */
export const CHECKERS = ["editor", "fetch"] as const;
export type Checker = (typeof CHECKERS)[number];

/**
 * JSON with object keys sorted at every depth: the same facts give the same text whatever order a file or jsonb
 * (which reorders keys) holds them in, so a hash of it changes only when a fact does.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The pricing facts an editor confirms: the model and every plan, as stored. */
export const pricingFacts = (pricing: { model: string; plans: readonly unknown[] }) => canonicalJson({ model: pricing.model, plans: pricing.plans });

/** A deal's facts a buyer acts on; its title and description are our words, not the vendor's terms. */
export const dealFacts = (deal: { discount: string; code?: string | null; expiryDate: string; source: string; toolSlug: string }) =>
  canonicalJson({ discount: deal.discount, code: deal.code ?? null, expiryDate: deal.expiryDate, source: deal.source, toolSlug: deal.toolSlug });

/**
 * The facts whose change makes a tool 'Updated recently': pricing and plans, features and capabilities, and the
 * in-depth review's substance (not its dates or byline). Wording of the tagline or description, a reformatted file
 * or a sync of an unchanged catalogue change nothing here.
 */
export function toolFacts(
  tool: { pricing: { model: string; plans: readonly unknown[] }; features: readonly string[]; capabilities: readonly string[] },
  review: Record<string, unknown> | null,
): string {
  let reviewFacts: Record<string, unknown> | null = null;
  if (review) {
    // Dates, byline and the content hash are about the review, not about the tool.
    const { toolSlug: _slug, authorId: _author, publishedAt: _published, lastTestedAt: _tested, testedAt: _testedAt, testedBy: _testedBy, contentHash: _hash, ...rest } = review;
    reviewFacts = rest;
  }
  return canonicalJson({ pricing: { model: tool.pricing.model, plans: tool.pricing.plans }, features: tool.features, capabilities: tool.capabilities, review: reviewFacts });
}

/**
 * Other domains a vendor publishes its prices on, by the tool's own site's domain: a tool file's `pricingUrl` must be
 * https on the tool's own domain or one of these. Add a vendor here when its pricing lives elsewhere.
 */
export const VENDOR_DOMAINS: Readonly<Record<string, readonly string[]>> = {
  "claude.ai": ["claude.com", "anthropic.com"],
  "chatgpt.com": ["openai.com"],
  "sora.com": ["openai.com", "chatgpt.com"],
  "google.com": ["gemini.google"],
};

/** Second-level labels under which a registrable domain has three labels (example.co.uk). */
const SHORT_SECOND_LEVEL = new Set(["co", "com", "org", "net", "ac", "gov", "edu"]);

/** The registrable part of a host, near enough for our vendors: 'www.screamingfrog.co.uk' → 'screamingfrog.co.uk'. */
export function siteDomain(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, "").split(".");
  if (labels.length <= 2) return labels.join(".");
  const take = SHORT_SECOND_LEVEL.has(labels[labels.length - 2]!) && labels[labels.length - 1]!.length === 2 ? 3 : 2;
  return labels.slice(-take).join(".");
}

const within = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** Why a source URL is refused, or null when it is an https page on the tool's own domain or a known vendor domain. */
export function sourceUrlIssue(sourceUrl: string, websiteUrl: string): string | null {
  let source: URL;
  let site: URL;
  try {
    source = new URL(sourceUrl);
    site = new URL(websiteUrl);
  } catch {
    return "must be a full https URL";
  }
  if (source.protocol !== "https:") return "must be an https URL";
  const host = source.hostname.toLowerCase();
  const domain = siteDomain(site.hostname);
  // A host and its registrable domain may both be keys (claude.ai): each domain once.
  const allowed = [...new Set([domain, ...(VENDOR_DOMAINS[domain] ?? []), ...(VENDOR_DOMAINS[site.hostname.toLowerCase()] ?? [])])];
  if (allowed.some((candidate) => within(host, candidate))) return null;
  return `must be on the tool's own domain (${domain})${allowed.length > 1 ? ` or ${allowed.slice(1).join(", ")}` : ""}; add the vendor's other domain to VENDOR_DOMAINS in app/lib/provenance/provenance.ts`;
}

/** Two addresses of one page: 'https://x.com' and 'https://x.com/' are the same. */
export function samePage(a: string, b: string): boolean {
  const normal = (url: string) => {
    const parsed = URL.parse(url);
    return parsed && `${parsed.protocol}//${parsed.host.toLowerCase()}${parsed.pathname.replace(/\/+$/, "")}${parsed.search}`;
  };
  return normal(a) !== null && normal(a) === normal(b);
}

/** A recorded confirmation as pages read it. */
export type Confirmation = { checkedAt: Date | string; checkedBy: Checker; sourceUrl: string };

/** The UTC day of a moment, the grain pages show confirmations in. */
export const dayOf = (moment: Date | string) => new Date(moment).toISOString().slice(0, 10);
