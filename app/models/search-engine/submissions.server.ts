import { desc, eq, gt, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { courses, pairVerdicts, posts, searchEngineSubmissions, tasks, toolReviews, tools } from "~/db/schema";
import { invalidateTags } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";
import { batchesOf, indexNowConfig, postIndexNow, type IndexNowConfig } from "~/utils/indexnow.server";
import { errorText, log } from "~/utils/logger.server";
import { sitemapPaths } from "./sitemap-paths.server";
import { countOf } from "~/lib/ui/plural";
import { pairPath } from "~/lib/tool/comparison-pair";

/** The dashboard's list of submissions; a submission finishing in the background drops the cached page. */
export const SUBMISSIONS_TAG = "search-engine-submissions";

export type SubmissionTrigger = "content-sync" | "owner-all" | "owner-changed";

export type Submission = {
  id: number;
  engine: string;
  trigger: string;
  urlCount: number;
  status: "pending" | "success" | "failed";
  httpStatus: number | null;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
};

/** A submission still 'pending' this long after it began was cut short (a restart): it is shown as failed. */
const STALE_AFTER_MS = 5 * 60 * 1000;

export async function listSubmissions(limit = 20): Promise<Submission[]> {
  const rows = await getDb().select().from(searchEngineSubmissions).orderBy(desc(searchEngineSubmissions.createdAt), desc(searchEngineSubmissions.id)).limit(limit);
  const staleBefore = Date.now() - STALE_AFTER_MS;
  return rows.map((row) =>
    row.status === "pending" && row.createdAt.getTime() < staleBefore
      ? { ...row, status: "failed", error: "Interrupted before the endpoint answered" }
      : { ...row, status: row.status as Submission["status"] },
  );
}

/** The database's clock, so that 'changed since' compares times from one clock. */
export async function databaseNow(): Promise<Date> {
  const result = await getDb().execute<{ now: string | Date }>(sql`select now() as now`);
  return new Date(result.rows[0]!.now);
}

/**
 * Pages whose editorial content was written after `since` (null: every such page): a tool's page (its row or its
 * review), an article, the course listings a course appears on, and a pair page whose verdict changed (decision 043;
 * pair pages without one are in no sitemap, so never announced). Removed content has no row left to name.
 */
export async function changedPathsSince(since: Date | null): Promise<string[]> {
  const db = getDb();
  const after = (column: AnyPgColumn) => (since ? gt(column, since) : undefined);
  const [toolRows, reviewRows, postRows, courseRows, verdictRows, taskRows] = await Promise.all([
    db.select({ slug: tools.slug }).from(tools).where(after(tools.updatedAt)),
    db.select({ slug: toolReviews.toolSlug }).from(toolReviews).where(after(toolReviews.updatedAt)),
    db.select({ slug: posts.slug }).from(posts).where(after(posts.updatedAt)),
    db.select({ category: courses.categorySlug, platform: courses.platformSlug }).from(courses).where(after(courses.updatedAt)),
    db.select({ first: pairVerdicts.firstSlug, second: pairVerdicts.secondSlug }).from(pairVerdicts).where(after(pairVerdicts.updatedAt)),
    db.select({ slug: tasks.slug }).from(tasks).where(after(tasks.updatedAt)),
  ]);
  const paths = new Set<string>();
  for (const { slug } of [...toolRows, ...reviewRows]) paths.add(`/tools/${slug}`);
  for (const { slug } of postRows) paths.add(`/blog/${slug}`);
  for (const { first, second } of verdictRows) paths.add(pairPath(first, second));
  if (courseRows.length) paths.add("/courses");
  for (const { category, platform } of courseRows) {
    paths.add(`/courses/category/${category}`);
    paths.add(`/courses/platform/${platform}`);
  }
  if (taskRows.length) paths.add("/tasks");
  for (const { slug } of taskRows) paths.add(`/tasks/${slug}`);
  // Only what the sitemaps list: a course listing left out of them (an empty one, say) is not announced either.
  const listed = new Set(await sitemapPaths());
  return [...paths].filter((path) => listed.has(path)).sort();
}

/** When the last submission the endpoint accepted began (null: never). */
export async function lastSuccessfulSubmission(): Promise<Date | null> {
  const [row] = await getDb()
    .select({ createdAt: searchEngineSubmissions.createdAt })
    .from(searchEngineSubmissions)
    .where(eq(searchEngineSubmissions.status, "success"))
    .orderBy(desc(searchEngineSubmissions.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

/** Submissions on their way: stop() waits for them, so that none writes to a closed database. */
const inFlight = new Set<Promise<void>>();

export async function settleSubmissions(): Promise<void> {
  // A submission may start another (the start's sync, then its batches): wait until none is left.
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}

function track(run: Promise<void>) {
  inFlight.add(run);
  void run.finally(() => inFlight.delete(run));
}

async function sendBatch(config: IndexNowConfig, id: number, urls: string[]) {
  const outcome = await postIndexNow(config, urls);
  try {
    await getDb()
      .update(searchEngineSubmissions)
      .set({ status: outcome.ok ? "success" : "failed", httpStatus: outcome.httpStatus, error: outcome.ok ? null : outcome.error, finishedAt: sql`now()` })
      .where(eq(searchEngineSubmissions.id, id));
    if (!outcome.ok) log.warn("IndexNow submission failed", { engine: config.engine, urls: urls.length, error: outcome.error });
  } catch (error) {
    log.error("IndexNow result not recorded", { error: errorText(error) });
  } finally {
    invalidateTags([SUBMISSIONS_TAG]);
  }
}

export type SubmissionStarted = { batches: number; urlCount: number };

/**
 * Submits site paths to IndexNow in batches of INDEXNOW_BATCH_SIZE. Each batch is recorded as 'pending' at once
 * (the dashboard shows 'Pinging...'); the POSTs run after this returns, one after another, each with a timeout,
 * and record their outcome. Does nothing when IndexNow is off or there is nothing to send.
 */
export async function submitPaths(paths: readonly string[], trigger: SubmissionTrigger): Promise<SubmissionStarted> {
  const config = indexNowConfig();
  if (!config || !paths.length) return { batches: 0, urlCount: 0 };
  const urls = [...new Set(paths)].map((path) => new URL(path, config.siteUrl).toString());
  const batches = batchesOf(urls, config.batchSize);
  const rows = await getDb()
    .insert(searchEngineSubmissions)
    .values(batches.map((batch) => ({ engine: config.engine, trigger, urlCount: batch.length })))
    .returning({ id: searchEngineSubmissions.id });
  invalidateTags([SUBMISSIONS_TAG]);
  const run = (async () => {
    for (const [index, batch] of batches.entries()) await sendBatch(config, rows[index]!.id, batch);
  })();
  track(run);
  return { batches: batches.length, urlCount: urls.length };
}

/** Start-up: the pages whose content this start's sync wrote, when IndexNow is on. Never delays or fails the start. */
export function submitSyncedChanges(syncStartedAt: Date): void {
  if (!indexNowConfig()) return;
  track(
    (async () => {
      try {
        const started = await submitPaths(await changedPathsSince(syncStartedAt), "content-sync");
        if (started.urlCount) log.info(`IndexNow: submitting ${countOf(started.urlCount, "changed page")}`);
      } catch (error) {
        log.error("IndexNow submission after the content sync failed", { error: errorText(error) });
      }
    })(),
  );
}
