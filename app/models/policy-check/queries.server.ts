import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { factChecks, toolChanges, tools } from "~/db/schema";
import type { DiffPart } from "~/lib/pricing-check/check";
import { parsePolicySubject, policySubject, type PolicyCheckDetails } from "~/lib/policy-check/policy-check";
import { dayOf } from "~/lib/provenance/provenance";
import { policyBlindReason } from "~/lib/admin/policy-task-words";
import { POLICY_PAGE_WORDS, type PolicyPage } from "~/lib/tool/change-words";
import { getDb } from "~/utils/db.server";
import { policyTargets, type PolicyCheckTarget } from "./checks.server";

/**
 * /admin/policies (issue 44, decision 081): the policy watch's editor tasks. A 'policy-changed' entry with no
 * editor's note is a task (the check's word diff beside a form to say what changed); writing the note closes it.
 * A watched page whose latest read failed is listed too: until a person looks, the watch is blind there. The page's
 * name and the reasons come in words from here, so the page's script does not carry the change words' module (and
 * the price check's) for two labels.
 */

export type PolicyChangeTask = {
  changeId: number;
  slug: string;
  name: string;
  page: PolicyPage;
  /** 'Privacy policy', 'Terms of service'. */
  pageName: string;
  url: string;
  /** The UTC day the change was recorded. */
  day: string;
  /** The check's diff against the text it read before; null when the texts kept do not show it. */
  diff: DiffPart[] | null;
  finalUrl: string | null;
};

export type BlindPolicyPage = {
  slug: string;
  name: string;
  page: PolicyPage;
  pageName: string;
  url: string;
  day: string;
  /** Why the check could not read it, a sentence per reason. */
  why: string[];
};

/** Tasks shown at once; describing one brings the next. */
export const POLICY_TASKS_SHOWN = 25;

/** The changes no editor has described yet, the longest-waiting first (the public entry says nothing until then). */
async function undescribedChanges(): Promise<{ tasks: PolicyChangeTask[]; total: number }> {
  const db = getDb();
  const undescribed = and(eq(toolChanges.kind, "policy-changed"), isNull(toolChanges.editorNote));
  const [rows, [count]] = await Promise.all([
    db
      .select({
        changeId: toolChanges.id,
        slug: tools.slug,
        name: tools.name,
        after: toolChanges.after,
        occurredAt: toolChanges.occurredAt,
        diff: sql<DiffPart[] | null>`${factChecks.details}->'diff'`,
        finalUrl: sql<string | null>`${factChecks.details}->>'finalUrl'`,
      })
      .from(toolChanges)
      .innerJoin(tools, eq(tools.id, toolChanges.toolId))
      // The check that saw the change (`after.check`), for its diff.
      .leftJoin(factChecks, sql`${factChecks.id} = (${toolChanges.after}->>'check')::bigint`)
      .where(undescribed)
      .orderBy(asc(toolChanges.occurredAt), asc(toolChanges.id))
      .limit(POLICY_TASKS_SHOWN),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(toolChanges)
      .where(undescribed),
  ]);
  const tasks = rows.map(({ after, occurredAt, diff, ...row }) => {
    const { page, url } = after as { page: PolicyPage; url: string };
    return { ...row, page, pageName: POLICY_PAGE_WORDS[page], url, day: dayOf(occurredAt), diff: Array.isArray(diff) && diff.length ? diff : null };
  });
  return { tasks, total: Number(count?.n ?? 0) };
}

/** Watched pages (still named in the data facts, at the same address) whose latest read needs a person. */
async function blindPages(targets: PolicyCheckTarget[]): Promise<BlindPolicyPage[]> {
  const latest = await getDb()
    .selectDistinctOn([factChecks.subject], { id: factChecks.id, subject: factChecks.subject, outcome: factChecks.outcome, sourceUrl: factChecks.sourceUrl })
    .from(factChecks)
    .where(and(eq(factChecks.subjectKind, "policy-page"), eq(factChecks.checkedBy, "fetch")))
    .orderBy(factChecks.subject, desc(factChecks.checkedAt), desc(factChecks.id));
  const failing = latest.filter((row) => row.outcome === "needs-person");
  if (!failing.length) return [];
  const watched = new Map(targets.map((target) => [policySubject(target.slug, target.page), target]));
  const current = failing.filter((row) => watched.get(row.subject)?.url === row.sourceUrl);
  if (!current.length) return [];
  const rows = await getDb()
    .select({ subject: factChecks.subject, checkedAt: factChecks.checkedAt, details: factChecks.details })
    .from(factChecks)
    .where(
      inArray(
        factChecks.id,
        current.map((row) => row.id),
      ),
    );
  return rows
    .map((row) => {
      const target = watched.get(row.subject)!;
      const { page } = parsePolicySubject(row.subject)!;
      const details = row.details as PolicyCheckDetails;
      const why = (details.reasons ?? []).map((reason) => policyBlindReason(reason, details));
      return { slug: target.slug, name: target.name, page, pageName: POLICY_PAGE_WORDS[page], url: target.url, day: dayOf(row.checkedAt), why };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.page.localeCompare(b.page));
}

export async function listPolicyTasks() {
  const targets = await policyTargets();
  const [changes, blind] = await Promise.all([undescribedChanges(), blindPages(targets)]);
  return { ...changes, blind, watched: targets.length };
}
