// The cost of a start on a database already synced with the same content: what every production restart and every
// test file's app pays. Usage: node bench/start.js [--starts 3] [--build build]. Needs `npm run build`.
// One start on an empty data folder migrates and syncs; each timed start then runs in its own process (as a restart
// does: modules loaded afresh) on a copy of that folder, and reports the app's own "content synced in N ms" figure
// (environment, database open, content load and sync), the whole startApp call and the CPU time it took (steadier
// than the clock on a busy machine).
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { starts: { type: "string", default: "3" }, build: { type: "string", default: "build" }, once: { type: "string" } } });
const env = {
  NODE_ENV: "production",
  LOG_LEVEL: "info",
  SITE_URL: "http://localhost:3000",
  LINK_CHECK_INTERVAL_HOURS: "0",
  PRICE_CHECK_INTERVAL_HOURS: "0",
  ALERT_INTERVAL_MINUTES: "0",
};

if (values.once) {
  // A child: one start on the given folder, its figures on the last line.
  const lines = [];
  const write = console.log;
  console.log = (...args) => lines.push(args.join(" "));
  const began = performance.now();
  const { startApp } = await import(path.resolve(import.meta.dirname, "..", values.build, "server/index.js"));
  const imported = performance.now();
  const cpu = process.cpuUsage();
  const app = await startApp({ ...env, DATA_DIR: values.once });
  const started = performance.now();
  const { user, system } = process.cpuUsage(cpu);
  await app.stop();
  const synced = lines.map((line) => line.match(/content synced in (\d+) ms/)).find(Boolean);
  write(
    JSON.stringify({
      synced: synced ? Number(synced[1]) : null,
      startApp: Math.round(started - imported),
      cpuMs: Math.round((user + system) / 1000),
      importMs: Math.round(imported - began),
    }),
  );
  process.exit(0);
}

const scratch = mkdtempSync(path.join(os.tmpdir(), "aitools-start-"));
const run = (dir) => {
  const child = spawnSync(process.execPath, [import.meta.filename, "--build", values.build, "--once", dir], { encoding: "utf8" });
  if (child.status !== 0) throw new Error(child.stderr || child.stdout);
  return JSON.parse(child.stdout.trim().split("\n").at(-1));
};
try {
  const first = run(path.join(scratch, "synced"));
  console.log(`first start (migrate and sync an empty folder): content synced in ${first.synced} ms`);
  for (let i = 1; i <= Number(values.starts); i++) {
    const copy = path.join(scratch, `copy-${i}`);
    cpSync(path.join(scratch, "synced"), copy, { recursive: true });
    const result = run(copy);
    console.log(
      `start ${i} on a synced copy: content synced in ${result.synced} ms, startApp ${result.startApp} ms (CPU ${result.cpuMs} ms; module import before it ${result.importMs} ms)`,
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
