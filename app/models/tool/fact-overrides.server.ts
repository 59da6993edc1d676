import { eq, sql } from "drizzle-orm";
import { toolDataFacts, toolFactOverrides, tools } from "~/db/schema";
import { canonicalJson } from "~/lib/provenance/provenance";
import { factKey, sortedFacts, type DataFact } from "~/lib/tool/data-facts";
import { factsHashOf } from "~/models/provenance/facts.server";
import type { Db } from "~/utils/db.server";

/**
 * Makers' accepted data and security facts (issue 45, decisions 081 and 084), kept in `tool_fact_overrides` and laid
 * over the facts files by the content sync, as editors' pricing (036) and makers' listing fields are. One fact per
 * tool, kind and tier: it replaces the file's fact of that kind and tier, or adds it. A tool with no facts file gets a
 * `tool_data_facts` row of its overrides alone (no policy pages, no trust centre), whose content hash says so.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** `facts` with `fact` in place of the one of its kind and tier (or added), in the page's order. */
export function withFact(facts: readonly DataFact[], fact: DataFact): DataFact[] {
  return sortedFacts([...facts.filter((candidate) => factKey(candidate) !== factKey(fact)), fact]);
}

/** `facts` with every override laid over them. */
export const withFacts = (facts: readonly DataFact[], overrides: readonly DataFact[]) => overrides.reduce(withFact, [...facts]);

/**
 * The content hash of a row that no file makes (a tool with no facts file, only makers' facts): what the sync writes
 * too, so a sync after an accepted proposal finds the row as it would write it and leaves it alone.
 */
export const overridesOnlyHash = (facts: readonly DataFact[]) => `maker:${factsHashOf(canonicalJson(sortedFacts(facts)))}`;
const isOverridesOnly = (contentHash: string) => contentHash.startsWith("maker:");

/** Every accepted fact, by the tool's slug (as `tool_data_facts` is keyed). */
export async function readFactOverrides(db: Pick<Db, "select">): Promise<Map<string, DataFact[]>> {
  const rows = await db.select({ slug: tools.slug, value: toolFactOverrides.value }).from(toolFactOverrides).innerJoin(tools, eq(tools.id, toolFactOverrides.toolId));
  const bySlug = new Map<string, DataFact[]>();
  for (const row of rows) bySlug.set(row.slug, [...(bySlug.get(row.slug) ?? []), row.value]);
  return bySlug;
}

type FactsRow = { toolSlug: string; policyPages: { privacy?: string; terms?: string }; trustCenter: string | null; facts: DataFact[]; contentHash: string };

/**
 * The sync's `tool_data_facts` rows: each file's with the tool's overrides laid over its facts (the file's hash kept,
 * so an unchanged file is not rewritten), then a row of overrides alone for each tool with no file.
 */
export function layFactOverrides(rows: FactsRow[], overrides: Map<string, DataFact[]>): FactsRow[] {
  const filed = new Set(rows.map((row) => row.toolSlug));
  const laid = rows.map((row) => (overrides.has(row.toolSlug) ? { ...row, facts: withFacts(row.facts, overrides.get(row.toolSlug)!) } : row));
  const alone = [...overrides]
    .filter(([slug]) => !filed.has(slug))
    .map(([toolSlug, facts]) => ({ toolSlug, policyPages: {}, trustCenter: null, facts: sortedFacts(facts), contentHash: overridesOnlyHash(facts) }));
  return [...laid, ...alone];
}

/**
 * Writes an accepted fact in the caller's transaction: the override, and the tool's facts row (the fact replaced or
 * added; a row of this fact alone when the tool has none). Returns the fact as it was listed before, or null.
 */
export async function writeFactOverride(
  tx: Tx,
  tool: { id: number; slug: string },
  fact: DataFact,
  origin: { proposalId: number | null; editorId: string | null },
): Promise<DataFact | null> {
  const values = { value: fact, proposalId: origin.proposalId, editorId: origin.editorId, updatedAt: sql`now()` };
  await tx
    .insert(toolFactOverrides)
    .values({ toolId: tool.id, fact: fact.fact, tier: fact.tier, ...values })
    .onConflictDoUpdate({ target: [toolFactOverrides.toolId, toolFactOverrides.fact, toolFactOverrides.tier], set: values });
  const [row] = await tx
    .select({ facts: toolDataFacts.facts, contentHash: toolDataFacts.contentHash })
    .from(toolDataFacts)
    .where(eq(toolDataFacts.toolSlug, tool.slug))
    .for("update")
    .limit(1);
  if (!row) {
    await tx.insert(toolDataFacts).values({ toolSlug: tool.slug, facts: [fact], contentHash: overridesOnlyHash([fact]) });
    return null;
  }
  const facts = withFact(row.facts, fact);
  // A file's row keeps the file's hash (the sync rewrites it only when the file changes, overrides laid over again).
  const contentHash = isOverridesOnly(row.contentHash) ? overridesOnlyHash(facts) : row.contentHash;
  await tx
    .update(toolDataFacts)
    .set({ facts, contentHash, updatedAt: sql`now()` })
    .where(eq(toolDataFacts.toolSlug, tool.slug));
  return row.facts.find((candidate) => factKey(candidate) === factKey(fact)) ?? null;
}
