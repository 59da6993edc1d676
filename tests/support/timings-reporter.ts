import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/**
 * Writes test-results/timings.json: each test file's wall time including its hooks (a suite's boot
 * in beforeAll is most of it), so `npm test` can print the slowest files and growth stays visible.
 * Vitest's JSON report counts only from the first test's start, which hides the boots.
 */
export default class TimingsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const root = process.cwd();
    const files = testModules
      .map((module) => {
        const { duration, collectDuration, setupDuration, prepareDuration } = module.diagnostic();
        return {
          file: path.relative(root, module.moduleId),
          project: module.project.name,
          seconds: Math.round((duration + collectDuration + setupDuration + prepareDuration) / 100) / 10,
          state: module.state(),
        };
      })
      .sort((a, b) => b.seconds - a.seconds);
    mkdirSync(path.join(root, "test-results"), { recursive: true });
    writeFileSync(path.join(root, "test-results", "timings.json"), JSON.stringify(files, null, 2) + "\n");
  }
}
