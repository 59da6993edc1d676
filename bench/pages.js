// Requests per second and latency of the built site's pages under load, each as a ratio to a static ceiling
// (a bare node:http server answering our own home page from memory) measured in the same run, because the
// machine is shared and an absolute figure from one run says little.
// Usage: node bench/pages.js [--duration 10] [--connections 50] [--pages /,/tools,...]
//                            [--database-url postgres://...] [--redis-url redis://...] [--cluster]
//                            [--baseline DIR]   (another checkout, built: each page is measured on both, in turn)
// Run `npm run build` first: this script never builds, it measures whatever build/ holds.
// In --pages, `*` becomes a search never sent before (/tools?search=*) and a `signed-in:` prefix sends the
// session cookie of a fresh, confirmed account.
import autocannon from "autocannon";
import { fork, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import pg from "pg";

const root = path.resolve(import.meta.dirname, "..");
const DEFAULT_PAGES = ["/", "/tools", "/tools/category/ai-assistant", "/tools/chatgpt", "/tools?search=*", "signed-in:/tools/chatgpt"];

async function freePort() {
  const probe = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => probe.once("listening", resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts `node server.js` on the existing build with a fresh DATA_DIR (and a scratch PostgreSQL database). */
export async function startSite({ databaseUrl, redisUrl, cluster = false, siteRoot = root, nodeArgs = [] } = {}) {
  if (!existsSync(path.join(siteRoot, "build/server/index.js"))) throw new Error("No build: run `npm run build` first.");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aitools-bench-"));
  const scratch = databaseUrl && `aitools_bench_${process.pid}_${Date.now().toString(36)}`;
  const sql = async (text) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  if (scratch) await sql(`create database ${scratch}`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Only our settings: a DATABASE_URL, SMTP_URL or S3_BUCKET from the caller's shell would change what is measured.
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SITE_URL: base,
    LOG_LEVEL: "warn",
    LINK_CHECK_INTERVAL_HOURS: "0",
  };
  if (scratch) env.DATABASE_URL = Object.assign(new URL(databaseUrl), { pathname: `/${scratch}` }).toString();
  if (redisUrl) env.REDIS_URL = redisUrl;
  // --cluster: one process per core (PostgreSQL only); the output then says "Listening on" once per process.
  const child = spawn(process.execPath, [...nodeArgs, "server.js", ...(cluster ? ["--cluster"] : [])], { cwd: siteRoot, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  // Ctrl-C or a kill must not leave the server, its DATA_DIR or the scratch database behind.
  const onSignal = () => stop().finally(() => process.exit(130));
  const onExit = () => child.kill();
  process.once("SIGINT", onSignal).once("SIGTERM", onSignal).once("exit", onExit);
  const stop = async () => {
    process.off("SIGINT", onSignal).off("SIGTERM", onSignal).off("exit", onExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (scratch) await sql(`drop database if exists ${scratch} with (force)`);
  };
  const deadline = Date.now() + 60_000;
  while (!output.includes(cluster ? "Cluster of" : "Listening on")) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { base, dataDir, pid: child.pid, backend: scratch ? "postgres" : "pglite", stop, output: () => output, exited: () => child.exitCode ?? child.signalCode };
}

/** Signs up over HTTP, opens the confirmation link from the outbox and returns the session cookie. */
export async function signedInCookie(base, dataDir) {
  const email = `bench-${Date.now().toString(36)}@example.com`;
  const password = "violet-lantern-42-river";
  const form = new URLSearchParams({ intent: "signup", from: "dialog", name: "Bench User", email, password, confirmPassword: password });
  const signUp = await fetch(`${base}/auth`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: form });
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}`);
  const outbox = path.join(dataDir, "outbox");
  // The .eml text is quoted-printable: undo soft line breaks and =XX escapes before looking for the link.
  const mail = (existsSync(outbox) ? readdirSync(outbox) : []).map((name) => readFileSync(path.join(outbox, name), "utf8")).join("\n");
  const decoded = mail.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  const link = decoded.split(/\r?\n/).find((line) => line.includes("/auth/verify-email?token="));
  if (!link) throw new Error(`no confirmation link in ${outbox}`);
  const url = new URL(link.match(/https?:\/\/[^\s"<>]+/)[0].replaceAll("&amp;", "&"));
  const verified = await fetch(`${base}${url.pathname}${url.search}`, { redirect: "manual" });
  const session = verified.headers.getSetCookie().find((line) => line.startsWith("atlas.session_token="));
  if (!session) throw new Error(`the confirmation link answered ${verified.status} without a session cookie`);
  return session.split(";")[0];
}

/** Pairs of words from one tool's own text: unique queries that still find something, like a person's would. */
export function searchQueries() {
  const dir = path.join(root, "content/tools");
  const queries = new Set();
  for (const file of readdirSync(dir)) {
    const tool = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
    const words = [...new Set(`${tool.name} ${tool.tagline} ${tool.features.join(" ")}`.toLowerCase().match(/\p{L}{4,}/gu))];
    for (const a of words) for (const b of words) if (a !== b) queries.add(`${a} ${b}`);
  }
  const list = [...queries];
  let counter = 0;
  // Past the last pair, a counter keeps every query new.
  return () => (counter < list.length ? list[counter++] : `${list[counter % list.length]} ${counter++}`);
}

/** The static ceiling, in its own process so it does not share autocannon's event loop. */
function serveStatic(htmlFile) {
  const body = zlib.gzipSync(readFileSync(htmlFile));
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Encoding": "gzip", "Content-Length": body.length, Vary: "Accept-Encoding" });
    res.end(body);
  });
  server.listen(0, "127.0.0.1", () => process.send(server.address().port));
  process.once("disconnect", () => process.exit()); // the bench process has gone
}

const procStatus = (pid, file) => (existsSync(`/proc/${pid}/${file}`) ? readFileSync(`/proc/${pid}/${file}`, "utf8") : "");
const rssMB = (pid) => procStatus(pid, "status").match(/VmRSS:\s+(\d+) kB/)?.[1] / 1024 || NaN;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** autocannon drops the requests in flight when a run ends, but the server still renders them: wait for it to idle. */
async function settle(pid) {
  // utime + stime: fields 14 and 15 of /proc/<pid>/stat, counted after the ") " that ends the command name.
  const ticks = () => {
    const fields = procStatus(pid, "stat").split(") ")[1]?.split(" ") ?? [];
    return Number(fields[11]) + Number(fields[12]); // clock ticks of 10 ms; NaN without /proc
  };
  if (Number.isNaN(ticks())) return sleep(2000);
  for (let waited = 0, last = ticks(); waited < 30_000; waited += 250) {
    await sleep(250);
    const now = ticks();
    if (now - last <= 2) return;
    last = now;
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      duration: { type: "string", default: "10" },
      connections: { type: "string", default: "50" },
      pages: { type: "string", default: DEFAULT_PAGES.join(",") },
      "database-url": { type: "string" },
      "redis-url": { type: "string" },
      cluster: { type: "boolean", default: false },
      baseline: { type: "string" },
    },
  });
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const pages = values.pages.split(",").filter(Boolean);
  const site = await startSite({ databaseUrl: values["database-url"], redisUrl: values["redis-url"], cluster: values.cluster });
  // --baseline DIR: the same pages on another checkout's build (an earlier commit), measured in turn with ours,
  // on the same database kind; always one process (an earlier build may not know --cluster).
  const baseline = values.baseline ? await startSite({ databaseUrl: values["database-url"], redisUrl: values["redis-url"], siteRoot: path.resolve(values.baseline) }) : undefined;
  let staticChild;
  try {
    console.log(`cores ${os.availableParallelism()} (${os.cpus()[0]?.model ?? "unknown"}), node ${process.version}, ${site.backend}${values["redis-url"] ? " + redis" : ""}`);
    console.log(
      `${connections} connections, ${duration} s per measurement, Accept-Encoding: gzip, br; build of ${statSync(path.join(root, "build/server/index.js")).mtime.toISOString()}`,
    );
    if (baseline) console.log(`baseline: ${path.resolve(values.baseline)}`);
    console.log(`server RSS after start: ${rssMB(site.pid).toFixed(0)} MB`);

    const htmlFile = path.join(site.dataDir, "home.html");
    writeFileSync(htmlFile, Buffer.from(await (await fetch(`${site.base}/`)).arrayBuffer()));
    staticChild = fork(import.meta.filename, ["--static-child", htmlFile], { stdio: "inherit" });
    const staticPort = await new Promise((resolve) => staticChild.once("message", resolve));

    const wantsCookie = pages.some((page) => page.startsWith("signed-in:"));
    const cookies = new Map();
    for (const s of [site, baseline].filter(Boolean)) cookies.set(s, wantsCookie ? await signedInCookie(s.base, s.dataDir) : undefined);
    const nextQuery = searchQueries();
    const target = (page, s = site) => {
      const signedIn = page.startsWith("signed-in:");
      const pathname = page.replace(/^signed-in:/, "");
      const headers = { "accept-encoding": "gzip, br", ...(signedIn ? { cookie: cookies.get(s) } : {}) };
      const request = { method: "GET", path: pathname };
      // autocannon calls setupRequest before every request, so each one carries a query no cache has seen.
      if (pathname.includes("*")) request.setupRequest = (req) => ({ ...req, path: pathname.replace("*", encodeURIComponent(nextQuery())) });
      return { label: `${signedIn ? `${pathname} (signed in)` : pathname}${s === baseline ? " [baseline]" : ""}`, url: s.base, pid: s.pid, headers, requests: [request] };
    };
    const staticTarget = { label: "static ceiling", url: `http://127.0.0.1:${staticPort}`, pid: site.pid, headers: { "accept-encoding": "gzip, br" } };
    const measure = async (t, seconds) => {
      await settle(site.pid);
      if (baseline) await settle(baseline.pid);
      return autocannon({ url: t.url, headers: t.headers, requests: t.requests, connections, duration: seconds });
    };
    const targetsOf = (page) => [target(page), ...(baseline ? [target(page, baseline)] : [])];

    // Warm-up: the JIT, the database's caches and the app's catalogue cache, so the first measured page is not penalised.
    for (const t of [staticTarget, ...pages.flatMap(targetsOf)]) await measure(t, Math.min(2, duration));

    // Static rounds before, between and after the pages, so a change in the machine's load shows in the spread.
    const half = Math.ceil(pages.length / 2);
    const staticRounds = [];
    const results = [];
    staticRounds.push(await measure(staticTarget, duration));
    for (const [index, page] of pages.entries()) {
      if (index === half) staticRounds.push(await measure(staticTarget, duration));
      const [ours, theirs] = targetsOf(page);
      const result = await measure(ours, duration);
      results.push({ label: ours.label, result });
      if (theirs) {
        const before = await measure(theirs, duration);
        results.push({ label: theirs.label, result: before, speedup: result.requests.average / before.requests.average });
      }
    }
    staticRounds.push(await measure(staticTarget, duration));
    console.log(`server RSS after the run: ${rssMB(site.pid).toFixed(0)} MB${baseline ? `, baseline ${rssMB(baseline.pid).toFixed(0)} MB` : ""}`);

    const ceiling = [...staticRounds].sort((a, b) => a.requests.average - b.requests.average)[Math.floor(staticRounds.length / 2)];
    const staticLabel = `static ceiling (median of ${staticRounds.map((r) => Math.round(r.requests.average)).join(", ")})`;
    const rows = [{ label: staticLabel, result: ceiling }, ...results];
    const width = Math.max(...rows.map((row) => row.label.length));
    console.log(`\n${"page".padEnd(width)}     req/s  % static   p50 ms   p99 ms  non-2xx  errors${baseline ? "  ours / baseline" : ""}`);
    for (const { label, result, speedup } of rows) {
      const share = `${((result.requests.average / ceiling.requests.average) * 100).toFixed(1)}%`;
      const cells = [result.requests.average.toFixed(0), share, result.latency.p50, result.latency.p99, result.non2xx, result.errors, speedup ? `${speedup.toFixed(2)}x` : ""];
      console.log(`${label.padEnd(width)}${cells.map((cell, i) => String(cell).padStart([10, 10, 9, 9, 9, 8, 18][i])).join("")}`);
    }
  } finally {
    staticChild?.kill();
    await site.stop();
    await baseline?.stop();
  }
}

if (process.argv[2] === "--static-child") serveStatic(process.argv[3]);
else if (path.resolve(process.argv[1] ?? "") === import.meta.filename) await main(); // not when lighthouse.js imports startSite
