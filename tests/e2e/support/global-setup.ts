import { existsSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { serverBuildPath } from "../../support/paths";
import { prepareTemplateDataDir } from "../../support/templates";
import { E2E_OWNERS } from "./accounts";
import { startProductionServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

/**
 * Makes (or, after the unit project's global setup, reuses) the migrated, synced data folder every browser-test
 * server starts from a copy of, then starts the production server the browser tests share.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(serverBuildPath)) throw new Error("No build: run `npm run build` first (npm test does this for you).");
  const removeTemplate = await prepareTemplateDataDir();
  const server = await startProductionServer({ env: { OWNER_EMAILS: Object.values(E2E_OWNERS).join(",") } });
  project.provide("baseUrl", server.baseUrl);
  project.provide("dataDir", server.dataDir);
  return async () => {
    await server.stop();
    removeTemplate();
  };
}
