import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { debugLog, DEBUG_LOG_VISIBLE, DEBUG_OVERLAY_STORAGE_KEY, type DebugEntry } from "~/lib/vitals/debug-log";

/** Ctrl+Shift+D toggles a small panel with the newest log entries; the choice is remembered. */
export function DebugOverlay() {
  const [visible, setVisible] = useState(false);
  const [entries, setEntries] = useState<DebugEntry[]>([]);
  const location = useLocation();

  useEffect(() => {
    setVisible(localStorage.getItem(DEBUG_OVERLAY_STORAGE_KEY) === "on");
    setEntries(debugLog.latest());
    const unsubscribe = debugLog.subscribe(() => setEntries(debugLog.latest()));
    const onError = (event: ErrorEvent) => debugLog.push("error", event.message);
    function onKeyDown(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && event.shiftKey && event.key.toLowerCase() === "d") {
        event.preventDefault();
        setVisible((was) => {
          localStorage.setItem(DEBUG_OVERLAY_STORAGE_KEY, was ? "off" : "on");
          return !was;
        });
      }
    }
    window.addEventListener("keydown", onKeyDown);
    window.addEventListener("error", onError);
    return () => {
      unsubscribe();
      window.removeEventListener("keydown", onKeyDown);
      window.removeEventListener("error", onError);
    };
  }, []);

  useEffect(() => {
    debugLog.push("navigation", location.pathname + location.search);
  }, [location.pathname, location.search]);

  if (!visible) return null;
  return (
    <aside
      aria-label="Debug log"
      data-testid="debug-overlay"
      className="fixed bottom-20 left-2 z-[60] w-[min(26rem,calc(100vw-1rem))] rounded-lg border bg-card/95 p-3 font-mono text-xs shadow-lg md:bottom-4"
    >
      <p className="mb-2 font-sans font-semibold">
        Debug log (newest {DEBUG_LOG_VISIBLE} of {debugLog.entries().length}) · Ctrl+Shift+D to hide
      </p>
      <ol className="grid gap-1">
        {entries.map((entry, index) => (
          <li key={`${entry.at}-${index}`} className="truncate">
            <span className="text-muted-foreground">{new Date(entry.at).toLocaleTimeString()}</span> [{entry.kind}] {entry.message}
          </li>
        ))}
      </ol>
    </aside>
  );
}
