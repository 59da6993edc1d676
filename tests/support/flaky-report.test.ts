import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { flakyTestLines } from "../../scripts/flaky-tests.js";
import { projectRoot } from "./paths";
import type { FlakyTest } from "./timings-reporter";

/**
 * A test that passes only on its retry is named at the end of `npm test` (vitest.config.ts RETRIES): a real Vitest run
 * of a small project with the suite's reporter (tests/support/timings-reporter.ts), whose three tests pass at once,
 * fail once and then pass, and fail on every try. Only the middle one is flaky; a broken detection (every retried test,
 * none, or the failed one) fails here.
 */
const SAMPLE = `import { expect, it } from "vitest";
let tries = 0;
let failures = 0;
it("passes at once", () => expect(1).toBe(1));
it("fails on its first try only", () => expect((tries += 1)).toBe(2));
it("fails on every try", () => expect((failures += 1)).toBe(0));
`;

const work = mkdtempSync(path.join(os.tmpdir(), "aitools-flaky-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function runVitest(cwd: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    [path.join(projectRoot, "node_modules/vitest/vitest.mjs"), "run", "--retry=1", `--reporter=${path.join(projectRoot, "tests/support/timings-reporter.ts")}`],
    {
      cwd,
      env: { PATH: process.env.PATH!, CI: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, output })));
}

describe("flaky tests", () => {
  it("lists a test that passed only on its retry, and neither one that passed at once nor one that failed twice", { timeout: 60_000 }, async () => {
    symlinkSync(path.join(projectRoot, "node_modules"), path.join(work, "node_modules"));
    writeFileSync(path.join(work, "sample.test.ts"), SAMPLE);
    const run = await runVitest(work);
    // The run fails (one test failed twice), and the reporter still writes its list.
    expect(run.code, run.output).toBe(1);
    const flaky = JSON.parse(readFileSync(path.join(work, "test-results", "flaky.json"), "utf8")) as FlakyTest[];
    expect(flaky).toEqual([{ file: "sample.test.ts", test: "fails on its first try only", retries: 1 }]);
    expect(flakyTestLines(flaky)).toEqual([
      "1 test passed only on a retry (flaky: fix them at their cause):",
      "  FLAKY sample.test.ts: fails on its first try only (passed on try 2)",
    ]);
  });

  it("prints nothing when no test needed its retry", () => {
    expect(flakyTestLines([])).toEqual([]);
  });
});
