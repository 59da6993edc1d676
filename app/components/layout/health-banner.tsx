import { useEffect, useState } from "react";
import { debugLog } from "~/lib/vitals/debug-log";
import { HEALTH_POLL_INTERVAL_MS } from "~/lib/site";
import { Icon } from "~/components/ui/icon";

/**
 * Polls /api/health every 30 s and warns when the database is not healthy (spec part 1 §4). A page sent in read-only
 * mode (decision 090) has the read-only banner from the server (server/read-only-banner.tsx), outside React: removed
 * once a poll says the mode is over.
 * `databaseDown`: the page itself was answered 503 because the database is down, so the warning shows at
 * once; a page that loaded after it hides the warning at once too (until a poll says otherwise).
 */
export function HealthBanner({ databaseDown = false }: { databaseDown?: boolean }) {
  const [healthy, setHealthy] = useState(!databaseDown);
  const [pageDown, setPageDown] = useState(databaseDown);
  if (pageDown !== databaseDown) {
    setPageDown(databaseDown);
    setHealthy(!databaseDown);
  }

  useEffect(() => {
    let cancelled = false;
    async function check() {
      try {
        const response = await fetch("/api/health", { headers: { Accept: "application/json" } });
        const body = (await response.json()) as { status: string; responseTimeMs: number; readOnly?: boolean };
        debugLog.push("health", `${body.status} in ${body.responseTimeMs} ms`);
        if (!cancelled) setHealthy(body.status === "healthy");
        if (!body.readOnly) for (const added of document.querySelectorAll("[data-added]")) added.remove();
      } catch {
        debugLog.push("health", "health check failed");
        if (!cancelled) setHealthy(false);
      }
    }
    const timer = setInterval(check, HEALTH_POLL_INTERVAL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, []);

  if (healthy) return null;
  return (
    <div role="alert" className="border-b bg-warning text-warning-foreground">
      <p className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-2 text-sm font-medium">
        <Icon name="triangle-exclamation-point" className="size-4" /> Database connection issues detected
      </p>
    </div>
  );
}
