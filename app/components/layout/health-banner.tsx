import { useEffect, useState } from "react";
import { debugLog } from "~/lib/vitals/debug-log";
import { HEALTH_POLL_INTERVAL_MS } from "~/lib/site";
import { READ_ONLY_BANNER } from "~/lib/words/read-only";
import { Icon } from "~/components/ui/icon";

/** Which warning shows: none, the read-only banner (writes paused, decision 090), or the database's trouble. */
type Health = "healthy" | "read-only" | "down";

/**
 * The read-only banner (decision 090): rendered by React on pages rendered while the primary database is out of
 * reach, and put into kept pages served meanwhile (`added`: server/page-cache/read-only-banner.tsx renders it once).
 */
export function ReadOnlyBanner({ added = false }: { added?: boolean }) {
  return (
    <div role="status" data-banner="read-only" data-added={added ? "" : undefined} className="border-b bg-warning text-warning-foreground">
      <p className="mx-auto flex max-w-7xl items-start gap-2 px-4 py-2 text-sm">
        <Icon name="triangle-exclamation-point" className="mt-0.5 size-4 shrink-0" />
        <span>
          <strong className="font-medium">{READ_ONLY_BANNER.title}</strong> {READ_ONLY_BANNER.description}
        </span>
      </p>
    </div>
  );
}

/**
 * Polls /api/health every 30 s and warns when the database is not healthy (spec part 1 §4).
 * `databaseDown`: the page itself was answered 503 because the database is down, so the warning shows at
 * once; `readOnly`: the page was rendered in read-only mode (the primary out of reach), so the read-only banner
 * shows at once. A page that loaded after either shows what it was rendered with, until a poll says otherwise.
 */
export function HealthBanner({ databaseDown = false, readOnly = false }: { databaseDown?: boolean; readOnly?: boolean }) {
  const rendered: Health = readOnly ? "read-only" : databaseDown ? "down" : "healthy";
  const [health, setHealth] = useState<Health>(rendered);
  const [pageHealth, setPageHealth] = useState<Health>(rendered);
  if (pageHealth !== rendered) {
    setPageHealth(rendered);
    setHealth(rendered);
  }

  useEffect(() => {
    let cancelled = false;
    async function check() {
      let next: Health;
      try {
        const response = await fetch("/api/health", { headers: { Accept: "application/json" } });
        const body = (await response.json()) as { status: string; responseTimeMs: number; readOnly?: boolean };
        debugLog.push("health", `${body.status} in ${body.responseTimeMs} ms`);
        next = body.status === "healthy" ? "healthy" : body.readOnly && body.status === "degraded" ? "read-only" : "down";
      } catch {
        debugLog.push("health", "health check failed");
        next = "down";
      }
      if (cancelled) return;
      setHealth(next);
      // A kept page served in read-only mode carries the banner outside what React renders (`data-added`): it goes
      // with the mode, and React's own shows while it lasts.
      for (const added of document.querySelectorAll("[data-banner='read-only'][data-added]")) added.remove();
    }
    const timer = setInterval(check, HEALTH_POLL_INTERVAL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, []);

  if (health === "healthy") return null;
  if (health === "read-only") return <ReadOnlyBanner />;
  return (
    <div role="alert" className="border-b bg-warning text-warning-foreground">
      <p className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-2 text-sm font-medium">
        <Icon name="triangle-exclamation-point" className="size-4" /> Database connection issues detected
      </p>
    </div>
  );
}
