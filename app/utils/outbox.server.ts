import { and, count, eq, isNull, lt, sql } from "drizzle-orm";
import { emailOutbox } from "~/db/schema";
import { type Db, getDb } from "./db.server";
import { deliverEmail, type Email } from "./email.server";
import { defineJob, enqueueJob, pendingJobs } from "./job-queue.server";
import { errorText, log } from "./logger.server";

type Writer = Pick<Db, "insert" | "execute">;

/**
 * The one way a write sends mail (issue 27): it puts the message in the outbox table, in the same transaction as
 * the change that caused it when it passes one (`db`), so a change that rolls back sends nothing and a change that
 * commits cannot lose its mail. Its job on the queue delivers it (retries with backoff; one worker per message).
 */
export async function enqueueEmail(email: Email, tx?: Writer): Promise<void> {
  await enqueueEmailWithId(email, tx);
}

/** `enqueueEmail`, answering the outbox row's id: a caller that keeps its own record of a message (a newsletter delivery) reads its state by it. */
export async function enqueueEmailWithId(email: Email, tx?: Writer): Promise<number> {
  // The message and its job together: in the caller's transaction, or in one of their own.
  if (!tx) return getDb().transaction((own) => enqueueEmailWithId(email, own));
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      replyTo: email.replyTo ?? null,
      headers: email.headers ?? null,
      link: email.link ?? null,
    })
    .returning({ id: emailOutbox.id });
  // Its delivery job, in the same transaction: it exists exactly when the message does (and wakes a worker at once).
  await enqueueJob(mailOutboxJob, { id: row!.id }, { tx });
  return row!.id;
}

/*
 * Delivery (decisions 032, 065): each message is a `mail-outbox` job on the one queue, sent in the transaction that
 * wrote the message. Its worker claims the message (an attempt counted, in its own statement), hands it to the
 * transport, and marks it sent at once in its own statement, so a message marked sent is never delivered again,
 * whatever happens to the job afterwards (a retry finds it sent and stops). A refusal is recorded (attempts,
 * last_error) and thrown back to the queue, which retries it after its backoff (OUTBOX_RETRY_BASE_SECONDS, doubling,
 * at most an hour apart) for about six weeks. A worker killed mid-delivery goes silent; the queue hands the job to
 * another after JOB_HEARTBEAT_SECONDS. Delivery is still at least once in one case: a process that dies between the
 * server's acceptance and the row's update sends that message again.
 */

/** Delivered messages are kept this long (to answer 'did it go out?'), then deleted: they hold links and addresses. */
const KEEP_SENT_DAYS = 14;

export const mailOutboxJob = defineJob<{ id: number }>({
  name: "mail-outbox",
  policy: "standard",
  // The SMTP transport's own time limits add up to two minutes.
  expireInSeconds: 5 * 60,
  // Hourly after the first few: about six weeks of tries before the job fails for good (the message stays, unsent).
  retryLimit: 1000,
  retryDelaySeconds: (env) => env.OUTBOX_RETRY_BASE_SECONDS,
  retentionSeconds: 60 * 24 * 60 * 60,
  pollingIntervalSeconds: (env) => env.OUTBOX_POLL_MS / 1000,
  batchSize: 10,
  run: ({ id }, { signal }) => deliverMessage(id, signal),
});

/**
 * The outbox's daily sweep, run by one instance (and once at every start, server/app.ts): delivered mail past its
 * keeping time is deleted, and an unsent message without a live job (written before the queue existed, or whose job
 * ran out of retries) gets a new one: unsent mail is never dropped.
 */
export const sweepOutboxJob = defineJob<Record<string, never>>({
  name: "mail-outbox-sweep",
  policy: "exclusive",
  schedule: () => "30 4 * * *",
  expireInSeconds: 10 * 60,
  retryLimit: 3,
  retryDelaySeconds: 60,
  run: async () => {
    await getDb()
      .delete(emailOutbox)
      .where(lt(emailOutbox.sentAt, sql`now() - ${`${KEEP_SENT_DAYS} days`}::interval`));
    const unsent = await getDb().select({ id: emailOutbox.id }).from(emailOutbox).where(isNull(emailOutbox.sentAt));
    if (!unsent.length) return;
    const live = new Set((await pendingJobs(mailOutboxJob)).map((data) => Number(data.id)));
    for (const { id } of unsent) if (!live.has(id)) await enqueueJob(mailOutboxJob, { id });
  },
});

async function deliverMessage(id: number, signal: AbortSignal) {
  // Claimed only while unsent: a retry of a message marked sent ends here.
  const [message] = await getDb()
    .update(emailOutbox)
    .set({ attempts: sql`${emailOutbox.attempts} + 1` })
    .where(and(eq(emailOutbox.id, id), isNull(emailOutbox.sentAt)))
    .returning();
  if (!message || signal.aborted) return;
  try {
    await deliverEmail({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      link: message.link ?? undefined,
      replyTo: message.replyTo ?? undefined,
      headers: message.headers ?? undefined,
    });
  } catch (error) {
    // The server's words (e.g. "451 4.3.0 try again later"); the address is not logged.
    const reason = errorText(error).slice(0, 500);
    await getDb().update(emailOutbox).set({ lastError: reason }).where(eq(emailOutbox.id, id));
    log.warn("mail outbox: delivery refused, the queue will retry it", { id, attempts: message.attempts, error: reason });
    throw error;
  }
  // Delivered: marked at once, on its own. Should this update fail, the queue retries the job and the message goes a
  // second time: never lost.
  await getDb()
    .update(emailOutbox)
    .set({ sentAt: sql`now()` })
    .where(eq(emailOutbox.id, id));
}

/** Mail still undelivered an hour after it was written (the mail server keeps refusing it): the /admin dashboard says so. */
export async function countStuckMail(): Promise<{ count: number; lastError: string | null }> {
  const stuck = and(isNull(emailOutbox.sentAt), lt(emailOutbox.createdAt, sql`now() - interval '1 hour'`));
  const [total] = await getDb().select({ count: count() }).from(emailOutbox).where(stuck);
  if (!total?.count) return { count: 0, lastError: null };
  const [latest] = await getDb()
    .select({ lastError: emailOutbox.lastError })
    .from(emailOutbox)
    .where(stuck)
    .orderBy(sql`${emailOutbox.id} desc`)
    .limit(1);
  return { count: Number(total.count), lastError: latest?.lastError ?? null };
}
