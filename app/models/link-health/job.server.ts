import { getEnv } from "~/utils/env.server";
import { defineJob, scheduleEvery } from "~/utils/job-queue.server";
import { log } from "~/utils/logger.server";
import { runLinkPass } from "./checks.server";

/**
 * The link-health pass as a job on the one queue (decisions 021, 065). Scheduled every LINK_CHECK_INTERVAL_HOURS
 * (`0`, the default outside production, turns the schedule off; 'Run a pass now' in /admin/links enqueues one). At
 * most one pass waits or runs at a time, whichever instance takes it. Each check is recorded as it is made, so a pass
 * cut short (its worker killed) and retried checks only the links not checked since the job was put on the queue.
 */

/** A link counts as due a little before a full interval, so the daily pass does not slide later each day. */
const DUE_SHARE = 0.95;

/** `all`: every link not checked since the pass was asked for ('Run a pass now'); else those due by the interval. */
export const linkCheckJob = defineJob<{ all?: boolean }>({
  name: "link-check",
  policy: "exclusive",
  schedule: (env) => scheduleEvery(env.LINK_CHECK_INTERVAL_HOURS * 60),
  // A pass over every destination, one request at a time per site: hours at most.
  expireInSeconds: 6 * 60 * 60,
  retryLimit: 2,
  retryDelaySeconds: (env) => env.LINK_CHECK_RETRY_SECONDS,
  run: async ({ all }, { signal, createdOn }) => {
    const intervalMs = getEnv().LINK_CHECK_INTERVAL_HOURS * 60 * 60_000;
    const dueBefore = all || intervalMs <= 0 ? createdOn : new Date(Math.min(createdOn.getTime(), Date.now() - intervalMs * DUE_SHARE));
    const started = performance.now();
    const summary = await runLinkPass({ dueBefore, signal });
    if (summary.outage) log.warn(`link check pass: the checker's own outage (${summary.outage}), nothing recorded for failing links`);
    else if (summary.checked)
      log.info(`link check pass: ${summary.checked} checked, ${summary.failing} failing, ${summary.broken} broken, in ${Math.round(performance.now() - started)} ms`);
  },
});
