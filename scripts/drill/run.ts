import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  delayedReplica,
  priceChangePurgesEdge,
  primaryOutage,
  readsReachReplica,
  runCheck,
  scheduledJobOnce,
  writeVisibleToWriter,
  type CheckResult,
  type DrillState,
} from "./checks.ts";
import { sleep, stopEverything, stopEverythingNow, stopStarting } from "./processes.ts";
import { drillUnavailable, startStack, type Stack } from "./topology.ts";

export type DrillReport = { skipped?: string; results: CheckResult[]; seconds: number };

/**
 * The multi-host drill (docs/DEPLOY.md, "Multi-host deployment (as the drill runs it)"): starts the topology on this
 * machine's loopback addresses, runs the checks, prints one line each, and stops everything it started, also when a
 * check fails or the run is interrupted. `log` gets every line; the caller decides the exit status.
 */
export async function runDrill({ projectRoot, log = console.log }: { projectRoot: string; log?: (line: string) => void }): Promise<DrillReport> {
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 100) / 10;
  const skipped = drillUnavailable(projectRoot);
  if (skipped) return { skipped, results: [], seconds: 0 };

  const work = mkdtempSync(path.join(os.tmpdir(), "aitools-drill-"));
  // Other users pass through it: PostgreSQL and pgBouncer run as `postgres` when the drill runs as root.
  chmodSync(work, 0o755);
  log(`drill: working in ${work}`);
  let stack: Stack | undefined;
  let starting: Promise<unknown> | undefined;
  // One clean-up, however many ask for it (a signal and the run's own end): each waits for the same.
  let cleaning: Promise<void> | undefined;
  const cleanUp = () => (cleaning ??= cleanUpOnce());
  const cleanUpOnce = async () => {
    stopStarting();
    await stack?.close().catch(() => {});
    await stopEverything();
    // A start under way (initdb, pg_basebackup are not ours to kill) ends at its next step; then whatever it got to.
    if (starting) await Promise.race([starting.catch(() => {}), sleep(60_000)]);
    await stopEverything();
    rmSync(work, { recursive: true, force: true });
  };
  // Interrupted (Ctrl-C, a CI timeout's SIGTERM): stop everything, then go with the signal's usual status.
  const onSignal = (signal: NodeJS.Signals) => {
    log(`drill: ${signal}, stopping everything it started`);
    void cleanUp().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  };
  const lastResort = () => stopEverythingNow();
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  process.once("exit", lastResort);

  const results: CheckResult[] = [];
  const report = (result: CheckResult) => {
    results.push(result);
    log(`${result.ok ? "PASS" : "FAIL"} ${result.id}. ${result.title}: ${result.detail}`);
  };
  try {
    starting = startStack(projectRoot, work, (line) => log(`  ${seconds().toFixed(1).padStart(5)} s  ${line}`));
    stack = (await starting) as Stack;
    log(`drill: topology up in ${seconds()} s`);
    const state: DrillState = {
      stack,
      projectRoot,
      tag: Date.now().toString(36).slice(-5),
      reviewTool: "canva",
      priceTool: "chatgpt",
      startedAt: new Date(),
    };
    // In this order: the outage (4) after the checks that need the primary, the job (5) last so that it also shows
    // the queue working again after the outage.
    report(await runCheck("1", "anonymous reads reach the replica", () => readsReachReplica(state)));
    report(await runCheck("2", "a signed-in write is on the writer's next page", () => writeVisibleToWriter(state)));
    report(await runCheck("3", "a price change purges the edge", () => priceChangePurgesEdge(state)));
    let afterLag: (() => Promise<string>) | undefined;
    report(
      await runCheck("6", "a delayed replica keeps read-your-writes", async () => {
        const { main, after } = await delayedReplica(state);
        afterLag = after;
        return main;
      }),
    );
    report(
      await runCheck("6b", "anonymous readers see the write once the replica caught up", () => (afterLag ? afterLag() : Promise.reject(new Error("check 6 did not get that far")))),
    );
    report(await runCheck("4", "primary stopped: pages served, writes paused, recovery", () => primaryOutage(state)));
    report(await runCheck("5", "a scheduled job runs once across both instances", () => scheduledJobOnce(state)));
  } catch (error) {
    report({ id: "0", title: "the topology starts", ok: false, detail: error instanceof Error ? error.message.split("\n").slice(0, 6).join(" | ") : String(error) });
  } finally {
    // DRILL_LOGS=<folder>: every process's output kept there (the work folder goes).
    if (process.env.DRILL_LOGS && stack) {
      mkdirSync(process.env.DRILL_LOGS, { recursive: true });
      for (const child of stack.children) writeFileSync(path.join(process.env.DRILL_LOGS, `${child.name}.log`), child.output());
      writeFileSync(path.join(process.env.DRILL_LOGS, "primary.log"), stack.pair.primary.log());
      writeFileSync(path.join(process.env.DRILL_LOGS, "replica.log"), stack.pair.replica.log());
    }
    await cleanUp();
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    process.off("exit", lastResort);
  }
  const failed = results.filter((result) => !result.ok).length;
  log(`drill: ${results.length - failed} passed, ${failed} failed in ${seconds()} s`);
  return { results, seconds: seconds() };
}
