import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { projectRoot } from "../../support/paths";
import { freePort } from "../../support/ports";

export type ProductionServer = { baseUrl: string; dataDir: string; stop: () => Promise<void> };

/**
 * `server.js` in production mode on a free port and a fresh embedded database, started from `cwd` (the
 * project, or a fixture copy of it: support/fixture-project.ts), with `env` on top. Resolves once it listens.
 */
export async function startProductionServer({
  cwd = projectRoot,
  timeoutMs = 180_000,
  env = {},
}: { cwd?: string; timeoutMs?: number; env?: Record<string, string> } = {}): Promise<ProductionServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aitools-e2e-"));
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
      rmSync(dataDir, { recursive: true, force: true });
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
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
