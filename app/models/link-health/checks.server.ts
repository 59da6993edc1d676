import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { linkChecks, linkPasses, toolChanges, tools } from "~/db/schema";
import { changesPublicState, isBroken, isWorking, nextLinkState, passOutage, type CheckResult, type LinkError, type LinkKind, type LinkState } from "~/lib/link-health/link-health";
import { movedTo, siteEvent } from "~/lib/link-health/site-events";
import { recordAudit } from "~/models/admin/audit.server";
import { recordToolChanges, toolChangeTags } from "~/models/tool/changes.server";
import { invalidateTags } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { checkerUserAgent, checkUrl, hostOf, runPerHost, type CheckOptions } from "~/utils/link-check.server";
import { log } from "~/utils/logger.server";
import type { Viewer } from "~/utils/request-context";
import { collectLinkTargets, type LinkTarget } from "./targets.server";

/**
 * Link health's writes (decision 021): one check recorded, and a pass over every destination (run by its job on the
 * queue, job.server.ts, or by a test).
 * Each check invalidates the public pages whose state it changes, as soon as it is recorded.
 */

/** The tag of every page showing a course's or a deal's broken-link notice (listings, the home page, audience pages). */
export const BROKEN_LINKS_TAG = "links:broken";
/** Requests in flight at once, across hosts (each host gets one at a time). */
export const PASS_CONCURRENCY = 4;

/** The tags a change of state makes stale: a tool's page shows every check's date, cards only the broken notice. */
function staleTags(kind: LinkKind, target: string, previous: LinkState | null, next: LinkState): string[] {
  const tags: string[] = [];
  if (kind === "tool" && changesPublicState(previous, next, true)) tags.push(`tool:${target}`);
  if (kind !== "tool" && changesPublicState(previous, next, false)) tags.push(BROKEN_LINKS_TAG);
  return tags;
}

const summary = (state: LinkState, result?: CheckResult) => ({
  ...(result ? { status: result.status, error: result.error, finalUrl: result.finalUrl } : {}),
  ok: state.ok,
  consecutiveFailures: state.consecutiveFailures,
  broken: isBroken(state),
});

/**
 * Stores one check of `target` and returns its new state and the cache tags it made stale (not yet invalidated: the
 * caller does, the write path through `invalidates`). With `actor`, the audit row is written in the same transaction.
 */
export async function recordCheck(target: LinkTarget, result: CheckResult, { actor, now = new Date() }: { actor?: Pick<Viewer, "id" | "email">; now?: Date } = {}) {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({
        url: linkChecks.url,
        ok: linkChecks.ok,
        consecutiveFailures: linkChecks.consecutiveFailures,
        checkedAt: linkChecks.checkedAt,
        lastOkAt: linkChecks.lastOkAt,
        status: linkChecks.status,
        error: linkChecks.error,
        finalUrl: linkChecks.finalUrl,
      })
      .from(linkChecks)
      .where(and(eq(linkChecks.kind, target.kind), eq(linkChecks.target, target.target)))
      .for("update");
    const previous: LinkState | null = row ? { url: row.url, ok: row.ok, consecutiveFailures: row.consecutiveFailures, checkedAt: row.checkedAt, lastOkAt: row.lastOkAt } : null;
    const next = nextLinkState(previous, target.url, result, now);
    const values = {
      url: target.url,
      status: result.status,
      error: result.error,
      ok: next.ok,
      finalUrl: result.finalUrl,
      checkedAt: now,
      lastOkAt: next.lastOkAt,
      consecutiveFailures: next.consecutiveFailures,
    };
    await tx
      .insert(linkChecks)
      .values({ kind: target.kind, target: target.target, ...values })
      .onConflictDoUpdate({ target: [linkChecks.kind, linkChecks.target], set: values });
    if (actor) {
      await recordAudit(
        {
          actor,
          action: "link.check",
          targetType: target.kind,
          targetId: target.target,
          before: row && previous ? { status: row.status, error: row.error, ...summary(previous) } : null,
          after: { url: target.url, ...summary(next, result) },
        },
        tx,
      );
    }
    const tags = staleTags(target.kind, target.target, previous, next);
    if (target.kind === "tool" && (await recordSiteEvent(tx, target, { previous, next, result, previousFinalUrl: row?.finalUrl ?? null, now }))) {
      tags.push(...toolChangeTags(target.target));
    }
    return { state: next, tags };
  });
}

type Tx = Parameters<Parameters<ReturnType<typeof getDb>["transaction"]>[0]>[0];

/**
 * A tool's site going dark or moving to another domain, recorded in its history (decision 033) once per transition:
 * the move is compared with where the last working check of the same address ended, or, when the last check failed,
 * with the tool's last recorded move. Returns whether a row was written.
 */
async function recordSiteEvent(
  tx: Tx,
  target: LinkTarget,
  { previous, next, result, previousFinalUrl, now }: { previous: LinkState | null; next: LinkState; result: CheckResult; previousFinalUrl: string | null; now: Date },
): Promise<boolean> {
  // Most checks are neither: no query for them.
  if (!isBroken(next) && !movedTo(target.url, result)) return false;
  const [tool] = await tx.select({ id: tools.id }).from(tools).where(eq(tools.slug, target.target)).limit(1);
  if (!tool) return false;
  let lastMovedTo: string | null = null;
  if (movedTo(target.url, result)) {
    if (previous?.url === target.url && previous.ok) {
      lastMovedTo = movedTo(target.url, { status: 200, error: null, finalUrl: previousFinalUrl });
    } else {
      const [last] = await tx
        .select({ before: toolChanges.before, after: toolChanges.after })
        .from(toolChanges)
        .where(and(eq(toolChanges.toolId, tool.id), eq(toolChanges.kind, "site-moved")))
        .orderBy(desc(toolChanges.occurredAt), desc(toolChanges.id))
        .limit(1);
      const before = last?.before as { url?: string } | null | undefined;
      const after = last?.after as { site?: string } | null | undefined;
      lastMovedTo = before?.url === target.url ? (after?.site ?? null) : null;
    }
  }
  const event = siteEvent({ url: target.url, previous, next, result, lastMovedTo });
  if (!event) return false;
  await recordToolChanges(tx, { toolId: tool.id, changes: [{ ...event, planName: null }], source: "link-check", at: now });
  return true;
}

function checkOptions(signal?: AbortSignal): CheckOptions {
  const env = getEnv();
  return { timeoutMs: env.LINK_CHECK_TIMEOUT_MS, userAgent: checkerUserAgent(env.SITE_URL), signal };
}

/**
 * 'Check now' on the admin page: one link, checked while the editor waits. Redirects and the GET fallback could add
 * up to many timeouts; the whole check gets three, and running out of them is a timeout like any other.
 */
export async function checkTargetNow(target: LinkTarget, actor: Pick<Viewer, "id" | "email">) {
  const result = await checkUrl(target.url, checkOptions(AbortSignal.timeout(getEnv().LINK_CHECK_TIMEOUT_MS * 3)));
  const recorded = await recordCheck(target, result, { actor });
  return { ...recorded, result };
}

/** Forgets the checks of destinations that no longer exist (a tool, course or deal removed from the content). */
async function forgetRemoved(targets: LinkTarget[]): Promise<number> {
  const keep = new Set(targets.map((target) => `${target.kind} ${target.target}`));
  const rows = await getDb().select({ kind: linkChecks.kind, target: linkChecks.target }).from(linkChecks);
  const gone = rows.filter((row) => !keep.has(`${row.kind} ${row.target}`));
  for (const kind of new Set(gone.map((row) => row.kind))) {
    const names = gone.filter((row) => row.kind === kind).map((row) => row.target);
    await getDb()
      .delete(linkChecks)
      .where(and(eq(linkChecks.kind, kind), inArray(linkChecks.target, names)));
  }
  if (gone.length) invalidateTags([BROKEN_LINKS_TAG]);
  return gone.length;
}

/** The targets not checked since `dueBefore`, never checked, or whose URL changed since. */
async function dueTargets(targets: LinkTarget[], dueBefore: Date): Promise<LinkTarget[]> {
  const rows = await getDb()
    .select({ kind: linkChecks.kind, target: linkChecks.target, url: linkChecks.url })
    .from(linkChecks)
    .where(sql`${linkChecks.checkedAt} >= ${dueBefore}`);
  const fresh = new Set(rows.map((row) => `${row.kind} ${row.target} ${row.url}`));
  return targets.filter((target) => !fresh.has(`${target.kind} ${target.target} ${target.url}`));
}

export type PassOptions = {
  /** Only links last checked before this moment (the schedule, or when the job was asked for); without it every link. */
  dueBefore?: Date;
  /** The destinations to check; by default every tool's, course's and deal's (and checks of removed ones are dropped). */
  targets?: LinkTarget[];
  /** Stops the pass between two checks (the app stopping, or the queue taking the job back). */
  signal?: AbortSignal;
};

/** `outage`: the pass was the checker's own outage (the commonest failure), and recorded no verdict on any link. */
export type PassSummary = { checked: number; failing: number; broken: number; removed: number; outage: LinkError | null };

/**
 * One pass. Each working link is recorded as it is checked; failures are held to the end, when the pass can tell a
 * site's failure from its own outage (decision 028). A pass stopped half-way has recorded what it checked (a retry
 * skips those, by `dueBefore`) and no failure.
 */
export async function runLinkPass({ dueBefore, targets, signal }: PassOptions = {}): Promise<PassSummary> {
  const stop = signal ?? new AbortController().signal;
  const counts = { checked: 0, failing: 0, broken: 0 };
  const startedAt = new Date();
  const record = async (target: LinkTarget, result: CheckResult) => {
    const { state, tags } = await recordCheck(target, result);
    invalidateTags(tags);
    counts.checked += 1;
    if (!state.ok) counts.failing += 1;
    if (isBroken(state)) counts.broken += 1;
  };
  const all = targets ?? (await collectLinkTargets());
  const removed = targets ? 0 : await forgetRemoved(all);
  const due = dueBefore ? await dueTargets(all, dueBefore) : all;
  // Every check's host and failure kind, and the failures held back until the pass can tell whose they are.
  const seen: { host: string; error: LinkError | null }[] = [];
  const failures: { target: LinkTarget; result: CheckResult }[] = [];
  await runPerHost(
    due,
    (target) => target.url,
    async (target) => {
      const result = await checkUrl(target.url, checkOptions(stop));
      // A check cut short by the stop is not the link's fault: nothing is recorded.
      if (stop.aborted) return;
      seen.push({ host: hostOf(target.url), error: result.error });
      // A link that answered is recorded at once; a failure may be our own network's (decision 028), so it waits.
      if (isWorking(result)) await record(target, result);
      else failures.push({ target, result });
    },
    // The pause between a host's requests (LINK_CHECK_HOST_DELAY_MS) is the outbound fetcher's, for every caller.
    { concurrency: PASS_CONCURRENCY, signal: stop },
  );
  const outage = passOutage(seen);
  if (outage) {
    log.warn(`link check pass: ${failures.length} of ${seen.length} links got no answer (${outage}); the checker's own outage, no link recorded as failing`);
  } else if (!stop.aborted) {
    for (const failure of failures) await record(failure.target, failure.result);
  }
  if (seen.length && !stop.aborted) {
    await getDb()
      .insert(linkPasses)
      .values({ startedAt, checked: seen.length, failed: failures.length, hosts: new Set(seen.map((check) => check.host)).size, outage });
  }
  return { ...counts, removed, outage };
}
