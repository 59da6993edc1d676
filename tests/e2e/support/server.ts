import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { projectRoot, templateDataDir } from "../../support/paths";
import { freePort } from "../../support/ports";

export type ProductionServer = { baseUrl: string; dataDir: string; stop: () => Promise<void> };

/**
 * A new data folder for a server: a copy of the run's migrated, synced one (support/templates.ts), so the start
 * migrates and syncs nothing; or, with `empty`, a bare folder for a test that needs a first start. The copy leaves
 * out the auth secret so each server generates its own, as a real first start does; nothing else lives there
 * (no lock while no process has it open, no outbox or uploads before a start).
 */
export function freshDataDir({ empty = false } = {}): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aitools-e2e-"));
  if (!empty) cpSync(templateDataDir(), dataDir, { recursive: true, filter: (source) => path.basename(source) !== "auth-secret" });
  return dataDir;
}

/**
 * `server.js` in production mode on a free port, started from `cwd` (the project, or a fixture copy of it:
 * support/fixture-project.ts), with `env` on top. Its data folder is `dataDir` when given (the caller's to
 * remove), else a fresh one (`freshDataDir`, `emptyDataDir` passed on) removed at stop. Resolves once it listens.
 */
export async function startProductionServer({
  cwd = projectRoot,
  timeoutMs = 180_000,
  env = {},
  dataDir: givenDataDir,
  emptyDataDir = false,
}: { cwd?: string; timeoutMs?: number; env?: Record<string, string>; dataDir?: string; emptyDataDir?: boolean } = {}): Promise<ProductionServer> {
  const dataDir = givenDataDir ?? freshDataDir({ empty: emptyDataDir });
  const removeDataDir = () => {
    if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["server.js"], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SITE_URL: baseUrl,
      LOG_LEVEL: "warn",
      TRUST_PROXY: "true",
      LINK_CHECK_INTERVAL_HOURS: "0",
      PRICE_CHECK_INTERVAL_HOURS: "0",
      OUTBOX_POLL_MS: "500",
      // The test-only password cost (decision 094), named here as well: the shared server is started by the global setup.
      PASSWORD_HASHING: "test-only-fast",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + timeoutMs;
  while (!output.includes("Listening on")) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      removeDataDir();
      throw new Error(`The server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    dataDir,
    async stop() {
      child.kill("SIGTERM");
      if (child.exitCode === null) await new Promise((resolve) => child.once("exit", resolve));
      removeDataDir();
    },
  };
}
