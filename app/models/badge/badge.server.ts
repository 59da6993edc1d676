import { getPricingProvenance } from "~/models/provenance/queries.server";
import { getToolDetail } from "~/models/tool/queries.server";

/** What a tool's badge says (lib/badge/badge-svg.ts): the tool, and the day of the confirmation that covers its prices now, if one does. */
export type ToolBadge = { slug: string; name: string; pricesConfirmedOn: string | null };

/**
 * A tool's badge (issue 45, decision 083), read through the tool page's own cached reads: the tool's detail and its
 * pricing provenance, whose `confirmed` is the latest confirmation recorded for the facts hash of the prices as they
 * are now, exactly what makes the tool page say 'last confirmed {date}'. Both are cached under `catalogue` and
 * `tool:<slug>`, which tags the badge's kept answer too: a price confirmation, a pricing edit or the content sync makes
 * it stale with the tool page. Undefined for an unknown slug.
 */
export async function getToolBadge(slug: string): Promise<ToolBadge | undefined> {
  const detail = await getToolDetail(slug);
  if (!detail) return undefined;
  const provenance = await getPricingProvenance(detail.tool);
  return { slug: detail.tool.slug, name: detail.tool.name, pricesConfirmedOn: provenance.confirmed?.day ?? null };
}
