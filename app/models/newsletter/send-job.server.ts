import { and, asc, eq, inArray, like, lte, notExists, sql } from "drizzle-orm";
import { newsletterDeliveries, newsletterIssues, newsletterSubscribers } from "~/db/schema";
import { newsletterIssueEmail } from "~/emails/newsletter.server";
import { issueSlug } from "~/lib/newsletter/issue";
import { invalidateTags } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { betweenSteps, defineJob, enqueueJob, scheduleEvery } from "~/utils/job-queue.server";
import { errorText, log } from "~/utils/logger.server";
import { enqueueEmailWithId } from "~/utils/outbox.server";
import { activeSubscriber, ISSUES_TAG, issueView } from "./issue-queries.server";
import { issueEmailContent } from "./issues.server";
import { unsubscribeUrlOf } from "./subscriptions.server";

/**
 * The newsletter sender (issue 41, decisions 061, 065): the `newsletter-send` job on the one queue, every
 * NEWSLETTER_SEND_INTERVAL_SECONDS rounded to whole minutes (`0` turns the schedule off; 'Send now' enqueues a run). Each run
 * 1. starts every scheduled issue that is due: `sending`, with its public address (the UTC day, numbered when taken);
 * 2. for each issue `sending`, queues its messages in batches: one transaction per batch takes confirmed subscribers
 *    who have no delivery row for the issue yet, and for each writes the delivery row and the outbox row together.
 *    A run stopped anywhere (a restart, a kill) leaves whole batches behind it, and the next run (the queue's retry) starts
 *    with the subscribers still without a row: nobody gets a second copy, nobody is skipped;
 * 3. marks an issue `sent` when no one is left, and invalidates the archive.
 * Delivery itself is the outbox's (decision 032), which retries; the admin page reads its state.
 */
const BATCH = 50;

export type NewsletterRunSummary = { started: number; queued: number; finished: number };

type RunOptions = {
  batchSize?: number;
  /** Stop after this many batches (tests: a send cut off half-way). */
  maxBatches?: number;
  /** Asked between batches: the server is stopping, or the queue took the job back. */
  signal?: AbortSignal;
};

export async function runNewsletterJob({ batchSize = BATCH, maxBatches = Infinity, signal }: RunOptions = {}): Promise<NewsletterRunSummary> {
  let started = 0;
  let queued = 0;
  let finished = 0;
  let batches = 0;
  try {
    started = await startDueIssues();
    const sending = await getDb().select({ id: newsletterIssues.id }).from(newsletterIssues).where(eq(newsletterIssues.status, "sending")).orderBy(asc(newsletterIssues.id));
    for (const { id } of sending) {
      for (;;) {
        if (batches >= maxBatches || signal?.aborted) return { started, queued, finished };
        // The site's requests before each batch (a send to every subscriber is many of them).
        await betweenSteps();
        const { found, written } = await queueBatch(id, batchSize);
        batches += 1;
        queued += written;
        if (found < batchSize) break;
      }
      if (await finishIssue(id)) finished += 1;
    }
    return { started, queued, finished };
  } finally {
    if (finished + started > 0) invalidateTags([ISSUES_TAG]);
  }
}

async function startDueIssues(): Promise<number> {
  const due = await getDb()
    .select({ id: newsletterIssues.id })
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.status, "scheduled"), lte(newsletterIssues.scheduledAt, sql`now()`)))
    .orderBy(asc(newsletterIssues.scheduledAt), asc(newsletterIssues.id));
  let started = 0;
  for (const { id } of due) {
    const moved = await getDb().transaction(async (tx) => {
      const [{ today }] = (await tx.execute<{ today: string }>(sql`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD') as today`)).rows as [{ today: string }];
      const taken = await tx
        .select({ slug: newsletterIssues.slug })
        .from(newsletterIssues)
        .where(like(newsletterIssues.slug, `${today}%`));
      const rows = await tx
        .update(newsletterIssues)
        .set({
          status: "sending",
          sendingStartedAt: sql`now()`,
          slug: issueSlug(
            today,
            taken.map((row) => row.slug!),
          ),
          updatedAt: new Date(),
        })
        .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.status, "scheduled")))
        .returning({ id: newsletterIssues.id });
      return rows.length;
    });
    started += moved;
  }
  return started;
}

/** One batch: up to `size` subscribers without a delivery of this issue, each with its delivery row and its message. */
async function queueBatch(issueId: number, size: number): Promise<{ found: number; written: number }> {
  return getDb().transaction(async (tx) => {
    const [issue] = await tx.select().from(newsletterIssues).where(eq(newsletterIssues.id, issueId)).for("update");
    if (!issue || issue.status !== "sending" || !issue.slug) return { found: 0, written: 0 };
    const recipients = await tx
      .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, name: newsletterSubscribers.name })
      .from(newsletterSubscribers)
      .where(
        and(
          activeSubscriber,
          notExists(
            tx
              .select({ one: sql`1` })
              .from(newsletterDeliveries)
              .where(and(eq(newsletterDeliveries.issueId, issueId), eq(newsletterDeliveries.subscriberId, newsletterSubscribers.id))),
          ),
        ),
      )
      .orderBy(asc(newsletterSubscribers.id))
      .limit(size);
    if (!recipients.length) return { found: 0, written: 0 };
    const content = issueEmailContent(issueView(issue));
    const web = `${getEnv().SITE_URL}/newsletter/${issue.slug}`;
    let written = 0;
    for (const reader of recipients) {
      // The delivery row first: should it exist already (another sender), no message is written for it.
      const claimed = await tx
        .insert(newsletterDeliveries)
        .values({ issueId, subscriberId: reader.id })
        .onConflictDoNothing()
        .returning({ subscriberId: newsletterDeliveries.subscriberId });
      if (!claimed.length) continue;
      const outboxId = await enqueueEmailWithId(
        newsletterIssueEmail({ name: reader.name ?? "", email: reader.email }, content, { web, unsubscribe: unsubscribeUrlOf(reader.id) }),
        tx,
      );
      await tx
        .update(newsletterDeliveries)
        .set({ outboxId })
        .where(and(eq(newsletterDeliveries.issueId, issueId), eq(newsletterDeliveries.subscriberId, reader.id)));
      written += 1;
    }
    return { found: recipients.length, written };
  });
}

async function finishIssue(id: number): Promise<boolean> {
  const rows = await getDb()
    .update(newsletterIssues)
    .set({ status: "sent", sentAt: sql`now()`, updatedAt: new Date() })
    .where(and(eq(newsletterIssues.id, id), inArray(newsletterIssues.status, ["sending"])))
    .returning({ id: newsletterIssues.id });
  return rows.length > 0;
}

/** `stately`: one running and one waiting, so an issue started ('Send now') during a run is taken by the next. */
export const newsletterSendJob = defineJob<Record<string, never>>({
  name: "newsletter-send",
  policy: "stately",
  schedule: (env) => scheduleEvery(env.NEWSLETTER_SEND_INTERVAL_SECONDS / 60),
  expireInSeconds: 60 * 60,
  retryLimit: 5,
  retryDelaySeconds: 30,
  run: async (_data, { signal }) => {
    const summary = await runNewsletterJob({ signal });
    if (summary.queued + summary.finished > 0) log.info(`newsletter: ${summary.queued} message(s) queued, ${summary.finished} issue(s) sent`);
  },
});

/** Looks for due issues now ('Send now'), unless the sender is off (tests run it themselves). */
export async function wakeNewsletterJob(): Promise<void> {
  if (getEnv().NEWSLETTER_SEND_INTERVAL_SECONDS <= 0) return;
  await enqueueJob(newsletterSendJob, {}).catch((error: unknown) => log.error("newsletter send not queued", { error: errorText(error) }));
}
