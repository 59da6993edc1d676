import { z } from "zod";
import { recordAudit } from "~/models/admin/audit.server";
import { defineWrite } from "~/utils/write.server";
import { enqueueJob } from "~/utils/job-queue.server";
import { priceCheckJob } from "./job.server";

/** /admin/prices: an editor puts a price check of every tool on the job queue (audited). */
export const runPriceCheckWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: z.object({}),
  run: async (_input, { viewer }) => {
    // Refused (null) while a check waits or runs: the queue keeps one at a time.
    const started = (await enqueueJob(priceCheckJob, { all: true })) !== null;
    await recordAudit({ actor: viewer, action: "pricing.check-pass", targetType: "tools", targetId: "all", after: { started } });
    return { started };
  },
  // Each confirmation of the pass invalidates its tool's pages as it is recorded.
  invalidates: () => [],
  success: (outcome) => (outcome.started ? "priceCheckStarted" : "priceCheckBusy"),
  status: (outcome) => (outcome.started ? 202 : 200),
});
