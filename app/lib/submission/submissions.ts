/**
 * Maker submissions (issue 19, decision 024): the field limits shared by /submit, the editor's form and the server's
 * schema (the same numbers as content/tools files where a field is both), the choices, and the domain rule that
 * catches a second listing of one website.
 */
export const SUBMISSION_LIMITS = {
  name: { min: 2, max: 60 },
  tagline: { min: 10, max: 120 },
  description: { min: 80, max: 900 },
  pricingText: { min: 3, max: 60 },
  url: { max: 200 },
  reason: { min: 10, max: 1000 },
  slug: { max: 60 },
} as const;

export const PRICING_MODELS = ["free", "freemium", "paid"] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];
export const PRICING_MODEL_LABELS: Record<PricingModel, string> = {
  free: "Free: everything can be used without paying",
  freemium: "Freemium: a free plan and paid plans",
  paid: "Paid: no free plan",
};

export const MAKER_ROLES = ["maker", "employee", "user", "agency"] as const;
export type MakerRole = (typeof MAKER_ROLES)[number];
export const MAKER_ROLE_LABELS: Record<MakerRole, string> = {
  maker: "I made it (maker or founder)",
  employee: "I work for the company that makes it",
  user: "I use it (user or fan)",
  agency: "I represent the makers (agency)",
};

export const SUBMISSION_STATUSES = ["pending", "approved", "rejected"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = { pending: "Pending review", approved: "Approved", rejected: "Rejected" };

/**
 * The website's host as a duplicate key: lower case, without `www.`, port, path or trailing slash, so
 * `https://WWW.Example.com/pricing/` and `https://example.com` are one site. Null for anything but http(s).
 */
export function toolDomain(url: string): string | null {
  try {
    const parsed = new URL(url.trim());
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
    const host = parsed.hostname
      .toLowerCase()
      .replace(/\.$/, "")
      .replace(/^www\./, "");
    return host.includes(".") ? host : null;
  } catch {
    return null;
  }
}

/** A tool page slug from its name ('Notion AI' → 'notion-ai'), as content/tools names its files. */
export function slugFromName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SUBMISSION_LIMITS.slug.max)
    .replace(/-+$/, "");
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
