// Requests per second and latency of the built site's pages under load, each as a ratio to a static ceiling
// measured in the same run, because the machine is shared and an absolute figure from one run says little. The
// ceiling is a bare node:http server answering, from memory, each page's own bytes in the encoding the app chose for
// the same request (issue 31: one ceiling of the home page in gzip made a 21 KB brotli page look faster than static).
// Beside req/s, the server's CPU per request (the server's process tree and, on PostgreSQL, every postgres process),
// since on two cores the req/s of a cached page mostly measures the load generator.
// Usage: node bench/pages.js [--duration 10] [--connections 50] [--pages /,/tools,...]
//                            [--database-url postgres://...] [--redis-url redis://...] [--cluster]
//                            [--db-prefix aitools_bench]  (scratch databases are <prefix>_<pid>_<time>)
//                            [--baseline DIR]   (another checkout, built: each page is measured on both, in turn)
//                            [--rounds 1]       (with --baseline: that many measurements of each, alternating which
//                                                goes first; medians reported, since on a shared machine one pair of
//                                                10 s measurements can differ by 20% either way)
// Run `npm run build` first: this script never builds, it measures whatever build/ holds. It stops with exit code 1
// and says why when a server dies or a page answers an error (a table of failures would read as a result).
// In --pages, `*` becomes a search never sent before (/tools?search=*) and a `signed-in:` prefix sends the
// session cookie of a fresh, confirmed account. An /api/ page's requests come from 4,096 client addresses in turn
// (X-Forwarded-For, with TRUST_PROXY as behind a deploy's proxy), under the API's per-address limit.
import autocannon from "autocannon";
import { fork, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
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

/**
 * The environment settings and Node flags the checkout's `npm start` gives `server.js` (malloc's and V8's memory:
 * docs/ARCHITECTURE.md, "Where the memory goes"), so that the server measured is started as it is served.
 */
export function serverStart(siteRoot = root) {
  const start = JSON.parse(readFileSync(path.join(siteRoot, "package.json"), "utf8")).scripts?.start ?? "";
  const [, settings = "", flags = ""] = /((?:[A-Z_]+=\S+ )*)node((?: --[\w-]+(?:=\S+)?)*) server\.js/.exec(start) ?? [];
  return {
    env: Object.fromEntries(
      settings
        .trim()
        .split(" ")
        .filter(Boolean)
        .map((pair) => pair.split("=")),
    ),
    flags: flags.trim().split(" ").filter(Boolean),
  };
}

/** Starts `node server.js` (with `npm start`'s flags) on the existing build with a fresh DATA_DIR (and a scratch PostgreSQL database). */
export async function startSite({ databaseUrl, redisUrl, cluster = false, siteRoot = root, nodeArgs = [], dbPrefix = "aitools_bench" } = {}) {
  if (!existsSync(path.join(siteRoot, "build/server/index.js"))) throw new Error("No build: run `npm run build` first.");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aitools-bench-"));
  if (!/^[a-z_][a-z0-9_]{0,30}$/.test(dbPrefix)) throw new Error("--db-prefix: lower-case letters, digits and _ only, at most 31 characters");
  const scratch = databaseUrl && `${dbPrefix}_${process.pid}_${Date.now().toString(36)}`;
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
    // As behind the proxy a deploy has: an /api/ page's requests each carry a client address (apiClientAddress).
    TRUST_PROXY: "true",
  };
  if (scratch) env.DATABASE_URL = Object.assign(new URL(databaseUrl), { pathname: `/${scratch}` }).toString();
  if (redisUrl) env.REDIS_URL = redisUrl;
  const started = serverStart(siteRoot);
  Object.assign(env, started.env);
  // --cluster: one process per core (PostgreSQL only); the output then says "Listening on" once per process.
  const child = spawn(process.execPath, [...started.flags, ...nodeArgs, "server.js", ...(cluster ? ["--cluster"] : [])], { cwd: siteRoot, env, stdio: ["ignore", "pipe", "pipe"] });
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
  return {
    base,
    dataDir,
    pid: child.pid,
    database: scratch || undefined,
    backend: scratch ? "postgres" : "pglite",
    stop,
    output: () => output,
    exited: () => child.exitCode ?? child.signalCode,
  };
}

/**
 * The next of 4,096 client addresses in RFC 2544's benchmarking range (198.18.0.0/15), in turn: at the few thousand
 * requests a second one machine makes, each sends well under the API's 60 a minute, as many readers would.
 */
let apiClients = 0;
function apiClientAddress() {
  apiClients = (apiClients + 1) % 4096;
  return `198.18.${apiClients >> 8}.${apiClients & 255}`;
}

/** Signs up over HTTP, opens the confirmation link from the outbox and returns the session cookie. */
export async function signedInCookie(base, dataDir) {
  const email = `bench-${Date.now().toString(36)}@example.com`;
  const password = "violet-lantern-42-river";
  const form = new URLSearchParams({ intent: "signup", from: "dialog", name: "Bench User", email, password, confirmPassword: password });
  const signUp = await fetch(`${base}/auth`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: form });
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}`);
  const outbox = path.join(dataDir, "outbox");
  // Mail written in a transaction reaches the outbox at its next poll (decision 032): look for up to 10 s.
  let link;
  for (const until = Date.now() + 10_000; !link && Date.now() < until; await sleep(200)) {
    // The .eml text is quoted-printable: undo soft line breaks and =XX escapes before looking for the link.
    const mail = (existsSync(outbox) ? readdirSync(outbox) : []).map((name) => readFileSync(path.join(outbox, name), "utf8")).join("\n");
    const decoded = mail.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    link = decoded.split(/\r?\n/).find((line) => line.includes("/auth/verify-email?token="));
  }
  if (!link) throw new Error(`no confirmation link in ${outbox} after 10 s`);
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

/**
 * The static ceiling, in its own process so it does not share autocannon's event loop: for each page (by its label),
 * the bytes and encoding the app sent for it, from memory.
 */
function serveStatic(pagesFile) {
  const pages = new Map(Object.entries(JSON.parse(readFileSync(pagesFile, "utf8"))).map(([label, page]) => [label, { ...page, body: Buffer.from(page.body, "base64") }]));
  const server = http.createServer((req, res) => {
    const page = pages.get(decodeURIComponent(req.url.slice(1)));
    if (!page) return res.writeHead(404).end();
    const headers = { "Content-Type": page.type, "Content-Length": page.body.length, Vary: "Accept-Encoding" };
    if (page.encoding) headers["Content-Encoding"] = page.encoding;
    res.writeHead(200, headers);
    res.end(page.body);
  });
  server.listen(0, "127.0.0.1", () => process.send(server.address().port));
  process.once("disconnect", () => process.exit()); // the bench process has gone
}

/** One response of the app as raw bytes, still encoded (fetch would decode them), with its type and encoding. */
function rawResponse(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () => resolve({ body: Buffer.concat(chunks), type: res.headers["content-type"] ?? "text/html", encoding: res.headers["content-encoding"] ?? "" }));
      })
      .on("error", reject);
  });
}

/**
 * CPU clock ticks (10 ms) used so far by a process and its descendants, and, given its database, by the PostgreSQL
 * backends connected to that database (their title names it): not another site's, nor the server's own background
 * processes, which no request of this site's asked for.
 */
function cpuTicks(pid, { database } = {}) {
  const all = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  const stats = new Map();
  for (const id of all) {
    const stat = procStatus(id, "stat");
    const close = stat.lastIndexOf(") ");
    if (close < 0) continue;
    const fields = stat.slice(close + 2).split(" ");
    // fields[1] is the parent pid; utime and stime are fields 14 and 15 of the line, [11] and [12] after the name.
    const name = stat.slice(stat.indexOf("(") + 1, close);
    // A backend's title: "postgres: 15/main: <user> <database> <client> <state>".
    const ofDatabase = database !== undefined && name === "postgres" && procStatus(id, "cmdline").replaceAll("\0", " ").split(" ").includes(database);
    stats.set(id, { parent: fields[1], ofDatabase, ticks: Number(fields[11]) + Number(fields[12]) });
  }
  const inTree = (id) => {
    for (let current = id, depth = 0; current && depth < 20; current = stats.get(current)?.parent, depth++) if (current === String(pid)) return true;
    return false;
  };
  let ticks = 0;
  for (const [id, stat] of stats) if (inTree(id) || stat.ofDatabase) ticks += stat.ticks;
  return ticks;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The rounds of one page on one build as one row: the median of each figure (not one round's figures). */
const medianResult = (results) => ({
  requests: { average: median(results.map((result) => result.requests.average)) },
  latency: { p50: median(results.map((result) => result.latency.p50)), p99: median(results.map((result) => result.latency.p99)) },
  cpuMsPerRequest: results.every((result) => result.cpuMsPerRequest !== undefined) ? median(results.map((result) => result.cpuMsPerRequest)) : undefined,
  non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
  errors: results.reduce((sum, result) => sum + result.errors, 0),
});

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
      rounds: { type: "string", default: "1" },
      "db-prefix": { type: "string", default: "aitools_bench" },
    },
  });
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const rounds = Math.max(1, Number(values.rounds));
  const pages = values.pages.split(",").filter(Boolean);
  const dbPrefix = values["db-prefix"];
  const site = await startSite({ databaseUrl: values["database-url"], redisUrl: values["redis-url"], cluster: values.cluster, dbPrefix });
  // --baseline DIR: the same pages on another checkout's build (an earlier commit), measured in turn with ours,
  // on the same database kind; always one process (an earlier build may not know --cluster).
  const baseline = values.baseline
    ? await startSite({ databaseUrl: values["database-url"], redisUrl: values["redis-url"], siteRoot: path.resolve(values.baseline), dbPrefix })
    : undefined;
  let staticChild;
  try {
    console.log(`cores ${os.availableParallelism()} (${os.cpus()[0]?.model ?? "unknown"}), node ${process.version}, ${site.backend}${values["redis-url"] ? " + redis" : ""}`);
    console.log(
      `${connections} connections, ${duration} s per measurement, Accept-Encoding: gzip, br; build of ${statSync(path.join(root, "build/server/index.js")).mtime.toISOString()}`,
    );
    if (baseline) console.log(`baseline: ${path.resolve(values.baseline)}`);
    console.log(`server RSS after start: ${rssMB(site.pid).toFixed(0)} MB`);

    const wantsCookie = pages.some((page) => page.startsWith("signed-in:"));
    const cookies = new Map();
    for (const s of [site, baseline].filter(Boolean)) cookies.set(s, wantsCookie ? await signedInCookie(s.base, s.dataDir) : undefined);
    const nextQuery = searchQueries();

    // Each page's own bytes as the app sends them (a search with a query of its own), for its static ceiling.
    const own = {};
    for (const page of pages) {
      const pathname = page.replace(/^signed-in:/, "").replace("*", encodeURIComponent(nextQuery()));
      const response = await rawResponse(`${site.base}${pathname}`, { "accept-encoding": "gzip, br", ...(page.startsWith("signed-in:") ? { cookie: cookies.get(site) } : {}) });
      own[page] = { ...response, body: response.body.toString("base64"), bytes: response.body.length };
    }
    const pagesFile = path.join(site.dataDir, "static-pages.json");
    writeFileSync(pagesFile, JSON.stringify(own));
    staticChild = fork(import.meta.filename, ["--static-child", pagesFile], { stdio: "inherit" });
    const staticPort = await new Promise((resolve) => staticChild.once("message", resolve));
    const target = (page, s = site) => {
      const signedIn = page.startsWith("signed-in:");
      const pathname = page.replace(/^signed-in:/, "");
      const headers = { "accept-encoding": "gzip, br", ...(signedIn ? { cookie: cookies.get(s) } : {}) };
      const request = { method: "GET", path: pathname };
      // autocannon calls setupRequest before every request: a search carries a query no cache has seen, and an API
      // request a client address of its own (the open-data API allows 60 a minute per address: one load generator
      // would measure 429s).
      const search = pathname.includes("*");
      const api = pathname.startsWith("/api/");
      if (search || api)
        request.setupRequest = (req) => ({
          ...req,
          ...(search ? { path: pathname.replace("*", encodeURIComponent(nextQuery())) } : {}),
          ...(api ? { headers: { ...req.headers, "x-forwarded-for": apiClientAddress() } } : {}),
        });
      return { label: `${signedIn ? `${pathname} (signed in)` : pathname}${s === baseline ? " [baseline]" : ""}`, site: s, url: s.base, pid: s.pid, headers, requests: [request] };
    };
    const staticTarget = (page) => ({
      label: `static: ${page}`,
      url: `http://127.0.0.1:${staticPort}`,
      headers: { "accept-encoding": "gzip, br" },
      requests: [{ method: "GET", path: `/${encodeURIComponent(page)}` }],
    });
    /**
     * autocannon's result, with the CPU the server (and its PostgreSQL backends) spent per request in ms when `t.pid`
     * is given. A server that died, or a page that answered nothing but errors, ends the run here.
     */
    const measure = async (t, seconds) => {
      await settle(site.pid);
      if (baseline) await settle(baseline.pid);
      const before = t.pid ? cpuTicks(t.pid, { database: t.site.database }) : 0;
      const result = await autocannon({ url: t.url, headers: t.headers, requests: t.requests, connections, duration: seconds });
      if (t.site) {
        const exited = t.site.exited();
        if (exited !== null) throw new Error(`the server of ${t.label} stopped (${exited}) while it was measured; its last output:\n${t.site.output().slice(-2000)}`);
        if (result["2xx"] === 0) throw new Error(`${t.label} answered no request with a 2xx (${result.non2xx} other statuses, ${result.errors} errors)`);
      }
      if (t.pid) {
        await settle(t.pid); // the requests still in flight when autocannon stopped were served too
        // Per request sent: the ones in flight when the run ended were served too, though autocannon does not count them.
        result.cpuMsPerRequest = ((cpuTicks(t.pid, { database: t.site.database }) - before) * 10) / Math.max(1, result.requests.sent ?? result.requests.total);
      }
      return result;
    };
    const targetsOf = (page) => [target(page), ...(baseline ? [target(page, baseline)] : [])];

    // Warm-up: the JIT, the database's caches and the app's catalogue cache, so the first measured page is not penalised.
    for (const t of [staticTarget(pages[0]), ...pages.flatMap(targetsOf)]) await measure(t, Math.min(2, duration));

    // Each page right after its own static ceiling, so both meet the same load on the machine.
    const rows = [];
    let peakRss = rssMB(site.pid);
    for (const page of pages) {
      const ceiling = await measure(staticTarget(page), duration);
      const [ours, theirs] = targetsOf(page);
      if (!theirs) {
        const result = await measure(ours, duration);
        peakRss = Math.max(peakRss, rssMB(site.pid));
        rows.push({ label: ours.label, result, ceiling, bytes: own[page].bytes, encoding: own[page].encoding });
        continue;
      }
      // Rounds alternate which build goes first, so a machine getting busier or quieter does not favour one of them.
      const pairs = [];
      for (let round = 0; round < rounds; round++) {
        const order = round % 2 === 0 ? [ours, theirs] : [theirs, ours];
        const measured = new Map();
        for (const t of order) measured.set(t, await measure(t, duration));
        peakRss = Math.max(peakRss, rssMB(site.pid));
        pairs.push({ ours: measured.get(ours), theirs: measured.get(theirs) });
      }
      const label = (text) => (rounds > 1 ? `${text} (median of ${rounds})` : text);
      rows.push({ label: label(ours.label), result: medianResult(pairs.map((pair) => pair.ours)), ceiling, bytes: own[page].bytes, encoding: own[page].encoding });
      rows.push({
        label: label(theirs.label),
        result: medianResult(pairs.map((pair) => pair.theirs)),
        ceiling,
        speedup: median(pairs.map((pair) => pair.ours.requests.average / pair.theirs.requests.average)),
        spread: rounds > 1 ? pairs.map((pair) => (pair.ours.requests.average / pair.theirs.requests.average).toFixed(2)).join(" ") : "",
      });
    }
    console.log(
      `server RSS after the run: ${rssMB(site.pid).toFixed(0)} MB (highest after a page: ${peakRss.toFixed(0)} MB)${baseline ? `, baseline ${rssMB(baseline.pid).toFixed(0)} MB` : ""}`,
    );

    const width = Math.max(...rows.map((row) => row.label.length));
    console.log(`\n${"page".padEnd(width)}     req/s  static req/s  of static   p50 ms   p99 ms  CPU ms/req     bytes  non-2xx  errors${baseline ? "  ours / baseline" : ""}`);
    for (const { label, result, ceiling, bytes, encoding, speedup, spread } of rows) {
      const share = `${((result.requests.average / ceiling.requests.average) * 100).toFixed(1)}%`;
      const size = bytes ? `${(bytes / 1024).toFixed(1)} KB ${encoding || "raw"}` : "";
      const cells = [
        result.requests.average.toFixed(0),
        ceiling.requests.average.toFixed(0),
        share,
        result.latency.p50,
        result.latency.p99,
        result.cpuMsPerRequest?.toFixed(2) ?? "",
        size,
        result.non2xx,
        result.errors,
        speedup ? `${speedup.toFixed(2)}x${spread ? ` (rounds: ${spread})` : ""}` : "",
      ];
      console.log(`${label.padEnd(width)}${cells.map((cell, i) => ` ${String(cell)}`.padStart([10, 14, 11, 9, 9, 12, 14, 9, 8, 18][i])).join("")}`);
    }
    const failing = rows.filter(({ result }) => result.non2xx > 0 || result.errors > 0);
    if (failing.length) {
      console.error(`\n${failing.map(({ label, result }) => `${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`).join("\n")}`);
      throw new Error("some answers were errors: the figures above are not the pages' (the server log says why)");
    }
  } catch (error) {
    console.error(`\nbench:pages failed: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  } finally {
    staticChild?.kill();
    await site.stop();
    await baseline?.stop();
  }
}

if (process.argv[2] === "--static-child") serveStatic(process.argv[3]);
else if (path.resolve(process.argv[1] ?? "") === import.meta.filename) await main(); // not when lighthouse.js imports startSite
