// Lighthouse scores of the built site's pages (mobile, Lighthouse's default form factor): the median of three
// runs per page, because one run's performance score moves by several points on a busy machine.
// Usage: node bench/lighthouse.js [--pages /,/tools,/tools/chatgpt] [--runs 3] [--categories seo] [--database-url postgres://...]
// The SEO pages of issue 17: --pages /,/tools,/tools/chatgpt,/tools/category/ai-assistant,/blog/midjourney-vs-dall-e,/courses
// Below 100 in a category, the audits that failed in it are listed under the table.
// Run `npm run build` first: this script never builds, it measures whatever build/ holds.
// Chromium comes from CHROME_PATH (default /usr/bin/chromium). Nothing is fetched from outside the machine.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { parseArgs } from "node:util";
import { startSite } from "./pages.js";

const ALL_CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = { FCP: "first-contentful-paint", LCP: "largest-contentful-paint", TBT: "total-blocking-time", CLS: "cumulative-layout-shift" };
// --disable-background-networking and --disable-component-update keep Chromium from calling home (there is no internet here).
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "/,/tools,/tools/chatgpt" },
    runs: { type: "string", default: "3" },
    categories: { type: "string", default: ALL_CATEGORIES.join(",") },
    "database-url": { type: "string" },
  },
});
const CATEGORIES = values.categories.split(",").filter(Boolean);
const unknown = CATEGORIES.filter((id) => !ALL_CATEGORIES.includes(id));
if (unknown.length) throw new Error(`Unknown categories ${unknown.join(", ")}: use ${ALL_CATEGORIES.join(", ")}.`);
const pages = values.pages.split(",").filter(Boolean);
const runs = Number(values.runs);
const median = (numbers) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2; // the mean of the middle two when a run failed
};

/** One Lighthouse run in a fresh Chromium, so a crash or a hang costs one run, not the page or the script. */
async function audit(url) {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH || "/usr/bin/chromium", chromeFlags: CHROME_FLAGS, handleSIGINT: false });
  // chrome-launcher's own Ctrl-C handler would exit before startSite's cleanup; this one leaves no Chromium behind.
  const killChrome = () => chrome.kill();
  process.once("exit", killChrome);
  let timer;
  try {
    const run = lighthouse(url, { port: chrome.port, logLevel: "error", output: "json", onlyCategories: CATEGORIES, maxWaitForLoad: 30_000, disableFullPageScreenshot: true });
    run.catch(() => {}); // after a timeout its late rejection must not end the script
    const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("no result after 120 s")), 120_000)));
    const result = await Promise.race([run, timeout]);
    if (!result) throw new Error("Lighthouse returned nothing");
    if (result.lhr.runtimeError) throw new Error(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    clearTimeout(timer);
    process.off("exit", killChrome);
    chrome.kill();
  }
}

let site = await startSite({ databaseUrl: values["database-url"] });
const rows = [];
try {
  console.log(`Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile, ${runs} runs per page, ${site.backend}`);
  for (const page of pages) {
    const reports = [];
    const notes = new Set();
    for (let i = 0; i < runs; i++) {
      try {
        const lhr = await audit(site.base + page);
        reports.push(lhr);
        for (const warning of lhr.runWarnings) notes.add(`warning: ${warning}`);
        for (const [id, result] of Object.entries(lhr.audits)) if (result.scoreDisplayMode === "error") notes.add(`audit ${id} failed: ${result.errorMessage}`);
      } catch (error) {
        console.log(`${page} run ${i + 1}: ${error instanceof Error ? error.message : error}`);
        // On a shared machine something else may stop our server: say so and carry on with a new one.
        if (site.exited() !== null) {
          console.log(`the server stopped (${site.exited()}), starting another:\n${site.output().trim()}`);
          await site.stop();
          site = await startSite({ databaseUrl: values["database-url"] });
        }
      }
    }
    for (const note of notes) console.log(`${page} ${note}`);
    if (!reports.length) {
      rows.push({ page, failed: true });
      continue;
    }
    const scores = CATEGORIES.map((id) => {
      const scores = reports.map((lhr) => lhr.categories[id]?.score).filter((score) => typeof score === "number");
      return scores.length ? String(Math.round(median(scores) * 100)) : "-";
    });
    const metrics = Object.values(METRICS).map((id) => median(reports.map((lhr) => lhr.audits[id]?.numericValue ?? NaN)));
    // What kept a category below 100, in any run: the audits with a score under 1 that count towards it.
    const failed = new Set();
    for (const lhr of reports) {
      for (const id of CATEGORIES.filter((id) => id !== "performance")) {
        for (const ref of lhr.categories[id]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && typeof audit.score === "number" && audit.score < 1) failed.add(`${id}: ${ref.id} (${audit.title})`);
        }
      }
    }
    rows.push({ page, runs: reports.length, scores, metrics, failedAudits: failed });
  }
} finally {
  await site.stop();
}

const width = Math.max(4, ...pages.map((page) => page.length));
const SHORT = { performance: "perf", accessibility: "a11y", "best-practices": "best", seo: "seo" };
const heading = CATEGORIES.map((id) => SHORT[id].padStart(5)).join("");
console.log(`\n${"page".padEnd(width)}  runs${heading}   FCP ms   LCP ms   TBT ms     CLS`);
for (const row of rows) {
  if (row.failed) {
    console.log(`${row.page.padEnd(width)}  failed (see above)`);
    continue;
  }
  const [fcp, lcp, tbt, cls] = row.metrics;
  // Without the performance category there are no timings.
  const shown = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : "-");
  const timings = [fcp, lcp, tbt].map((ms) => shown(ms, 0).padStart(9)).join("");
  console.log(`${row.page.padEnd(width)}  ${String(row.runs).padStart(4)}${row.scores.map((score) => score.padStart(5)).join("")}${timings}${shown(cls, 3).padStart(8)}`);
}
for (const row of rows.filter((row) => row.failedAudits?.size)) console.log(`\n${row.page} failed:\n${[...row.failedAudits].map((line) => `  ${line}`).join("\n")}`);
