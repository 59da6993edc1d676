import type { RouteHandle } from "~/lib/route-handle";
import { pingDatabase, pingReads } from "~/utils/db.server";
import { isReadOnly, notePrimaryFailure, primaryUnreachableSince, probePrimaryNow } from "~/utils/primary-health.server";

export const handle = { cache: "personal" } satisfies RouteHandle;

export type HealthStatus = "healthy" | "degraded" | "down";
export type ResponseGrade = "good" | "slow" | "poor";

/** Response-time grades of spec part 1 §4: under 500 ms good, under 1000 ms slow, else poor. */
export function gradeResponseTime(ms: number): ResponseGrade {
  if (ms < 500) return "good";
  if (ms < 1000) return "slow";
  return "poor";
}

export function statusFor(ok: boolean, ms: number, readOnly = false): HealthStatus {
  if (!ok) return "down";
  // Reads answer and the primary does not (decision 090): pages are served, writes are refused.
  if (readOnly) return "degraded";
  return gradeResponseTime(ms) === "poor" ? "degraded" : "healthy";
}

/**
 * Whether the database answers for what pages need: the primary's round trip; when it fails with a lost connection,
 * the primary is asked at once (read-only mode, decision 090), and while it stays out of reach the round trip is where
 * reads go (`degraded` when they answer).
 */
async function databaseAnswers(): Promise<boolean> {
  // In read-only mode the primary is asked first: when it is back, the mode ends now rather than at the next probe.
  if (isReadOnly()) await probePrimaryNow();
  if (!isReadOnly()) {
    try {
      await pingDatabase();
      return true;
    } catch (error) {
      notePrimaryFailure(error);
      // Read-only now, or not (PGlite, a query that failed for another reason): answered from what that probe found.
      await probePrimaryNow();
      if (!isReadOnly()) return false;
    }
  }
  return pingReads().then(
    () => true,
    () => false,
  );
}

export async function loader() {
  const started = performance.now();
  const ok = await databaseAnswers();
  const responseTimeMs = Math.round((performance.now() - started) * 10) / 10;
  const readOnly = isReadOnly();
  const status = statusFor(ok, responseTimeMs, readOnly);
  const since = primaryUnreachableSince();
  return Response.json(
    {
      status,
      responseTimeMs,
      responseTime: gradeResponseTime(responseTimeMs),
      checkedAt: new Date().toISOString(),
      // Read-only mode: the primary database is out of reach, writes are refused and jobs paused, since then.
      ...(readOnly ? { readOnly: true, primaryUnreachableSince: since?.toISOString() } : {}),
    },
    { status: status === "down" ? 503 : 200, headers: { "Cache-Control": "no-store" } },
  );
}
