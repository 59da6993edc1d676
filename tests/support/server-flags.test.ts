import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain script without types
import { serverStart } from "../../bench/pages.js";

const root = path.resolve(import.meta.dirname, "../..");
const scripts = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts as Record<string, string>;

/** The young generation's size after a churn of short-lived objects, in a Node process started with `flags`. */
function youngGenerationMb(flags: string[]) {
  const churn = `let keep = []; for (let i = 0; i < 3e6; i++) { keep.push({ i, s: "x" + i }); if (keep.length > 50000) keep = []; }
    console.log(require("v8").getHeapSpaceStatistics().find((space) => space.space_name === "new_space").space_size / 1048576);`;
  return Number(execFileSync(process.execPath, [...flags, "-e", churn], { encoding: "utf8" }).trim());
}

/**
 * glibc's malloc raises its mmap threshold after the first large block it frees, after which large blocks (ArrayBuffers,
 * PGlite's start) come from heaps it seldom gives back: 220 MB held after a PGlite start, 4 MB with the threshold fixed.
 * V8 grows its young generation to 128 MB on a busy server (64 MB semi-spaces on a machine of this size), a third of the
 * server's memory under load; 16 MB semi-spaces cost no measurable CPU per request (docs/ARCHITECTURE.md, "Where the
 * memory goes"). The flag can only be given at start, so `npm start` gives it and bench:pages starts the server the same way.
 */
describe("the server's Node flags", () => {
  it("caps the young generation and malloc's mmap threshold in npm start, npm run start:cluster and bench:pages", () => {
    for (const name of ["start", "start:cluster"]) expect(scripts[name]).toMatch(/\bMALLOC_MMAP_THRESHOLD_=131072 node --max-semi-space-size=16 server\.js/);
    expect(serverStart(root)).toEqual({ env: { MALLOC_MMAP_THRESHOLD_: "131072" }, flags: ["--max-semi-space-size=16"] });
  });

  it("keeps the young generation at 32 MB with them, where it grows past that without", () => {
    expect(youngGenerationMb(serverStart(root).flags)).toBeLessThanOrEqual(32);
    expect(youngGenerationMb([])).toBeGreaterThan(32);
  });
});
