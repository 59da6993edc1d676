import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { pageExpiresAt } from "~/utils/cache.server";
import { surrogateKeyOf } from "~/utils/edge-purge.server";
import type { RenderNotes } from "~/utils/request-context";
import { keptPageParts, type KeptPageParts } from "./page-parts/kept-page";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A page kept for visitors without a session (decision 011): HTML, the `.data` of client navigations and the text
 * files made from the database, precompressed (br, gzip) with a strong ETag. The store that keeps them by key is
 * server/page-cache/store.ts.
 */
export type CachedPage = {
  status: number;
  contentType: string;
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  /** Hashes of the page's inline scripts, for the CSP of a page whose nonce is no longer secret. */
  scriptHashes: string[];
  tags: Set<string>;
  /** The tags as the edge in front keys the page by them (`Surrogate-Key`, decision 091), made once. */
  surrogateKey: string;
  /** When the page stops being true on its own (`tagPageUntil`: a deal it shows expires), in ms since the epoch. */
  expiresAt?: number;
  /**
   * The page's parts, found when it was kept (server/page-parts, decisions 054, 066): a signed-in reader may be served
   * it with their personal parts rendered for them (`parts.forReader`: no loader read the viewer), a search with the
   * shell's parts rendered at its address (`parts.forAddress`).
   */
  parts: KeptPageParts | null;
};

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/** sha256 sources of every inline script, as the CSP names them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, content] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc=/.test(attributes!) || !content) continue;
    hashes.add(`'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

export async function buildPage(
  status: number,
  contentType: string,
  body: Buffer,
  tags: Set<string>,
  { viewerRead = false, route }: Partial<RenderNotes> = {},
): Promise<CachedPage> {
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipAsync(body, { level: 9 }),
  ]);
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const html = contentType.startsWith("text/html") ? body.toString("utf8") : null;
  const scriptHashes = html ? inlineScriptHashes(html) : [];
  // Once per kept page: a signed-in reader's or a search's request then costs its parts' render and a concatenation.
  const parts = html !== null && route && html.includes("<page-part ") ? keptPageParts(body, route, { viewerRead }) : null;
  return {
    status,
    contentType,
    body,
    gzip: gz,
    br,
    etag,
    scriptHashes,
    tags,
    surrogateKey: surrogateKeyOf(tags),
    expiresAt: pageExpiresAt(tags),
    parts,
  };
}

/** The representation a client accepts, best first; each has its own ETag (strong validators differ per encoding). */
export function pickEncoding(page: CachedPage, acceptEncoding: string): { body: Buffer; encoding: "br" | "gzip" | null; etag: string } {
  if (/\bbr\b/.test(acceptEncoding)) return { body: page.br, encoding: "br", etag: page.etag.replace(/"$/, '-br"') };
  if (/\bgzip\b/.test(acceptEncoding)) return { body: page.gzip, encoding: "gzip", etag: page.etag.replace(/"$/, '-gz"') };
  return { body: page.body, encoding: null, etag: page.etag };
}

/** If-None-Match as RFC 9110 13.1.2 reads it: one of the listed tags (weak comparison), or `*`, which any kept page matches. */
export function matchesEtag(ifNoneMatch: string | null, etag: string) {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}
