import { randomBytes } from "node:crypto";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, desc, eq, notInArray } from "drizzle-orm";
import { openDataFiles, openDataGenerations } from "~/db/schema";
import type { DataFileName } from "~/lib/api/data-files";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { errorText, log } from "~/utils/logger.server";

/**
 * Where the nightly data files live (decision 092): in the database, one generation per run, so that every instance
 * of a deploy on several hosts serves the same files with the same checksums, whichever instance's worker wrote them.
 * They are derived (each run rewrites them from the catalogue), not uploads: the upload store never overwrites a key,
 * and a deploy without a bucket has no other place all hosts share.
 *
 * A generation is inserted whole in one transaction (its pointer and every file), so a reader finds either the old
 * generation or the new one, never a file of one run with the checksums of another. The previous generation is kept
 * (a reader may hold its pointer); older ones are deleted.
 *
 * To stream a file without holding megabytes per request, each host copies the current generation's files it is asked
 * for to `$DATA_DIR/open-data/<generation>/` once (written under a temporary name and renamed whole), and serves them
 * from there; copies of other generations are removed.
 */

/** One stored file: its bytes' checksum and size, as sent without compression and gzipped. */
export type StoredFile = { sha256: string; bytes: number; gzip: { sha256: string; bytes: number } };
export type Pointer = { generation: string; generated_at: string; files: Record<DataFileName, StoredFile> };

const localRoot = () => path.resolve(getEnv().DATA_DIR, "open-data");

/** The current generation's pointer, or null before the first run. */
export async function readPointer(): Promise<Pointer | null> {
  const [row] = await getDb().select({ pointer: openDataGenerations.pointer }).from(openDataGenerations).orderBy(desc(openDataGenerations.generation)).limit(1);
  return row ? (row.pointer as Pointer) : null;
}

export const newGeneration = (generatedAt: Date) => `${generatedAt.toISOString().replace(/[-:.]/g, "")}-${randomBytes(3).toString("hex")}`;

/** Stores a generation's files (name → bytes) with its pointer in one transaction, then drops all but it and the one before. */
export async function publishGeneration(pointer: Pointer, files: ReadonlyMap<string, Buffer>): Promise<void> {
  await getDb().transaction(async (tx) => {
    await tx.insert(openDataGenerations).values({ generation: pointer.generation, pointer });
    for (const [name, bytes] of files) await tx.insert(openDataFiles).values({ generation: pointer.generation, name, bytes });
    const kept = await tx.select({ generation: openDataGenerations.generation }).from(openDataGenerations).orderBy(desc(openDataGenerations.generation)).limit(2);
    await tx.delete(openDataGenerations).where(
      notInArray(
        openDataGenerations.generation,
        kept.map((row) => row.generation),
      ),
    );
  });
}

/**
 * The path on this host's disk of one of a generation's files (`gzip`: its gzipped copy), copied there from the
 * database on first use. Null when the generation is no longer stored (a newer run pruned it since the pointer was read).
 */
export async function localFilePath(pointer: Pointer, name: DataFileName, gzip: boolean): Promise<string | null> {
  const fileName = gzip ? `${name}.gz` : name;
  const folder = path.join(localRoot(), pointer.generation);
  const file = path.join(folder, fileName);
  if (await exists(file)) return file;
  const [row] = await getDb()
    .select({ bytes: openDataFiles.bytes })
    .from(openDataFiles)
    .where(and(eq(openDataFiles.generation, pointer.generation), eq(openDataFiles.name, fileName)));
  if (!row) return null;
  await mkdir(folder, { recursive: true });
  // Two requests may copy the same file at once: each writes its own temporary name, and rename(2) puts either whole.
  const temporary = path.join(folder, `.tmp-${randomBytes(6).toString("hex")}-${fileName}`);
  await writeFile(temporary, row.bytes);
  await rename(temporary, file);
  await pruneLocalCopies(pointer.generation);
  return file;
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** Removes this host's copies of generations older than `current` (a request may still stream the one before it). */
async function pruneLocalCopies(current: string) {
  const base = localRoot();
  const generations = (await readdir(base)).filter((name) => name < current).sort();
  const previous = generations.at(-1);
  for (const name of generations.filter((name) => name !== previous))
    await rm(path.join(base, name), { recursive: true, force: true }).catch((error) => log.warn("open data: could not remove an old copy", { name, error: errorText(error) }));
}
