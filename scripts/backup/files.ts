import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** Regular files under `root`, as paths relative to `base` with forward slashes (the names tar stores). */
export function listFiles(root: string, base: string): { names: string[]; bytes: number } {
  if (!existsSync(root)) return { names: [], bytes: 0 };
  const names: string[] = [];
  let bytes = 0;
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    names.push(path.relative(base, full).split(path.sep).join("/"));
    bytes += statSync(full).size;
  }
  return { names: names.sort(), bytes };
}

export const hasFiles = (root: string) => listFiles(root, root).names.length > 0;
