import type { Env } from "~/utils/env.server";
import { leaseHolderId } from "~/utils/job-lease.server";
import { errorText, log } from "~/utils/logger.server";
import { beginLinkPass, type PassSummary } from "./checks.server";

/**
 * The scheduled link-health job (decision 021), in process. Every instance wakes up now and then and tries to take
 * the job's lease; the one that gets it checks the links not checked for an interval, the others do nothing (and
 * find nothing due once it is done). `LINK_CHECK_INTERVAL_HOURS=0` (the default outside production) turns the
 * schedule off; 'Run a pass now' in /admin/links still works.
 */

type JobState = { holder: string; timer?: NodeJS.Timeout; stopping: AbortController; passes: Set<Promise<unknown>>; intervalMs: number };
let job: JobState | undefined;

/** The first wake-up waits a little, so a start (or a deploy of many instances) is not slowed by checks. */
const FIRST_WAKE_MS = 5 * 60_000;
/** At most this long between wake-ups: a pass that could not run (another instance held it) is not put off a whole interval. */
const MAX_WAKE_MS = 60 * 60_000;
/** A link counts as due a little before a full interval, so the daily pass does not slide later each day. */
const DUE_SHARE = 0.95;

export function startLinkHealthJob(env: Pick<Env, "LINK_CHECK_INTERVAL_HOURS">) {
  stopTimer();
  const intervalMs = env.LINK_CHECK_INTERVAL_HOURS * 60 * 60_000;
  job = { holder: leaseHolderId(), stopping: new AbortController(), passes: new Set(), intervalMs };
  if (intervalMs <= 0) return;
  const wakeMs = Math.min(intervalMs, MAX_WAKE_MS);
  const wake = () => void startPass({ dueBefore: new Date(Date.now() - intervalMs * DUE_SHARE) });
  const first = setTimeout(
    () => {
      wake();
      if (job) job.timer = setInterval(wake, wakeMs).unref();
    },
    Math.min(FIRST_WAKE_MS, wakeMs),
  );
  first.unref();
  job.timer = first;
  log.info(`link health: a pass every ${env.LINK_CHECK_INTERVAL_HOURS} h`);
}

const current = () => (job ??= { holder: leaseHolderId(), stopping: new AbortController(), passes: new Set(), intervalMs: 0 });

/**
 * Starts a pass in the background if this instance can take the lease: true when it started, false when a pass is
 * running already (here or on another instance). `dueBefore` limits it to links not checked since then.
 */
export async function startPass({ dueBefore }: { dueBefore?: Date } = {}): Promise<boolean> {
  const state = current();
  if (state.stopping.signal.aborted) return false;
  let pass: { done: Promise<PassSummary> } | null;
  try {
    pass = await beginLinkPass({ holder: state.holder, dueBefore, signal: state.stopping.signal });
  } catch (error) {
    log.error("link check pass could not start", { error: errorText(error) });
    return false;
  }
  if (!pass) return false;
  const started = performance.now();
  const tracked = pass.done.then(
    (summary) => {
      if (summary.outage) log.warn(`link check pass: the checker's own outage (${summary.outage}), nothing recorded for failing links`);
      else if (summary.checked)
        log.info(`link check pass: ${summary.checked} checked, ${summary.failing} failing, ${summary.broken} broken, in ${Math.round(performance.now() - started)} ms`);
    },
    (error: unknown) => log.error("link check pass failed", { error: errorText(error) }),
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

/** Stops the schedule and any pass of this instance (it ends after the checks in flight), and waits for it. */
export async function stopLinkHealthJob() {
  const state = job;
  if (!state) return;
  stopTimer();
  state.stopping.abort();
  await Promise.all(state.passes);
  job = undefined;
}
