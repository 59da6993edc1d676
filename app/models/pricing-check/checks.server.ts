import { createHash } from "node:crypto";
import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import { factChecks, tools } from "~/db/schema";
import { judgePage, type PageVerdict } from "~/lib/pricing-check/check";
import type { Plan } from "~/lib/tool/pricing";
import { toolPricingHash } from "~/models/provenance/queries.server";
import { invalidateTags } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";
import { loadPricingPage, type LoadedPage } from "./page.server";

/**
 * The price check's pass (issue 27, decision 034): every tool's pricing page, one at a time (run by its job on the
 * queue, job.server.ts, so by one instance; or by a test). Each check writes one `fact_checks` row with `checkedBy: 'fetch'`: `confirmed` (the tool
 * page then says so, its cache invalidated), or `changed`, `needs-person`, `moved` with the findings an editor needs
 * (the text, the word diff, the figures not found), which /admin/prices lists as tasks until someone confirms.
 */

export type PriceTarget = { slug: string; name: string; websiteUrl: string; pricingUrl: string; pricingModel: string; plans: Plan[] };

export type CheckDetails = {
  reasons: string[];
  moved?: string[];
  finalUrl: string;
  status?: number | null;
  error?: string;
  rendered?: boolean;
  /** Requests of the rendered page the fetcher refused or could not make (a private address, a downgrade). */
  refused?: string[];
  /** sha256 of the normalised text (first 32 hex). */
  textHash?: string;
  text?: string;
  figures?: string[];
  findings?: PageVerdict["findings"];
  missing?: { plan: string; listed: string; elsewhere?: boolean }[];
  diff?: PageVerdict["diff"];
};

const hashText = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 32);

/** Every tool with a pricing page (editorial and community), by name. */
export async function priceTargets(): Promise<PriceTarget[]> {
  const rows = await getDb()
    .select({ slug: tools.slug, name: tools.name, websiteUrl: tools.websiteUrl, pricingUrl: tools.pricingUrl, pricingModel: tools.pricingModel, plans: tools.plans })
    .from(tools)
    .where(isNotNull(tools.pricingUrl))
    .orderBy(asc(tools.slug));
  return rows.map((row) => ({ ...row, pricingUrl: row.pricingUrl!, plans: row.plans as Plan[] }));
}

/**
 * The normalised text the page had when its prices were last confirmed: the fetch row of that confirmation, or (an
 * editor confirmed a task) the latest fetch before it, which is the text the editor looked at. Null when none.
 */
export async function baselineText(slug: string): Promise<string | null> {
  const subject = and(eq(factChecks.subjectKind, "tool-pricing"), eq(factChecks.subject, slug));
  // Compared in SQL: a timestamp read into JavaScript loses its microseconds, and the row itself would fall outside.
  const lastConfirmed = getDb()
    .select({ at: sql`max(${factChecks.checkedAt})` })
    .from(factChecks)
    .where(and(subject, eq(factChecks.outcome, "confirmed")));
  const [row] = await getDb()
    .select({ text: sql<string | null>`${factChecks.details}->>'text'` })
    .from(factChecks)
    .where(and(subject, eq(factChecks.checkedBy, "fetch"), sql`${factChecks.checkedAt} <= (${lastConfirmed})`, sql`${factChecks.details}->>'text' is not null`))
    .orderBy(desc(factChecks.checkedAt), desc(factChecks.id))
    .limit(1);
  return row?.text ?? null;
}

/** The row a loaded page makes: the verdict and what an editor needs to act on it. */
export function verdictOf(target: PriceTarget, loaded: LoadedPage, baseline: string | null): { outcome: string; details: CheckDetails } {
  if (!loaded.ok) {
    // Refused (a private address, a downgrade), unreachable or an error page: never a confirmation.
    return { outcome: "needs-person", details: { reasons: ["fetch-failed"], error: loaded.error, status: loaded.status, finalUrl: loaded.finalUrl } };
  }
  const verdict = judgePage({ finalUrl: loaded.finalUrl, page: loaded.page }, target, baseline);
  const missing = verdict.findings.filter((finding) => !finding.found).map(({ plan, listed, elsewhere }) => ({ plan, listed, ...(elsewhere ? { elsewhere } : {}) }));
  const details: CheckDetails = {
    reasons: verdict.reasons,
    ...(verdict.moved.length ? { moved: verdict.moved } : {}),
    finalUrl: loaded.finalUrl,
    status: loaded.status,
    rendered: loaded.rendered,
    ...(loaded.refused?.length ? { refused: loaded.refused.slice(0, 20) } : {}),
    textHash: hashText(verdict.text),
    text: verdict.text,
    figures: verdict.figuresOnPage,
    findings: verdict.findings,
    ...(missing.length ? { missing } : {}),
    ...(verdict.diff ? { diff: verdict.diff } : {}),
  };
  return { outcome: verdict.outcome, details };
}

/** Checks one tool's pricing page and records the verdict; a confirmation invalidates the tool's pages. */
export async function checkToolPricing(target: PriceTarget, { signal, hostDelayMs }: { signal?: AbortSignal; hostDelayMs?: number } = {}) {
  const loaded = await loadPricingPage(target.pricingUrl, { signal, hostDelayMs });
  if (signal?.aborted) return null;
  const { outcome, details } = verdictOf(target, loaded, await baselineText(target.slug));
  const [row] = await getDb()
    .insert(factChecks)
    .values({
      subjectKind: "tool-pricing",
      subject: target.slug,
      checkedBy: "fetch",
      sourceUrl: target.pricingUrl,
      outcome,
      factsHash: toolPricingHash(target),
      details,
    })
    .returning({ id: factChecks.id });
  if (outcome === "confirmed") invalidateTags([`tool:${target.slug}`]);
  return { id: row!.id, slug: target.slug, outcome, details };
}

/** The tools not checked by the fetch since `dueBefore`. */
async function dueTargets(targets: PriceTarget[], dueBefore: Date): Promise<PriceTarget[]> {
  const rows = await getDb()
    .selectDistinct({ subject: factChecks.subject })
    .from(factChecks)
    .where(and(eq(factChecks.subjectKind, "tool-pricing"), eq(factChecks.checkedBy, "fetch"), sql`${factChecks.checkedAt} >= ${dueBefore}`));
  const fresh = new Set(rows.map((row) => row.subject));
  return targets.filter((target) => !fresh.has(target.slug));
}

export type PriceCheckOptions = {
  /** Only tools not checked since then (the schedule, or when the job was asked for); without it, every tool. */
  dueBefore?: Date;
  /** The tools to check (tests); by default every tool with a pricing page. */
  targets?: PriceTarget[];
  signal?: AbortSignal;
  /** The fetcher's pause between two requests to one host (tests, the timing of a pass). */
  hostDelayMs?: number;
};

export type PriceCheckSummary = { checked: number; outcomes: Record<string, number>; ms: number };

/** One pass, a page at a time: a weekly pass has all the time it needs, and the vendors see one polite visitor. */
export async function runPriceCheck({ dueBefore, targets, signal, hostDelayMs }: PriceCheckOptions = {}): Promise<PriceCheckSummary> {
  const started = performance.now();
  const outcomes: Record<string, number> = {};
  let checked = 0;
  const all = targets ?? (await priceTargets());
  const due = dueBefore ? await dueTargets(all, dueBefore) : all;
  for (const target of due) {
    if (signal?.aborted) break;
    const result = await checkToolPricing(target, { signal, hostDelayMs });
    if (!result) break;
    checked += 1;
    outcomes[result.outcome] = (outcomes[result.outcome] ?? 0) + 1;
  }
  return { checked, outcomes, ms: Math.round(performance.now() - started) };
}
