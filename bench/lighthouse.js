// Lighthouse scores of the built site's pages (mobile, Lighthouse's default form factor): the median of three
// runs per page, because one run's performance score moves by several points on a busy machine.
// Usage: node bench/lighthouse.js [--pages /,/tools,/tools/category/ai-assistant,/tools/chatgpt,/about] [--runs 3]
//                                 [--categories seo] [--database-url postgres://...]
//                                 [--baseline DIR]  (another checkout, built, e.g. the previous commit in a worktree:
//                                                    each page is audited on both in turn, A B A B..., in one run, and
//                                                    the table gives both with the difference)
// The SEO pages of issue 17: --pages /,/tools,/tools/chatgpt,/tools/category/ai-assistant,/blog/midjourney-vs-dall-e,/courses
// Below 100 in a category, the audits that failed in it are listed under the table.
// Run `npm run build` first: this script never builds, it measures whatever build/ holds.
// Chromium comes from CHROME_PATH (default /usr/bin/chromium). Nothing is fetched from outside the machine.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import path from "node:path";
import { parseArgs } from "node:util";
import { startSite } from "./pages.js";

const ALL_CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = { FCP: "first-contentful-paint", LCP: "largest-contentful-paint", TBT: "total-blocking-time", CLS: "cumulative-layout-shift" };
/** The longest main-thread task Lighthouse lists (its long-tasks diagnostic: tasks of 50 ms and more), 0 when none. */
const longestTask = (lhr) => Math.max(0, ...(lhr.audits["long-tasks"]?.details?.items ?? []).map((item) => item.duration ?? 0));
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
    // The four app page types of issue 43 and a reading page.
    pages: { type: "string", default: "/,/tools,/tools/category/ai-assistant,/tools/chatgpt,/about" },
    runs: { type: "string", default: "3" },
    categories: { type: "string", default: ALL_CATEGORIES.join(",") },
    "database-url": { type: "string" },
    baseline: { type: "string" },
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

/** A site to audit: ours, or the baseline's build; restarted when something else stopped it. */
async function siteOf(siteRoot) {
  let site = await startSite({ databaseUrl: values["database-url"], ...(siteRoot ? { siteRoot } : {}) });
  return {
    label: siteRoot ? "baseline" : "this build",
    get base() {
      return site.base;
    },
    get backend() {
      return site.backend;
    },
    async audit(page) {
      try {
        return await audit(site.base + page);
      } catch (error) {
        // On a shared machine something else may stop our server: say so and carry on with a new one.
        if (site.exited() !== null) {
          console.log(`the server stopped (${site.exited()}), starting another:\n${site.output().trim()}`);
          await site.stop();
          site = await startSite({ databaseUrl: values["database-url"], ...(siteRoot ? { siteRoot } : {}) });
        }
        throw error;
      }
    },
    stop: () => site.stop(),
  };
}

/** One page's row from its runs' reports: median scores and timings, the longest task, what kept a category below 100. */
function rowOf(page, label, reports) {
  if (!reports.length) return { page, label, failed: true };
  const scores = CATEGORIES.map((id) => {
    const scores = reports.map((lhr) => lhr.categories[id]?.score).filter((score) => typeof score === "number");
    return scores.length ? Math.round(median(scores) * 100) : null;
  });
  const metrics = Object.values(METRICS).map((id) => median(reports.map((lhr) => lhr.audits[id]?.numericValue ?? NaN)));
  const failed = new Set();
  for (const lhr of reports) {
    for (const id of CATEGORIES.filter((id) => id !== "performance")) {
      for (const ref of lhr.categories[id]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && typeof audit.score === "number" && audit.score < 1) failed.add(`${id}: ${ref.id} (${audit.title})`);
      }
    }
  }
  return { page, label, runs: reports.length, scores, metrics, longest: median(reports.map(longestTask)), failedAudits: failed };
}

const sites = [await siteOf()];
const rows = [];
try {
  if (values.baseline) sites.push(await siteOf(path.resolve(values.baseline)));
  console.log(
    `Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile, ${runs} runs per page, ${sites[0].backend}${values.baseline ? `; baseline ${path.resolve(values.baseline)}, audited in turn with this build` : ""}`,
  );
  for (const page of pages) {
    const reports = sites.map(() => []);
    const notes = new Set();
    for (let i = 0; i < runs; i++) {
      // In turn, and which goes first alternates, so that a busy minute of the machine falls on both.
      const order = i % 2 ? [...sites.keys()].reverse() : [...sites.keys()];
      for (const index of order) {
        try {
          const lhr = await sites[index].audit(page);
          reports[index].push(lhr);
          for (const warning of lhr.runWarnings) notes.add(`warning: ${warning}`);
          for (const [id, result] of Object.entries(lhr.audits)) if (result.scoreDisplayMode === "error") notes.add(`audit ${id} failed: ${result.errorMessage}`);
        } catch (error) {
          console.log(`${page} (${sites[index].label}) run ${i + 1}: ${error instanceof Error ? error.message : error}`);
        }
      }
    }
    for (const note of notes) console.log(`${page} ${note}`);
    sites.forEach((site, index) => rows.push(rowOf(page, site.label, reports[index])));
  }
} finally {
  for (const site of sites) await site.stop();
}

const width = Math.max(4, ...pages.map((page) => page.length)) + (values.baseline ? 11 : 0);
const SHORT = { performance: "perf", accessibility: "a11y", "best-practices": "best", seo: "seo" };
const heading = CATEGORIES.map((id) => SHORT[id].padStart(5)).join("");
console.log(`\n${"page".padEnd(width)}  runs${heading}   FCP ms   LCP ms   TBT ms     CLS  longest task ms`);
const shown = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : "-");
for (const row of rows) {
  const name = values.baseline ? `${row.page} ${row.label === "baseline" ? "[baseline]" : ""}` : row.page;
  if (row.failed) {
    console.log(`${name.padEnd(width)}  failed (see above)`);
    continue;
  }
  const [fcp, lcp, tbt, cls] = row.metrics;
  // Without the performance category there are no timings.
  const timings = [fcp, lcp, tbt].map((ms) => shown(ms, 0).padStart(9)).join("");
  const scores = row.scores.map((score) => String(score ?? "-").padStart(5)).join("");
  console.log(`${name.padEnd(width)}  ${String(row.runs).padStart(4)}${scores}${timings}${shown(cls, 3).padStart(8)}${shown(row.longest, 0).padStart(17)}`);
}
if (values.baseline) {
  console.log("\nthis build against the baseline (scores in points, timings in ms):");
  for (const page of pages) {
    const [ours, theirs] = rows.filter((row) => row.page === page);
    if (!ours || !theirs || ours.failed || theirs.failed) continue;
    const points = CATEGORIES.map((id, i) => `${SHORT[id]} ${ours.scores[i] - theirs.scores[i] >= 0 ? "+" : ""}${ours.scores[i] - theirs.scores[i]}`).join(", ");
    const ms = Object.keys(METRICS)
      .slice(0, 3)
      .map((name, i) => `${name} ${ours.metrics[i] - theirs.metrics[i] >= 0 ? "+" : ""}${shown(ours.metrics[i] - theirs.metrics[i], 0)}`)
      .join(", ");
    console.log(`  ${page}: ${points}; ${ms}`);
  }
}
for (const row of rows.filter((row) => row.failedAudits?.size)) console.log(`\n${row.page} (${row.label}) failed:\n${[...row.failedAudits].map((line) => `  ${line}`).join("\n")}`);
