import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * PostgreSQL's settings for the embedded database, on top of PGlite's own. PGlite's default 128 MB of shared buffers
 * is laid out in its WebAssembly memory at start, written through and never given back (a WebAssembly memory only
 * grows): it held a database of 15 MB in 160 MB of the process's memory. 32 MB holds the whole catalogue and what
 * the job queue and accounts add to it for a long while; past that, pages come from the data folder's files (in the
 * kernel's page cache), not from the disk.
 */
export const PGLITE_SETTINGS = { shared_buffers: "32MB" } as const;

/**
 * How the server opens the embedded database, and how `pglite-initdb.server.ts` creates it: one place, so the folder
 * is made by the PGlite and the settings that then serve it. Plain relative imports only: node runs that file itself.
 */
export function pgliteOptions(): PGliteOptions {
  const startParams = [...PGlite.defaultStartParams, ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ["-c", `${name}=${value}`])];
  return { extensions: { pg_trgm }, startParams };
}
