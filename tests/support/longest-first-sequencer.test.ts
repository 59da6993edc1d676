import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { sequence, WAITS_MARK } from "./longest-first-sequencer";

const file = (name: string, seconds: number, waits = false, group = 0, project = "unit+integration") => ({ name, seconds, waits, group, project });

it("orders each group and project longest first, with waiting files taken in turn with busy ones", () => {
  const files = [
    file("short", 5),
    file("e2e long", 50, false, 1, "e2e"),
    file("queue", 150, true),
    file("crawl", 40),
    file("schedule", 60, true),
    file("outbox", 50, true),
    file("fuzz", 35),
    file("new", Number.POSITIVE_INFINITY),
  ];
  expect(sequence(files).map((f) => f.name)).toEqual(["queue", "new", "schedule", "crawl", "outbox", "fuzz", "short", "e2e long"]);
});

it("keeps plain longest-first order when no file waits", () => {
  expect(sequence([file("a", 1), file("b", 3), file("c", 2)]).map((f) => f.name)).toEqual(["b", "c", "a"]);
});

it("finds the mark on the first line of the files that wait on the job queue's schedules", () => {
  for (const name of ["job-queue", "link-health-schedule", "mail-outbox"]) {
    expect(readFileSync(`tests/integration/${name}.test.ts`, "utf8").startsWith(WAITS_MARK), name).toBe(true);
  }
});
