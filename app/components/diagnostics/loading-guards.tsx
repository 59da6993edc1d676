import { useEffect, useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { countOf } from "~/lib/ui/plural";

/**
 * The loading guards of spec part 1 §4: a spinner that turns into 'Taking longer than expected...' with
 * Refresh Page after its timeout, and a guard that retries a load and, after its retries, says 'Loading Issues
 * Detected' with Reload Page and Clear Cache & Reload. `?mode=loading-test` shows them in turn.
 */

/** Clears what this site keeps in the browser (local and session storage, Cache Storage), then reloads. */
export async function clearCacheAndReload() {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Storage blocked by the browser: nothing of ours is in it either.
  }
  try {
    if ("caches" in window) await Promise.all((await caches.keys()).map((key) => caches.delete(key)));
  } catch {
    // Cache Storage is unavailable on insecure origins: nothing to clear.
  }
  location.reload();
}

export function Spinner({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2">
      <Icon name="loader-circle" className="size-5 animate-spin" />
      {label}
    </p>
  );
}

/** Shows `children` (a spinner) until `timeoutMs`, then the slow-load message with Refresh Page. */
export function TimeoutGuard({ timeoutMs, children }: { timeoutMs: number; children: ReactNode }) {
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), timeoutMs);
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  if (!late) return <>{children}</>;
  return (
    <div role="alert" className="space-y-3 rounded-md border p-4">
      <p className="font-semibold">Taking longer than expected...</p>
      <Button onClick={() => location.reload()}>Refresh Page</Button>
    </div>
  );
}

/** The causes the 'App Loading Error' screen names (spec part 1 §8). */
const CAUSES = [
  "A slow or interrupted network connection",
  "A browser that does not support this site",
  "Old files kept in the browser's cache",
  "A part of the app that failed to download",
];

export function LoadingIssues() {
  return (
    <div role="alert" className="space-y-3 rounded-md border border-destructive p-4">
      <p className="font-semibold">Loading Issues Detected</p>
      <p className="text-sm">The page could not finish loading. Common causes:</p>
      <ul className="list-disc pl-5 text-sm">
        {CAUSES.map((cause) => (
          <li key={cause}>{cause}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => location.reload()}>Reload Page</Button>
        <Button variant="outline" onClick={() => void clearCacheAndReload()}>
          Clear Cache & Reload
        </Button>
      </div>
    </div>
  );
}

/**
 * Waits `timeoutMs` for each attempt of `load`; a timed-out or failed attempt offers Retry until `retries`
 * are used, then shows LoadingIssues.
 */
export function RetryGuard({ load, timeoutMs, retries, children }: { load: () => Promise<void>; timeoutMs: number; retries: number; children: ReactNode }) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<"loading" | "failed" | "loaded">("loading");
  useEffect(() => {
    let current = true;
    setState("loading");
    const timer = setTimeout(() => current && setState("failed"), timeoutMs);
    load().then(
      () => current && setState("loaded"),
      () => current && setState("failed"),
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [attempt, load, timeoutMs]);
  if (state === "loaded") return <>{children}</>;
  if (state === "loading") return <Spinner label={attempt ? `Retrying (attempt ${attempt} of ${retries})...` : "Loading..."} />;
  if (attempt >= retries) return <LoadingIssues />;
  return (
    <div role="alert" className="space-y-3 rounded-md border p-4">
      <p className="font-semibold">This part did not load in time.</p>
      <Button onClick={() => setAttempt((was) => was + 1)}>Retry</Button>
      <p className="text-sm text-muted-foreground">{countOf(retries - attempt, "retry", "retries")} left</p>
    </div>
  );
}
