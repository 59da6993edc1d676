import { z } from "zod";
import { LINK_KINDS } from "~/lib/link-health/link-health";
import { recordAudit } from "~/models/admin/audit.server";
import { AppError } from "~/utils/errors.server";
import { defineWrite } from "~/utils/write.server";
import { checkTargetNow } from "./checks.server";
import { enqueueJob } from "~/utils/job-queue.server";
import { linkCheckJob } from "./job.server";
import { findLinkTarget } from "./targets.server";

/** /admin/links: an editor checks one link while waiting, or puts a whole pass on the job queue. Both audited. */
export const checkLinkWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: z.object({ kind: z.enum(LINK_KINDS, { message: "linkUnknown" }), target: z.string().min(1, "linkUnknown").max(200, "linkUnknown") }),
  run: async ({ kind, target }, { viewer }) => {
    const found = await findLinkTarget(kind, target);
    if (!found) throw new AppError("NOT_FOUND", { message: "linkUnknown" });
    return checkTargetNow(found, viewer);
  },
  invalidates: (outcome) => outcome.tags,
  success: (outcome) => (outcome.state.ok ? "linkCheckedOk" : "linkCheckedFailing"),
});

export const runLinkPassWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: z.object({}),
  run: async (_input, { viewer }) => {
    // Refused (null) while a pass waits or runs: the queue keeps one at a time.
    const started = (await enqueueJob(linkCheckJob, { all: true })) !== null;
    await recordAudit({ actor: viewer, action: "link.pass", targetType: "links", targetId: "all", after: { started } });
    return { started };
  },
  // Each check of the pass invalidates what it changes as it is recorded.
  invalidates: () => [],
  success: (outcome) => (outcome.started ? "linkPassStarted" : "linkPassBusy"),
  status: (outcome) => (outcome.started ? 202 : 200),
});
