import { z } from "zod";

/**
 * Affiliate programs and how each one's links are rewritten (spec part 2 §3 'Affiliate configuration' and §7
 * 'Affiliate link rewriting'), as data: content/affiliates.json holds the tracking ids, rates and priorities.
 * Pure, so every rule is unit-tested; the /go redirect (routes/go.tsx) applies it on the server.
 */

const template = z.string().refine((value) => value.includes("{id}") || value.includes("{url}"), "must contain {id} or {url}");

export const affiliateRuleSchema = z.discriminatedUnion("type", [
  /** Adds query parameters: `tag` (retail), `fpr` (writing tools), a program's own `ref`/`via`, or the CRM's signup pair. */
  z.strictObject({ type: z.literal("query"), params: z.record(z.string().regex(/^[\w-]+$/), template) }),
  /** The destination wrapped in the program's redirect (course marketplaces): {url} is the encoded destination. */
  z.strictObject({ type: z.literal("wrap"), template: z.url().and(template) }),
  /** A referral path that replaces the destination (hosting providers). */
  z.strictObject({ type: z.literal("path"), template: z.url().and(template) }),
]);

export const PRIORITIES = ["medium", "high", "very-high"] as const;

export const affiliateProgramSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  /** Links to these hosts (or their subdomains) belong to the program. */
  hosts: z.array(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/)).min(1),
  /** The program's own id for us; the default tracking id otherwise. */
  trackingId: z
    .string()
    .regex(/^[\w.-]+$/)
    .optional(),
  /** Percent of the sale, as the program's terms said when last checked (25-100). */
  commissionRate: z.number().min(25).max(100).optional(),
  priority: z.enum(PRIORITIES).default("medium"),
  rule: affiliateRuleSchema,
  lastChecked: z.iso.date(),
});

export const affiliateConfigSchema = z
  .strictObject({
    defaultTrackingId: z.string().regex(/^[\w.-]+$/),
    /** The rule of links that belong to no program: `ref={id}`. */
    programs: z.array(affiliateProgramSchema),
  })
  .superRefine((config, context) => {
    const seen = new Set<string>();
    for (const program of config.programs) {
      if (seen.has(program.id)) context.addIssue({ code: "custom", message: `duplicate program id "${program.id}"` });
      seen.add(program.id);
    }
  });

export type AffiliateProgram = z.infer<typeof affiliateProgramSchema>;
export type AffiliateConfig = z.infer<typeof affiliateConfigSchema>;
export type Priority = (typeof PRIORITIES)[number];

/** The value of a click (spec part 2 §7): high=10, medium=5, anything else 1; a link of no program counts as medium. */
export function clickValue(priority: Priority | undefined): number {
  if (priority === undefined || priority === "medium") return 5;
  return priority === "high" ? 10 : 1;
}

const hostMatches = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** The program a destination belongs to, by its host. */
export function programFor(destination: string, config: AffiliateConfig): AffiliateProgram | undefined {
  let host: string;
  try {
    host = new URL(destination).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  return config.programs.find((program) => program.hosts.some((domain) => hostMatches(host, domain)));
}

const fill = (text: string, id: string, url: string) => text.replaceAll("{id}", id).replaceAll("{url}", url);

/**
 * The link a visitor is sent to: the destination with its program's tracking applied. A link that already
 * carries the tracking id is left alone, and one that does not parse goes out unchanged.
 */
export function affiliateUrl(destination: string, config: AffiliateConfig): string {
  const program = programFor(destination, config);
  const id = program?.trackingId ?? config.defaultTrackingId;
  if (destination.includes(id)) return destination;
  let url: URL;
  try {
    url = new URL(destination);
  } catch {
    return destination;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return destination;
  const rule = program?.rule ?? { type: "query" as const, params: { ref: "{id}" } };
  switch (rule.type) {
    case "query":
      for (const [name, value] of Object.entries(rule.params)) url.searchParams.set(name, fill(value, id, `${url.origin}${url.pathname}`));
      return url.toString();
    case "wrap":
      return fill(rule.template, id, encodeURIComponent(destination));
    case "path":
      return fill(rule.template, id, encodeURIComponent(destination));
  }
}
