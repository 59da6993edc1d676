import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { and, asc, desc, eq, notInArray } from "drizzle-orm";
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
 * A run writes its files to `$DATA_DIR/open-data-staging/<generation>/` as it reads the catalogue, and gzips each
 * there once, a stream at a time: a file is never held whole (tools.json is some 450 MB at 100,000 tools). Only the
 * gzipped copies go into the database, in parts of PART_BYTES, one row each. A generation is inserted whole in one
 * transaction (its pointer and every part), so a reader finds either the old generation or the new one, never a file
 * of one run with the checksums of another. The previous generation is kept (a reader may hold its pointer); older
 * ones are deleted.
 *
 * To stream a file without holding megabytes per request, each host serves the current generation's files from
 * `$DATA_DIR/open-data/<generation>/`: the host that ran the job moves its staging folder there; another copies a file
 * there on first use from the parts (gunzipped for the plain file), checks it against the pointer's checksum, and
 * renames it into place whole. Copies of other generations are removed.
 */

/** One stored file: its bytes' checksum and size, as sent without compression and gzipped. */
export type StoredFile = { sha256: string; bytes: number; gzip: { sha256: string; bytes: number } };
export type Pointer = { generation: string; generated_at: string; files: Record<DataFileName, StoredFile> };

const localRoot = () => path.resolve(getEnv().DATA_DIR, "open-data");
const stagingRoot = () => path.resolve(getEnv().DATA_DIR, "open-data-staging");

/** A gzipped file's bytes per database row: small enough to read and write one at a time at no cost. */
const PART_BYTES = 1024 * 1024;

/** A pass-through stream that counts the bytes through it and their SHA-256. */
function digesting() {
  const hash = createHash("sha256");
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ sha256: hash.digest("hex"), bytes }) };
}

/** One file being written to the staging folder: text appended as it comes, then gzipped beside it by `end`. */
export type StagedFile = { write: (text: string) => Promise<void>; end: () => Promise<StoredFile> };
export type Staging = { folder: string; file: (name: DataFileName) => StagedFile; remove: () => Promise<void> };

/**
 * The run's folder of files in the making. Another run's folder is removed: a run is one at a time on the deploy
 * (the job's policy), so one left here was cut short (its process killed).
 */
export async function startStaging(generation: string): Promise<Staging> {
  const root = stagingRoot();
  await rm(root, { recursive: true, force: true });
  const folder = path.join(root, generation);
  await mkdir(folder, { recursive: true });
  // Every file opened, so that a run stopped half-way closes them all (`remove`) rather than leave them to the
  // garbage collector.
  const opened = new Set<FileHandle>();
  return {
    folder,
    file(name) {
      const file = path.join(folder, name);
      let handle: Promise<FileHandle> | undefined;
      // Opened at its first write (or at its end, for an empty file).
      const opening = () =>
        (handle ??= open(file, "w").then((fileHandle) => {
          opened.add(fileHandle);
          return fileHandle;
        }));
      const hash = createHash("sha256");
      let bytes = 0;
      return {
        async write(text) {
          const chunk = Buffer.from(text, "utf8");
          hash.update(chunk);
          bytes += chunk.length;
          await (await opening()).write(chunk);
        },
        async end() {
          const written = await opening();
          opened.delete(written);
          await written.close();
          // Level 9 once here rather than per request, on libuv's threads a chunk at a time (it would hold the event loop).
          const gzipped = digesting();
          await pipeline(createReadStream(file), createGzip({ level: 9 }), gzipped.stream, createWriteStream(`${file}.gz`));
          return { sha256: hash.digest("hex"), bytes, gzip: gzipped.result() };
        },
      };
    },
    async remove() {
      await Promise.allSettled([...opened].map((handle) => handle.close()));
      opened.clear();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** A file's bytes in parts of `partBytes` (the last one shorter), read one at a time. */
export async function* partsOf(file: string, partBytes = PART_BYTES): AsyncGenerator<Buffer> {
  const handle = await open(file, "r");
  try {
    for (;;) {
      const buffer = Buffer.alloc(partBytes);
      const { bytesRead } = await handle.read(buffer, 0, partBytes, null);
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

/** The current generation's pointer, or null before the first run. */
export async function readPointer(): Promise<Pointer | null> {
  const [row] = await getDb().select({ pointer: openDataGenerations.pointer }).from(openDataGenerations).orderBy(desc(openDataGenerations.generation)).limit(1);
  return row ? (row.pointer as Pointer) : null;
}

export const newGeneration = (generatedAt: Date) => `${generatedAt.toISOString().replace(/[-:.]/g, "")}-${randomBytes(3).toString("hex")}`;

/**
 * Stores a staged generation (each file's gzipped copy, in parts) with its pointer in one transaction, drops all but
 * it and the one before, and makes the staging folder this host's copy of it.
 */
export async function publishGeneration(pointer: Pointer, staging: Staging): Promise<void> {
  await getDb().transaction(async (tx) => {
    await tx.insert(openDataGenerations).values({ generation: pointer.generation, pointer });
    for (const name of Object.keys(pointer.files) as DataFileName[]) {
      let part = 0;
      for await (const bytes of partsOf(path.join(staging.folder, `${name}.gz`)))
        await tx.insert(openDataFiles).values({ generation: pointer.generation, name, part: part++, bytes });
    }
    const kept = await tx.select({ generation: openDataGenerations.generation }).from(openDataGenerations).orderBy(desc(openDataGenerations.generation)).limit(2);
    await tx.delete(openDataGenerations).where(
      notInArray(
        openDataGenerations.generation,
        kept.map((row) => row.generation),
      ),
    );
  });
  await mkdir(localRoot(), { recursive: true });
  await rename(staging.folder, path.join(localRoot(), pointer.generation));
  await pruneLocalCopies(pointer.generation);
}

/** Pruned by a newer run while a copy was being read from the database. */
class PartGone extends Error {}

/** A stored file's gzipped bytes, a part at a time. */
async function* storedParts(generation: string, name: DataFileName): AsyncGenerator<Buffer> {
  const where = and(eq(openDataFiles.generation, generation), eq(openDataFiles.name, name));
  const parts = await getDb().select({ part: openDataFiles.part }).from(openDataFiles).where(where).orderBy(asc(openDataFiles.part));
  if (parts.length === 0) throw new PartGone();
  for (const { part } of parts) {
    const [row] = await getDb()
      .select({ bytes: openDataFiles.bytes })
      .from(openDataFiles)
      .where(and(where, eq(openDataFiles.part, part)));
    if (!row) throw new PartGone();
    yield row.bytes;
  }
}

/**
 * The path on this host's disk of one of a generation's files (`gzip`: its gzipped copy), copied there from the
 * database on first use and checked against the pointer's checksum. Else why not: "pruned" when the generation is no
 * longer stored (a newer run pruned it since the pointer was read), "damaged" when its stored bytes do not match.
 */
export async function localFilePath(pointer: Pointer, name: DataFileName, gzip: boolean): Promise<string | "pruned" | "damaged"> {
  const fileName = gzip ? `${name}.gz` : name;
  const folder = path.join(localRoot(), pointer.generation);
  const file = path.join(folder, fileName);
  if (await exists(file)) return file;
  await mkdir(folder, { recursive: true });
  // Two requests may copy the same file at once: each writes its own temporary name, and rename(2) puts either whole.
  const temporary = path.join(folder, `.tmp-${randomBytes(6).toString("hex")}-${fileName}`);
  const written = digesting();
  try {
    const source = Readable.from(storedParts(pointer.generation, name));
    await (gzip ? pipeline(source, written.stream, createWriteStream(temporary)) : pipeline(source, createGunzip(), written.stream, createWriteStream(temporary)));
  } catch (error) {
    await rm(temporary, { force: true });
    if (error instanceof PartGone) return "pruned";
    // Not gzip, or cut short: the stored bytes are not the file.
    if (error instanceof Error && "code" in error && String(error.code).startsWith("Z_")) return damaged(pointer, fileName, temporary);
    throw error;
  }
  const expected = gzip ? pointer.files[name].gzip : pointer.files[name];
  const { sha256, bytes } = written.result();
  if (sha256 !== expected.sha256 || bytes !== expected.bytes) return damaged(pointer, fileName, temporary);
  await rename(temporary, file);
  await pruneLocalCopies(pointer.generation);
  return file;
}

async function damaged(pointer: Pointer, fileName: string, temporary: string) {
  await rm(temporary, { force: true });
  log.error("open data: a stored file does not match its checksum", { generation: pointer.generation, file: fileName });
  return "damaged" as const;
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
