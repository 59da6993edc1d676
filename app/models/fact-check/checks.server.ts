import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { factChecks, toolDataFacts } from "~/db/schema";
import type { DataFact } from "~/lib/tool/data-facts";
import { checkable, factSubject, findEvidence } from "~/lib/tool/fact-evidence";
import { readPage, type ReadPage } from "~/models/pricing-check/page.server";
import { invalidateTags } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";
import { factHash } from "./hash.server";

/**
 * The automatic check of data facts (issue 44, decision 081), run by the price check's job after the prices: each
 * fact a sentence can state is looked for on its own source page, read through the one outbound fetcher (a page
 * once per pass, however many facts cite it). A fact is `confirmed` only when the page holds a sentence that states
 * it (the sentences are the receipt's "what matched"); `not-found` when the page was read and says nothing of the
 * kind; `needs-person` when the page could not be read. Every verdict is one `fact_checks` row, written as it is made.
 */

export type FactTarget = { slug: string; facts: DataFact[] };

export type FactCheckDetails = {
  finalUrl: string;
  status?: number | null;
  error?: string;
  /** The sentences of the page that state the fact (confirmed only). */
  found?: string[];
};

export type FactCheckSummary = { checked: number; outcomes: Record<string, number>; ms: number };

/** Every tool with a facts file, its checkable facts only. */
export async function factTargets(): Promise<FactTarget[]> {
  const rows = await getDb().select({ slug: toolDataFacts.toolSlug, facts: toolDataFacts.facts }).from(toolDataFacts).orderBy(asc(toolDataFacts.toolSlug));
  return rows.map((row) => ({ slug: row.slug, facts: row.facts.filter(checkable) })).filter((target) => target.facts.length > 0);
}

/** The facts of `target` not checked by the fetch since `dueBefore`. */
async function dueFacts(target: FactTarget, dueBefore: Date): Promise<DataFact[]> {
  const rows = await getDb()
    .selectDistinct({ subject: factChecks.subject })
    .from(factChecks)
    .where(
      and(
        eq(factChecks.subjectKind, "tool-fact"),
        eq(factChecks.checkedBy, "fetch"),
        inArray(
          factChecks.subject,
          target.facts.map((fact) => factSubject(target.slug, fact)),
        ),
        sql`${factChecks.checkedAt} >= ${dueBefore}`,
      ),
    );
  const fresh = new Set(rows.map((row) => row.subject));
  return target.facts.filter((fact) => !fresh.has(factSubject(target.slug, fact)));
}

/** The verdict on one fact from its page as read. */
export function factVerdict(fact: DataFact, read: ReadPage): { outcome: "confirmed" | "not-found" | "needs-person"; details: FactCheckDetails } {
  if (!read.ok) return { outcome: "needs-person", details: { finalUrl: read.finalUrl, status: read.status, error: read.error } };
  const found = findEvidence(read.page.text, fact);
  return found
    ? { outcome: "confirmed", details: { finalUrl: read.finalUrl, status: read.status, found } }
    : { outcome: "not-found", details: { finalUrl: read.finalUrl, status: read.status } };
}

/** Checks one tool's due facts, a page at a time; a confirmation invalidates the tool's pages. */
export async function checkToolFacts(slug: string, facts: DataFact[], options: { signal?: AbortSignal; hostDelayMs?: number } = {}) {
  const outcomes: Record<string, number> = {};
  const pages = new Map<string, DataFact[]>();
  for (const fact of facts) pages.set(fact.source!, [...(pages.get(fact.source!) ?? []), fact]);
  let confirmed = false;
  for (const [url, ofPage] of pages) {
    if (options.signal?.aborted) break;
    const read = await readPage(url, options);
    if (options.signal?.aborted) break;
    const rows = ofPage.map((fact) => {
      const { outcome, details } = factVerdict(fact, read);
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      confirmed ||= outcome === "confirmed";
      return { subjectKind: "tool-fact", subject: factSubject(slug, fact), checkedBy: "fetch", sourceUrl: url, outcome, factsHash: factHash(fact), details };
    });
    await getDb().insert(factChecks).values(rows);
  }
  if (confirmed) invalidateTags([`tool:${slug}`]);
  return outcomes;
}

export type FactCheckOptions = {
  /** Only facts not checked since then; without it, every fact. */
  dueBefore?: Date;
  /** The tools to check (tests); by default every tool with a facts file. */
  targets?: FactTarget[];
  signal?: AbortSignal;
  hostDelayMs?: number;
};

/** One pass over every tool's checkable facts. */
export async function runFactCheck({ dueBefore, targets, signal, hostDelayMs }: FactCheckOptions = {}): Promise<FactCheckSummary> {
  const started = performance.now();
  const outcomes: Record<string, number> = {};
  let checked = 0;
  for (const target of targets ?? (await factTargets())) {
    if (signal?.aborted) break;
    const facts = dueBefore ? await dueFacts(target, dueBefore) : target.facts;
    if (!facts.length) continue;
    const tool = await checkToolFacts(target.slug, facts, { signal, hostDelayMs });
    for (const [outcome, n] of Object.entries(tool)) {
      outcomes[outcome] = (outcomes[outcome] ?? 0) + n;
      checked += n;
    }
  }
  return { checked, outcomes, ms: Math.round(performance.now() - started) };
}
