// What one run of the nightly open-data job (models/open-data/) costs on a large catalogue: its time, this process's
// CPU, the peak of its resident memory above what the app held before it, what of the JavaScript heap it leaves held
// (the cache), and the files it wrote.
// Usage: node bench/data-files.js [--tools 5000] [--build build/server/index.js]  (PGlite: the job's worst case, in
// process; --build another build's server, to compare two versions in one sitting)
// Needs `npm run build`. Whatever fails, the data folder is removed and the exit code is 1.
import { mkdtempSync, rmSync } from "node:fs";

process.env.NODE_ENV ??= "production";
process.env.LINK_CHECK_INTERVAL_HOURS ??= "0";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { generateCatalogue } from "./generate-catalogue.js";

const { values } = parseArgs({ options: { tools: { type: "string", default: "5000" }, build: { type: "string", default: "build/server/index.js" } } });
const dataDir = mkdtempSync(path.join(os.tmpdir(), "aitools-bench-"));
let app;
try {
  const build = await import(path.resolve(values.build));
  app = await build.startApp({ DATA_DIR: dataDir, LOG_LEVEL: "warn", DATA_FILES_SCHEDULE: "off" });
  await generateCatalogue(app, Number(values.tools));
  const [{ n }] = await app.query("select count(*)::int as n from tools");
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const cpu = process.cpuUsage();
  const started = performance.now();
  await build.dataFilesJob.run({}, { signal: new AbortController().signal, createdOn: new Date(), retryCount: 0 });
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  global.gc?.();
  const retained = process.memoryUsage().heapUsed - heapBefore;
  const [pointer] = await app.query("select pointer from open_data_generations order by generation desc limit 1");
  const files = Object.entries(pointer.pointer.files).map(([name, file]) => `${name} ${(file.bytes / 1048576).toFixed(1)} MB (gzip ${(file.gzip.bytes / 1048576).toFixed(1)})`);
  const [{ stored }] = await app.query("select coalesce(sum(length(bytes)), 0)::float8 as stored from open_data_files");
  console.log(
    `${n} tools: run ${seconds.toFixed(1)} s, CPU ${((used.user + used.system) / 1e6).toFixed(1)} s, peak RSS +${Math.round((peak - before) / 1048576)} MB, JavaScript heap kept after it ${global.gc ? `+${Math.round(retained / 1048576)} MB` : "(run with --expose-gc)"}`,
  );
  console.log(`files: ${files.join(", ")}; stored in the database: ${(stored / 1048576).toFixed(1)} MB`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
