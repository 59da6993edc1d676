import { and, asc, count, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import { emailOutbox } from "~/db/schema";
import { retryDelayMs } from "~/lib/mail/outbox-retry";
import { type Db, getDb } from "./db.server";
import { deliverEmail, type Email } from "./email.server";
import type { Env } from "./env.server";
import { acquireLease, leaseHolderId, releaseLease, renewLease } from "./job-lease.server";
import { isUnavailable } from "./errors.server";
import { errorText, log } from "./logger.server";

/**
 * The one way a write sends mail (issue 27): it puts the message in the outbox table, in the same transaction as
 * the change that caused it when it passes one (`db`), so a change that rolls back sends nothing and a change that
 * commits cannot lose its mail. The outbox worker delivers it (retries with backoff; one instance by lease).
 */
export async function enqueueEmail(email: Email, db: Pick<Db, "insert"> = getDb()): Promise<void> {
  await enqueueEmailWithId(email, db);
}

/** `enqueueEmail`, answering the outbox row's id: a caller that keeps its own record of a message (a newsletter delivery) reads its state by it. */
export async function enqueueEmailWithId(email: Email, db: Pick<Db, "insert"> = getDb()): Promise<number> {
  const [row] = await db
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
  // At once rather than at the next poll. Inside a transaction the row is not visible until it commits: on PGlite
  // the worker's query waits for the commit; on PostgreSQL it may miss the row, which the next poll then finds.
  setImmediate(wakeOutbox);
  return row!.id;
}

/*
 * The worker (decision 032). Every instance polls for due mail with one cheap indexed read; the one that finds some
 * takes the 'email-outbox' lease (utils/job-lease.server.ts) and delivers in id order, a few messages at a time.
 * Each batch is claimed with FOR UPDATE SKIP LOCKED and pushed CLAIM_MS into the future in one statement, so even
 * without the lease no two workers could take the same message, and a worker that dies mid-delivery leaves its
 * claim to run out and the message to be tried again (at least once; twice only if the process dies between the
 * server's acceptance and the row's update). A refusal is recorded (attempts, last_error) and retried after
 * lib/mail/outbox-retry's backoff, for ever.
 */

const LEASE = "email-outbox";
const LEASE_MS = 2 * 60_000;
const BATCH = 10;
/** Longer than one delivery can take (the SMTP transport's time limits add up to two minutes). */
const CLAIM_MS = 5 * 60_000;
/** Delivered messages are kept this long (to answer 'did it go out?'), then deleted: they hold links and addresses. */
const KEEP_SENT_DAYS = 14;
const PRUNE_EVERY_MS = 60 * 60_000;
/** A failing poll (the database away) is logged at most this often. */
const QUIET_MS = 60_000;

type Worker = {
  holder: string;
  retryBaseMs: number;
  timer: NodeJS.Timeout;
  stopping: boolean;
  running?: Promise<void>;
  /** Woken while a pass was running: run another when it ends (the wake's row may have come after its last read). */
  again: boolean;
  prunedAt: number;
  failureLoggedAt: number;
};
let worker: Worker | undefined;

const later = (ms: number) => sql`now() + ${`${Math.max(0, Math.round(ms))} milliseconds`}::interval`;
const due = () => and(isNull(emailOutbox.sentAt), lte(emailOutbox.nextAttemptAt, sql`now()`));

/** Starts polling (server/app.ts); mail left unsent by a previous run is picked up at once. */
export function startOutbox(env: Pick<Env, "OUTBOX_POLL_MS" | "OUTBOX_RETRY_BASE_MS">) {
  if (worker) clearInterval(worker.timer);
  worker = {
    holder: leaseHolderId(),
    retryBaseMs: env.OUTBOX_RETRY_BASE_MS,
    timer: setInterval(wakeOutbox, env.OUTBOX_POLL_MS).unref(),
    stopping: false,
    again: false,
    prunedAt: 0,
    failureLoggedAt: 0,
  };
  wakeOutbox();
}

/** Looks for due mail now (a write of this process just enqueued some). Does nothing before start or while stopping. */
export function wakeOutbox(): void {
  const state = worker;
  if (!state || state.stopping) return;
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = runPasses(state).finally(() => {
    state.running = undefined;
  });
}

/** Stops polling and waits for the delivery in flight; messages claimed but not tried are handed back first. */
export async function stopOutbox() {
  const state = worker;
  if (!state) return;
  state.stopping = true;
  clearInterval(state.timer);
  await state.running;
  if (worker === state) worker = undefined;
}

async function runPasses(state: Worker) {
  do {
    state.again = false;
    try {
      await deliverDue(state);
      await pruneSent(state);
    } catch (error) {
      if (Date.now() - state.failureLoggedAt >= QUIET_MS) {
        state.failureLoggedAt = Date.now();
        // A lost database is the server's known state (its pages answer 503), not a fault of the outbox: a warning.
        const fields = { error: errorText(error) };
        if (isUnavailable(error)) log.warn("mail outbox: a pass failed (retried at the next poll)", fields);
        else log.error("mail outbox: a pass failed (retried at the next poll)", fields);
      }
    }
  } while (state.again && !state.stopping);
}

async function deliverDue(state: Worker) {
  const [any] = await getDb().select({ id: emailOutbox.id }).from(emailOutbox).where(due()).limit(1);
  if (!any || !(await acquireLease(LEASE, state.holder, LEASE_MS))) return;
  try {
    while (!state.stopping) {
      const batch = await claimDue();
      if (!batch.length) return;
      for (const [index, message] of batch.entries()) {
        // Stopping, or the lease lost (this process stalled past it): hand the rest back untried.
        if (state.stopping || !(await renewLease(LEASE, state.holder, LEASE_MS))) return await handBack(batch.slice(index).map((row) => row.id));
        await deliverOne(message, state.retryBaseMs);
      }
    }
  } finally {
    await releaseLease(LEASE, state.holder).catch(() => {});
  }
}

type Claimed = typeof emailOutbox.$inferSelect;

/** Takes the next due messages for this worker: each counts an attempt, and is not due again until CLAIM_MS. */
async function claimDue(): Promise<Claimed[]> {
  const ids = getDb().select({ id: emailOutbox.id }).from(emailOutbox).where(due()).orderBy(asc(emailOutbox.id)).limit(BATCH).for("update", { skipLocked: true });
  const rows = await getDb()
    .update(emailOutbox)
    .set({ attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: later(CLAIM_MS) })
    .where(inArray(emailOutbox.id, ids))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

async function handBack(ids: number[]) {
  if (!ids.length) return;
  await getDb()
    .update(emailOutbox)
    .set({ attempts: sql`${emailOutbox.attempts} - 1`, nextAttemptAt: sql`now()` })
    .where(and(inArray(emailOutbox.id, ids), isNull(emailOutbox.sentAt)));
}

async function deliverOne(message: Claimed, retryBaseMs: number) {
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
    const waitMs = retryDelayMs(message.attempts, retryBaseMs);
    // The server's words (e.g. "451 4.3.0 try again later"); the address is not logged.
    const reason = errorText(error).slice(0, 500);
    await getDb()
      .update(emailOutbox)
      .set({ lastError: reason, nextAttemptAt: later(waitMs) })
      .where(eq(emailOutbox.id, message.id));
    log.warn("mail outbox: delivery refused, will retry", { id: message.id, attempts: message.attempts, retryInSeconds: Math.round(waitMs / 1000), error: reason });
    return;
  }
  // Delivered. Should this update fail, the claim runs out and the message goes a second time: never lost.
  await getDb()
    .update(emailOutbox)
    .set({ sentAt: sql`now()` })
    .where(eq(emailOutbox.id, message.id));
}

async function pruneSent(state: Worker) {
  if (Date.now() - state.prunedAt < PRUNE_EVERY_MS) return;
  state.prunedAt = Date.now();
  await getDb()
    .delete(emailOutbox)
    .where(lt(emailOutbox.sentAt, sql`now() - ${`${KEEP_SENT_DAYS} days`}::interval`));
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
