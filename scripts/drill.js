// `npm run drill`: the multi-host drill. Starts a PostgreSQL primary and streaming replica, pgBouncer, Redis, two app
// instances, nginx and Varnish on this machine's loopback addresses (127.0.0.2 and up), prints one PASS/FAIL line per
// check and the time it took, stops everything it started, and exits non-zero on any failure. The checks and the
// topology are in scripts/drill/; docs/DEPLOY.md, "Multi-host deployment (as the drill runs it)", describes them.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runDrill } from "./drill/run.ts";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const report = await runDrill({ projectRoot });
if (report.skipped) {
  console.error(`drill: cannot run here: ${report.skipped}`);
  process.exit(2);
}
process.exit(report.results.every((result) => result.ok) ? 0 : 1);
