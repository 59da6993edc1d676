import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { onInvalidate, pageExpiresAt } from "~/utils/cache.server";
import type { RenderNotes } from "~/utils/request-context";
import { keptPageParts, type KeptPageParts } from "./page-parts/kept-page";

/**
 * Rendered pages for visitors without a session (decision 011): HTML and the
 * `.data` of client navigations, kept in memory precompressed (br, gzip) with
 * a strong ETag, keyed by path, query and theme cookie, and dropped when a tag
 * of the data they show is invalidated (utils/cache.server.ts) or, for a page
 * tagged with `tagPageUntil`, once that moment has passed. Memory is
 * bounded (least recently used entries go first); nothing here is the only
 * copy of anything, so an instance may start empty at any time.
 */
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

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
  /** When the page stops being true on its own (`tagPageUntil`: a deal it shows expires), in ms since the epoch. */
  expiresAt?: number;
  /**
   * The page's parts, found when it was kept (server/page-parts, decisions 054, 066): a signed-in reader may be served
   * it with their personal parts rendered for them (`parts.forReader`: no loader read the viewer), a search with the
   * shell's parts rendered at its address (`parts.forAddress`).
   */
  parts: KeptPageParts | null;
};

const MAX_BYTES = 96 * 1024 * 1024;

const pages = new Map<string, CachedPage>();
const byTag = new Map<string, Set<string>>();
let totalBytes = 0;

const sizeOf = (page: CachedPage) => page.body.length + page.gzip.length + page.br.length;

function remove(key: string) {
  const page = pages.get(key);
  if (!page) return;
  pages.delete(key);
  totalBytes -= sizeOf(page);
  for (const tag of page.tags) byTag.get(tag)?.delete(key);
}

onInvalidate((tags) => {
  if (tags.includes("*")) return [...pages.keys()].forEach(remove);
  for (const tag of tags) for (const key of [...(byTag.get(tag) ?? [])]) remove(key);
});

export function getPage(key: string): CachedPage | undefined {
  const page = pages.get(key);
  if (page?.expiresAt !== undefined && Date.now() >= page.expiresAt) {
    remove(key);
    return undefined;
  }
  if (page) {
    // Most recently used goes last; eviction takes from the front.
    pages.delete(key);
    pages.set(key, page);
  }
  return page;
}

export function storePage(key: string, page: CachedPage) {
  remove(key);
  pages.set(key, page);
  totalBytes += sizeOf(page);
  for (const tag of page.tags) {
    let keys = byTag.get(tag);
    if (!keys) byTag.set(tag, (keys = new Set()));
    keys.add(key);
  }
  for (const oldest of pages.keys()) {
    if (totalBytes <= MAX_BYTES) break;
    remove(oldest);
  }
}

/** How many pages are kept (for tests and the health of the cache). */
export function cachedPageCount() {
  return pages.size;
}

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
