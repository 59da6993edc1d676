import { readFileSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Each test file's seconds in a recent full run (`npm test` writes test-results/timings.json; `node scripts/record-test-durations.js` copies it here). */
const RECORDED = path.resolve("tests/support/file-seconds.json");

/**
 * Starts the longest files first (issue 25). Vitest orders by its own cache of durations, which a clean clone (CI) does
 * not have, and then by file size: the two accessibility files are short but take 90-110 s, so they started last and one
 * worker ran them alone for a minute while the other sat idle. Longest first keeps both workers busy to the end.
 * Files without a record (new ones) go first, as Vitest does with unknown files.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const seconds: Record<string, number> = JSON.parse(readFileSync(RECORDED, "utf8"));
    const recorded = (file: TestSpecification) => seconds[path.relative(process.cwd(), file.moduleId)] ?? Number.POSITIVE_INFINITY;
    return [...files].sort(
      (a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || a.project.name.localeCompare(b.project.name) || recorded(b) - recorded(a),
    );
  }
}
