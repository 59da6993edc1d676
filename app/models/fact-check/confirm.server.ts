import { eq } from "drizzle-orm";
import { factChecks, toolDataFacts, tools } from "~/db/schema";
import { siteDomain, sourceUrlIssue } from "~/lib/provenance/provenance";
import type { DataFactKind, DataFactTier } from "~/lib/tool/data-facts";
import { factSubject } from "~/lib/tool/fact-evidence";
import { recordAudit } from "~/models/admin/audit.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import type { Viewer } from "~/utils/request-context";
import { factHash } from "./hash.server";

/**
 * An editor confirms one data fact (issue 44): they name the vendor's page they read and note what it says. One
 * `fact_checks` row (kind 'tool-fact', the note in `details.seen`) and one audit row, in one transaction, as prices
 * and deals are confirmed (models/provenance/mutations.server.ts). A fact that is `unknown` has nothing to confirm.
 */

type Actor = Pick<Viewer, "id" | "email">;
export type ConfirmFactInput = { slug: string; fact: DataFactKind; tier: DataFactTier; sourceUrl: string; seen: string };

const hostOf = (url: string) => URL.parse(url)?.hostname.toLowerCase() ?? "";

/** On the tool's own domain (or a known vendor domain), or on the site of the page the fact's file cites. */
function refuseSource(sourceUrl: string, websiteUrl: string, cited: string | undefined) {
  const issue = sourceUrlIssue(sourceUrl, websiteUrl);
  if (!issue) return;
  const citedSite = cited ? siteDomain(hostOf(cited)) : null;
  const host = hostOf(sourceUrl);
  if (citedSite && sourceUrl.startsWith("https://") && (host === citedSite || host.endsWith(`.${citedSite}`))) return;
  const field = issue.startsWith("must be on") ? "sourceUrlElsewhere" : "sourceUrlInvalid";
  throw new AppError("INVALID_INPUT", { fields: { sourceUrl: field }, field: "sourceUrl" });
}

export async function confirmToolFact({ slug, fact: kind, tier, sourceUrl, seen }: ConfirmFactInput, actor: Actor) {
  const [row] = await getDb()
    .select({ websiteUrl: tools.websiteUrl, facts: toolDataFacts.facts })
    .from(toolDataFacts)
    .innerJoin(tools, eq(tools.slug, toolDataFacts.toolSlug))
    .where(eq(toolDataFacts.toolSlug, slug))
    .limit(1);
  const fact = row?.facts.find((candidate) => candidate.fact === kind && candidate.tier === tier);
  if (!row || !fact) throw new AppError("NOT_FOUND", { message: "confirmSubjectUnknown" });
  if (fact.value === "unknown") throw new AppError("CONFLICT", { message: "factNothingToConfirm" });
  refuseSource(sourceUrl, row.websiteUrl, fact.source);
  const subject = factSubject(slug, fact);
  const factsHash = factHash(fact);
  return getDb().transaction(async (tx) => {
    const [check] = await tx
      .insert(factChecks)
      .values({ subjectKind: "tool-fact", subject, checkedBy: "editor", editorId: actor.id, sourceUrl, outcome: "confirmed", factsHash, details: { seen } })
      .returning({ id: factChecks.id, checkedAt: factChecks.checkedAt });
    await recordAudit(
      { actor, action: "fact.confirm", targetType: "tool", targetId: slug, after: { fact: kind, tier, value: fact.value, sourceUrl, seen, factsHash, check: check!.id } },
      tx,
    );
    return { slug, checkedAt: check!.checkedAt };
  });
}
