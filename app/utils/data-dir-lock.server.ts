import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * PGlite has no lock of its own: two processes opening DATA_DIR/db both write
 * to it and corrupt it. Whoever opens it (the server, `npm run db:backup`,
 * `npm run db:restore`) first takes DATA_DIR/db.lock, which names its process.
 * A lock whose process is gone (a crash, a killed container) is taken over.
 * Plain Node and relative imports only: the scripts in scripts/ import it too.
 */
export type LockHolder = { pid: number; by: string; since: string };

export class DataDirLockedError extends Error {
  holder: LockHolder;
  constructor(message: string, holder: LockHolder) {
    super(message);
    this.holder = holder;
  }
}

export const lockPath = (dataDir: string) => path.resolve(dataDir, "db.lock");

function readHolder(file: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, "utf8")) as Partial<LockHolder>;
    return typeof holder.pid === "number" ? { pid: holder.pid, by: String(holder.by ?? "?"), since: String(holder.since ?? "?") } : undefined;
  } catch {
    return undefined;
  }
}

/** Alive, and (where /proc tells) a Node process: a reused pid after a reboot or in a new container does not count. */
function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  try {
    return /node/i.test(readFileSync(`/proc/${pid}/cmdline`, "utf8"));
  } catch {
    return true;
  }
}

/** The other live process holding the lock, if any (this process's own lock does not count). */
export function lockHolder(dataDir: string): LockHolder | undefined {
  const holder = readHolder(lockPath(dataDir));
  if (!holder || holder.pid === process.pid || !isRunning(holder.pid)) return undefined;
  return holder;
}

export function describeHolder(dataDir: string, holder: LockHolder) {
  return `process ${holder.pid} (${holder.by}, since ${holder.since}) has the database in ${path.resolve(dataDir, "db")} open`;
}

/** Takes the lock or throws DataDirLockedError; the returned function releases it. */
export function lockDataDir(dataDir: string, by: string): () => void {
  const file = lockPath(dataDir);
  const text = JSON.stringify({ pid: process.pid, by, since: new Date().toISOString() } satisfies LockHolder) + "\n";
  const refuse = (holder: LockHolder) =>
    new DataDirLockedError(
      `${describeHolder(dataDir, holder)}: the embedded database allows one process. Stop that process first (if it is not this app, delete ${file}).`,
      holder,
    );
  try {
    writeFileSync(file, text, { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const holder = lockHolder(dataDir);
    if (holder) throw refuse(holder);
    // Stale (or ours): replace it; `wx` again, so of two processes taking it over at once one fails.
    rmSync(file, { force: true });
    try {
      writeFileSync(file, text, { flag: "wx" });
    } catch {
      throw refuse(readHolder(file) ?? { pid: 0, by: "another process", since: "just now" });
    }
  }
  return () => {
    // Only our own: a process that took over a lock we thought stale keeps it.
    if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
  };
}
