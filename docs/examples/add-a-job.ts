// A job as it sits beside its model (app/models/<entity>/job.server.ts), and the write that asks for a run of it.
// CONTRIBUTING.md quotes this file whole; `npx tsc` checks it against the code. To make it run, add it to `JOBS` in
// server/app.ts and give it a label in app/models/admin/dashboard.server.ts (QUEUE_LABELS).
import { and, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { webVitals } from "~/db/schema";
import { recordAudit } from "~/models/admin/audit.server";
import { getDb } from "~/utils/db.server";
import { defineJob, enqueueJob, scheduleEvery } from "~/utils/job-queue.server";
import { log } from "~/utils/logger.server";
import { defineWrite } from "~/utils/write.server";

/** Web-vitals samples are kept this long (an example of a setting; a real one would be in utils/env.server.ts). */
const KEEP_DAYS = 90;
/** Rows deleted per statement: a short transaction each, so a run cut short keeps what it did. */
const BATCH = 5_000;

/**
 * A nightly clean-up of old web-vitals samples. The queue runs it on one instance per schedule slot, retries a
 * failed run with backoff, and hands a run whose process died to another worker: so the work must be safe to do
 * again. Here each batch is its own statement, and what is deleted stays deleted; a retry deletes what is left.
 */
export const pruneVitalsJob = defineJob<{ keepDays?: number }>({
  name: "prune-vitals", // the queue's name: stable, kebab-case
  policy: "exclusive", // one waiting or running: a second run asked for meanwhile is refused (enqueueJob answers null)
  schedule: () => scheduleEvery(24 * 60), // daily ("0 3 * * *"); from a setting: (env) => scheduleEvery(env.X), null = off
  expireInSeconds: 10 * 60, // longer than a run can take: past it the attempt fails and is retried
  retryLimit: 3,
  retryDelaySeconds: 60, // doubled per retry, with jitter, at most an hour
  run: async ({ keepDays = KEEP_DAYS }, { signal }) => {
    let deleted = 0;
    for (;;) {
      // The signal: the app is stopping, or the queue took the job back. Stop between two steps; the queue runs it again.
      if (signal.aborted) return;
      const oldest = getDb()
        .select({ id: webVitals.id })
        .from(webVitals)
        .where(lt(webVitals.createdAt, sql`now() - make_interval(days => ${keepDays})`))
        .limit(BATCH);
      const rows = await getDb()
        .delete(webVitals)
        .where(and(sql`${webVitals.id} in (${oldest})`))
        .returning({ id: webVitals.id });
      deleted += rows.length;
      if (rows.length < BATCH) break;
    }
    if (deleted) log.info(`web vitals: ${deleted} samples older than ${keepDays} days deleted`);
  },
});

/** 'Prune now' on an admin page: asks the queue for a run (it answers null while one waits or runs), audited. */
export const pruneVitalsNowWrite = defineWrite({
  auth: "owner",
  limit: "adminAction",
  input: z.object({}),
  run: async (_input, { viewer }) => {
    const started = (await enqueueJob(pruneVitalsJob, {})) !== null;
    await recordAudit({ actor: viewer, action: "vitals.prune", targetType: "web-vitals", targetId: "all", after: { started } });
    return { started };
  },
  invalidates: () => [],
  success: (outcome) => (outcome.started ? "linkPassStarted" : "linkPassBusy"), // keys of app/lib/messages.ts
  status: (outcome) => (outcome.started ? 202 : 200),
});
