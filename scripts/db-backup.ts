// `npm run db:backup [-- FILE]`: the database, uploads on disk and the generated auth secret in one .tar.gz
// (default DATA_DIR/backups/<UTC time>.tar.gz). See "Backups and recovery" in docs/DEPLOY.md.
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { FORMAT, FORMAT_VERSION, PGLITE_DUMP, POSTGRES_DUMP, writeArchive, type Manifest } from "./backup/archive.ts";
import { CliError, formatBytes, parseCli, plural, readEnv, run, shown } from "./backup/cli.ts";
import { listFiles } from "./backup/files.ts";
import { dumpPglite, hasPgliteDatabase, lockForScript, pgliteDir } from "./backup/pglite.ts";
import { dumpPostgres, withoutPassword } from "./backup/postgres.ts";
import { summarise } from "./backup/tables.ts";

const USAGE = `Usage: npm run db:backup [-- FILE]

Writes one .tar.gz with the database (PGlite's data folder, or pg_dump's custom format when DATABASE_URL is set),
the files in DATA_DIR/uploads (unless S3_BUCKET is set) and DATA_DIR/auth-secret. FILE defaults to
DATA_DIR/backups/<UTC time>.tar.gz and must not exist. With the embedded database the server must be stopped.`;

await run("Backup", async () => {
  const { file } = parseCli(USAGE);
  const env = readEnv();
  const dataDir = path.resolve(env.DATA_DIR);
  const stamp = new Date().toISOString().slice(0, 19).replaceAll(":", "-");
  const target = path.resolve(file ?? path.join(dataDir, "backups", `${stamp}Z.tar.gz`));
  if (existsSync(target)) throw new CliError(`${shown(target)} already exists: name another file.`);
  if (!env.DATABASE_URL && !hasPgliteDatabase(dataDir)) {
    throw new CliError(`there is no embedded database in ${shown(pgliteDir(dataDir))} (check DATA_DIR; set DATABASE_URL to back up a PostgreSQL server).`);
  }
  // It holds password hashes, sessions and the auth secret: readable by this user only.
  mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });

  const release = env.DATABASE_URL ? () => {} : lockForScript(dataDir, "npm run db:backup");
  const staging = mkdtempSync(path.join(path.dirname(target), ".backup-"));
  const partial = `${target}.partial`;
  try {
    mkdirSync(path.join(staging, "database"));
    const kind = env.DATABASE_URL ? "postgres" : "pglite";
    const dumpName = kind === "postgres" ? POSTGRES_DUMP : PGLITE_DUMP;
    // The database first: a file uploaded meanwhile is then at worst an extra file, never a row without its file.
    const tables = env.DATABASE_URL ? await dumpPostgres(env.DATABASE_URL, path.join(staging, dumpName)) : await dumpPglite(dataDir, path.join(staging, dumpName));

    const uploadsDir = path.join(dataDir, "uploads");
    const uploads = env.S3_BUCKET ? undefined : listFiles(uploadsDir, dataDir);
    let uploadList: string | undefined;
    if (uploads?.names.length) {
      uploadList = path.join(staging, "uploads.list");
      writeFileSync(uploadList, uploads.names.join("\0"));
    }

    const secretFile = path.join(dataDir, "auth-secret");
    const authSecret = !env.AUTH_SECRET && existsSync(secretFile);
    if (authSecret) copyFileSync(secretFile, path.join(staging, "auth-secret"));

    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      database: { kind, file: dumpName, tables },
      uploads: uploads ? { store: "disk", files: uploads.names.length, bytes: uploads.bytes } : { store: "s3", bucket: env.S3_BUCKET! },
      authSecret,
    };
    writeFileSync(path.join(staging, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");

    writeFileSync(partial, "", { mode: 0o600 });
    await writeArchive(partial, staging, ["manifest.json", "database", ...(authSecret ? ["auth-secret"] : [])], dataDir, uploadList);
    chmodSync(partial, 0o600);
    // Renamed only when complete: a file with the final name is always a whole backup.
    renameSync(partial, target);

    const from = kind === "postgres" ? `PostgreSQL ${withoutPassword(env.DATABASE_URL!)}` : `PGlite in ${shown(pgliteDir(dataDir))}`;
    console.log(`Backed up to ${shown(target)} (${formatBytes(statSync(target).size)}):`);
    console.log(`  database: ${from}, ${summarise(tables)}`);
    console.log(
      uploads
        ? `  uploads: ${plural(uploads.names.length, "file")} (${formatBytes(uploads.bytes)}) from ${shown(uploadsDir)}`
        : `  uploads: not included: they are in the S3 bucket "${env.S3_BUCKET}", which the storage provider backs up (turn on versioning or replication there)`,
    );
    console.log(
      authSecret
        ? "  auth secret: included (from DATA_DIR/auth-secret)"
        : env.AUTH_SECRET
          ? "  auth secret: not included: AUTH_SECRET is set in the environment; keep it with your other secrets"
          : "  auth secret: none yet (DATA_DIR/auth-secret does not exist)",
    );
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(partial, { force: true });
    release();
  }
});
