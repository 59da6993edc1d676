import { getEnv } from "~/utils/env.server";
import { defineJob, scheduleEvery } from "~/utils/job-queue.server";
import { log } from "~/utils/logger.server";
import { runFactCheck } from "~/models/fact-check/checks.server";
import { runPlatformsCheck } from "~/models/fact-check/platforms.server";
import { runPolicyCheck } from "~/models/policy-check/checks.server";
import { runPriceCheck } from "./checks.server";

/**
 * The price check as a job on the one queue (decisions 034, 065): weekly in production (PRICE_CHECK_INTERVAL_HOURS,
 * `0` turns the schedule off; 'Run a check now' in /admin/prices enqueues one). One pass waits or runs at a time.
 * Each tool's verdict is its own `fact_checks` row, written as it is made, so a pass cut short and retried checks only
 * the tools not checked since the job was put on the queue. The same pass then checks the data facts' sources
 * (models/fact-check) and reads the tools' privacy and terms pages (models/policy-check), issue 44, each with the
 * same rule for what is due.
 */

const DUE_SHARE = 0.95;

export const priceCheckJob = defineJob<{ all?: boolean }>({
  name: "price-check",
  policy: "exclusive",
  schedule: (env) => scheduleEvery(env.PRICE_CHECK_INTERVAL_HOURS * 60),
  expireInSeconds: 6 * 60 * 60,
  retryLimit: 2,
  retryDelaySeconds: 30,
  run: async ({ all }, { signal, createdOn }) => {
    const intervalMs = getEnv().PRICE_CHECK_INTERVAL_HOURS * 60 * 60_000;
    const dueBefore = all || intervalMs <= 0 ? createdOn : new Date(Math.min(createdOn.getTime(), Date.now() - intervalMs * DUE_SHARE));
    const summary = await runPriceCheck({ dueBefore, signal });
    if (summary.checked) log.info(`price check pass: ${summary.checked} checked in ${summary.ms} ms`, summary.outcomes);
    // The data facts' own pages, in the same pass (issue 44): one polite visitor per vendor, one schedule.
    const facts = await runFactCheck({ dueBefore, signal });
    if (facts.checked) log.info(`data fact check pass: ${facts.checked} checked in ${facts.ms} ms`, facts.outcomes);
    const platforms = await runPlatformsCheck({ dueBefore, signal });
    if (platforms.checked) log.info(`platforms pass: ${platforms.checked} checked`, platforms.outcomes);
    if (signal.aborted) return;
    const policies = await runPolicyCheck({ dueBefore, signal });
    if (policies.checked) log.info(`policy pages pass: ${policies.checked} read in ${policies.ms} ms`, policies.outcomes);
  },
});
