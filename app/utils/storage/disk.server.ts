import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { UploadStore } from "./types";

/** Files under `<dataDir>/uploads/<key>`, written with `wx` so a name is never reused. */
export function diskStore(dataDir: string): UploadStore {
  const root = path.resolve(dataDir, "uploads");
  return {
    async put(key, bytes) {
      const file = path.join(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes, { flag: "wx" });
    },
    async get(key) {
      try {
        return await readFile(path.join(root, key));
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(path.join(root, key), { force: true });
    },
  };
}
