import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, scratchPostgres } from "../support/app";
import { templateDataDir } from "../support/paths";

/**
 * A statement asked again and again with other values (a search, an account page) is planned once on PostgreSQL
 * (decision 060): a prepared statement named after its text, planned for any values. The database module's own
 * functions, on a database of their own.
 */
describe.each(backends)("statements planned once [%s]", (backend) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aitools-planned-"));
  let drop = async () => {};
  let db: typeof import("../../app/utils/db.server");

  beforeAll(async () => {
    let databaseUrl: string | undefined;
    if (backend === "postgres") {
      const scratch = await scratchPostgres(process.env.TEST_DATABASE_URL!);
      databaseUrl = scratch.url;
      drop = () => scratch.drop();
    } else {
      cpSync(templateDataDir(), dataDir, { recursive: true });
    }
    const { initEnv } = await import("../../app/utils/env.server");
    initEnv({ NODE_ENV: "test", LOG_LEVEL: "error", DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
    db = await import("../../app/utils/db.server");
    await db.openDatabase({ databaseUrl, dataDir });
  }, 60_000);

  afterAll(async () => {
    await db?.closeDatabase();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers each time with the values given, planned once for any values on PostgreSQL", async () => {
    for (const word of ["first", "second", "third"]) {
      expect(await db.askPlanned(sql`select ${word}::text || '!' as shout, ${word.length}::int as letters`)).toEqual([{ shout: `${word}!`, letters: word.length }]);
    }
    if (backend !== "postgres") return;
    // One connection here, asked in turn: the statement is prepared on it once, and never planned for its values.
    const prepared = await db.rawQuery("select generic_plans::int, custom_plans::int from pg_prepared_statements where name like 'planned-%'");
    expect(prepared).toEqual([{ generic_plans: 3, custom_plans: 0 }]);
  });
});
