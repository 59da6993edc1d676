/**
 * The debug overlay's log (spec part 1 §2.3): a ring buffer in the browser that
 * keeps the last 100 entries; the overlay shows the newest 10.
 */
export const DEBUG_LOG_CAPACITY = 100;
export const DEBUG_LOG_VISIBLE = 10;
export const DEBUG_OVERLAY_STORAGE_KEY = "debug-overlay";

export type DebugEntry = { at: number; kind: "navigation" | "health" | "error" | "info"; message: string };

type Listener = (entries: readonly DebugEntry[]) => void;

export function createDebugLog(capacity = DEBUG_LOG_CAPACITY) {
  let entries: DebugEntry[] = [];
  const listeners = new Set<Listener>();
  return {
    push(kind: DebugEntry["kind"], message: string, at = Date.now()) {
      entries = [...entries, { at, kind, message }].slice(-capacity);
      for (const listener of listeners) listener(entries);
    },
    entries: () => entries as readonly DebugEntry[],
    latest: (n = DEBUG_LOG_VISIBLE) => entries.slice(-n).reverse(),
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const debugLog = createDebugLog();
