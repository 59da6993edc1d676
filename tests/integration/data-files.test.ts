import { createHash } from "node:crypto";
import { readdirSync, readlinkSync, rmSync } from "node:fs";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { beforeAll, expect, it } from "vitest";
import { CHANGE_COLUMNS, TOOL_COLUMNS, type Manifest } from "~/lib/api/data-files";
import { toolSchema, type ApiTool } from "~/lib/api/schemas";
import { OPEN_DATA_WORDS } from "~/lib/words/open-data";
import { MESSAGES } from "~/lib/messages";
import { describeEachBackend, type TestApp } from "../support/app";
import { healthAnsweredDuring } from "../support/event-loop";
import { serverBuildPath } from "../support/paths";

/**
 * The nightly open-data files (issue 46): before the first run a file answers 503 and asks the queue for a run; the
 * run writes tools.json (every tool as the API's record function answers it), tools.csv, changes.csv and a manifest
 * whose checksums the files match; each is served with its checksum as ETag and Repr-Digest, 304 for a client that has
 * it, gzipped once by the job. A start with a schedule writes them by itself when none exist.
 */
type JobRun = (data: object, context: { signal: AbortSignal; createdOn: Date; retryCount: number }) => Promise<void>;
type Build = { getToolRecord: (slug: string) => Promise<ApiTool | null>; enqueueJob: (job: unknown, data: object) => Promise<string | null>; dataFilesJob: { run: JobRun } };
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());
const manifestOf = async (app: TestApp) => (await (await app.request("/data/manifest.json")).json()) as Manifest;

const storedGenerations = async (app: TestApp) =>
  (await app.query<{ generation: string }>("select generation from open_data_generations order by generation")).map((row) => row.generation);

describeEachBackend("the open-data files", (app: TestApp) => {
  let build: Build;
  let toolCount = 0;

  beforeAll(async () => {
    build = (await import(serverBuildPath)) as Build;
    // Changes whose words need quoting, besides whatever the sync recorded.
    const [tool] = await app.query<{ id: number }>("select id from tools order by slug limit 1");
    for (const plan of ['Pro, "yearly"', "=Team", "Line\nbreak"])
      await app.query("insert into tool_changes (tool_id, kind, source, plan_name, before, after) values ($1, 'plan-added', 'editor', $2, null, '{}'::jsonb)", [tool!.id, plan]);
    toolCount = (await app.query<{ n: number }>("select count(*)::int as n from tools"))[0]!.n;
  });

  it("answers 503 with Retry-After and the catalogue's words before the first run, and asks the queue for one", async () => {
    expect(await storedGenerations(app)).toEqual([]);
    const response = await app.request("/data/tools.json");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("60");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe(`${MESSAGES.unavailable.title}: ${OPEN_DATA_WORDS.filesPending}\n`);
    // The run the 503 asked for, through the queue.
    const ready = await until("the first run", async () => {
      const answer = await app.request("/data/manifest.json");
      if (answer.status === 503) return null;
      return answer;
    });
    expect(ready.status).toBe(200);
  });

  it("holds every tool in tools.json, each exactly as the API's record function answers it", async () => {
    expect(toolCount).toBe(200);
    const response = await app.request("/data/tools.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const file = (await response.json()) as { license: { url: string; note: string }; attribution: string; generated_at: string; tool_count: number; tools: ApiTool[] };
    expect(file.license.url).toBe("https://creativecommons.org/licenses/by/4.0/");
    expect(file.license.note).toMatch(/our editors summarised/);
    expect(file.attribution).toBe("AI Tools Atlas (http://localhost:3000), licensed under CC BY 4.0");
    expect(file.tool_count).toBe(toolCount);
    expect(file.tools).toHaveLength(toolCount);
    expect(new Set(file.tools.map((tool) => tool.slug)).size).toBe(toolCount);
    for (const record of file.tools) toolSchema.parse(record);
    for (const index of [0, 1, 57, 133, toolCount - 1]) {
      const record = file.tools[index]!;
      expect(record).toEqual(await build.getToolRecord(record.slug));
    }
    // And as the API answers it.
    const answer = (await (await app.request(`/api/v1/tools/${file.tools[57]!.slug}`)).json()) as { data: ApiTool };
    expect(file.tools[57]).toEqual(answer.data);
  });

  it("holds every tool in tools.csv and every change in changes.csv, as a standard parser reads them", async () => {
    const tools = (await (await app.request("/data/tools.json")).json()) as { tools: ApiTool[] };
    const toolsCsv = await app.request("/data/tools.csv");
    expect(toolsCsv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(toolsCsv.headers.get("content-disposition")).toBe('inline; filename="tools.csv"');
    const toolRows = parse(await toolsCsv.text()) as string[][];
    expect(toolRows[0]).toEqual([...TOOL_COLUMNS]);
    expect(toolRows.slice(1).map((row) => row[0])).toEqual(tools.tools.map((tool) => tool.slug));
    expect(toolRows.slice(1).every((row) => row.length === TOOL_COLUMNS.length)).toBe(true);

    const changes = await app.query<{ id: number; plan_name: string | null }>("select id::int, plan_name from tool_changes order by occurred_at, id");
    const changeRows = parse(await (await app.request("/data/changes.csv")).text()) as string[][];
    expect(changeRows[0]).toEqual([...CHANGE_COLUMNS]);
    expect(changeRows.slice(1).map((row) => Number(row[0]))).toEqual(changes.map((change) => change.id));
    const planOf = new Map(changeRows.slice(1).map((row) => [Number(row[0]), row[5]]));
    for (const change of changes.slice(-3)) expect(planOf.get(change.id)).toBe(change.plan_name!.startsWith("=") ? `'${change.plan_name}` : change.plan_name);
  });

  it("lists each file's checksum and size in the manifest, which the files and their headers match", async () => {
    const manifest = await manifestOf(app);
    expect(manifest.license.id).toBe("CC-BY-4.0");
    expect(manifest.files.map((file) => file.name)).toEqual(["tools.json", "tools.csv", "changes.csv"]);
    for (const entry of manifest.files) {
      const response = await app.request(`/data/${entry.name}`);
      const bytes = await bytesOf(response);
      expect(sha256(bytes)).toBe(entry.sha256);
      expect(bytes.length).toBe(entry.bytes);
      expect(entry.url).toBe(`http://localhost:3000/data/${entry.name}`);
      expect(response.headers.get("etag")).toBe(`"${entry.sha256}"`);
      expect(response.headers.get("repr-digest")).toBe(`sha-256=:${Buffer.from(entry.sha256, "hex").toString("base64")}:`);
      expect(response.headers.get("content-length")).toBe(String(entry.bytes));
      expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(new Date(response.headers.get("last-modified")!).getTime()).toBe(Math.floor(Date.parse(manifest.generated_at) / 1000) * 1000);

      // Gzipped once by the job: the same bytes once decoded, with the digest of what is sent.
      const gzipped = await app.request(`/data/${entry.name}`, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
      expect(gzipped.headers.get("content-encoding")).toBe("gzip");
      expect(gzipped.headers.get("vary")).toMatch(/Accept-Encoding/);
      expect(gzipped.headers.get("etag")).toBe(`"${entry.sha256}-gz"`);
      const sent = await bytesOf(gzipped);
      expect(gunzipSync(sent).equals(bytes)).toBe(true);
      expect(gzipped.headers.get("repr-digest")).toBe(`sha-256=:${createHash("sha256").update(sent).digest("base64")}:`);
      expect(sent.length).toBeLessThan(bytes.length);
    }
  });

  it("answers 304 to a client that has the file (its ETag, or a date not older), 200 to one that has another", async () => {
    const first = await app.request("/data/tools.csv");
    const etag = first.headers.get("etag")!;
    const lastModified = first.headers.get("last-modified")!;
    await first.arrayBuffer();
    const conditions: Record<string, string>[] = [{ "If-None-Match": etag }, { "If-None-Match": `W/${etag}, "other"` }, { "If-Modified-Since": lastModified }];
    for (const headers of conditions) {
      const again = await app.request("/data/tools.csv", { headers });
      expect(again.status).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("cache-control")).toBe("public, max-age=3600");
      expect(await again.text()).toBe("");
    }
    // The gzipped copy's tag names the same file.
    expect((await app.request("/data/tools.csv", { headers: { "If-None-Match": etag.replace(/"$/, '-gz"') } })).status).toBe(304);
    const other = await app.request("/data/tools.csv", { headers: { "If-None-Match": '"0000"' } });
    expect(other.status).toBe(200);
    await other.arrayBuffer();
    const older = await app.request("/data/tools.csv", { headers: { "If-Modified-Since": new Date(Date.parse(lastModified) - 60_000).toUTCString() } });
    expect(older.status).toBe(200);
    await older.arrayBuffer();
  });

  it("writes a new generation on the next run through the queue, keeping only the one before it", async () => {
    const before = await manifestOf(app);
    await sleep(1100);
    expect(await build.enqueueJob(build.dataFilesJob, {})).not.toBeNull();
    const after = await until("the second run", async () => {
      const manifest = await manifestOf(app);
      return manifest.generated_at !== before.generated_at ? manifest : null;
    });
    const checksum = (manifest: Manifest, name: string) => manifest.files.find((file) => file.name === name)!.sha256;
    // tools.json carries its time; the CSV files are the same bytes.
    expect(checksum(after, "tools.json")).not.toBe(checksum(before, "tools.json"));
    expect(checksum(after, "tools.csv")).toBe(checksum(before, "tools.csv"));
    await sleep(1100);
    expect(await build.enqueueJob(build.dataFilesJob, {})).not.toBeNull();
    const third = await until("the third run", async () => {
      const manifest = await manifestOf(app);
      return manifest.generated_at !== after.generated_at ? manifest : null;
    });
    // In the database: the third run's generation and the one before it. On this host's disk: copies of those only.
    const stored = await storedGenerations(app);
    expect(stored).toHaveLength(2);
    const generationOf = (manifest: Manifest) => manifest.generated_at.replace(/[-:.]/g, "");
    expect(stored.map((generation) => generation.slice(0, generationOf(third).length))).toEqual([generationOf(after), generationOf(third)]);
    const copies = readdirSync(path.join(app.dataDir, "open-data"));
    expect(copies.length).toBeGreaterThan(0);
    expect(copies.every((name) => stored.includes(name))).toBe(true);
    // The run's staging folder became its copy: nothing is left where the files were written.
    expect(readdirSync(path.join(app.dataDir, "open-data-staging"))).toEqual([]);
  });

  it("publishes nothing from a run stopped half-way, and leaves none of its files behind", async () => {
    const before = await storedGenerations(app);
    // A signal that turns to stopped at the run's 150th check, one per tool read: the first page of 100 tools is
    // written to tools.json and tools.csv by then, the second is being read.
    let checks = 0;
    const signal = {
      get aborted() {
        checks += 1;
        return checks > 150;
      },
    } as AbortSignal;
    await expect(build.dataFilesJob.run({}, { signal, createdOn: new Date(), retryCount: 0 })).rejects.toThrow("stopped before the files were written");
    expect(checks).toBe(151);
    expect(await storedGenerations(app)).toEqual(before);
    expect(readdirSync(path.join(app.dataDir, "open-data-staging"))).toEqual([]);
    // Its files were closed, not left open for the garbage collector (the app runs in this process).
    const openFiles = readdirSync("/proc/self/fd").map((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return "";
      }
    });
    expect(openFiles.filter((file) => file.includes("open-data-staging"))).toEqual([]);
  });

  it("answers other requests while a run reads the catalogue", async () => {
    // A request asked for at a run's start was answered only after it on the embedded database, 1.9 s later here.
    const asked = await healthAnsweredDuring(app, () => build.dataFilesJob.run({}, { signal: new AbortController().signal, createdOn: new Date(), retryCount: 0 }));
    expect(asked).toMatchObject({ status: 200, duringRun: true });
  });

  it("stores each file gzipped in the database, in parts that join into the file served", async () => {
    const [{ generation }] = (await app.query<{ generation: string }>("select generation from open_data_generations order by generation desc limit 1")) as [{ generation: string }];
    for (const name of ["tools.json", "tools.csv", "changes.csv", "manifest.json"]) {
      const rows = await app.query<{ part: number; bytes: Uint8Array }>("select part, bytes from open_data_files where generation = $1 and name = $2 order by part", [
        generation,
        name,
      ]);
      expect(rows.map((row) => row.part)).toEqual(rows.map((_, index) => index));
      const served = await bytesOf(await app.request(`/data/${name}`, { headers: { "Accept-Encoding": "identity" } }));
      expect(gunzipSync(Buffer.concat(rows.map((row) => Buffer.from(row.bytes)))).equals(served)).toBe(true);
    }
    // Nothing else: no plain copies, no other names.
    expect(await app.query("select distinct name from open_data_files where generation = $1 order by name", [generation])).toEqual(
      ["changes.csv", "manifest.json", "tools.csv", "tools.json"].map((name) => ({ name })),
    );
  });

  it("serves the same files from a host whose disk has none of them (another host of the deploy): the database holds them", async () => {
    const plain = { "Accept-Encoding": "identity" };
    const first = await app.request("/data/tools.json", { headers: plain });
    const firstGzipped = await app.request("/data/tools.json");
    expect([first.status, firstGzipped.status]).toEqual([200, 200]);
    const [etag, bytes] = [first.headers.get("etag"), await bytesOf(first)];
    const [gzipEtag, gzipped] = [firstGzipped.headers.get("etag"), await bytesOf(firstGzipped)];
    // A file of several parts (at 200 tools each fits one part of a megabyte): each stored part cut in three.
    const [{ generation }] = (await app.query<{ generation: string }>("select generation from open_data_generations order by generation desc limit 1")) as [{ generation: string }];
    const [stored] = await app.query<{ bytes: Uint8Array }>("select bytes from open_data_files where generation = $1 and name = 'tools.json' and part = 0", [generation]);
    const whole = Buffer.from(stored!.bytes);
    const third = Math.ceil(whole.length / 3);
    await app.query("delete from open_data_files where generation = $1 and name = 'tools.json'", [generation]);
    // Inserted out of order: the reader asks for them by number.
    for (const part of [2, 0, 1])
      await app.query("insert into open_data_files (generation, name, part, bytes) values ($1, 'tools.json', $2, $3)", [
        generation,
        part,
        whole.subarray(part * third, (part + 1) * third),
      ]);
    rmSync(path.join(app.dataDir, "open-data"), { recursive: true, force: true });
    const second = await app.request("/data/tools.json", { headers: plain });
    expect(second.status).toBe(200);
    expect(second.headers.get("etag")).toBe(etag);
    expect((await bytesOf(second)).equals(bytes)).toBe(true);
    rmSync(path.join(app.dataDir, "open-data"), { recursive: true, force: true });
    const secondGzipped = await app.request("/data/tools.json");
    expect(secondGzipped.headers.get("etag")).toBe(gzipEtag);
    expect((await bytesOf(secondGzipped)).equals(gzipped)).toBe(true);
    // And copied to this disk for the next request.
    expect(readdirSync(path.join(app.dataDir, "open-data"))).toHaveLength(1);
  });

  it("never serves a stored file that does not match its checksum: 503, and a new run asked for", async () => {
    const [{ generation }] = (await app.query<{ generation: string }>("select generation from open_data_generations order by generation desc limit 1")) as [{ generation: string }];
    const [stored] = await app.query<{ bytes: Uint8Array }>("select bytes from open_data_files where generation = $1 and name = 'changes.csv' and part = 0", [generation]);
    await app.query("update open_data_files set bytes = $2 where generation = $1 and name = 'changes.csv'", [
      generation,
      gzipSync(Buffer.concat([gunzipSync(Buffer.from(stored!.bytes)), Buffer.from("x")])),
    ]);
    rmSync(path.join(app.dataDir, "open-data"), { recursive: true, force: true });
    const [{ now }] = (await app.query<{ now: Date }>("select now()")) as [{ now: Date }];
    const response = await app.request("/data/changes.csv", { headers: { "Accept-Encoding": "identity" } });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("300");
    expect(await response.text()).toContain(OPEN_DATA_WORDS.filesRewriting);
    // Nothing left on the disk to serve next time, and a run waits in the queue.
    expect(readdirSync(path.join(app.dataDir, "open-data", generation))).toEqual([]);
    expect(await app.query("select 1 from pgboss.job where name = 'data-files' and created_on >= $1", [now])).toHaveLength(1);
    await app.query("update open_data_files set bytes = $2 where generation = $1 and name = 'changes.csv'", [generation, Buffer.from(stored!.bytes)]);
  });

  it("answers 404 for a name that is not one of the files", async () => {
    for (const address of ["/data/other.json", "/data/current.json", "/data/tools.json.gz"]) {
      const response = await app.request(address);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe(`${MESSAGES.fileNotFound.title}: ${MESSAGES.fileNotFound.description}\n`);
    }
  });
});

describeEachBackend(
  "the open-data files on a first start with a schedule",
  (app: TestApp) => {
    it("are written by themselves, without a request", async () => {
      await until("the run the start asked for", async () => ((await storedGenerations(app)).length === 1 ? true : null));
      const response = await app.request("/data/tools.json");
      expect(response.status).toBe(200);
      expect(((await response.json()) as { tool_count: number }).tool_count).toBe(200);
    });
  },
  { env: () => ({ DATA_FILES_SCHEDULE: "15 3 * * *" }) },
);
