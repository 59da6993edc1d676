// `npm run db:restore -- FILE [--force]`: puts back what `npm run db:backup` saved. It refuses to replace a
// database, uploads or auth secret that are already there unless --force. See docs/DEPLOY.md.
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { extractArchive, readManifest, type Manifest } from "./backup/archive.ts";
import { CliError, formatBytes, parseCli, plural, readEnv, run, shown } from "./backup/cli.ts";
import { hasFiles, listFiles } from "./backup/files.ts";
import { hasPgliteDatabase, loadPglite, lockForScript, pgliteDir } from "./backup/pglite.ts";
import { otherSessions, postgresTables, restorePostgres, withoutPassword } from "./backup/postgres.ts";
import { compareCounts, summarise } from "./backup/tables.ts";
import type { Env } from "../app/utils/env.server.ts";

const USAGE = `Usage: npm run db:restore -- FILE [--force]

Restores a backup written by npm run db:backup: the embedded database into DATA_DIR/db (the server must be
stopped), or the PostgreSQL dump into DATABASE_URL; uploads into DATA_DIR/uploads; the auth secret into
DATA_DIR/auth-secret. Without --force it changes nothing when any of them already holds data.`;

function checkBackend(manifest: Manifest, env: Env) {
  if (manifest.database.kind === "pglite" && env.DATABASE_URL) {
    throw new CliError("this backup holds the embedded (PGlite) database: unset DATABASE_URL to restore it into DATA_DIR/db.");
  }
  if (manifest.database.kind === "postgres" && !env.DATABASE_URL) {
    throw new CliError("this backup holds a PostgreSQL dump: set DATABASE_URL to the database to restore it into (best an empty one, made with createdb).");
  }
}

/** What the restore would replace, listed before anything changes so that a refusal leaves everything as it was. */
async function occupied(manifest: Manifest, env: Env, dataDir: string, staging: string, restoreUploads: boolean) {
  const found: string[] = [];
  if (env.DATABASE_URL) {
    const tables = Object.keys(await postgresTables(env.DATABASE_URL)).length;
    if (tables) found.push(`the database ${withoutPassword(env.DATABASE_URL)} (${tables} tables)`);
  } else if (hasPgliteDatabase(dataDir)) {
    found.push(`the database in ${shown(pgliteDir(dataDir))}`);
  }
  if (restoreUploads && hasFiles(path.join(dataDir, "uploads"))) found.push(`the files in ${shown(path.join(dataDir, "uploads"))}`);
  const secretFile = path.join(dataDir, "auth-secret");
  if (manifest.authSecret && existsSync(secretFile) && !readFileSync(secretFile).equals(readFileSync(path.join(staging, "auth-secret")))) {
    found.push(`${shown(secretFile)} (a different secret)`);
  }
  return found;
}

async function restoreDatabase(manifest: Manifest, env: Env, dataDir: string, staging: string) {
  const dump = path.join(staging, manifest.database.file);
  if (!env.DATABASE_URL) {
    // Loaded and counted in a new folder first: the current database is deleted only once the backup has proved whole.
    const loaded = path.join(staging, "db");
    const tables = await loadPglite(dump, loaded);
    const missing = compareCounts(manifest.database.tables, tables);
    if (missing.length) throw new CliError(`the backup's database does not hold what its manifest lists, so nothing was changed: ${missing.join("; ")}`);
    rmSync(pgliteDir(dataDir), { recursive: true, force: true });
    renameSync(loaded, pgliteDir(dataDir));
    return { tables, notes: [] };
  }
  const sessions = await otherSessions(env.DATABASE_URL);
  const notes = sessions ? [`${plural(sessions, "other session")} connected to the database: restart the app processes so they drop pages cached before the restore`] : [];
  await restorePostgres(env.DATABASE_URL, dump);
  const tables = await postgresTables(env.DATABASE_URL);
  const missing = compareCounts(manifest.database.tables, tables);
  if (missing.length) throw new CliError(`the restored database does not hold what the backup lists: ${missing.join("; ")}`);
  const extra = Object.keys(tables).filter((table) => !(table in manifest.database.tables));
  if (extra.length) {
    notes.push(`tables not in the backup were left as they were: ${extra.join(", ")} (the app's migrations may then fail to create them; restore into an empty database instead)`);
  }
  return { tables, notes };
}

await run("Restore", async () => {
  const { file, force } = parseCli(USAGE, { force: true });
  if (!file) throw new CliError(`name the backup to restore.\n\n${USAGE}`);
  const archive = path.resolve(file);
  if (!existsSync(archive)) throw new CliError(`${shown(archive)} does not exist.`);
  const env = readEnv();
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });

  const release = env.DATABASE_URL ? () => {} : lockForScript(dataDir, "npm run db:restore");
  // Inside DATA_DIR, so the restored folders are moved into place by a rename on the same disk.
  const staging = mkdtempSync(path.join(dataDir, ".restore-"));
  try {
    await extractArchive(archive, staging);
    const manifest = readManifest(staging, shown(archive));
    checkBackend(manifest, env);
    const uploadsInBackup = manifest.uploads.store === "disk" ? manifest.uploads : undefined;
    const restoreUploads = Boolean(uploadsInBackup && !env.S3_BUCKET);
    if (uploadsInBackup) {
      const extracted = listFiles(path.join(staging, "uploads"), staging);
      if (extracted.names.length !== uploadsInBackup.files || extracted.bytes !== uploadsInBackup.bytes) {
        throw new CliError(
          `the backup's uploads are incomplete (${extracted.names.length} files, ${extracted.bytes} bytes; its manifest lists ${uploadsInBackup.files} files, ${uploadsInBackup.bytes} bytes): nothing was changed.`,
        );
      }
    }
    const found = await occupied(manifest, env, dataDir, staging, restoreUploads);
    if (found.length && !force)
      throw new CliError(`nothing was changed: there is already ${found.join(", ")}. Pass --force to replace ${found.length > 1 ? "them" : "it"} with the backup.`);

    const { tables, notes } = await restoreDatabase(manifest, env, dataDir, staging);
    const uploadsDir = path.join(dataDir, "uploads");
    if (restoreUploads) {
      rmSync(uploadsDir, { recursive: true, force: true });
      if (existsSync(path.join(staging, "uploads"))) renameSync(path.join(staging, "uploads"), uploadsDir);
    }
    const secretFile = path.join(dataDir, "auth-secret");
    if (manifest.authSecret) {
      copyFileSync(path.join(staging, "auth-secret"), secretFile);
      chmodSync(secretFile, 0o600);
    }

    const into = env.DATABASE_URL ? `PostgreSQL ${withoutPassword(env.DATABASE_URL)}` : `PGlite in ${shown(pgliteDir(dataDir))}`;
    console.log(`Restored ${shown(archive)} (made ${manifest.createdAt}):`);
    console.log(`  database: ${into}, ${summarise(tables)}`);
    if (manifest.uploads.store === "s3") console.log(`  uploads: not in this backup (they were in the S3 bucket "${manifest.uploads.bucket}")`);
    else if (restoreUploads) console.log(`  uploads: ${plural(manifest.uploads.files, "file")} (${formatBytes(manifest.uploads.bytes)}) into ${shown(uploadsDir)}`);
    else
      console.log(`  uploads: ${plural(manifest.uploads.files, "file")} NOT restored: S3_BUCKET is set. Copy them into the bucket yourself (tar -xzf ${shown(archive)} uploads/).`);
    if (manifest.authSecret) console.log(`  auth secret: ${shown(secretFile)}${env.AUTH_SECRET ? " (AUTH_SECRET is set in the environment and takes precedence)" : ""}`);
    for (const note of notes) console.log(`  note: ${note}`);
    console.log("Start the app now: it applies any newer migrations on start.");
  } finally {
    rmSync(staging, { recursive: true, force: true });
    release();
  }
});
