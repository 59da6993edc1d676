import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { serverBuildPath } from "../support/paths";

/**
 * Runs once before the unit and integration tests: checks the server build
 * exists and makes the template database that every test file copies.
 */
export default async function setup() {
  if (!existsSync(serverBuildPath)) {
    throw new Error("No server build: run `npm run build` first (npm test does this for you).");
  }
  const templateDir = mkdtempSync(path.join(os.tmpdir(), "aitools-template-"));
  const { startApp } = await import(serverBuildPath);
  const app = await startApp({ NODE_ENV: "test", DATA_DIR: templateDir, LOG_LEVEL: "warn" });
  await app.stop();
  // Test files run in child processes, which inherit this environment.
  process.env.TEST_TEMPLATE_DIR = templateDir;
  return () => rmSync(templateDir, { recursive: true, force: true });
}
