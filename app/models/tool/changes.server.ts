import { toolChanges, type ToolChangeKind, type ToolChangeSource } from "~/db/schema";
import { diffPricing, type PricingState } from "~/lib/tool/pricing-changes";
import type { Db } from "~/utils/db.server";

/**
 * Price history's writes (issue 27, decision 033): the dated `tool_changes` rows, written by whoever changes a tool's
 * pricing, in that writer's own transaction, so a change and its history commit together or not at all.
 */

/** The tag of every page listing changes across the catalogue (/changes, its feed). */
export const TOOL_CHANGES_TAG = "tool-changes";

/** What a writer invalidates after committing change rows of the tool `slug`: the lists and the tool's page. */
export const toolChangeTags = (slug: string) => [TOOL_CHANGES_TAG, `tool:${slug}`];

/** Anything that can insert: the database or a transaction. */
type Executor = Pick<Db, "insert">;

export type ToolChangeRow = { kind: ToolChangeKind; planName: string | null; before: unknown; after: unknown };

/** `sourceUrl`: the page a person named for the change (a maker's proposal's source), shown beside it. */
export type ChangeOrigin = { source: ToolChangeSource; sourceUrl?: string | null };

/** Inserts change rows of one tool as they are; returns how many. Site events (the link check) come through here. */
export async function recordToolChanges(db: Executor, { toolId, changes, source, sourceUrl, at }: { toolId: number; changes: readonly ToolChangeRow[]; at?: Date } & ChangeOrigin) {
  if (!changes.length) return 0;
  await db.insert(toolChanges).values(
    changes.map((change) => ({
      toolId,
      kind: change.kind,
      source,
      planName: change.planName,
      before: change.before ?? null,
      after: change.after ?? null,
      sourceUrl: sourceUrl ?? null,
      ...(at ? { occurredAt: at } : {}),
    })),
  );
  return changes.length;
}

/**
 * Records what changed between two states of a tool's pricing (lib/tool/pricing-changes.ts `diffPricing`) with the
 * given executor, normally the transaction that writes `after`. Returns the rows recorded (none when nothing a buyer
 * would notice changed). The caller invalidates `toolChangeTags(slug)` after its commit when any were.
 */
export async function recordPricingChanges(
  db: Executor,
  { toolId, before, after, source, sourceUrl, at }: { toolId: number; before: PricingState; after: PricingState; at?: Date } & ChangeOrigin,
) {
  const changes = diffPricing(before, after);
  await recordToolChanges(db, { toolId, changes, source, sourceUrl, at });
  return changes;
}
