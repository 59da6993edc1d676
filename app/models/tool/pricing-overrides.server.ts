import path from "node:path";
import { and, desc, eq, sql } from "drizzle-orm";
import { factChecks, toolPricingOverrides, tools, users } from "~/db/schema";
import { canonicalJson, dayOf, sourceUrlIssue, type Checker } from "~/lib/provenance/provenance";
import { pricingColumns, type PricingFacts } from "~/lib/tool/pricing-edit";
import type { CurrencyRates, Plan } from "~/lib/tool/pricing";
import { recordAudit } from "~/models/admin/audit.server";
import { getCurrencyRates } from "~/models/content/currency-rates.server";
import { readToolFile } from "~/models/content/load.server";
import { toolPricingHash } from "~/models/provenance/queries.server";
import { recordPricingChanges, type ChangeOrigin } from "./changes.server";
import { getDb, type Db } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { appRoot } from "~/utils/paths.server";
import type { Viewer } from "~/utils/request-context";

/**
 * Editors' pricing (issue 27, decision 036). An editorial tool's edit is stored as an override
 * (`tool_pricing_overrides`) and written to its row at once; the content sync writes the file's pricing, then the
 * override's, so the edit survives every sync and restart until the owner moves it into the file
 * (`npm run prices:export`) or an editor removes it. A community tool (no file, never synced) has its row edited
 * directly. Every edit is audited and, with 'Save and confirm', confirmed for the new facts, in one transaction.
 */

type Actor = Pick<Viewer, "id" | "email">;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const contentDir = () => path.join(appRoot(), "content");

/** Two pricings say the same (the model, every plan with its terms, the trial), whatever order jsonb keeps keys in. */
export const samePricing = (a: PricingFacts, b: PricingFacts) =>
  canonicalJson({ model: a.pricingModel, plans: a.plans, trial: a.hasFreeTrial }) === canonicalJson({ model: b.pricingModel, plans: b.plans, trial: b.hasFreeTrial });

const factsOf = (row: { pricingModel: PricingFacts["pricingModel"]; plans: Plan[]; hasFreeTrial: boolean }): PricingFacts => ({
  pricingModel: row.pricingModel,
  plans: row.plans,
  hasFreeTrial: row.hasFreeTrial,
});

/** Every override, by tool id: the content sync lays them over the files' pricing. */
export async function readPricingOverrides(db: Pick<Db, "select">): Promise<Map<number, PricingFacts>> {
  const rows = await db
    .select({
      toolId: toolPricingOverrides.toolId,
      pricingModel: toolPricingOverrides.pricingModel,
      plans: toolPricingOverrides.plans,
      hasFreeTrial: toolPricingOverrides.hasFreeTrial,
    })
    .from(toolPricingOverrides);
  return new Map(rows.map((row) => [row.toolId, factsOf(row)]));
}

/**
 * The sync's second step: every editorial row with an override gets the override's columns where they differ (a
 * file changed under it, a restored backup). Writes nothing when every row already has them; returns how many it wrote.
 */
export async function applyPricingOverrides(tx: Pick<Db, "select" | "update">, rates: CurrencyRates): Promise<number> {
  const rows = await tx
    .select({
      id: tools.id,
      pricingModel: tools.pricingModel,
      plans: tools.plans,
      hasFreeTrial: tools.hasFreeTrial,
      isFree: tools.isFree,
      isPro: tools.isPro,
      priceMonthlyUsd: tools.priceMonthlyUsd,
      teamCostTerms: tools.teamCostTerms,
      capabilities: tools.capabilities,
      override: { pricingModel: toolPricingOverrides.pricingModel, plans: toolPricingOverrides.plans, hasFreeTrial: toolPricingOverrides.hasFreeTrial },
    })
    .from(toolPricingOverrides)
    .innerJoin(tools, eq(tools.id, toolPricingOverrides.toolId))
    .where(eq(tools.source, "editorial"));
  let written = 0;
  for (const { id, override, ...current } of rows) {
    const wanted = pricingColumns(override, current.capabilities, rates);
    if (canonicalJson(wanted) === canonicalJson({ ...current, priceMonthlyUsd: current.priceMonthlyUsd === null ? null : Number(current.priceMonthlyUsd) })) continue;
    await tx
      .update(tools)
      .set({ ...wanted, updatedAt: sql`now()` })
      .where(eq(tools.id, id));
    written++;
  }
  return written;
}

async function lockTool(tx: Tx, slug: string) {
  const [tool] = await tx
    .select({
      id: tools.id,
      slug: tools.slug,
      source: tools.source,
      websiteUrl: tools.websiteUrl,
      pricingModel: tools.pricingModel,
      plans: tools.plans,
      hasFreeTrial: tools.hasFreeTrial,
      capabilities: tools.capabilities,
    })
    .from(tools)
    .where(eq(tools.slug, slug))
    .for("update");
  if (!tool) throw new AppError("NOT_FOUND", { message: "confirmSubjectUnknown" });
  return tool;
}

/**
 * Writes a pricing to the tool's row, with its price history rows; 'Updated recently' (decision 028) when the facts a
 * buyer acts on changed.
 */
async function writeRow(tx: Tx, tool: { id: number; capabilities: string[] }, before: PricingFacts, after: PricingFacts, origin: ChangeOrigin = { source: "editor" }) {
  const changed = !samePricing(before, after);
  await tx
    .update(tools)
    .set({ ...pricingColumns(after, tool.capabilities, getCurrencyRates()), updatedAt: sql`now()`, ...(changed ? { factsChangedAt: sql`now()` } : {}) })
    .where(eq(tools.id, tool.id));
  // The dated price history (decision 033), in this transaction.
  if (changed) await recordPricingChanges(tx, { toolId: tool.id, before, after, ...origin });
  return changed;
}

/** The file's pricing of an editorial tool, or null when its file is gone. */
function filePricing(slug: string): (PricingFacts & { capabilities: string[] }) | null {
  const file = readToolFile(contentDir(), slug);
  return file ? { pricingModel: file.pricing.model, plans: [...file.pricing.plans], hasFreeTrial: file.hasFreeTrial, capabilities: [...file.capabilities] } : null;
}

function refuseSource(sourceUrl: string, websiteUrl: string) {
  const issue = sourceUrlIssue(sourceUrl, websiteUrl);
  if (!issue) return;
  throw new AppError("INVALID_INPUT", {
    message: "pricingInvalid",
    fields: { sourceUrl: issue.startsWith("must be on") ? "sourceUrlElsewhere" : "sourceUrlInvalid" },
    field: "sourceUrl",
  });
}

/** `sourceUrl` and `seen` together: a confirmation (the page read, what matched on it). */
export type PricingEdit = { slug: string; facts: PricingFacts; note?: string; sourceUrl?: string; seen?: string };

/**
 * An editor's pricing of a tool, with 'Save and confirm' (`sourceUrl`) a confirmation of the new facts. An
 * editorial tool's edit is kept as its override; one that says what the file says removes the override instead (the
 * file is the record again). Audited as 'pricing.edit' with the facts before and after.
 */
export function editToolPricing(edit: PricingEdit, actor: Actor) {
  return getDb().transaction((tx) => writeToolPricing(tx, edit, actor));
}

/** The maker's proposal an accepted edit comes from (issue 45): its id and the source page the maker named. */
export type ProposalOrigin = { proposalId: number; sourceUrl: string };

/** The tool's pricing as listed now, for a maker's proposal to be a diff against. */
export async function currentPricing(slug: string): Promise<(PricingFacts & { toolId: number; websiteUrl: string; source: string }) | null> {
  const [row] = await getDb()
    .select({ toolId: tools.id, websiteUrl: tools.websiteUrl, source: tools.source, pricingModel: tools.pricingModel, plans: tools.plans, hasFreeTrial: tools.hasFreeTrial })
    .from(tools)
    .where(eq(tools.slug, slug));
  return row ?? null;
}

/**
 * The edit in the caller's transaction. With `proposal`, a maker's proposal an editor accepts (issue 45, decision 084):
 * the same write, with change rows that say the maker proposed it (with its source page) and a confirmation whose
 * receipt says so; the audit is then the caller's ('proposal.accept').
 */
export async function writeToolPricing(tx: Tx, { slug, facts, note, sourceUrl, seen }: PricingEdit, actor: Actor, proposal?: ProposalOrigin) {
  const tool = await lockTool(tx, slug);
  if (sourceUrl) refuseSource(sourceUrl, tool.websiteUrl);
  const before = factsOf(tool);
  const changed = await writeRow(tx, tool, before, facts, proposal ? { source: "maker", sourceUrl: proposal.sourceUrl } : { source: "editor" });
  let override: "kept" | "removed" | null = null;
  if (tool.source === "editorial") {
    const file = filePricing(slug);
    if (file && samePricing(file, facts)) {
      await tx.delete(toolPricingOverrides).where(eq(toolPricingOverrides.toolId, tool.id));
      override = "removed";
    } else {
      const values = { pricingModel: facts.pricingModel, plans: facts.plans, hasFreeTrial: facts.hasFreeTrial, editorId: actor.id, note: note || null, updatedAt: sql`now()` };
      await tx
        .insert(toolPricingOverrides)
        .values({ toolId: tool.id, ...values })
        .onConflictDoUpdate({ target: toolPricingOverrides.toolId, set: values });
      override = "kept";
    }
  }
  let check: { id: number; factsHash: string } | undefined;
  if (sourceUrl) {
    const factsHash = toolPricingHash(facts);
    const [row] = await tx
      .insert(factChecks)
      .values({
        subjectKind: "tool-pricing",
        subject: slug,
        checkedBy: "editor",
        editorId: actor.id,
        sourceUrl,
        outcome: "confirmed",
        factsHash,
        // The receipt says the facts came from the maker's proposal (issue 45).
        details: proposal ? { seen, proposedBy: "maker", proposalId: proposal.proposalId } : { seen },
      })
      .returning({ id: factChecks.id });
    check = { id: row!.id, factsHash };
  }
  if (!proposal)
    await recordAudit(
      {
        actor,
        action: "pricing.edit",
        targetType: "tool",
        targetId: slug,
        before,
        after: { ...facts, ...(override ? { override } : {}), ...(note ? { note } : {}), ...(check ? { confirmed: { sourceUrl, seen, ...check } } : {}) },
      },
      tx,
    );
  return { slug, changed, confirmed: Boolean(check), before };
}

/** An editor removes an editorial tool's override: its row gets its file's pricing again (audited as 'pricing.revert'). */
export async function removePricingOverride({ slug }: { slug: string }, actor: Actor) {
  const file = filePricing(slug);
  return getDb().transaction(async (tx) => {
    const tool = await lockTool(tx, slug);
    const [override] = await tx.delete(toolPricingOverrides).where(eq(toolPricingOverrides.toolId, tool.id)).returning({ toolId: toolPricingOverrides.toolId });
    if (!override || !file) throw new AppError("CONFLICT", { message: "pricingNoOverride" });
    const before = factsOf(tool);
    const after: PricingFacts = { pricingModel: file.pricingModel, plans: file.plans, hasFreeTrial: file.hasFreeTrial };
    // The file's own capabilities: the row becomes exactly what the sync writes from the file.
    const changed = await writeRow(tx, { id: tool.id, capabilities: file.capabilities }, before, after);
    await recordAudit({ actor, action: "pricing.revert", targetType: "tool", targetId: slug, before, after }, tx);
    return { slug, changed };
  });
}

export type PricingEditor = NonNullable<Awaited<ReturnType<typeof getPricingEditor>>>;

/**
 * /admin/prices/<slug>: the tool's pricing as listed, its override (who, when, why) and the file's pricing beside
 * it, and its latest confirmation with whether it covers the prices shown. Not cached: an editor sees the truth.
 */
export async function getPricingEditor(slug: string) {
  const db = getDb();
  const [tool] = await db
    .select({
      id: tools.id,
      slug: tools.slug,
      name: tools.name,
      source: tools.source,
      websiteUrl: tools.websiteUrl,
      pricingUrl: tools.pricingUrl,
      addedAt: tools.addedAt,
      pricingModel: tools.pricingModel,
      plans: tools.plans,
      hasFreeTrial: tools.hasFreeTrial,
    })
    .from(tools)
    .where(eq(tools.slug, slug))
    .limit(1);
  if (!tool) return null;
  const [[override], [check]] = await Promise.all([
    db
      .select({ updatedAt: toolPricingOverrides.updatedAt, note: toolPricingOverrides.note, editorEmail: users.email })
      .from(toolPricingOverrides)
      .leftJoin(users, eq(users.id, toolPricingOverrides.editorId))
      .where(eq(toolPricingOverrides.toolId, tool.id)),
    db
      .select({ checkedAt: factChecks.checkedAt, checkedBy: factChecks.checkedBy, sourceUrl: factChecks.sourceUrl, factsHash: factChecks.factsHash, editorEmail: users.email })
      .from(factChecks)
      .leftJoin(users, eq(users.id, factChecks.editorId))
      .where(and(eq(factChecks.subjectKind, "tool-pricing"), eq(factChecks.subject, slug), eq(factChecks.outcome, "confirmed")))
      .orderBy(desc(factChecks.checkedAt))
      .limit(1),
  ]);
  const file = tool.source === "editorial" && override ? filePricing(slug) : null;
  return {
    tool,
    override: override ? { day: dayOf(override.updatedAt), editorEmail: override.editorEmail, note: override.note } : null,
    filePricing: file ? { pricingModel: file.pricingModel, plans: file.plans, hasFreeTrial: file.hasFreeTrial } : null,
    lastConfirmation: check
      ? {
          day: dayOf(check.checkedAt),
          checkedBy: check.checkedBy as Checker,
          sourceUrl: check.sourceUrl,
          editorEmail: check.editorEmail,
          current: check.factsHash === toolPricingHash(tool),
        }
      : null,
  };
}
