import { useEffect } from "react";
import { useLocation } from "react-router";
import { installDebugOverlay } from "~/enhance/debug-overlay";
import { debugLog } from "~/lib/vitals/debug-log";

/** The debug overlay on app pages (the panel is app/enhance/debug-overlay.ts), logging each navigation. */
export function DebugOverlay() {
  const location = useLocation();
  useEffect(() => installDebugOverlay(), []);
  useEffect(() => {
    debugLog.push("navigation", location.pathname + location.search);
  }, [location.pathname, location.search]);
  return null;
}
