import { spawnSync } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { expect, it } from "vitest";

/**
 * The benchmarks say when what they measured was not a page (issue 43): a run whose page answered only errors stops
 * with exit code 1 and says so instead of printing a table of figures, and a scratch database is named by
 * --db-prefix and dropped whatever happened.
 */
const root = path.resolve(import.meta.dirname, "../..");
const bench = (script: string, args: string[]) =>
  spawnSync(process.execPath, [path.join(root, "bench", script), ...args], { cwd: root, encoding: "utf8", timeout: 120_000, env: { ...process.env, NODE_ENV: "production" } });

it("bench:pages stops with exit code 1 and the reason when a page answers nothing but errors", () => {
  const run = bench("pages.js", ["--pages", "/no-such-page-for-the-bench", "--duration", "1"]);
  expect(run.status, run.stderr).toBe(1);
  expect(run.stderr).toContain("bench:pages failed: /no-such-page-for-the-bench answered no request with a 2xx");
  expect(run.stdout).not.toContain("CPU ms/req");
  // The bench starts a built server of its own and waits for it (seconds, more on a busy machine): within the child's
  // own two minutes, not Vitest's 30 s default, which a loaded CI run once overran.
}, 150_000);

it.runIf(process.env.TEST_DATABASE_URL)(
  "bench:tools drops its scratch database, named by --db-prefix, when a query fails",
  async () => {
    const prefix = `bench_honesty_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const run = bench("tools-page.js", [
        "--tools",
        "0",
        "--requests",
        "1",
        "--queries",
        "/no-such-page-for-the-bench",
        "--database-url",
        process.env.TEST_DATABASE_URL!,
        "--db-prefix",
        prefix,
      ]);
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr).toContain("bench:tools failed: /no-such-page-for-the-bench answered 404");
      // It ran on a database of that name (the catalogue line), which is gone.
      expect(run.stdout).toContain(`backend postgres (database ${prefix}_`);
      expect((await admin.query("select datname from pg_database where datname like $1", [`${prefix}%`])).rows).toEqual([]);
    } finally {
      await admin.end();
    }
  },
  150_000,
);
