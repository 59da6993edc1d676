import type { Env } from "~/utils/env.server";
import { leaseHolderId } from "~/utils/job-lease.server";
import { errorText, log } from "~/utils/logger.server";
import { beginPriceCheck, type PriceCheckSummary } from "./checks.server";

/**
 * The scheduled price check (decision 034), in process, shaped like the link-health job (decision 021): every
 * instance wakes up now and then and tries to take the job's lease; the one that gets it checks the tools not
 * checked for an interval. `PRICE_CHECK_INTERVAL_HOURS=0` (the default outside production; weekly in production)
 * turns the schedule off; 'Run a check now' in /admin/prices still works.
 */

type JobState = { holder: string; timer?: NodeJS.Timeout; stopping: AbortController; passes: Set<Promise<unknown>> };
let job: JobState | undefined;

/** The first wake-up waits, so a start is not slowed by fetches (and the link check's own first pass goes first). */
const FIRST_WAKE_MS = 10 * 60_000;
const MAX_WAKE_MS = 60 * 60_000;
const DUE_SHARE = 0.95;

export function startPriceCheckJob(env: Pick<Env, "PRICE_CHECK_INTERVAL_HOURS">) {
  stopTimer();
  const intervalMs = env.PRICE_CHECK_INTERVAL_HOURS * 60 * 60_000;
  job = { holder: leaseHolderId(), stopping: new AbortController(), passes: new Set() };
  if (intervalMs <= 0) return;
  const wakeMs = Math.min(intervalMs, MAX_WAKE_MS);
  const wake = () => void startPriceCheck({ dueBefore: new Date(Date.now() - intervalMs * DUE_SHARE) });
  const first = setTimeout(
    () => {
      wake();
      if (job) job.timer = setInterval(wake, wakeMs).unref();
    },
    Math.min(FIRST_WAKE_MS, wakeMs),
  );
  first.unref();
  job.timer = first;
  log.info(`price check: a pass every ${env.PRICE_CHECK_INTERVAL_HOURS} h`);
}

const current = () => (job ??= { holder: leaseHolderId(), stopping: new AbortController(), passes: new Set() });

/** Starts a pass in the background if this instance can take the lease: false when one is running already. */
export async function startPriceCheck({ dueBefore }: { dueBefore?: Date } = {}): Promise<boolean> {
  const state = current();
  if (state.stopping.signal.aborted) return false;
  let pass: { done: Promise<PriceCheckSummary> } | null;
  try {
    pass = await beginPriceCheck({ holder: state.holder, dueBefore, signal: state.stopping.signal });
  } catch (error) {
    log.error("price check pass could not start", { error: errorText(error) });
    return false;
  }
  if (!pass) return false;
  const tracked = pass.done.then(
    (summary) => summary.checked && log.info(`price check pass: ${summary.checked} checked in ${summary.ms} ms`, summary.outcomes),
    (error: unknown) => log.error("price check pass failed", { error: errorText(error) }),
  );
  state.passes.add(tracked);
  void tracked.finally(() => state.passes.delete(tracked));
  return true;
}

function stopTimer() {
  if (job?.timer) {
    clearTimeout(job.timer);
    clearInterval(job.timer);
  }
}

/** Stops the schedule and any pass of this instance (it ends after the fetch in flight), and waits for it. */
export async function stopPriceCheckJob() {
  const state = job;
  if (!state) return;
  stopTimer();
  state.stopping.abort();
  await Promise.all(state.passes);
  job = undefined;
}
