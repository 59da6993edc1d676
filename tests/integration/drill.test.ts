import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { drillUnavailable } from "../../scripts/drill/topology.ts";
import { projectRoot } from "../support/paths";

/**
 * The multi-host drill (`npm run drill`, scripts/drill.js) as a test: a PostgreSQL primary and streaming replica,
 * pgBouncer, Redis, two app instances, nginx and Varnish on loopback addresses of their own, and the six checks
 * docs/DEPLOY.md describes ("Multi-host deployment (as the drill runs it)"). The same script, run as a child, so
 * that what it starts lives in its own process groups and goes with it. Quiet when it passes; the failing lines
 * (and the drill's whole output) are the failure message. Needs the built site and the server programs; skipped,
 * saying which is missing, without them (`npm test` installs them).
 */
const skipReason = drillUnavailable(projectRoot);
if (skipReason) console.warn(`[drill] skipped: ${skipReason}`);

describe.skipIf(Boolean(skipReason))("the multi-host drill", () => {
  it("passes every check within three minutes and leaves nothing running", async () => {
    const child = spawn(process.execPath, [path.join("scripts", "drill.js")], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH!, PG_BIN: process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    // SIGTERM past the bound: the drill stops what it started and exits.
    const timer = setTimeout(() => child.kill("SIGTERM"), 200_000);
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    clearTimeout(timer);
    const failed = output.split("\n").filter((line) => line.startsWith("FAIL"));
    expect({ code, failed }, output).toEqual({ code: 0, failed: [] });
    // Nothing of it is left: its folder is gone, and no process names it in its arguments or environment.
    const work = output.match(/^drill: working in (\S+)$/m)?.[1];
    expect(work).toBeTruthy();
    expect(existsSync(work!)).toBe(false);
    expect(processesNaming(work!)).toEqual([]);
    const seconds = Number(output.match(/passed, 0 failed in ([\d.]+) s/)?.[1]);
    expect(seconds).toBeLessThan(180);
  }, 240_000);
});

/** The ids of running processes whose command line or environment holds `text` (as far as /proc lets us read). */
function processesNaming(text: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    for (const file of ["cmdline", "environ"]) {
      try {
        if (readFileSync(`/proc/${entry}/${file}`, "latin1").includes(text)) found.push(Number(entry));
      } catch {
        // Gone meanwhile, or not ours to read.
      }
    }
  }
  return [...new Set(found)];
}
