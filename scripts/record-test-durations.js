// Copies each file's seconds from the last full `npm test` (test-results/timings.json) into
// tests/support/file-seconds.json, which the test sequencer reads to start the longest files first (issue 25).
// Run it after a full run on an idle machine when files were added or grew a lot, and commit the result.
import { readFileSync, writeFileSync } from "node:fs";

const timings = JSON.parse(readFileSync("test-results/timings.json", "utf8"));
const seconds = Object.fromEntries(timings.map(({ file, seconds }) => [file, Math.round(seconds)]).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync("tests/support/file-seconds.json", JSON.stringify(seconds, null, 2) + "\n");
console.log(`Recorded ${Object.keys(seconds).length} files' durations in tests/support/file-seconds.json`);
