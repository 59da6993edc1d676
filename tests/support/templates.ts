import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { serverBuildPath } from "./paths";

/**
 * A start on an empty database migrates it and syncs the whole catalogue: seconds per boot, times every
 * suite, backend and browser-test server. The global setups do it once per run, on a PGlite folder and
 * (with TEST_DATABASE_URL) on a PostgreSQL database, and tests start on copies of those: support/app.ts,
 * e2e/support/server.ts. The sync is hash-based, so a start on a copy writes nothing.
 */

/** Migrates and syncs by starting the app from the server build, then stops it (which closes every connection). */
async function startAndStop(env: Record<string, string>) {
  const { startApp } = await import(serverBuildPath);
  const app = await startApp({ NODE_ENV: "test", LOG_LEVEL: "warn", ...env });
  await app.stop();
}

/**
 * The PGlite folder, TEST_TEMPLATE_DIR (support/paths.ts reads it). Both projects' global setups call this in
 * Vitest's main process, one after the other: the first makes it, the second reuses it. Returns the teardown,
 * which only the maker's does anything (Vitest tears down after every project has run).
 */
export async function prepareTemplateDataDir(): Promise<() => void> {
  if (process.env.TEST_TEMPLATE_DIR) return () => {};
  const dir = mkdtempSync(path.join(os.tmpdir(), "aitools-template-"));
  await startAndStop({ DATA_DIR: dir });
  // Test files run in child processes, which inherit this environment.
  process.env.TEST_TEMPLATE_DIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}

const TEMPLATE_PREFIX = "aitools_template_";
/** Longer than any run lasts: a template this old was left by a crashed run (other runs may share the server). */
const LEFTOVER_AGE_MS = 3 * 60 * 60 * 1000;

async function asAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * The PostgreSQL template database, TEST_POSTGRES_TEMPLATE, which scratchPostgres (support/app.ts) copies with
 * CREATE DATABASE … TEMPLATE. Its name carries its making time, so a crashed run's leftover is dropped later.
 * Returns the teardown that drops it.
 */
export async function prepareTemplateDatabase(adminUrl: string): Promise<() => Promise<void>> {
  const name = `${TEMPLATE_PREFIX}${Date.now()}_${process.pid}`;
  const drop = () => asAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {});
  await asAdmin(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'aitools\\_template\\_%'`);
    for (const { datname } of rows) {
      const madeAt = Number(datname.slice(TEMPLATE_PREFIX.length).split("_")[0]);
      if (Date.now() - madeAt > LEFTOVER_AGE_MS) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    await admin.query(`CREATE DATABASE ${name}`);
  });
  // On PostgreSQL the data folder holds only the generated auth secret: a throwaway one.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aitools-template-pg-"));
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await startAndStop({ DATA_DIR: dataDir, DATABASE_URL: url.toString() });
    // PostgreSQL refuses to copy a template anyone is connected to: from now on nobody may, so a stray
    // connection fails where it is made instead of making every later copy fail.
    await asAdmin(adminUrl, (admin) => admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`));
  } catch (error) {
    await drop();
    throw error;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  // Test files run in child processes, which inherit this environment.
  process.env.TEST_POSTGRES_TEMPLATE = name;
  return drop;
}

/** The name of the run's PostgreSQL template database. */
export function templateDatabase(): string {
  const name = process.env.TEST_POSTGRES_TEMPLATE;
  if (!name) throw new Error("TEST_POSTGRES_TEMPLATE is not set: the global setup did not make the PostgreSQL template");
  return name;
}
