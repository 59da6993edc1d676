import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { CliError } from "./cli.ts";

/**
 * A backup is one gzipped tar: manifest.json, the database dump under database/,
 * auth-secret when the server generated one, and uploads/ as it is in DATA_DIR.
 * The system `tar` writes and reads it, so an operator can also look inside
 * with `tar -tzf` or take out one file by hand.
 */
export const FORMAT = "aitools-backup";
export const FORMAT_VERSION = 1;

export type Manifest = {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  database: { kind: "pglite" | "postgres"; file: string; tables: Record<string, number> };
  uploads: { store: "disk"; files: number; bytes: number } | { store: "s3"; bucket: string };
  authSecret: boolean;
};

export const PGLITE_DUMP = "database/pglite-datadir.tar";
export const POSTGRES_DUMP = "database/postgres.dump";

function tar(args: string[], doing: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("tar", args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "ENOENT" ? new CliError("`tar` is not installed: install it (Debian: apt-get install tar) and run again.") : error),
    );
    child.on("close", (code) => (code === 0 ? resolve() : reject(new CliError(`tar failed while ${doing}: ${stderr.trim() || `exit code ${code}`}`))));
  });
}

/** Writes `file` from names in `stagingDir` followed by the files listed (NUL-separated) in `dataDirList`, relative to `dataDir`. */
export function writeArchive(file: string, stagingDir: string, stagingNames: string[], dataDir: string, dataDirList: string | undefined) {
  const args = ["-czf", file, "-C", stagingDir, ...stagingNames];
  // -C applies to the names read with -T too, so uploads are read in place rather than copied first.
  if (dataDirList) args.push("-C", dataDir, "--null", "-T", dataDirList);
  return tar(args, `writing ${file}`);
}

export function extractArchive(file: string, intoDir: string) {
  return tar(["-xzf", file, "-C", intoDir], `reading ${file} (is it a backup made by npm run db:backup, and complete?)`);
}

export function readManifest(extractedDir: string, archive: string): Manifest {
  const file = path.join(extractedDir, "manifest.json");
  if (!existsSync(file)) throw new CliError(`${archive} has no manifest.json: it is not a backup made by npm run db:backup.`);
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Manifest;
  if (manifest.format !== FORMAT) throw new CliError(`${archive} is not a backup made by npm run db:backup (its manifest.json says format ${JSON.stringify(manifest.format)}).`);
  if (manifest.version > FORMAT_VERSION) {
    throw new CliError(
      `${archive} was written by a newer version of this app (backup format ${manifest.version}; this one reads ${FORMAT_VERSION}): restore it with that version.`,
    );
  }
  return manifest;
}
