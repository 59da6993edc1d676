import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { projectRoot, serverBuildPath } from "../../support/paths";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts the production server on a fresh embedded database for the browser tests. */
export default async function setup(project: TestProject) {
  if (!existsSync(serverBuildPath)) throw new Error("No build: run `npm run build` first (npm test does this for you).");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aitools-e2e-"));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["server.js"], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SITE_URL: baseUrl, LOG_LEVEL: "warn", TRUST_PROXY: "true" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  while (!output.includes("Listening on")) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`The server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  project.provide("baseUrl", baseUrl);
  project.provide("dataDir", dataDir);
  return async () => {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
