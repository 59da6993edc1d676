// The lines `npm test` ends with when some tests passed only on a retry (tests/support/timings-reporter.ts lists them in
// test-results/flaky.json): each by file and full name, so a flaky test is seen and fixed at its cause, not hidden by
// the retry. None: no lines.

/** @param {{ file: string; test: string; retries: number }[]} tests */
export function flakyTestLines(tests) {
  if (tests.length === 0) return [];
  return [
    `${tests.length} test${tests.length === 1 ? "" : "s"} passed only on a retry (flaky: fix them at their cause):`,
    ...tests.map((test) => `  FLAKY ${test.file}: ${test.test} (passed on try ${test.retries + 1})`),
  ];
}
