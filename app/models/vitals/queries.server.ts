import { sql } from "drizzle-orm";
import { webVitals } from "~/db/schema";
import type { PageType, VitalMetric } from "~/lib/vitals/web-vitals";
import { getDb } from "~/utils/db.server";

export type VitalReport = { metric: VitalMetric; value: number; pageType: PageType };

/** Stores one page view's measurements: the metric, its value and the page type, nothing about the visitor. */
export async function recordVitals(reports: VitalReport[]): Promise<number> {
  if (!reports.length) return 0;
  await getDb().insert(webVitals).values(reports);
  return reports.length;
}

export type VitalP75 = { pageType: PageType; metric: VitalMetric; p75: number; samples: number };

/** How far back /verification looks: a month of visits, so a fix shows within weeks and old releases fade out. */
export const VITALS_WINDOW_DAYS = 28;

/**
 * The 75th percentile of each metric per page type (the figure Core Web Vitals are judged by), over the last
 * `days`. Continuous percentile, as PostgreSQL (and PGlite) compute it: interpolated between the two nearest values.
 */
export async function vitalsP75(days = VITALS_WINDOW_DAYS): Promise<VitalP75[]> {
  const rows = await getDb()
    .select({
      pageType: webVitals.pageType,
      metric: webVitals.metric,
      p75: sql<number>`percentile_cont(0.75) within group (order by ${webVitals.value})`.mapWith(Number),
      samples: sql<number>`count(*)`.mapWith(Number),
    })
    .from(webVitals)
    .where(sql`${webVitals.createdAt} > now() - make_interval(days => ${days})`)
    .groupBy(webVitals.pageType, webVitals.metric)
    .orderBy(webVitals.pageType, webVitals.metric);
  return rows as VitalP75[];
}
