import path from "node:path";

export const projectRoot = path.resolve(import.meta.dirname, "../..");
export const serverBuildPath = path.join(projectRoot, "build/server/index.js");

/** The migrated, content-synced PGlite folder that global setup makes once per run. */
export function templateDataDir(): string {
  const dir = process.env.TEST_TEMPLATE_DIR;
  if (!dir) throw new Error("TEST_TEMPLATE_DIR is not set: the global setup did not run");
  return dir;
}
