import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/**
 * A start on an empty data folder (decision 078): the database is created in a child process, so the server's PGlite
 * only ever opens a folder that has one and never runs initdb in a second instance of its own (650-780 MB more at its
 * peak, held until a later full collection). Opening the folder in this process instead fails here: PGlite.create
 * would be called on a folder without PG_VERSION, and again for initdb's instance.
 */
describe("the embedded database's first start", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aitools-pglite-first-start-"));
  const dbDir = path.join(dataDir, "db");
  /** For each PGlite.create in this process: whether the folder it opened already had a database. */
  const opened: boolean[] = [];
  let db: typeof import("../../app/utils/db.server");

  beforeAll(async () => {
    const create = PGlite.create.bind(PGlite);
    vi.spyOn(PGlite, "create").mockImplementation(((...args: Parameters<typeof PGlite.create>) => {
      opened.push(existsSync(path.join(dbDir, "PG_VERSION")));
      return create(...args);
    }) as typeof PGlite.create);
    const { initEnv } = await import("../../app/utils/env.server");
    initEnv({ NODE_ENV: "test", LOG_LEVEL: "error", DATA_DIR: dataDir });
    db = await import("../../app/utils/db.server");
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    await db?.closeDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("creates the database in a child process, then opens and migrates it once in this one", async () => {
    await db.openDatabase({ dataDir });
    expect(opened).toEqual([true]);
    const [migrations] = await db.rawQuery<{ count: number }>("select count(*)::int as count from drizzle.__drizzle_migrations");
    expect(migrations?.count).toBeGreaterThan(0);
    expect(await db.rawQuery("show shared_buffers")).toEqual([{ shared_buffers: "32MB" }]);
  }, 120_000);

  it("opens it again without creating anything, its migrations as they were", async () => {
    const [before] = await db.rawQuery<{ count: number }>("select count(*)::int as count from drizzle.__drizzle_migrations");
    await db.closeDatabase();
    await db.openDatabase({ dataDir });
    expect(opened).toEqual([true, true]);
    expect(await db.rawQuery("select count(*)::int as count from drizzle.__drizzle_migrations")).toEqual([before]);
  }, 60_000);
});
