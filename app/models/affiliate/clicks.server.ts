import { eq } from "drizzle-orm";
import { affiliateClicks, tools } from "~/db/schema";
import type { OutboundKind } from "~/lib/link-health/outbound";
import { getDeal, getPartnerProgram } from "~/models/content/offers.server";
import { courseDestination } from "~/models/course/queries.server";
import { readContentJson } from "~/models/content/page-copy.server";
import { getDb, rawQuery } from "~/utils/db.server";
import { sign } from "~/utils/signing.server";
import { clickReportSql, type ClickReportRow } from "./report";
import { affiliateConfigSchema, affiliateUrl, clickValue, programFor, type AffiliateConfig } from "./rules";

/**
 * The /go redirect's data (decision 016): where each outbound link goes, always from stored data (a URL in the
 * request is never followed), and the record of each click.
 */

let config: AffiliateConfig | undefined;

/** content/affiliates.json, validated once (at start, so a broken file stops the server). */
export function loadAffiliateConfig(): AffiliateConfig {
  config = readContentJson("affiliates.json", affiliateConfigSchema);
  return config;
}

const getConfig = () => config ?? loadAffiliateConfig();

async function toolWebsite(slug: string): Promise<string | null> {
  const [row] = await getDb().select({ url: tools.websiteUrl }).from(tools).where(eq(tools.slug, slug)).limit(1);
  return row?.url ?? null;
}

/** The stored destination of each kind of outbound link. */
const DESTINATIONS: Record<OutboundKind, (slug: string) => Promise<string | null>> = {
  tool: toolWebsite,
  course: courseDestination,
  // A deal goes to the vendor's own page for the offer (also after it ended: old links still reach the vendor).
  deal: async (id) => getDeal(id)?.source ?? null,
  partner: async (slug) => getPartnerProgram(slug)?.destination ?? null,
};

export type Outbound = { destination: string; url: string; program?: string; value: number };

/** Where a /go link sends the visitor, tracking applied; null when nothing is stored under that name. */
export async function resolveOutbound(kind: OutboundKind, slug: string): Promise<Outbound | null> {
  const destination = await DESTINATIONS[kind](slug);
  if (!destination) return null;
  const current = getConfig();
  const program = programFor(destination, current);
  return { destination, url: affiliateUrl(destination, current), program: program?.id, value: clickValue(program?.priority) };
}

/**
 * A visitor, as a hash of their address under a key that changes every day: the same visitor counts once a day,
 * and the address cannot be recovered from the table (the key derives from AUTH_SECRET, which the table never holds).
 */
export function visitorHash(ip: string, now = new Date()): string {
  return sign(`affiliate click visitor ${now.toISOString().slice(0, 10)}`, ip).slice(0, 22);
}

export async function recordClick(click: { kind: OutboundKind; target: string; outbound: Outbound; fromPath: string | null; ip: string }) {
  await getDb()
    .insert(affiliateClicks)
    .values({
      kind: click.kind,
      target: click.target,
      program: click.outbound.program ?? null,
      destination: click.outbound.destination,
      fromPath: click.fromPath,
      value: click.outbound.value,
      visitorHash: visitorHash(click.ip),
    });
}

/** Clicks per link and per day over the last `days` days, newest day first. */
export function clickReport(days: number): Promise<ClickReportRow[]> {
  return rawQuery<ClickReportRow>(clickReportSql(days));
}

/** Each program's display name by id (content/affiliates.json), for the clicks page. */
export function affiliateProgramNames(): Map<string, string> {
  return new Map(getConfig().programs.map((program) => [program.id, program.name]));
}
