import { and, desc, eq, inArray } from "drizzle-orm";
import { factChecks, tools } from "~/db/schema";
import { dayOf } from "~/lib/provenance/provenance";
import { getDb } from "~/utils/db.server";
import type { CheckDetails } from "./checks.server";

/**
 * The price check's editor tasks (decision 034): a tool whose latest recorded check is the fetch's and not a
 * confirmation. An editor's confirmation (or a later confirming fetch) is a later row, which closes the task.
 */

export type PriceTask = {
  slug: string;
  name: string;
  pricingUrl: string;
  websiteUrl: string;
  outcome: "changed" | "needs-person" | "moved";
  day: string;
  details: CheckDetails;
};

/** Tasks shown at once; resolving one brings the next. 'Domain may have changed hands' first, then by date. */
export const TASKS_SHOWN = 25;
const ORDER: Record<PriceTask["outcome"], number> = { moved: 0, changed: 1, "needs-person": 2 };

export async function listPriceTasks(): Promise<{ tasks: PriceTask[]; total: number; counts: Record<PriceTask["outcome"], number> }> {
  const db = getDb();
  const latest = await db
    .selectDistinctOn([factChecks.subject], { id: factChecks.id, subject: factChecks.subject, checkedBy: factChecks.checkedBy, outcome: factChecks.outcome })
    .from(factChecks)
    .where(eq(factChecks.subjectKind, "tool-pricing"))
    .orderBy(factChecks.subject, desc(factChecks.checkedAt), desc(factChecks.id));
  const open = latest.filter((row) => row.checkedBy === "fetch" && row.outcome !== "confirmed");
  const counts = { moved: 0, changed: 0, "needs-person": 0 };
  if (!open.length) return { tasks: [], total: 0, counts };
  const rows = await db
    .select({
      slug: tools.slug,
      name: tools.name,
      pricingUrl: factChecks.sourceUrl,
      websiteUrl: tools.websiteUrl,
      outcome: factChecks.outcome,
      checkedAt: factChecks.checkedAt,
      details: factChecks.details,
    })
    .from(factChecks)
    .innerJoin(tools, and(eq(tools.slug, factChecks.subject)))
    .where(
      inArray(
        factChecks.id,
        open.map((row) => row.id),
      ),
    );
  const tasks = rows
    .map((row) => ({ ...row, outcome: row.outcome as PriceTask["outcome"], day: dayOf(row.checkedAt), details: row.details as CheckDetails }))
    .sort((a, b) => ORDER[a.outcome] - ORDER[b.outcome] || b.checkedAt.getTime() - a.checkedAt.getTime() || a.name.localeCompare(b.name));
  for (const task of tasks) counts[task.outcome] += 1;
  return { tasks: tasks.slice(0, TASKS_SHOWN).map(({ checkedAt: _at, ...task }) => task), total: tasks.length, counts };
}
