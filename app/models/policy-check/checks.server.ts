import { createHash } from "node:crypto";
import { and, asc, desc, eq, gte, sql } from "drizzle-orm";
import { factChecks, toolDataFacts, tools } from "~/db/schema";
import { judgePolicyPage, POLICY_PAGES, policySubject, type PolicyBaseline, type PolicyCheckDetails, type PolicyRead, type PolicyTarget } from "~/lib/policy-check/policy-check";
import { normaliseText } from "~/lib/pricing-check/money";
import { readPage } from "~/models/pricing-check/page.server";
import { recordToolChanges, toolChangeTags } from "~/models/tool/changes.server";
import { invalidateTags } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";

/**
 * The policy watch's pass (issue 44, decision 081): every privacy policy and terms page a tool's data facts name
 * (`tool_data_facts.policy_pages`), one at a time, run by the price check's job after its prices (job.server.ts of
 * pricing-check), through the same reading of a page (the one outbound fetcher, no browser). Each page read is one
 * `fact_checks` row ('policy-page', subject `<slug>/<page>`, `checkedBy: 'fetch'`); a change is recorded in the same
 * transaction as a `tool_changes` row 'policy-changed', which says only that the page changed until an editor
 * describes it in /admin/policies.
 */

export type PolicyCheckTarget = PolicyTarget & { toolId: number };

const hashText = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 32);

/** Every policy page named in the tools' data facts, by tool and page. */
export async function policyTargets(): Promise<PolicyCheckTarget[]> {
  const rows = await getDb()
    .select({ toolId: tools.id, slug: tools.slug, name: tools.name, websiteUrl: tools.websiteUrl, policyPages: toolDataFacts.policyPages })
    .from(toolDataFacts)
    .innerJoin(tools, eq(tools.slug, toolDataFacts.toolSlug))
    .orderBy(asc(tools.slug));
  return rows.flatMap(({ policyPages, ...tool }) => POLICY_PAGES.flatMap((page) => (policyPages[page] ? [{ ...tool, page, url: policyPages[page] }] : [])));
}

/**
 * The last text the check kept for this page at this address (the first read, or the last change). Another address
 * in the content is another page: its first read is a new baseline, not a change.
 */
async function baselineOf(target: PolicyCheckTarget): Promise<(NonNullable<PolicyBaseline> & { id: number }) | null> {
  const [row] = await getDb()
    .select({ id: factChecks.id, textHash: sql<string>`${factChecks.details}->>'textHash'`, text: sql<string>`${factChecks.details}->>'text'` })
    .from(factChecks)
    .where(
      and(
        eq(factChecks.subjectKind, "policy-page"),
        eq(factChecks.subject, policySubject(target.slug, target.page)),
        eq(factChecks.checkedBy, "fetch"),
        eq(factChecks.sourceUrl, target.url),
        sql`${factChecks.details}->>'text' is not null`,
      ),
    )
    .orderBy(desc(factChecks.checkedAt), desc(factChecks.id))
    .limit(1);
  return row ?? null;
}

/** Reads one policy page and records what the check saw; a change also records its 'policy-changed' entry. */
export async function checkPolicyPage(target: PolicyCheckTarget, { signal, hostDelayMs }: { signal?: AbortSignal; hostDelayMs?: number } = {}) {
  const fetched = await readPage(target.url, { signal, hostDelayMs });
  if (signal?.aborted) return null;
  const text = fetched.ok ? normaliseText(fetched.page.text) : "";
  const read: PolicyRead = fetched.ok ? { ...fetched, text, textHash: hashText(text) } : fetched;
  const baseline = await baselineOf(target);
  const { outcome, details } = judgePolicyPage(target, read, baseline);
  const id = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(factChecks)
      .values({
        subjectKind: "policy-page",
        subject: policySubject(target.slug, target.page),
        checkedBy: "fetch",
        sourceUrl: target.url,
        outcome,
        // What a policy check vouches for is the page's text: its hash ('' when the page could not be read).
        factsHash: details.textHash ?? "",
        details,
      })
      .returning({ id: factChecks.id });
    if (outcome === "changed")
      await recordToolChanges(tx, {
        toolId: target.toolId,
        source: "fetch",
        changes: [{ kind: "policy-changed", planName: null, before: { check: baseline!.id }, after: { page: target.page, url: target.url, check: row!.id } }],
      });
    return row!.id;
  });
  if (outcome === "changed") invalidateTags(toolChangeTags(target.slug));
  return { id, slug: target.slug, page: target.page, outcome, details: details as PolicyCheckDetails };
}

/** The pages not read by the check since `dueBefore`. */
async function dueTargets(targets: PolicyCheckTarget[], dueBefore: Date): Promise<PolicyCheckTarget[]> {
  const rows = await getDb()
    .selectDistinct({ subject: factChecks.subject })
    .from(factChecks)
    .where(and(eq(factChecks.subjectKind, "policy-page"), eq(factChecks.checkedBy, "fetch"), gte(factChecks.checkedAt, dueBefore)));
  const fresh = new Set(rows.map((row) => row.subject));
  return targets.filter((target) => !fresh.has(policySubject(target.slug, target.page)));
}

export type PolicyCheckOptions = {
  /** Only pages not read since then (the price check's job passes its own); without it, every page. */
  dueBefore?: Date;
  /** The pages to read (tests); by default every policy page in the data facts. */
  targets?: PolicyCheckTarget[];
  signal?: AbortSignal;
  hostDelayMs?: number;
};

export type PolicyCheckSummary = { checked: number; outcomes: Record<string, number>; ms: number };

/** One pass, a page at a time, like the price check's (the same polite visitor, often to the same vendor). */
export async function runPolicyCheck({ dueBefore, targets, signal, hostDelayMs }: PolicyCheckOptions = {}): Promise<PolicyCheckSummary> {
  const started = performance.now();
  const outcomes: Record<string, number> = {};
  let checked = 0;
  const all = targets ?? (await policyTargets());
  const due = dueBefore ? await dueTargets(all, dueBefore) : all;
  for (const target of due) {
    if (signal?.aborted) break;
    const result = await checkPolicyPage(target, { signal, hostDelayMs });
    if (!result) break;
    checked += 1;
    outcomes[result.outcome] = (outcomes[result.outcome] ?? 0) + 1;
  }
  return { checked, outcomes, ms: Math.round(performance.now() - started) };
}
