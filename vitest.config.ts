import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import LongestFirstSequencer from "./tests/support/longest-first-sequencer";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };
// The scheduled link checker (decision 021), the alert job (decision 035) and the price check (decision 034) are off in every test; servers a test spawns with its environment inherit it.
// Mail written inside a transaction is found at the outbox's next poll (decision 032): half a second here, so tests
// that read mail do not wait a second each time.
// Passwords are hashed at the test-only cost (decision 094: the suite signs up and in about a thousand times).
const env = { LINK_CHECK_INTERVAL_HOURS: "0", ALERT_INTERVAL_MINUTES: "0", PRICE_CHECK_INTERVAL_HOURS: "0", OUTBOX_POLL_MS: "500", PASSWORD_HASHING: "test-only-fast" };

/**
 * A failed test runs once more before it fails the run: a CI run that fails on a one-off (a busy machine, a browser
 * slow to start) lands nothing. A test that passes only on its second try is listed by name at the end of `npm test`
 * (tests/support/timings-reporter.ts), so a flaky test is seen and fixed, not hidden; one that fails twice fails the run.
 */
const RETRIES = 1;

const UNIT_AND_INTEGRATION = ["app/**/*.test.ts", "server/**/*.test.ts", "tests/support/**/*.test.ts", "tests/integration/**/*.test.ts"];

/**
 * Unit and integration files share their worker's modules (the server build, React, the database driver are imported
 * once per worker, not per file: issue 25). A file that replaces a module with vi.mock cannot: the module may already be
 * loaded by an earlier file. Those files run in a project of their own, each with fresh modules.
 */
const MOCKING_FILES = ["app", "server", "tests/support", "tests/integration"]
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: "utf8" }).map((file) => path.join(dir, file)))
  .filter((file) => file.endsWith(".test.ts") && readFileSync(file, "utf8").includes("vi.mock("));

export default defineConfig({
  resolve: { alias },
  test: {
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        resolve: { alias },
        // JSX in test files and the app modules they import compiles to React's production runtime, to match the
        // production React tests/setup/production-react.ts loads (the development runtime needs React's development build).
        oxc: { jsx: { runtime: "automatic", development: false } },
        test: {
          name: "unit+integration",
          env,
          include: UNIT_AND_INTEGRATION,
          exclude: MOCKING_FILES,
          globalSetup: ["tests/setup/global-setup.ts"],
          // React's production build for the app under test, as it serves the site (the file says why).
          setupFiles: ["tests/setup/production-react.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Four files at a time on two cores: most files wait on a database, a child server or a job queue much of
          // the time, and with two at a time the cores sat idle for a third of the integration tests (vmstat in a CI
          // run: 20-95% idle); a third file filled that, and with three the run still used 1.2 of the 2 cores on average
          // (time -v in a CI run of 2026-12-05), so a fourth.
          maxWorkers: 4,
          isolate: false,
          retry: RETRIES,
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias },
        test: {
          // The files that mock modules (MOCKING_FILES), each with fresh modules, beside the others. The template
          // databases the other project's global setup makes are in the environment its workers inherit.
          name: "unit (own modules)",
          env,
          include: MOCKING_FILES.length ? MOCKING_FILES : ["no-such-file"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The same group and worker count as the other project, so its file runs beside theirs. With one worker
          // Vitest puts an isolated project in a group of its own that runs after everything else, e2e included.
          maxWorkers: 4,
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          env,
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/support/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // The page under test may still be loading on a busy machine: polls wait up to 10 s, not Vitest's 1 s.
          expect: { poll: { timeout: 10_000 } },
          // Three browsers on two cores: a browser test waits on its page much of the time (the phase used 0.8 of the
          // cores with two). Measured back to back on a quiet machine (2026-12-06, the whole e2e project, --retry=0,
          // every test passing): 2 workers 450 s, 3 workers 398 s, 4 workers 441 s.
          maxWorkers: 3,
          // A worker's files share its modules, as the integration tests' do: Playwright, axe and the support files are
          // imported once per worker, not per file (the whole e2e project, 2026-12-06: imports 57 s and the workers'
          // and Vitest's CPU 125 s with fresh modules per file; 7 s and 60 s shared). Support modules keep no state a
          // file could trip on: client addresses and accounts count on across the files of a worker.
          isolate: false,
          retry: RETRIES,
          // After the unit and integration tests, so the two never compete for the cores.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
