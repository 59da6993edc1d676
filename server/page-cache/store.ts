import { onInvalidate } from "~/utils/cache.server";
import type { CachedPage } from "../page-cache";

/**
 * Rendered pages for visitors without a session (decision 011), by key (path, query and theme cookie), dropped
 * when a tag of the data they show is invalidated (utils/cache.server.ts) or, for a page tagged with
 * `tagPageUntil`, once that moment has passed. Memory is bounded (least recently used entries go first); nothing
 * here is the only copy of anything, so an instance may start empty at any time. One store per started app,
 * made by `createPageStore`: `close` stops it listening to invalidations.
 */
export type PageStore = {
  get: (key: string) => CachedPage | undefined;
  set: (key: string, page: CachedPage) => void;
  /** How many pages are kept (for tests and the health of the cache). */
  count: () => number;
  close: () => void;
};

const MAX_BYTES = 96 * 1024 * 1024;

const sizeOf = (page: CachedPage) => page.body.length + page.gzip.length + page.br.length;

export function createPageStore(maxBytes = MAX_BYTES): PageStore {
  const pages = new Map<string, CachedPage>();
  const byTag = new Map<string, Set<string>>();
  const bytes = { total: 0 };

  function remove(key: string) {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    bytes.total -= sizeOf(page);
    for (const tag of page.tags) byTag.get(tag)?.delete(key);
  }

  const stopListening = onInvalidate((tags) => {
    if (tags.includes("*")) return [...pages.keys()].forEach(remove);
    for (const tag of tags) for (const key of [...(byTag.get(tag) ?? [])]) remove(key);
  });

  return {
    get(key) {
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
    },
    set(key, page) {
      remove(key);
      pages.set(key, page);
      bytes.total += sizeOf(page);
      for (const tag of page.tags) {
        let keys = byTag.get(tag);
        if (!keys) byTag.set(tag, (keys = new Set()));
        keys.add(key);
      }
      for (const oldest of pages.keys()) {
        if (bytes.total <= maxBytes) break;
        remove(oldest);
      }
    },
    count: () => pages.size,
    close() {
      stopListening();
      pages.clear();
      byTag.clear();
      bytes.total = 0;
    },
  };
}
