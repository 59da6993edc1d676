import { debugLog, DEBUG_OVERLAY_STORAGE_KEY } from "~/lib/vitals/debug-log";

function remembered(): boolean {
  try {
    return localStorage.getItem(DEBUG_OVERLAY_STORAGE_KEY) === "on";
  } catch {
    return false;
  }
}

function remember(visible: boolean) {
  try {
    localStorage.setItem(DEBUG_OVERLAY_STORAGE_KEY, visible ? "on" : "off");
  } catch {
    // Storage refused (a private window's quota): the overlay still toggles for this page.
  }
}

/**
 * The debug overlay (spec part 1 §2.3): Ctrl+Shift+D toggles a small panel with the newest entries of the log
 * (the last 100 are kept, 10 shown), and the choice is remembered on this device. Plain DOM, so app pages
 * (debug-overlay.tsx) and reading pages (main.ts) share it; errors on the page are logged as they happen. The
 * panel's code loads when it is first shown.
 */
export function installDebugOverlay(): () => void {
  let visible = false;
  let hide: (() => void) | undefined;
  function show(next: boolean) {
    visible = next;
    if (next) {
      void import("./debug-panel").then(({ showDebugPanel }) => {
        if (visible && !hide) hide = showDebugPanel();
      });
    } else {
      hide?.();
      hide = undefined;
    }
  }
  function onKeyDown(event: KeyboardEvent) {
    if (!(event.ctrlKey || event.metaKey) || !event.shiftKey || event.key.toLowerCase() !== "d") return;
    event.preventDefault();
    remember(!visible);
    show(!visible);
  }
  const onError = (event: ErrorEvent) => debugLog.push("error", event.message);
  // The first read of localStorage opens the site's storage, a wait of several ms on a phone: in a task of its own,
  // not in the one that commits the page's hydration (issue 43's long tasks).
  const restore = setTimeout(() => remembered() && show(true));
  addEventListener("keydown", onKeyDown);
  addEventListener("error", onError);
  return () => {
    clearTimeout(restore);
    removeEventListener("keydown", onKeyDown);
    removeEventListener("error", onError);
    show(false);
  };
}
