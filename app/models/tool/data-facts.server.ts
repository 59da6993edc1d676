import { eq } from "drizzle-orm";
import { toolDataFacts } from "~/db/schema";
import { CATALOGUE, cached } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";
import { sortedFacts, type DataFact } from "~/lib/tool/data-facts";

/** A tool's data and security facts as the page shows them (issue 44, decision 081); null when no file lists any. */
export type ToolDataFactsShown = {
  policyPages: { privacy?: string; terms?: string };
  trustCenter: string | null;
  facts: DataFact[];
};

/** Read with the tool's detail and invalidated with it: a content sync of the tool's file changes the catalogue. */
export function getToolDataFacts(slug: string): Promise<ToolDataFactsShown | null> {
  return cached(`tool:${slug}:data-facts`, [...CATALOGUE, `tool:${slug}`], async () => {
    const [row] = await getDb()
      .select({ policyPages: toolDataFacts.policyPages, trustCenter: toolDataFacts.trustCenter, facts: toolDataFacts.facts })
      .from(toolDataFacts)
      .where(eq(toolDataFacts.toolSlug, slug));
    return row ? { ...row, facts: sortedFacts(row.facts) } : null;
  });
}
