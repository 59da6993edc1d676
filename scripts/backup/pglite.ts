import { existsSync, openAsBlob, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { DataDirLockedError, describeHolder, lockDataDir } from "../../app/utils/data-dir-lock.server.ts";
import { CliError } from "./cli.ts";
import { countRows, type Query } from "./tables.ts";

/** The same extensions the server opens the database with (app/utils/db.server.ts). */
const extensions = { pg_trgm };

export const pgliteDir = (dataDir: string) => path.resolve(dataDir, "db");
export const hasPgliteDatabase = (dataDir: string) => existsSync(path.join(pgliteDir(dataDir), "PG_VERSION"));

const queryOf =
  (client: PGlite): Query =>
  async <T>(text: string) =>
    (await client.query<T>(text)).rows;

/**
 * Takes DATA_DIR/db.lock for the whole backup or restore: the embedded database
 * must not be open in the server meanwhile, and the server cannot start until we are done.
 */
export function lockForScript(dataDir: string, by: string) {
  try {
    return lockDataDir(dataDir, by);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new CliError(`${describeHolder(dataDir, error.holder)}. Stop the server first (Ctrl+C or SIGTERM: the embedded database allows one process), then run ${by} again.`);
    }
    throw error;
  }
}

/** A consistent copy of the closed database: PGlite's own dump of its data folder, taken after a checkpoint. */
export async function dumpPglite(dataDir: string, toFile: string) {
  const client = await PGlite.create(pgliteDir(dataDir), { extensions });
  try {
    await client.exec("CHECKPOINT");
    const tables = await countRows(queryOf(client));
    const tarball = await client.dumpDataDir("none");
    writeFileSync(toFile, Buffer.from(await tarball.arrayBuffer()));
    return tables;
  } finally {
    await client.close();
  }
}

/** Loads a dump into a new, empty folder and counts its rows there, before anything replaces the current database. */
export async function loadPglite(dumpFile: string, intoDir: string) {
  const client = await PGlite.create(intoDir, { extensions, loadDataDir: await openAsBlob(dumpFile) });
  try {
    return await countRows(queryOf(client));
  } finally {
    await client.close();
  }
}
