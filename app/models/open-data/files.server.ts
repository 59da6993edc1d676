import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { asc } from "drizzle-orm";
import { attributionLine, changeRowsCsv, changesCsvHeader, DATA_FILES, LICENSE, LICENSE_NOTE, toolsCsv, type DataFileName, type Manifest } from "~/lib/api/data-files";
import type { ApiTool } from "~/lib/api/schemas";
import { SITE_NAME } from "~/lib/site";
import { tools } from "~/db/schema";
import { getToolRecord, listChangeRecords } from "~/models/api/records.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { betweenSteps } from "~/utils/job-queue.server";
import { newGeneration, publishGeneration, type Pointer, type StoredFile } from "./store.server";

/** Changes read per page: each page is one short query, and the signal is checked between pages. */
const CHANGES_PAGE = 500;

/** Stopped between two steps (the app stopping, or the queue took the job back): nothing is published. */
class Stopped extends Error {}
const check = (signal: AbortSignal) => {
  if (signal.aborted) throw new Stopped("open data: stopped before the files were written");
};

/** Between two reads: stopped if asked, then a turn of the event loop for the requests waiting (`betweenSteps`). */
async function betweenReads(signal: AbortSignal) {
  check(signal);
  await betweenSteps();
}

/** Every tool's slug, and those whose tagline and description are their maker's words (a submission: decision 024). */
const listedTools = () => getDb().select({ slug: tools.slug, source: tools.source }).from(tools).orderBy(asc(tools.slug));

/** Each tool's record, by the function that answers `/api/v1/tools/<slug>`: the file and the API cannot differ. */
async function toolRecords(slugs: readonly string[], signal: AbortSignal): Promise<ApiTool[]> {
  const records: ApiTool[] = [];
  for (const slug of slugs) {
    await betweenReads(signal);
    const record = await getToolRecord(slug);
    if (record) records.push(record);
  }
  return records;
}

/** changes.csv, every recorded change oldest first, read a page at a time through the API's own list. */
async function changesFile(signal: AbortSignal): Promise<string> {
  let csv = changesCsvHeader();
  let cursor: string | null = null;
  do {
    await betweenReads(signal);
    const page = await listChangeRecords({ since: new Date(0), toolSlug: null, cursor, limit: CHANGES_PAGE });
    csv += changeRowsCsv(page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return csv;
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

const gzipAsync = promisify(gzip);

/**
 * A file's stored form: its checksum and size, and a gzipped copy made once here rather than per request, on libuv's
 * threads (level 9 of a large file would hold the event loop).
 */
async function stored(bytes: Buffer): Promise<{ file: StoredFile; gzipped: Buffer }> {
  const gzipped = await gzipAsync(bytes, { level: 9 });
  return { file: { sha256: sha256(bytes), bytes: bytes.length, gzip: { sha256: sha256(gzipped), bytes: gzipped.length } }, gzipped };
}

/** Reads everything, writes the four files and their gzipped copies as one generation, and points readers at it. */
export async function writeDataFiles({ signal, now = new Date() }: { signal: AbortSignal; now?: Date }): Promise<Pointer> {
  const siteUrl = getEnv().SITE_URL;
  const generatedAt = now.toISOString();
  const attribution = attributionLine(SITE_NAME, siteUrl);
  const license = { ...LICENSE, note: LICENSE_NOTE };
  const listed = await listedTools();
  const records = await toolRecords(
    listed.map((tool) => tool.slug),
    signal,
  );
  const makersText = listed.filter((tool) => tool.source === "community").map((tool) => tool.slug);
  const contents: Record<Exclude<DataFileName, "manifest.json">, string> = {
    "tools.json": JSON.stringify({ license, attribution, generated_at: generatedAt, tool_count: records.length, makers_text_tools: makersText, tools: records }),
    "tools.csv": toolsCsv(records),
    "changes.csv": await changesFile(signal),
  };
  check(signal);
  const bytes = new Map<string, Buffer>();
  const files = {} as Record<DataFileName, StoredFile>;
  const manifest: Manifest = { license, attribution, generated_at: generatedAt, files: [] };
  for (const [name, text] of Object.entries(contents) as [Exclude<DataFileName, "manifest.json">, string][]) {
    const raw = Buffer.from(text, "utf8");
    const { file, gzipped } = await stored(raw);
    files[name] = file;
    bytes.set(name, raw).set(`${name}.gz`, gzipped);
    manifest.files.push({ name, url: `${siteUrl}/data/${name}`, sha256: file.sha256, bytes: file.bytes, content_type: DATA_FILES[name] });
  }
  const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2) + "\n", "utf8");
  const manifestStored = await stored(manifestBytes);
  files["manifest.json"] = manifestStored.file;
  bytes.set("manifest.json", manifestBytes).set("manifest.json.gz", manifestStored.gzipped);
  const pointer: Pointer = { generation: newGeneration(now), generated_at: generatedAt, files };
  await publishGeneration(pointer, bytes);
  return pointer;
}
