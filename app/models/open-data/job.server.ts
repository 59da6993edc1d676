import { defineJob, enqueueJob } from "~/utils/job-queue.server";
import { errorText, log } from "~/utils/logger.server";
import { writeDataFiles } from "./files.server";
import { readPointer } from "./store.server";

/**
 * The open-data files (issue 46) as a job on the one queue (decision 065): written nightly by DATA_FILES_SCHEDULE,
 * by one instance. Safe to run again: a run writes a new generation and publishes it only when it is whole, so a run
 * cut short (its process killed, the app stopping) leaves the previous files in place and its retry starts over.
 */
export const dataFilesJob = defineJob<Record<string, never>>({
  name: "data-files",
  // One waiting or running: a request before the first run, and every instance's start, ask for the same run.
  policy: "exclusive",
  schedule: (env) => env.DATA_FILES_SCHEDULE,
  // Every tool's record and every change, read in small queries: a minute or so for a few thousand tools.
  expireInSeconds: 30 * 60,
  retryLimit: 2,
  retryDelaySeconds: 5 * 60,
  run: async (_data, { signal }) => {
    const started = performance.now();
    const pointer = await writeDataFiles({ signal });
    log.info(`open data: files of ${pointer.generated_at} written in ${Math.round(performance.now() - started)} ms`, { generation: pointer.generation });
  },
});

/**
 * Asks for a run when no files exist yet (a first start, a new DATA_DIR), so they exist within a minute of it; the
 * queue refuses a second one while one waits or runs. Never fails the caller: a start or a 503 goes on without it.
 */
export async function requestDataFilesRun(options: { startAfter?: Date } = {}): Promise<boolean> {
  try {
    return (await enqueueJob(dataFilesJob, {}, options)) !== null;
  } catch (error) {
    log.warn("open data: could not ask for a run", { error: errorText(error) });
    return false;
  }
}

/** How long a first start waits before writing the files (a start listens about 3 s after it begins): the run reads every tool, and a start that is still
 * opening (an embedded database serves one query at a time) would wait for it before it listens. */
const AFTER_START_MS = 3_000;

export async function ensureDataFiles(): Promise<void> {
  if (!(await readPointer())) await requestDataFilesRun({ startAfter: new Date(Date.now() + AFTER_START_MS) });
}
