// Server time of /tools with search, filters and sort on a large catalogue.
// Usage: node bench/tools-page.js [--tools 50000] [--requests 100] [--database-url postgres://...]
//                                 [--db-prefix aitools_bench]  (the scratch database is <prefix>_<pid>)
//                                 [--queries /tools?a=b,/tools?c=d]  (instead of the standard list below)
// Needs `npm run build`. Runs the built request handler in process (no network), and reports p50/p95 per query, this
// process's CPU per request (with PostgreSQL, the server's processes are not counted: the output says so) and the
// ratio to /api/health measured in the same run. Whatever fails, the scratch database and data folder are removed
// and the exit code is 1.
import { mkdtempSync, rmSync } from "node:fs";

// Measure what production runs: React's production build.
process.env.NODE_ENV ??= "production";
// A benchmark measures pages, not the link checker (which would also reach the outside world).
process.env.LINK_CHECK_INTERVAL_HOURS ??= "0";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { generateCatalogue } from "./generate-catalogue.js";

const { values } = parseArgs({
  options: {
    tools: { type: "string", default: "50000" },
    requests: { type: "string", default: "100" },
    "database-url": { type: "string" },
    "db-prefix": { type: "string", default: "aitools_bench" },
    queries: { type: "string" },
  },
});
const toolCount = Number(values.tools);
const requests = Number(values.requests);

const dataDir = mkdtempSync(path.join(os.tmpdir(), "aitools-bench-"));
let databaseUrl;
let dropDatabase = async () => {};
if (values["database-url"]) {
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(values["db-prefix"])) {
    console.error("--db-prefix: lower-case letters, digits and _ only, at most 41 characters");
    process.exit(1);
  }
  const name = `${values["db-prefix"]}_${process.pid}`;
  const admin = new pg.Client({ connectionString: values["database-url"] });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(values["database-url"]);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: values["database-url"] });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}

let app;
try {
  const { startApp } = await import(path.resolve("build/server/index.js"));
  app = await startApp({ DATA_DIR: dataDir, LOG_LEVEL: "warn", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const generatedStart = performance.now();
  await generateCatalogue(app, toolCount);
  const [{ n }] = await app.query("select count(*)::int as n from tools");
  console.log(
    `backend ${databaseUrl ? `postgres (database ${new URL(databaseUrl).pathname.slice(1)})` : "pglite"}: ${n} tools (generated in ${Math.round(performance.now() - generatedStart)} ms)`,
  );

  // What the team-cost sorts' stored figures cost in the database (decision 093: PGlite keeps them in memory).
  const sizes = await app.query("select c.relname as name, pg_relation_size(c.oid)::float8 as bytes from pg_class c where c.relname like 'tools%team_cost%' order by c.relname");
  console.log(`team-cost indexes: ${sizes.map(({ name, bytes }) => `${name} ${(bytes / 1048576).toFixed(1)} MB`).join(", ")}`);

  const STANDARD_QUERIES = [
    "/api/health",
    "/tools",
    "/tools?search=writer&pricing=free,freemium&rating=4&sort=price_low",
    "/tools?search=nova%20quil&category=seo-tools&trial=true&sort=name_asc",
    "/tools?search=pixl&sort=rating",
    "/tools?pricing=paid&minPrice=10&maxPrice=60&pro=true&sort=price_high&page=40",
    "/tools/category/image-generation?search=studio&sort=recent",
    // The team-cost sorts (decisions 086, 088): at the default team's size through their indexes, deep and filtered too;
    // a reader's own size costed row by row over every tool with terms (the slow case decision 088 bounds).
    "/tools?sort=team_low",
    "/tools?sort=team_high&page=40",
    "/tools?pricing=paid&sort=team_low&page=5",
    "/tools/category/image-generation?sort=team_high",
    "/tools?sort=team_low&team=12",
    // A reader's own size through its stored bound (decision 093): both ways, under and over the default, filtered and deep.
    "/tools?sort=team_high&team=12",
    "/tools?sort=team_low&team=3",
    "/tools?pricing=paid&sort=team_low&team=50&page=5",
  ];
  // /api/health first always: every query's time is also given as a multiple of its.
  const QUERIES = values.queries ? ["/api/health", ...values.queries.split(",").filter(Boolean)] : STANDARD_QUERIES;

  let unique = 0;
  async function time(url) {
    // A query the page cache has never seen, so every sample renders and queries (decision 011).
    const fresh = `${url}${url.includes("?") ? "&" : "?"}nocache=${++unique}`;
    const started = performance.now();
    const response = await app.handle(new Request(`http://localhost:3000${fresh}`));
    await response.text();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    return performance.now() - started;
  }

  const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  const results = [];
  for (const url of QUERIES) {
    for (let i = 0; i < 5; i++) await time(url); // warm up
    const samples = [];
    // This process's CPU over the samples (user + system): the render, and on PGlite the database too; PostgreSQL's
    // own work is in its server's processes, not counted here.
    const cpuBefore = process.cpuUsage();
    for (let i = 0; i < requests; i++) samples.push(await time(url));
    const cpu = process.cpuUsage(cpuBefore);
    samples.sort((a, b) => a - b);
    results.push({ url, p50: percentile(samples, 50), p95: percentile(samples, 95), cpu: (cpu.user + cpu.system) / 1000 / requests });
  }
  const health = results[0];
  for (const { url, p50, p95, cpu } of results) {
    console.log(
      `${url.padEnd(80)} p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  cpu ${cpu.toFixed(1).padStart(5)} ms/req  (${(p50 / health.p50).toFixed(1)}x health p50)`,
    );
  }
  console.log(
    databaseUrl
      ? "cpu: this process only (render, driver); the PostgreSQL server's work is in its own processes and not counted"
      : "cpu: this process, the embedded database (PGlite) included",
  );
  const worst = Math.max(...results.slice(1).map((r) => r.p95));
  console.log(`worst /tools p95: ${worst.toFixed(1)} ms (target 50 ms)`);
} catch (error) {
  console.error(`bench:tools failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  // Whatever happened: nothing left behind.
  await app?.stop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase().catch((error) => console.error(`could not drop the scratch database: ${error.message}`));
}
