import { existsSync } from "node:fs";
import { serverBuildPath } from "../support/paths";
import { prepareTemplateDatabase, prepareTemplateDataDir } from "../support/templates";

/**
 * Runs once before the unit and integration tests: checks the server build exists and makes the
 * template databases every test file copies (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
 */
export default async function setup() {
  if (!existsSync(serverBuildPath)) {
    throw new Error("No server build: run `npm run build` first (npm test does this for you).");
  }
  const removeDataDir = await prepareTemplateDataDir();
  const dropDatabase = process.env.TEST_DATABASE_URL ? await prepareTemplateDatabase(process.env.TEST_DATABASE_URL) : async () => {};
  return async () => {
    await dropDatabase();
    removeDataDir();
  };
}
