/**
 * A small in-process cache for catalogue reads that every page needs
 * (category counts, featured tools). What is cached: results keyed by name.
 * For how long: until invalidated. Who invalidates: the editorial content sync
 * (the only writer of catalogue tables) calls invalidateCache("catalogue:").
 * Each app instance runs the sync at its own start, so no cross-instance
 * signal is needed for these keys.
 */
const entries = new Map<string, Promise<unknown>>();

export function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  let entry = entries.get(key) as Promise<T> | undefined;
  if (!entry) {
    entry = load();
    entries.set(key, entry);
    // A failed load is not remembered.
    entry.catch(() => entries.delete(key));
  }
  return entry;
}

export function invalidateCache(prefix: string) {
  for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
}
