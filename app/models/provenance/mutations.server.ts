import { eq } from "drizzle-orm";
import { factChecks, tools } from "~/db/schema";
import { sourceUrlIssue } from "~/lib/provenance/provenance";
import { recordAudit } from "~/models/admin/audit.server";
import { getDeal } from "~/models/content/offers.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import type { Viewer } from "~/utils/request-context";
import { dealHash, toolPricingHash } from "./queries.server";

/**
 * Provenance writes (decision 028): an editor confirms, in /admin/prices, that a tool's prices or a deal's terms are
 * as listed on the vendor's page they name. One fact_checks row (who, when, the page, the facts as confirmed) and
 * one audit row, in one transaction. The automatic price check of issue 27 writes the same rows with
 * `checkedBy: 'fetch'`.
 */

type Actor = Pick<Viewer, "id" | "email">;

function refuseSource(sourceUrl: string, websiteUrl: string) {
  const issue = sourceUrlIssue(sourceUrl, websiteUrl);
  if (!issue) return;
  const field = issue.startsWith("must be on") ? "sourceUrlElsewhere" : "sourceUrlInvalid";
  throw new AppError("INVALID_INPUT", { fields: { sourceUrl: field }, field: "sourceUrl" });
}

export async function confirmToolPricing({ slug, sourceUrl, seen }: { slug: string; sourceUrl: string; seen: string }, actor: Actor) {
  const [tool] = await getDb()
    .select({ slug: tools.slug, websiteUrl: tools.websiteUrl, pricingModel: tools.pricingModel, plans: tools.plans })
    .from(tools)
    .where(eq(tools.slug, slug))
    .limit(1);
  if (!tool) throw new AppError("NOT_FOUND", { message: "confirmSubjectUnknown" });
  refuseSource(sourceUrl, tool.websiteUrl);
  const factsHash = toolPricingHash(tool);
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(factChecks)
      .values({ subjectKind: "tool-pricing", subject: slug, checkedBy: "editor", editorId: actor.id, sourceUrl, outcome: "confirmed", factsHash, details: { seen } })
      .returning({ id: factChecks.id, checkedAt: factChecks.checkedAt });
    await recordAudit({ actor, action: "pricing.confirm", targetType: "tool", targetId: slug, after: { sourceUrl, seen, factsHash, check: row!.id } }, tx);
    return { slug, checkedAt: row!.checkedAt };
  });
}

export async function confirmDeal({ id, sourceUrl, seen }: { id: string; sourceUrl: string; seen: string }, actor: Actor) {
  const deal = getDeal(id);
  if (!deal) throw new AppError("NOT_FOUND", { message: "confirmSubjectUnknown" });
  // A deal's page is the vendor's: on the deal's own source domain.
  refuseSource(sourceUrl, deal.source);
  const factsHash = dealHash(deal);
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(factChecks)
      .values({ subjectKind: "deal", subject: id, checkedBy: "editor", editorId: actor.id, sourceUrl, outcome: "confirmed", factsHash, details: { seen } })
      .returning({ id: factChecks.id, checkedAt: factChecks.checkedAt });
    await recordAudit({ actor, action: "deal.confirm", targetType: "deal", targetId: id, after: { sourceUrl, seen, factsHash, check: row!.id } }, tx);
    return { id, checkedAt: row!.checkedAt };
  });
}
