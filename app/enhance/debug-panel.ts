import { debugLog, DEBUG_LOG_VISIBLE } from "~/lib/vitals/debug-log";

// The reader's own clock and locale: this panel is drawn in the browser only, and only when asked for, so its
// formatter is made then (a first Intl formatter loads ICU's locale data; lib/ui/numbers.ts).
let localTime: Intl.DateTimeFormat | undefined;

/** The debug overlay's panel (debug-overlay.ts), loaded the first time it is shown; returns what hides it. */
export function showDebugPanel(): () => void {
  const panel = document.createElement("aside");
  panel.setAttribute("aria-label", "Debug log");
  panel.dataset.testid = "debug-overlay";
  panel.className = "fixed bottom-20 left-2 z-[60] w-[min(26rem,calc(100vw-1rem))] rounded-lg border bg-card/95 p-3 font-mono text-xs shadow-lg md:bottom-4";
  function render() {
    const heading = document.createElement("p");
    heading.className = "mb-2 font-sans font-semibold";
    heading.textContent = `Debug log (newest ${DEBUG_LOG_VISIBLE} of ${debugLog.entries().length}) · Ctrl+Shift+D to hide`;
    const list = document.createElement("ol");
    list.className = "grid gap-1";
    for (const entry of debugLog.latest()) {
      const item = document.createElement("li");
      item.className = "truncate";
      const time = document.createElement("span");
      time.className = "text-muted-foreground";
      time.textContent = (localTime ??= new Intl.DateTimeFormat(undefined, { timeStyle: "medium" })).format(new Date(entry.at));
      item.append(time, ` [${entry.kind}] ${entry.message}`);
      list.append(item);
    }
    panel.replaceChildren(heading, list);
  }
  render();
  document.body.append(panel);
  const unsubscribe = debugLog.subscribe(render);
  return () => {
    unsubscribe();
    panel.remove();
  };
}
