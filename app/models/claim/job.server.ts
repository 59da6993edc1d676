import { defineJob } from "~/utils/job-queue.server";
import { runClaimRecheck } from "./claims.server";

/**
 * The claims' re-check (issue 45, decision 082) as a job on the one queue: daily, looking only at the claims that are
 * due (30 days after their last passed check, a day after a failed one), so a pass retried after a crash repeats
 * nothing that was recorded. One pass waits or runs at a time.
 */
export const claimRecheckJob = defineJob<Record<string, never>>({
  name: "claim-recheck",
  policy: "exclusive",
  // Off outside production, like every schedule (tests run the pass themselves, at the dates they need).
  schedule: (env) => (env.NODE_ENV === "production" ? "45 4 * * *" : null),
  expireInSeconds: 60 * 60,
  retryLimit: 2,
  retryDelaySeconds: 60,
  run: async (_data, { signal }) => {
    await runClaimRecheck({ signal });
  },
});
