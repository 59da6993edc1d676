import { z } from "zod";
import { recordAudit } from "~/models/admin/audit.server";
import { defineWrite } from "~/utils/write.server";
import { startPriceCheck } from "./job.server";

/** /admin/prices: an editor starts a price check of every tool in the background (audited). */
export const runPriceCheckWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: z.object({}),
  run: async (_input, { viewer }) => {
    const started = await startPriceCheck();
    await recordAudit({ actor: viewer, action: "pricing.check-pass", targetType: "tools", targetId: "all", after: { started } });
    return { started };
  },
  // Each confirmation of the pass invalidates its tool's pages as it is recorded.
  invalidates: () => [],
  success: (outcome) => (outcome.started ? "priceCheckStarted" : "priceCheckBusy"),
  status: (outcome) => (outcome.started ? 202 : 200),
});
