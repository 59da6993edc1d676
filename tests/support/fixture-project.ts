import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { projectRoot } from "./paths";

export type FixtureProject = { root: string; serverBuildPath: string; remove: () => void };

/**
 * A copy of the project whose `content/` a test changes (a deal with a code, a deal that expires), for
 * states the real content does not have. The server finds `content/` by walking up from its own build
 * (utils/paths.server.ts), so the server build and `server.js` are copied and the rest is linked: an
 * app started from here, in process or as `server.js`, reads the changed content and nothing else
 * differs. Nothing in the product knows about it.
 */
export function fixtureProject(change: (contentDir: string) => void): FixtureProject {
  const root = mkdtempSync(path.join(os.tmpdir(), "aitools-fixture-"));
  mkdirSync(path.join(root, "build"));
  cpSync(path.join(projectRoot, "build/server"), path.join(root, "build/server"), { recursive: true });
  symlinkSync(path.join(projectRoot, "build/client"), path.join(root, "build/client"));
  // package-lock.json: part of the article renderer's fingerprint (decision 041), so that a start here renders only the articles the change touches.
  for (const name of ["node_modules", "drizzle", "package.json", "package-lock.json"]) symlinkSync(path.join(projectRoot, name), path.join(root, name));
  copyFileSync(path.join(projectRoot, "server.js"), path.join(root, "server.js"));
  cpSync(path.join(projectRoot, "content"), path.join(root, "content"), { recursive: true });
  change(path.join(root, "content"));
  return { root, serverBuildPath: path.join(root, "build/server/index.js"), remove: () => rmSync(root, { recursive: true, force: true }) };
}
