import { readFileSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Each test file's seconds in a recent full run (`npm test` writes test-results/timings.json; `node scripts/record-test-durations.js` copies it here). */
const RECORDED = path.resolve("tests/support/file-seconds.json");

/**
 * What a file that spends most of its time waiting (for the job queue's schedule, a retry's backoff) says in its
 * first line, so that it is not started beside other such files while the cores sit idle.
 */
export const WAITS_MARK = "// sequence: waits";

/** A file as the ordering sees it. */
export type Sequenced = { group: number; project: string; seconds: number; waits: boolean };

/**
 * Longest first within each group and project, with the files that mostly wait taken in turn with the others (one
 * waiting, one busy, ...) rather than together: the three longest integration files all wait on schedules, and
 * started together on three workers they left the cores idle for half a minute of every run.
 */
export function sequence<T extends Sequenced>(files: readonly T[]): T[] {
  const byGroup = new Map<string, T[]>();
  const sorted = [...files].sort((a, b) => a.group - b.group || a.project.localeCompare(b.project) || b.seconds - a.seconds);
  for (const file of sorted) {
    const key = `${file.group} ${file.project}`;
    byGroup.set(key, [...(byGroup.get(key) ?? []), file]);
  }
  return [...byGroup.values()].flatMap((group) => {
    const waiting = group.filter((file) => file.waits);
    const busy = group.filter((file) => !file.waits);
    const ordered: T[] = [];
    while (waiting.length || busy.length) {
      if (waiting.length) ordered.push(waiting.shift()!);
      if (busy.length) ordered.push(busy.shift()!);
    }
    return ordered;
  });
}

/**
 * Starts the longest files first (issue 25). Vitest orders by its own cache of durations, which a clean clone (CI) does
 * not have, and then by file size: the two accessibility files are short but take 90-110 s, so they started last and one
 * worker ran them alone for a minute while the other sat idle. Longest first keeps both workers busy to the end.
 * Files without a record (new ones) go first, as Vitest does with unknown files. Files marked as waiting alternate
 * with the others (`sequence`).
 */
export default class LongestFirstSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const seconds: Record<string, number> = JSON.parse(readFileSync(RECORDED, "utf8"));
    const described = files.map((file) => ({
      file,
      group: file.project.config.sequence.groupOrder,
      project: file.project.name,
      seconds: seconds[path.relative(process.cwd(), file.moduleId)] ?? Number.POSITIVE_INFINITY,
      waits: readFileSync(file.moduleId, "utf8").startsWith(WAITS_MARK),
    }));
    return sequence(described).map(({ file }) => file);
  }
}
