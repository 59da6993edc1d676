// `npm test`: lints (ESLint, Prettier), type-checks and builds the site, then runs unit, integration and browser tests
// in one Vitest run, and ends with a plain "N passed, N failed" line.
// `--e2e-only` (`npm run test:e2e`) runs only the browser tests; other arguments go to Vitest.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { flakyTestLines } from "./flaky-tests.js";

const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  return result.status ?? 1;
}

/** `run` without waiting: resolves to the exit status. */
function runAsync(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", env: process.env });
    child.on("error", () => resolve(1));
    child.on("close", (code) => resolve(code ?? 1));
  });
}

/**
 * The Debian packages the tests drive: Chromium (browser tests), nginx (the TLS proxy browser test and, with
 * PostgreSQL and Redis configured as in CI, the cluster test), Varnish (tests/integration/varnish.test.ts, what a
 * CDN makes of our Cache-Control and Vary), and PgBouncer and a Redis server of its own for the multi-host drill
 * (tests/integration/drill.test.ts, with PostgreSQL's server programs, which CI's PostgreSQL brings). Missing ones are installed in one apt-get run, started beside the checks
 * and the build so that a new machine's download does not add to the run; the tests wait for it.
 */
function installMissingPackages() {
  const wanted = [
    { name: "chromium", files: [chromiumPath] },
    { name: "nginx-light", files: ["/usr/sbin/nginx", "/usr/bin/nginx"] },
    { name: "varnish", files: ["/usr/sbin/varnishd", "/usr/bin/varnishd"] },
    { name: "pgbouncer", files: ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"] },
    { name: "redis-server", files: ["/usr/bin/redis-server", "/usr/sbin/redis-server"] },
  ];
  const missing = wanted.filter((pkg) => !pkg.files.some((file) => existsSync(file))).map((pkg) => pkg.name);
  if (missing.length === 0) return Promise.resolve(0);
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    console.error(`The tests need ${missing.join(", ")}: install with \`sudo apt-get install -y ${missing.join(" ")}\` (or set CHROME_PATH for another Chromium).`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(", ")} for the tests (apt-get install -y ${missing.join(" ")}), beside the checks...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  return new Promise((resolve) => {
    const script = `apt-get update -qq && apt-get install -y -qq ${missing.join(" ")}`;
    const child = spawn("sh", ["-c", script], { stdio: ["ignore", "inherit", "inherit"], env });
    child.on("error", () => resolve(1));
    child.on("close", (code) => resolve(code ?? 1));
  });
}

const packagesInstalled = installMissingPackages();
// The checks and the build are independent and each single-threaded (ESLint alone takes about a minute), so they
// run side by side: ESLint on one core; Prettier, the type check and the build one after another on the other.
const [eslintStatus, restStatus] = await Promise.all([
  runAsync("npx", ["eslint", "."]),
  (async () => {
    if ((await runAsync("npx", ["prettier", "--check", "--log-level", "warn", "."])) !== 0) return "lint";
    if ((await runAsync("npx", ["react-router", "typegen"])) !== 0 || (await runAsync("npx", ["tsc"])) !== 0) return "types";
    if (
      (await runAsync("npx", ["react-router", "build"])) !== 0 ||
      (await runAsync("node", ["scripts/start-scripts.js"])) !== 0 ||
      (await runAsync("node", ["scripts/compress-assets.js"])) !== 0
    )
      return "build";
    return "ok";
  })(),
]);
if (eslintStatus !== 0 || restStatus === "lint") {
  console.error("Lint failed (ESLint or Prettier: `npm run lint` shows it, `npm run format` fixes most); no tests were run.");
  process.exit(1);
}
if (restStatus === "types") {
  console.error("Type checking failed; no tests were run.");
  process.exit(1);
}
if (restStatus === "build") {
  console.error("The build failed; no tests were run.");
  process.exit(1);
}
if ((await packagesInstalled) !== 0) {
  console.error("Installing the packages the tests need failed (apt-get's message is above); no tests were run.");
  process.exit(1);
}

// The JSON report stays under test-results/ (ignored by git) so a slow or growing file can be found after the run.
const reportDir = path.resolve("test-results");
const reportFile = path.join(reportDir, "vitest-report.json");
mkdirSync(reportDir, { recursive: true });
rmSync(reportFile, { force: true });
const args = process.argv.slice(2);
const extra = args.includes("--e2e-only") ? ["--project", "e2e", ...args.filter((arg) => arg !== "--e2e-only")] : args;
const timingsFile = path.join(reportDir, "timings.json");
const flakyFile = path.join(reportDir, "flaky.json");
rmSync(timingsFile, { force: true });
rmSync(flakyFile, { force: true });
const reporters = ["--reporter=default", "--reporter=json", `--outputFile.json=${reportFile}`, "--reporter=./tests/support/timings-reporter.ts"];
const status = run("npx", ["vitest", "run", ...reporters, ...extra]);

if (existsSync(timingsFile)) {
  const files = JSON.parse(readFileSync(timingsFile, "utf8"));
  printSlowestFiles(files, 15);
  printPhases(files);
}
if (existsSync(reportFile)) {
  const report = JSON.parse(readFileSync(reportFile, "utf8"));
  const skipped = report.numPendingTests + report.numTodoTests;
  console.log(`\n${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ""}`);
}
// Last, where nobody scrolls past them: the tests that passed only on a retry (vitest.config.ts RETRIES).
if (existsSync(flakyFile)) {
  const lines = flakyTestLines(JSON.parse(readFileSync(flakyFile, "utf8")));
  if (lines.length) console.log(`\n${lines.join("\n")}`);
}
process.exit(status);

/** Each project's span in the run (its first file's start to its last file's end), to see which phase CI's time goes to. */
function printPhases(files) {
  const projects = [...new Set(files.map((file) => file.project))];
  const spans = projects.map((project) => {
    const own = files.filter((file) => file.project === project && file.startedAt !== null && file.endedAt !== null);
    return { project, from: Math.min(...own.map((file) => file.startedAt)), to: Math.max(...own.map((file) => file.endedAt)) };
  });
  console.log("\nPhases (seconds from the start of the test run):");
  for (const { project, from, to } of spans.filter((span) => Number.isFinite(span.from)).sort((a, b) => a.from - b.from))
    console.log(`${from.toFixed(0).padStart(8)} to ${to.toFixed(0).padStart(5)}  ${project} (${(to - from).toFixed(0)} s)`);
}

/** The files that took longest, hooks included (tests/support/timings-reporter.ts writes the list). */
function printSlowestFiles(files, count) {
  console.log(`\nSlowest ${Math.min(count, files.length)} of ${files.length} test files (all in test-results/timings.json):`);
  for (const file of files.slice(0, count)) console.log(`${file.seconds.toFixed(1).padStart(8)} s  ${file.file} (${file.project})`);
}
