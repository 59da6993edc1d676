import { sql } from "drizzle-orm";
import { fromDrizzle, fromPglite, PgBoss, type ConstructorOptions, type JobResult, type JobWithMetadata } from "pg-boss";
import type { Db } from "./db.server";
import { queueDatabase } from "./db.server";
import type { Env } from "./env.server";
import { isUnavailable } from "./errors.server";
import { errorText, log } from "./logger.server";
import { isReadOnly, notePrimaryFailure, onPrimaryChange } from "./primary-health.server";

/**
 * The one job queue (decision 065): pg-boss, in the app's own database (PGlite or PostgreSQL; its schema `pgboss` is
 * created or upgraded at start). This module is the only one that imports the library (an ESLint rule says so): the
 * rest of the app declares its background work with `defineJob` and puts work on the queue with `enqueueJob`.
 * Schedules are the queue's cron, retries and their backoff the queue's, and "once across instances" is the queue's:
 * a job is fetched by one worker (FOR UPDATE SKIP LOCKED), a schedule's slot sends one job whichever instances run the
 * cron. A worker that dies stops its job's heartbeat, and the queue hands the job to another worker after
 * `JOB_HEARTBEAT_SECONDS`: so every job's work is written to be done again safely (each job says how).
 */

/** What a job's data may hold: it is stored as JSON. */
export type JobData = Record<string, string | number | boolean | null>;

export type JobContext = {
  /** Aborted when the app stops or the queue takes the job back (it outlived its time): stop between two steps. */
  signal: AbortSignal;
  /** When the job was put on the queue: a retry skips what was done since (and so never does it twice). */
  createdOn: Date;
  /** 0 on the first attempt, 1 on the first retry. */
  retryCount: number;
};

export type JobDefinition<Data extends JobData = JobData> = {
  /** The queue's name: kebab-case, stable (jobs in the database carry it). */
  name: string;
  /** Its schedule, from the environment: a cron line or an RRULE (`scheduleEvery`); null when off. */
  schedule?: (env: Env) => string | null;
  /**
   * `exclusive`: at most one waiting or running (a pass over everything: a second one asked for meanwhile is
   * refused). `stately`: one running and one waiting (a run that may have missed what was asked during it). `standard`:
   * any number (one job per message).
   */
  policy: "exclusive" | "stately" | "standard";
  /** The longest one run may take: past it the queue fails the attempt (and retries it). */
  expireInSeconds: number;
  /** Attempts after the first; each waits `retryDelaySeconds`, doubled per attempt (with jitter), at most an hour. */
  retryLimit: number;
  retryDelaySeconds: number | ((env: Env) => number);
  /** How long a job may wait (created or retrying) before the queue drops it; 14 days unless said. */
  retentionSeconds?: number;
  /** How often an idle worker looks for jobs, besides the notification a new job sends (seconds, at least 0.5). */
  pollingIntervalSeconds?: number | ((env: Env) => number);
  /**
   * Jobs fetched at once (run one after the other, each settled on its own): a full batch is followed at once by the
   * next, so a backlog (a newsletter's mail) goes out without a pause per job. 1 unless said.
   */
  batchSize?: number;
  run: (data: Data, context: JobContext) => Promise<void>;
};

/**
 * A turn of the event loop, for a job between two steps of a loop. The embedded database answers in the process
 * without I/O, so a loop of queries alone never yields to the requests waiting: the open-data run held every request
 * for 1.9 s at 200 tools and 34 s at 5,200 before it took one between reads.
 */
export const betweenSteps = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Declares a job (its module exports it; server/app.ts lists every job once, `startJobQueue`). */
export function defineJob<Data extends JobData>(definition: JobDefinition<Data>): JobDefinition<Data> {
  return definition;
}

/**
 * A schedule every `minutes`: a cron line when the interval divides an hour or a day evenly (or is a week), else a
 * recurrence rule anchored on a fixed start, so every instance and every restart agrees on the times.
 */
export function scheduleEvery(minutes: number): string | null {
  if (!(minutes > 0)) return null;
  const whole = Math.max(1, Math.round(minutes));
  if (whole === 7 * 24 * 60) return "0 3 * * 1"; // weekly: Monday 03:00 UTC
  if (whole < 60 && 60 % whole === 0) return whole === 1 ? "* * * * *" : `*/${whole} * * * *`;
  if (whole % 60 === 0 && 24 % (whole / 60) === 0) return whole === 24 * 60 ? "0 3 * * *" : `0 */${whole / 60} * * *`;
  return `FREQ=MINUTELY;INTERVAL=${whole}`;
}

type AnyJob = JobDefinition<never>;
type Running = {
  boss: PgBoss;
  jobs: Map<string, AnyJob>;
  stopping: AbortController;
  /** Starts every queue's worker (at start, and again when the primary answers after read-only mode). */
  work: () => Promise<void>;
  /** The library's errors while the primary was out of reach: counted, said once when it is back. */
  mutedErrors: number;
  lostConnectionSaidAt: number;
  /** Unsubscribes from the primary's health. */
  unwatch: () => void;
};

/** One queue client: the app's (started by server/app.ts), or a second one a test starts beside it. */
export type JobQueue = {
  enqueue: <Data extends JobData>(job: JobDefinition<Data>, data: Data, options?: EnqueueOptions) => Promise<string | null>;
  states: () => Promise<QueueState[]>;
  /** The data of a queue's jobs not yet done (waiting, retrying or running). */
  pending: <Data extends JobData>(job: JobDefinition<Data>) => Promise<Data[]>;
  stop: () => Promise<void>;
};

/** `tx`: part of this transaction. `startAfter`: not before then. */
export type EnqueueOptions = { tx?: Pick<Db, "execute">; startAfter?: Date };

/** Each queue's jobs waiting (created or waiting for a retry), running, failed for good, and its last completion. */
export type QueueState = { name: string; waiting: number; active: number; failed: number; lastCompletedAt: Date | null };

function bossOptions(env: Pick<Env, "JOB_HEARTBEAT_SECONDS">): ConstructorOptions {
  const database = queueDatabase();
  // Expiry and heartbeats are checked by the queue's monitor pass: as often as a heartbeat is due, at most a minute apart.
  const monitorSeconds = Math.min(60, env.JOB_HEARTBEAT_SECONDS);
  const common: ConstructorOptions = {
    superviseIntervalSeconds: monitorSeconds,
    monitorIntervalSeconds: monitorSeconds,
    // Schedules are read by the cron pass, which also runs at start, before this start has set them: its next pass
    // comes as soon as a heartbeat is due, and 30 s (the library's default) at most.
    cronMonitorIntervalSeconds: Math.min(30, env.JOB_HEARTBEAT_SECONDS),
    useListenNotify: true,
    // The admin page reads the job table itself (`states`); the library's own snapshots would be a copy.
    persistQueueStats: false,
    application_name: "aitools-job-queue",
  };
  if (database.kind === "pglite") return { ...common, db: fromPglite(database.client), backend: "pglite" };
  // A small pool of its own: the LISTEN connection and the workers' fetches do not take the app's connections. Through
  // a transaction pooler without DATABASE_DIRECT_URL there is no session to LISTEN in: workers poll (decision 089).
  return { ...common, useListenNotify: database.listen, connectionString: database.url, max: 4, connectionTimeoutMillis: 10_000 };
}

/**
 * Starts a queue client on the app's open database: creates or upgrades the queue's schema, creates each job's queue,
 * sets (or removes) its schedule, and works every job. Resolves once it works.
 */
export async function createJobQueue(env: Env, jobs: readonly AnyJob[]): Promise<JobQueue> {
  const boss = new PgBoss(bossOptions(env));
  const running: Running = {
    boss,
    jobs: new Map(jobs.map((job) => [job.name, job])),
    stopping: new AbortController(),
    work: async () => {},
    mutedErrors: 0,
    lostConnectionSaidAt: 0,
    unwatch: () => {},
  };
  // The library's own troubles (a lost connection it retries, a slow query): logged, never thrown at the app. A lost
  // connection makes the primary's health ask the server; while it is out of reach (read-only mode, decision 090) the
  // library's passes fail every few seconds by design: counted, not logged one by one.
  boss.on("error", (error: Error) => {
    const lostConnection = isUnavailable(error);
    if (lostConnection) notePrimaryFailure(error);
    // Its connections end together when the server does (one error each): one line a minute says so, the primary's
    // health says the rest.
    const sayLost = lostConnection && !isReadOnly() && Date.now() - running.lostConnectionSaidAt > 60_000;
    if (sayLost) running.lostConnectionSaidAt = Date.now();
    if (sayLost || (!lostConnection && !isReadOnly())) log.warn("job queue: error", { error: errorText(error) });
    else {
      running.mutedErrors += 1;
      log.debug("job queue: error (database out of reach)", { error: errorText(error) });
    }
  });
  boss.on("warning", (warning: { message?: string }) => log.debug("job queue: warning", { warning: warning.message }));
  const started = performance.now();
  await boss.start();
  log.debug(`job queue: schema ready in ${Math.round(performance.now() - started)} ms`);
  // Each queue's worker, started now and again after read-only mode (decision 090).
  const workers: (() => Promise<string>)[] = [];
  for (const job of jobs) {
    const options = {
      expireInSeconds: job.expireInSeconds,
      retryLimit: job.retryLimit,
      retryDelay: typeof job.retryDelaySeconds === "number" ? job.retryDelaySeconds : job.retryDelaySeconds(env),
      retryBackoff: true,
      retryDelayMax: 60 * 60,
      heartbeatSeconds: env.JOB_HEARTBEAT_SECONDS,
      retentionSeconds: job.retentionSeconds ?? 14 * 24 * 60 * 60,
      notify: true,
    };
    // Created once; an existing queue takes this start's settings (a deploy that changed them).
    // (A queue's policy is fixed when it is made.)
    if (await boss.getQueue(job.name)) await boss.updateQueue(job.name, options);
    else await boss.createQueue(job.name, { ...options, policy: job.policy });
    const cron = job.schedule?.(env) ?? null;
    // Every instance sets the same schedule: it is one row, and one job per slot whoever runs the cron.
    if (cron) await boss.schedule(job.name, cron, {});
    else await boss.unschedule(job.name);
    const polling = job.pollingIntervalSeconds ?? 5;
    const pollingIntervalSeconds = typeof polling === "number" ? polling : polling(env);
    // One worker per queue in each process: a pass is long, and mail goes out in the order written. It looks every
    // `pollingIntervalSeconds` whether or not notifications arrive (they only wake it sooner).
    workers.push(() =>
      boss.work(
        job.name,
        {
          includeMetadata: true,
          pollingIntervalSeconds,
          notifyPollingIntervalSeconds: pollingIntervalSeconds,
          localConcurrency: 1,
          batchSize: job.batchSize ?? 1,
          burstWhenBatchFull: true,
          perJobResults: true,
        },
        (batch) => runBatch(running, job, batch),
      ),
    );
  }
  running.work = async () => {
    for (const work of workers) await work();
  };
  await running.work();
  running.unwatch = onPrimaryChange((reachable) => void (reachable ? resumeWorkers(running) : pauseWorkers(running)));
  return {
    enqueue: (job, data, options) => enqueueOn(running, job, data, options),
    states: () => statesOf(running),
    pending: async (job) => {
      const { rows } = await running.boss.getDb().executeSql(`select data from pgboss.job where name = $1 and state in ('created', 'retry', 'active')`, [job.name]);
      return rows.map((row: { data: never }) => row.data);
    },
    stop: () => stopQueue(running),
  };
}

/** Each job of a batch in turn, each settled on its own: a failed one is retried by the queue, the others complete. */
async function runBatch(running: Running, job: AnyJob, batch: JobWithMetadata<unknown>[]): Promise<JobResult[]> {
  const results: JobResult[] = [];
  // In the order they were put on the queue (a batch comes back in any order).
  const ordered = [...batch].sort((a, b) => a.createdOn.getTime() - b.createdOn.getTime());
  for (const claimed of ordered) {
    const signal = AbortSignal.any([claimed.signal, running.stopping.signal]);
    try {
      // Not started once the app is stopping: failed back to the queue untried.
      if (signal.aborted) throw new Error(`job ${job.name} not started: stopping`);
      await job.run(claimed.data as never, { signal, createdOn: claimed.createdOn, retryCount: claimed.retryCount });
      // Cut short (the app stopping, or the queue took it back): not done, so not completed; the queue runs it again.
      if (signal.aborted) throw new Error(`job ${job.name} stopped before it finished`);
      results.push({ id: claimed.id, status: "completed" });
    } catch (error) {
      // Back to the queue: the attempt failed, and it is retried after its backoff (or failed for good).
      if (!running.stopping.signal.aborted) log.warn(`job ${job.name}: attempt ${claimed.retryCount + 1} failed`, { error: errorText(error) });
      results.push({ id: claimed.id, status: "failed", output: { message: errorText(error) } });
    }
  }
  return results;
}

async function enqueueOn<Data extends JobData>(running: Running, job: JobDefinition<Data>, data: Data, { tx, startAfter }: EnqueueOptions = {}) {
  // In the caller's transaction when it passes one: the job exists exactly when the change that asked for it commits.
  return running.boss.send(job.name, data, { ...(tx ? { db: fromDrizzle(tx, sql) } : {}), ...(startAfter ? { startAfter } : {}) });
}

async function statesOf(running: Running): Promise<QueueState[]> {
  const names = [...running.jobs.keys()];
  // The library's own table, read now: its counts per state and the last completion of each queue.
  const { rows } = await running.boss.getDb().executeSql(
    `select name,
       count(*) filter (where state in ('created', 'retry'))::int as waiting,
       count(*) filter (where state = 'active')::int as active,
       count(*) filter (where state = 'failed')::int as failed,
       max(completed_on) filter (where state = 'completed') as "lastCompletedAt"
     from pgboss.job where name = any($1::text[]) group by name`,
    [names],
  );
  const byName = new Map((rows as QueueState[]).map((row) => [row.name, row]));
  return names.map((name) => {
    const row = byName.get(name);
    return { name, waiting: row?.waiting ?? 0, active: row?.active ?? 0, failed: row?.failed ?? 0, lastCompletedAt: row?.lastCompletedAt ? new Date(row.lastCompletedAt) : null };
  });
}

/**
 * Read-only mode (decision 090): every worker stops taking work. A job in hand meanwhile fails at its next query and
 * is retried by the queue once the primary is back (every job is written to be done again safely).
 */
async function pauseWorkers(running: Running) {
  if (running.stopping.signal.aborted) return;
  await Promise.all([...running.jobs.keys()].map((name) => running.boss.offWork(name, { wait: false }))).catch((error: unknown) =>
    log.warn("job queue: pause", { error: errorText(error) }),
  );
  log.warn("job queue paused: the primary database is out of reach");
}

/** The primary answers again: the workers take work again, in the same process. */
async function resumeWorkers(running: Running) {
  if (running.stopping.signal.aborted) return;
  const muted = running.mutedErrors;
  running.mutedErrors = 0;
  try {
    await running.work();
    log.warn(`job queue resumed${muted ? ` (${muted} of its own errors while the primary was out of reach, not logged one by one)` : ""}`);
  } catch (error) {
    log.warn("job queue: resume", { error: errorText(error) });
  }
}

async function stopQueue(running: Running) {
  running.unwatch();
  // Jobs in hand end at their next step (their signal), are failed back to the queue and retried by whoever runs next.
  running.stopping.abort();
  await running.boss.stop({ graceful: true, close: true, timeout: 15_000 }).catch((error: unknown) => log.warn("job queue: stop", { error: errorText(error) }));
}

// The app's queue: set by `startJobQueue`, used by `enqueueJob` and `queueStates` (not request data).
let appQueue: JobQueue | undefined;

export async function startJobQueue(env: Env, jobs: readonly AnyJob[]): Promise<void> {
  appQueue = await createJobQueue(env, jobs);
  const scheduled = jobs.filter((job) => job.schedule?.(env)).map((job) => `${job.name} (${job.schedule!(env)})`);
  log.info(`job queue started: ${jobs.length} queues${scheduled.length ? `, scheduled ${scheduled.join(", ")}` : ", none scheduled"}`);
}

export async function stopJobQueue(): Promise<void> {
  const queue = appQueue;
  appQueue = undefined;
  await queue?.stop();
}

function current(): JobQueue {
  if (!appQueue) throw new Error("The job queue is not started: startJobQueue() runs at start.");
  return appQueue;
}

/**
 * Puts a job on the queue: its id, or null when the queue refused it (an `exclusive` job already waiting or running).
 * Pass `tx` to make it part of a transaction.
 */
export function enqueueJob<Data extends JobData>(job: JobDefinition<Data>, data: Data, options?: EnqueueOptions): Promise<string | null> {
  return current().enqueue(job, data, options);
}

/** The data of a queue's jobs not yet done, so a sweep can give work that lost its job (none) a new one. */
export function pendingJobs<Data extends JobData>(job: JobDefinition<Data>): Promise<Data[]> {
  return current().pending(job);
}

/** Every queue's state, for /admin. */
export function queueStates(): Promise<QueueState[]> {
  return current().states();
}

/** Whether a job of this queue waits or runs now (an admin page says a pass is under way). */
export async function isJobUnderWay(job: AnyJob): Promise<boolean> {
  const state = (await queueStates()).find((candidate) => candidate.name === job.name);
  return (state?.active ?? 0) + (state?.waiting ?? 0) > 0;
}
