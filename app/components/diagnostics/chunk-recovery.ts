import { CHUNK_RELOAD_DELAY_MS, CHUNK_RELOAD_KEY, shouldReloadForChunk } from "~/lib/vitals/diagnostics";

/**
 * A lazily loaded part (a dialog, the palette, an error screen) whose file is gone, usually because a deploy
 * replaced the hashed assets while this tab was open: the page reloads once to get the new ones (spec part 1
 * §8, after 1 s). A failure again soon after that reload is left to the error boundary, so a chunk that is
 * really missing cannot make the page reload in a loop. React Router reloads by itself for route modules.
 */
export function installChunkRecovery(): () => void {
  function onPreloadError(event: Event) {
    let last: string | null = null;
    try {
      last = sessionStorage.getItem(CHUNK_RELOAD_KEY);
    } catch {
      return; // without session storage a reload could not be counted: let the error show
    }
    if (!shouldReloadForChunk(last, Date.now())) return;
    event.preventDefault();
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    setTimeout(() => location.reload(), CHUNK_RELOAD_DELAY_MS);
  }
  addEventListener("vite:preloadError", onPreloadError);
  return () => removeEventListener("vite:preloadError", onPreloadError);
}
