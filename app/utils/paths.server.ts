import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

let root: string | undefined;

/**
 * The project folder (where package.json, drizzle/ and content/ live), found
 * by walking up from this module: it works from the source tree in tests and
 * from build/server/ in production.
 */
export function appRoot(): string {
  if (root) return root;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Cannot find the project folder (no package.json above the server build)");
    dir = parent;
  }
  root = dir;
  return root;
}
