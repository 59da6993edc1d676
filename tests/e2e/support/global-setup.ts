import { existsSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { serverBuildPath } from "../../support/paths";
import { E2E_OWNERS } from "./accounts";
import { startProductionServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

/** Starts the production server on a fresh embedded database for the browser tests. */
export default async function setup(project: TestProject) {
  if (!existsSync(serverBuildPath)) throw new Error("No build: run `npm run build` first (npm test does this for you).");
  const server = await startProductionServer({ env: { OWNER_EMAILS: Object.values(E2E_OWNERS).join(",") } });
  project.provide("baseUrl", server.baseUrl);
  project.provide("dataDir", server.dataDir);
  return () => server.stop();
}
