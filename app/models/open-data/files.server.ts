import { asc } from "drizzle-orm";
import {
  attributionLine,
  changeRowsCsv,
  changesCsvHeader,
  DATA_FILES,
  LICENSE,
  LICENSE_NOTE,
  toolRowsCsv,
  toolsCsvHeader,
  type DataFileName,
  type Manifest,
} from "~/lib/api/data-files";
import type { ApiTool } from "~/lib/api/schemas";
import { SITE_NAME } from "~/lib/site";
import { tools } from "~/db/schema";
import { getToolRecord, listChangeRecords } from "~/models/api/records.server";
import { withoutFillingCache } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { betweenSteps } from "~/utils/job-queue.server";
import { newGeneration, publishGeneration, startStaging, type Pointer, type StoredFile } from "./store.server";

/** Changes read per page: each page is one short query, and the signal is checked between pages. */
const CHANGES_PAGE = 500;
/** Tools whose records are held at once: their JSON and CSV are written out before the next page is read. */
const TOOLS_PAGE = 100;

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

/**
 * Each tool's record, a page at a time, by the function that answers `/api/v1/tools/<slug>`: the file and the API
 * cannot differ. A tool removed since the list was read is left out. Its reads use what the cache holds and keep
 * nothing (`withoutFillingCache`): one pass over every tool would push out what the pages use.
 */
async function* toolRecordPages(slugs: readonly string[], signal: AbortSignal): AsyncGenerator<ApiTool[]> {
  for (let start = 0; start < slugs.length; start += TOOLS_PAGE) {
    const page: ApiTool[] = [];
    for (const slug of slugs.slice(start, start + TOOLS_PAGE)) {
      await betweenReads(signal);
      const record = await withoutFillingCache(() => getToolRecord(slug));
      if (record) page.push(record);
    }
    yield page;
  }
}

/** changes.csv, every recorded change oldest first, read a page at a time through the API's own list. */
async function* changesCsv(signal: AbortSignal): AsyncGenerator<string> {
  yield changesCsvHeader();
  let cursor: string | null = null;
  do {
    await betweenReads(signal);
    const page = await listChangeRecords({ since: new Date(0), toolSlug: null, cursor, limit: CHANGES_PAGE });
    yield changeRowsCsv(page.data);
    cursor = page.next_cursor;
  } while (cursor);
}

/**
 * Reads everything and writes the four files as one generation, then points readers at it. Nothing is held whole:
 * the records are read a page at a time and written out as they come (tools.json and tools.csv side by side, from
 * the same pages), so a catalogue of 100,000 tools (some 450 MB of JSON) costs a page of memory, not the file.
 */
export async function writeDataFiles({ signal, now = new Date() }: { signal: AbortSignal; now?: Date }): Promise<Pointer> {
  const siteUrl = getEnv().SITE_URL;
  const generatedAt = now.toISOString();
  const generation = newGeneration(now);
  const attribution = attributionLine(SITE_NAME, siteUrl);
  const license = { ...LICENSE, note: LICENSE_NOTE };
  const listed = await listedTools();
  const makersText = listed.filter((tool) => tool.source === "community").map((tool) => tool.slug);
  const staging = await startStaging(generation);
  try {
    const json = staging.file("tools.json");
    const csv = staging.file("tools.csv");
    // The array's records, then the count of what it holds (a tool removed mid-run is not in it).
    await json.write(`{"license":${JSON.stringify(license)},"attribution":${JSON.stringify(attribution)},"generated_at":${JSON.stringify(generatedAt)},`);
    await json.write(`"makers_text_tools":${JSON.stringify(makersText)},"tools":[`);
    await csv.write(toolsCsvHeader());
    let toolCount = 0;
    for await (const page of toolRecordPages(
      listed.map((tool) => tool.slug),
      signal,
    )) {
      if (page.length === 0) continue;
      await json.write((toolCount > 0 ? "," : "") + page.map((record) => JSON.stringify(record)).join(","));
      await csv.write(toolRowsCsv(page));
      toolCount += page.length;
    }
    await json.write(`],"tool_count":${toolCount}}`);
    const changes = staging.file("changes.csv");
    for await (const text of changesCsv(signal)) await changes.write(text);
    check(signal);

    const files = {} as Record<DataFileName, StoredFile>;
    const manifest: Manifest = { license, attribution, generated_at: generatedAt, files: [] };
    for (const [name, file] of [
      ["tools.json", json],
      ["tools.csv", csv],
      ["changes.csv", changes],
    ] as const) {
      files[name] = await file.end();
      manifest.files.push({ name, url: `${siteUrl}/data/${name}`, sha256: files[name].sha256, bytes: files[name].bytes, content_type: DATA_FILES[name] });
    }
    const manifestFile = staging.file("manifest.json");
    await manifestFile.write(JSON.stringify(manifest, null, 2) + "\n");
    files["manifest.json"] = await manifestFile.end();
    check(signal);
    const pointer: Pointer = { generation, generated_at: generatedAt, files };
    await publishGeneration(pointer, staging);
    return pointer;
  } finally {
    await staging.remove();
  }
}
