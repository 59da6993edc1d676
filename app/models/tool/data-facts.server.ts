import { and, desc, eq, inArray } from "drizzle-orm";
import { factChecks, toolDataFacts } from "~/db/schema";
import { dayOf, type Checker } from "~/lib/provenance/provenance";
import { factKey, sortedFacts, type DataFact } from "~/lib/tool/data-facts";
import { factSubject } from "~/lib/tool/fact-evidence";
import { factHash } from "~/models/fact-check/hash.server";
import type { ConfirmationView } from "~/models/provenance/queries.server";
import { CATALOGUE, cached } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";

/**
 * A tool's data and security facts as the page shows them (issue 44, decision 081); null when no file lists any.
 * `confirmations`, by `<fact>/<tier>`: the latest recorded confirmation of the fact as it is now (its value and page);
 * a fact confirmed before its value or page changed has none until it is confirmed again.
 */
export type ToolDataFactsShown = {
  policyPages: { privacy?: string; terms?: string };
  trustCenter: string | null;
  facts: DataFact[];
  confirmations: Record<string, ConfirmationView>;
};

/** Read with the tool's detail and invalidated with it: a content sync or a confirmation of the tool changes it. */
export function getToolDataFacts(slug: string): Promise<ToolDataFactsShown | null> {
  return cached(`tool:${slug}:data-facts`, [...CATALOGUE, `tool:${slug}`], async () => {
    const [row] = await getDb()
      .select({ policyPages: toolDataFacts.policyPages, trustCenter: toolDataFacts.trustCenter, facts: toolDataFacts.facts })
      .from(toolDataFacts)
      .where(eq(toolDataFacts.toolSlug, slug));
    if (!row) return null;
    return { ...row, facts: sortedFacts(row.facts), confirmations: await factConfirmations(slug, row.facts) };
  });
}

async function factConfirmations(slug: string, facts: readonly DataFact[]): Promise<Record<string, ConfirmationView>> {
  const known = facts.filter((fact) => fact.value !== "unknown");
  if (!known.length) return {};
  // The latest confirmation of each fact and version: a value changed and changed back is covered again.
  const rows = await getDb()
    .selectDistinctOn([factChecks.subject, factChecks.factsHash], {
      id: factChecks.id,
      subject: factChecks.subject,
      factsHash: factChecks.factsHash,
      checkedAt: factChecks.checkedAt,
      checkedBy: factChecks.checkedBy,
      sourceUrl: factChecks.sourceUrl,
    })
    .from(factChecks)
    .where(
      and(
        eq(factChecks.subjectKind, "tool-fact"),
        eq(factChecks.outcome, "confirmed"),
        inArray(
          factChecks.subject,
          known.map((fact) => factSubject(slug, fact)),
        ),
      ),
    )
    .orderBy(factChecks.subject, factChecks.factsHash, desc(factChecks.checkedAt), desc(factChecks.id));
  const confirmations: Record<string, ConfirmationView> = {};
  for (const fact of known) {
    const row = rows.find((candidate) => candidate.subject === factSubject(slug, fact) && candidate.factsHash === factHash(fact));
    if (row) confirmations[factKey(fact)] = { id: row.id, day: dayOf(row.checkedAt), checkedBy: row.checkedBy as Checker, sourceUrl: row.sourceUrl };
  }
  return confirmations;
}
