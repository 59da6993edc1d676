import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/** A test that failed and then passed on its retry (vitest.config.ts RETRIES): written beside the timings, printed by `npm test`. */
export type FlakyTest = { file: string; test: string; retries: number };

/**
 * Writes test-results/timings.json: each test file's wall time including its hooks (a suite's boot
 * in beforeAll is most of it), so `npm test` can print the slowest files and growth stays visible.
 * Vitest's JSON report counts only from the first test's start, which hides the boots.
 * Also writes test-results/flaky.json: the tests that passed only on a retry.
 */
export default class TimingsReporter implements Reporter {
  /** When the run and each file began and ended (ms, performance.now()): each phase's span, to see where CI's minutes go. */
  private runStart = performance.now();
  private spans = new Map<string, { start: number; end?: number }>();

  onTestRunStart() {
    this.runStart = performance.now();
  }

  onTestModuleQueued(module: TestModule) {
    this.spans.set(module.moduleId, { start: performance.now() });
  }

  onTestModuleEnd(module: TestModule) {
    const span = this.spans.get(module.moduleId);
    if (span) span.end = performance.now();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const root = process.cwd();
    const files = testModules
      .map((module) => {
        const { duration, collectDuration, setupDuration, prepareDuration } = module.diagnostic();
        const span = this.spans.get(module.moduleId);
        const since = (at: number | undefined) => (at === undefined ? null : Math.round((at - this.runStart) / 100) / 10);
        return {
          file: path.relative(root, module.moduleId),
          project: module.project.name,
          seconds: Math.round((duration + collectDuration + setupDuration + prepareDuration) / 100) / 10,
          state: module.state(),
          /** Seconds from the run's start to the file's start and end, as the reporter saw them. */
          startedAt: since(span?.start),
          endedAt: since(span?.end),
        };
      })
      .sort((a, b) => b.seconds - a.seconds);
    mkdirSync(path.join(root, "test-results"), { recursive: true });
    writeFileSync(path.join(root, "test-results", "timings.json"), JSON.stringify(files, null, 2) + "\n");
    const flaky: FlakyTest[] = testModules.flatMap((module) =>
      [...module.children.allTests()]
        .filter((test) => test.result().state === "passed" && test.diagnostic()?.flaky)
        .map((test) => ({ file: path.relative(root, module.moduleId), test: test.fullName, retries: test.diagnostic()?.retryCount ?? 0 })),
    );
    writeFileSync(path.join(root, "test-results", "flaky.json"), JSON.stringify(flaky, null, 2) + "\n");
  }
}
