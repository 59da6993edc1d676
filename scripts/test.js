// `npm test`: lints (ESLint, Prettier), type-checks and builds the site, then runs unit, integration and browser tests
// in one Vitest run, and ends with a plain "N passed, N failed" line.
// `--e2e-only` (`npm run test:e2e`) runs only the browser tests; other arguments go to Vitest.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { flakyTestLines } from "./flaky-tests.js";

const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

function ensureChromium() {
  if (existsSync(chromiumPath)) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    console.error(`Chromium is needed for the browser tests: install it with \`sudo apt-get install -y chromium\` (or set CHROME_PATH).`);
    process.exit(1);
  }
  console.log("Installing Chromium for the browser tests (apt-get install -y chromium)...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
}

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

/** nginx fronts the app in the TLS proxy browser test and (with PostgreSQL and Redis configured, as in CI) the cluster test. */
function ensureNginx() {
  if (["/usr/sbin/nginx", "/usr/bin/nginx"].some((file) => existsSync(file))) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    console.error("The proxy tests need nginx: install it with `sudo apt-get install -y nginx-light`.");
    process.exit(1);
  }
  console.log("Installing nginx for the proxy tests (apt-get install -y nginx-light)...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "nginx-light"], { stdio: "inherit", env });
}

/** Varnish fronts the app in the shared-cache test (tests/integration/varnish.test.ts): what a CDN makes of our Cache-Control and Vary. */
function ensureVarnish() {
  if (["/usr/sbin/varnishd", "/usr/bin/varnishd"].some((file) => existsSync(file))) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    console.error("The shared-cache test needs Varnish: install it with `sudo apt-get install -y varnish`.");
    process.exit(1);
  }
  console.log("Installing Varnish for the shared-cache test (apt-get install -y varnish)...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "varnish"], { stdio: "inherit", env });
}

ensureChromium();
ensureNginx();
ensureVarnish();
// The checks and the build are independent and each single-threaded (ESLint alone takes about a minute), so they
// run side by side: ESLint on one core; Prettier, the type check and the build one after another on the other.
const [eslintStatus, restStatus] = await Promise.all([
  runAsync("npx", ["eslint", "."]),
  (async () => {
    if ((await runAsync("npx", ["prettier", "--check", "--log-level", "warn", "."])) !== 0) return "lint";
    if ((await runAsync("npx", ["react-router", "typegen"])) !== 0 || (await runAsync("npx", ["tsc"])) !== 0) return "types";
    if ((await runAsync("npx", ["react-router", "build"])) !== 0 || (await runAsync("node", ["scripts/compress-assets.js"])) !== 0) return "build";
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

if (existsSync(timingsFile)) printSlowestFiles(JSON.parse(readFileSync(timingsFile, "utf8")), 15);
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

/** The files that took longest, hooks included (tests/support/timings-reporter.ts writes the list). */
function printSlowestFiles(files, count) {
  console.log(`\nSlowest ${Math.min(count, files.length)} of ${files.length} test files (all in test-results/timings.json):`);
  for (const file of files.slice(0, count)) console.log(`${file.seconds.toFixed(1).padStart(8)} s  ${file.file} (${file.project})`);
}
