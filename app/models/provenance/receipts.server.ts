import { eq } from "drizzle-orm";
import { factChecks, toolDataFacts, tools, users } from "~/db/schema";
import { DATA_FACT_LABELS, DATA_FACT_TIER_LABELS, factValueText } from "~/lib/tool/data-facts";
import { factHash } from "~/models/fact-check/hash.server";
import { platformsHash } from "~/models/fact-check/platforms.server";
import type { PlanFinding } from "~/lib/pricing-check/check";
import type { Checker } from "~/lib/provenance/provenance";
import { getDeal } from "~/models/content/offers.server";
import { CATALOGUE, cached } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";
import { dealHash, DEAL_CHECKS_TAG, toolPricingHash } from "./queries.server";

/**
 * A confirmation's receipt (issue 44): what a public "confirmed" rests on, shown at /receipts/<id>. The row is the
 * check as it was recorded (decision 028: append-only): the page read, when, who or which check, and what matched
 * (the automatic check's figures per plan, or the editor's note of what they saw). Only confirmations have receipts:
 * a page never says "confirmed" of anything else.
 */
export type Receipt = {
  id: number;
  subject:
    | { kind: "tool-pricing"; slug: string; name: string }
    | { kind: "deal"; id: string; title: string; toolName: string }
    /** `fact`: what was confirmed, in words ("SOC 2 Type II report, All plans: Yes"). */
    | { kind: "tool-fact"; slug: string; name: string; fact: string }
    | { kind: "tool-platforms"; slug: string; name: string };
  checkedAt: string;
  checkedBy: Checker;
  /** The editor's name; null for the automatic check, or when the editor's account is gone. */
  editorName: string | null;
  sourceUrl: string;
  /** The automatic check: each plan we list and whether the page showed it. */
  findings: PlanFinding[] | null;
  /** The automatic check of a data fact: the page's sentences that state it. */
  quotes: string[] | null;
  /** The editor's note of what they saw (none on confirmations recorded before it was required). */
  seen: string | null;
  /** Whether the facts shown today are still the ones confirmed. */
  stillCurrent: boolean;
  /** The facts came from the maker's proposal, which the editor accepted after reading this page (issue 45). */
  proposedByMaker: boolean;
};

type Details = { findings?: PlanFinding[]; found?: string[]; seen?: string; proposedBy?: "maker" } | null;

/** Cached under the subject's tags: a change of the prices (or the deal) changes `stillCurrent`. */
export async function getReceipt(id: number): Promise<Receipt | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await getDb().select({ subjectKind: factChecks.subjectKind, subject: factChecks.subject }).from(factChecks).where(eq(factChecks.id, id)).limit(1);
  if (!row) return null;
  const tags = row.subjectKind === "deal" ? [...CATALOGUE, DEAL_CHECKS_TAG] : [...CATALOGUE, `tool:${row.subject.split("/")[0]}`];
  return cached(`receipt:${id}`, tags, () => loadReceipt(id));
}

async function loadReceipt(id: number): Promise<Receipt | null> {
  const [row] = await getDb()
    .select({
      id: factChecks.id,
      subjectKind: factChecks.subjectKind,
      subject: factChecks.subject,
      checkedAt: factChecks.checkedAt,
      checkedBy: factChecks.checkedBy,
      sourceUrl: factChecks.sourceUrl,
      outcome: factChecks.outcome,
      factsHash: factChecks.factsHash,
      details: factChecks.details,
      editorName: users.name,
    })
    .from(factChecks)
    .leftJoin(users, eq(users.id, factChecks.editorId))
    .where(eq(factChecks.id, id))
    .limit(1);
  if (!row || row.outcome !== "confirmed") return null;
  const details = row.details as Details;
  const common = {
    id: row.id,
    checkedAt: row.checkedAt.toISOString(),
    checkedBy: row.checkedBy as Checker,
    editorName: row.checkedBy === "editor" ? (row.editorName ?? null) : null,
    sourceUrl: row.sourceUrl,
    findings: row.checkedBy === "fetch" ? (details?.findings ?? null) : null,
    quotes: row.checkedBy === "fetch" ? (details?.found ?? null) : null,
    seen: details?.seen ?? null,
    proposedByMaker: details?.proposedBy === "maker",
  };
  if (row.subjectKind === "deal") {
    const deal = getDeal(row.subject);
    if (!deal) return null;
    return { ...common, subject: { kind: "deal", id: deal.id, title: deal.title, toolName: deal.toolName }, stillCurrent: dealHash(deal) === row.factsHash };
  }
  if (row.subjectKind === "tool-fact") return factReceipt(row.subject, row.factsHash, common);
  if (row.subjectKind === "tool-platforms") return platformsReceipt(row.subject, row.factsHash, common);
  const [tool] = await getDb()
    .select({ slug: tools.slug, name: tools.name, pricingModel: tools.pricingModel, plans: tools.plans })
    .from(tools)
    .where(eq(tools.slug, row.subject))
    .limit(1);
  if (!tool) return null;
  return { ...common, subject: { kind: "tool-pricing", slug: tool.slug, name: tool.name }, stillCurrent: toolPricingHash(tool) === row.factsHash };
}

/** A data fact's receipt: the fact as confirmed is read from the tool's facts now, by its kind and tier. */
async function factReceipt(subject: string, factsHash: string, common: Omit<Receipt, "subject" | "stillCurrent">): Promise<Receipt | null> {
  const [slug, kind, tier] = subject.split("/");
  const [row] = await getDb()
    .select({ name: tools.name, facts: toolDataFacts.facts })
    .from(toolDataFacts)
    .innerJoin(tools, eq(tools.slug, toolDataFacts.toolSlug))
    .where(eq(toolDataFacts.toolSlug, slug!))
    .limit(1);
  const fact = row?.facts.find((candidate) => candidate.fact === kind && candidate.tier === tier);
  if (!row || !fact) return null;
  const words = `${DATA_FACT_LABELS[fact.fact]}, ${DATA_FACT_TIER_LABELS[fact.tier]}: ${factValueText(fact)}`;
  return { ...common, subject: { kind: "tool-fact", slug: slug!, name: row.name, fact: words }, stillCurrent: factHash(fact) === factsHash };
}

/** A tool's platforms' receipt: still current while the tool lists the same platforms. */
async function platformsReceipt(slug: string, factsHash: string, common: Omit<Receipt, "subject" | "stillCurrent">): Promise<Receipt | null> {
  const [tool] = await getDb().select({ name: tools.name, platforms: tools.platforms }).from(tools).where(eq(tools.slug, slug)).limit(1);
  if (!tool) return null;
  return { ...common, subject: { kind: "tool-platforms", slug, name: tool.name }, stillCurrent: platformsHash(tool.platforms) === factsHash };
}
