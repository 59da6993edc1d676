// Creates the embedded database in an empty folder, in a process of its own: `node app/utils/pglite-initdb.server.ts
// <folder>`, started by db.server.ts (decision 078). PGlite creates a database by running initdb in a second PGlite
// instance beside the one being opened, with its own WebAssembly memory, compiled modules and file bundles: 650-780 MB
// more at its peak, which the server process kept until a later full collection (sometimes after the bench's warm-up).
// Here all of it goes when this process exits; the server then opens a folder that has a database, as on every later start.
import { PGlite } from "@electric-sql/pglite";
import { pgliteOptions } from "./pglite-options.server.ts";

const folder = process.argv[2];
if (!folder) {
  console.error("Usage: node app/utils/pglite-initdb.server.ts <database folder>");
  process.exit(2);
}
const client = await PGlite.create(folder, pgliteOptions());
await client.close();
