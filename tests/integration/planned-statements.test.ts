import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, scratchPostgres } from "../support/app";
import { templateDataDir } from "../support/paths";

/**
 * A statement asked again and again with other values (a search, an account page) is planned once (decision 060):
 * a prepared statement named after its text, planned for any values, on PostgreSQL and on PGlite. The database module's own
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

  it("answers each time with the values given, from a statement prepared once and planned once for any values", async () => {
    for (const word of ["first", "second", "third"]) {
      expect(await db.askPlanned(sql`select ${word}::text || '!' as shout, ${word.length}::int as letters, ${sql.param([word, "x"])}::text[] as list`)).toEqual([
        { shout: `${word}!`, letters: word.length, list: [word, "x"] },
      ]);
    }
    // One connection here (PGlite has one session; the pool's one client is asked in turn): the statement is prepared
    // on it once, and never planned for its values.
    const prepared = await db.rawQuery("select generic_plans::int, custom_plans::int from pg_prepared_statements where name like 'planned-%'");
    expect(prepared).toEqual([{ generic_plans: 3, custom_plans: 0 }]);
  });

  it("fails a statement that fails, and answers the next one", async () => {
    // Drizzle's error, as any query's, with the database's own under it.
    const failure = await db.askPlanned(sql`select 1 / ${0}::int as n`).then(
      () => null,
      (error: unknown) => error as Error & { cause?: Error },
    );
    expect(failure?.message).toMatch(/^Failed query: /);
    expect(failure?.cause?.message).toMatch(/division by zero/);
    expect(await db.askPlanned(sql`select 6 / ${2}::int as n`)).toEqual([{ n: 3 }]);
  });
});
