import { createHash } from "node:crypto";

/**
 * The hash of a canonical facts text (lib/provenance/provenance.ts): what a confirmation covers and what 'Updated recently'
 * compares. Short, as the content hashes are: it tells versions of one subject apart, nothing more.
 */
export const factsHashOf = (canonical: string) => createHash("sha256").update(canonical).digest("hex").slice(0, 32);
