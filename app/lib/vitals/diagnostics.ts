/**
 * The diagnostic variants of any page (spec part 1 §2.1: `?mode=`): `minimal` renders the page without client
 * JavaScript, `step-test` shows the start-up steps with their timings, `loading-test` walks through the loading
 * guards. Every variant is `noindex`, and the page cache keys it apart from the plain URL (the key has the query).
 */
export const DIAGNOSTIC_MODES = ["minimal", "step-test", "loading-test"] as const;
export type DiagnosticMode = (typeof DIAGNOSTIC_MODES)[number];

export function diagnosticModeOf(search: string | URLSearchParams): DiagnosticMode | null {
  const mode = (typeof search === "string" ? new URLSearchParams(search) : search).get("mode");
  return (DIAGNOSTIC_MODES as readonly string[]).includes(mode ?? "") ? (mode as DiagnosticMode) : null;
}

/** The session storage entry that remembers a reload after a chunk failed to load. */
export const CHUNK_RELOAD_KEY = "atlas.chunkReload";
/** A second failure within this time of the reload is not reloaded again: the chunk is really gone or broken. */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;
/** Spec part 1 §9: 'chunk recovery reload 1 s'. */
export const CHUNK_RELOAD_DELAY_MS = 1000;

/** Whether a failed chunk should reload the page, given when (if ever) this tab last reloaded for one. */
export function shouldReloadForChunk(lastReload: string | null, now: number): boolean {
  const at = Number(lastReload);
  return !lastReload || !Number.isFinite(at) || now - at > CHUNK_RELOAD_WINDOW_MS || at > now;
}
