import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { DataFileName } from "~/lib/api/data-files";
import { getEnv } from "~/utils/env.server";
import { errorText, log } from "~/utils/logger.server";

/**
 * Where the nightly data files live: `$DATA_DIR/open-data/`, on the instance's own disk. They are derived (each run
 * rewrites them from the database, so they need no backup and are not uploads: the upload store never overwrites a
 * key), and a file served from disk streams without a round trip to a bucket. Every process of one host (`--cluster`)
 * shares DATA_DIR; a deploy on several hosts without a shared DATA_DIR gets its files on the host whose worker ran the
 * job (the others answer 503 and ask for a run, which the queue refuses while one waits): see the report, issue 46.
 *
 * One run writes a generation: a folder of its own (`<generation>/`, written as `.tmp-<generation>/` and renamed whole),
 * then the pointer `current.json`, written to a temporary name and renamed over the old one. A reader reads the pointer
 * and then that generation's files, so it never sees half a file nor a file of one run with the checksums of another.
 * The previous generation is kept (a reader may hold its pointer); older ones are deleted.
 */

/** One stored file: its bytes' checksum and size, as sent without compression and gzipped. */
export type StoredFile = { sha256: string; bytes: number; gzip: { sha256: string; bytes: number } };
export type Pointer = { generation: string; generated_at: string; files: Record<DataFileName, StoredFile> };

const root = () => path.resolve(getEnv().DATA_DIR, "open-data");
const POINTER = "current.json";

/** The current generation's pointer, or null before the first run. */
export async function readPointer(): Promise<Pointer | null> {
  try {
    return JSON.parse(await readFile(path.join(root(), POINTER), "utf8")) as Pointer;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** The path of one of a generation's files (`gzip`: its gzipped copy). */
export const storedFilePath = (pointer: Pointer, name: DataFileName, gzip: boolean) => path.join(root(), pointer.generation, gzip ? `${name}.gz` : name);

export const newGeneration = (generatedAt: Date) => `${generatedAt.toISOString().replace(/[-:.]/g, "")}-${randomBytes(3).toString("hex")}`;

/** Writes a generation's files (name → bytes) and then points readers at it. */
export async function publishGeneration(pointer: Pointer, files: ReadonlyMap<string, Buffer>): Promise<void> {
  const base = root();
  const staging = path.join(base, `.tmp-${pointer.generation}`);
  await mkdir(staging, { recursive: true });
  for (const [name, bytes] of files) await writeFile(path.join(staging, name), bytes);
  await rename(staging, path.join(base, pointer.generation));
  const pointerTemp = path.join(base, `.tmp-${pointer.generation}-${POINTER}`);
  await writeFile(pointerTemp, JSON.stringify(pointer));
  // rename(2) replaces the old pointer in one step: a reader opens either the old one or the new one.
  await rename(pointerTemp, path.join(base, POINTER));
  await pruneGenerations(base, pointer.generation);
}

/** Keeps the new generation and the one before it (by name: names start with their time); removes the rest and leftovers. */
async function pruneGenerations(base: string, current: string) {
  const entries = (await readdir(base)).filter((name) => name !== POINTER);
  const generations = entries.filter((name) => !name.startsWith(".tmp-") && name <= current).sort();
  const keep = new Set([current, generations.filter((name) => name !== current).at(-1)]);
  // A `.tmp-` entry is a run cut short (its process died before the rename), or another run's in progress: this
  // job is exclusive, so only the former, unless it is this very run's (already renamed).
  const doomed = entries.filter((name) => !keep.has(name) && (name.startsWith(".tmp-") || name < current));
  for (const name of doomed)
    await rm(path.join(base, name), { recursive: true, force: true }).catch((error) => log.warn("open data: could not prune", { name, error: errorText(error) }));
}
