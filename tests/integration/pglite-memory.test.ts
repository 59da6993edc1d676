import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { templateDataDir } from "../support/paths";

/**
 * The embedded database's share of the server's memory (docs/ARCHITECTURE.md, "Where the memory goes"): PGlite lays
 * its shared buffers out in its WebAssembly memory, which never shrinks, so the app opens it with 32 MB of them
 * instead of PostgreSQL's 128 MB. With the setting removed this fails (128MB).
 */
describe("the embedded database's memory", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aitools-pglite-memory-"));
  let db: typeof import("../../app/utils/db.server");

  beforeAll(async () => {
    cpSync(templateDataDir(), dataDir, { recursive: true });
    const { initEnv } = await import("../../app/utils/env.server");
    initEnv({ NODE_ENV: "test", LOG_LEVEL: "error", DATA_DIR: dataDir });
    db = await import("../../app/utils/db.server");
    await db.openDatabase({ dataDir });
  }, 60_000);

  afterAll(async () => {
    await db?.closeDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs with 32 MB of shared buffers, and PGlite's other settings kept", async () => {
    expect(await db.rawQuery("show shared_buffers")).toEqual([{ shared_buffers: "32MB" }]);
    // PGlite's own start parameters still apply (they are extended, not replaced).
    expect(await db.rawQuery("show max_worker_processes")).toEqual([{ max_worker_processes: "0" }]);
    expect(await db.rawQuery("show search_path")).toEqual([{ search_path: "public" }]);
  });
});
