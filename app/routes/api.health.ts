import type { RouteHandle } from "~/lib/route-handle";
import { pingDatabase } from "~/utils/db.server";

export const handle = { cache: "personal" } satisfies RouteHandle;

export type HealthStatus = "healthy" | "degraded" | "down";
export type ResponseGrade = "good" | "slow" | "poor";

/** Response-time grades of spec part 1 §4: under 500 ms good, under 1000 ms slow, else poor. */
export function gradeResponseTime(ms: number): ResponseGrade {
  if (ms < 500) return "good";
  if (ms < 1000) return "slow";
  return "poor";
}

export function statusFor(ok: boolean, ms: number): HealthStatus {
  if (!ok) return "down";
  return gradeResponseTime(ms) === "poor" ? "degraded" : "healthy";
}

export async function loader() {
  const started = performance.now();
  let ok = true;
  try {
    await pingDatabase();
  } catch {
    ok = false;
  }
  const responseTimeMs = Math.round((performance.now() - started) * 10) / 10;
  const status = statusFor(ok, responseTimeMs);
  return Response.json(
    { status, responseTimeMs, responseTime: gradeResponseTime(responseTimeMs), checkedAt: new Date().toISOString() },
    { status: status === "down" ? 503 : 200, headers: { "Cache-Control": "no-store" } },
  );
}
