/**
 * What a web-vitals beacon may say (shared by the browser's reporter and the endpoint's schema). A page is
 * named by its type, never its URL, so a report cannot carry a search term, a token or a profile path.
 */
export const VITAL_METRICS = ["CLS", "FCP", "LCP", "TTFB", "INP"] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

export const PAGE_TYPES = ["home", "tools", "tool", "category", "article", "blog", "courses", "other"] as const;
export type PageType = (typeof PAGE_TYPES)[number];

const ROUTE_PAGE_TYPES: Record<string, PageType> = {
  "routes/home": "home",
  "routes/tools": "tools",
  "routes/tools.detail": "tool",
  "routes/tools.category": "category",
  "routes/blog.post": "article",
  "routes/blog": "blog",
  "routes/blog.category": "blog",
  courses: "courses",
  "courses-category": "courses",
  "courses-platform": "courses",
  "courses-platform-category": "courses",
};

/** The page type of the leaf route id (app/routes.ts); everything else is "other". */
export function pageTypeOfRoute(routeId: string | undefined): PageType {
  return routeId && Object.hasOwn(ROUTE_PAGE_TYPES, routeId) ? ROUTE_PAGE_TYPES[routeId]! : "other";
}

/**
 * The largest value a real measurement can have (CLS already x1000, the rest in milliseconds): anything above
 * is a broken clock or a made-up report, refused rather than stored to skew the p75.
 */
export const VITAL_MAX: Record<VitalMetric, number> = { CLS: 100_000, FCP: 120_000, LCP: 120_000, TTFB: 120_000, INP: 60_000 };

/** Google's "good" and "poor" thresholds (CLS x1000), to grade a p75 on /verification. */
export const VITAL_THRESHOLDS: Record<VitalMetric, { good: number; poor: number; unit: "ms" | "" }> = {
  CLS: { good: 100, poor: 250, unit: "" },
  FCP: { good: 1800, poor: 3000, unit: "ms" },
  LCP: { good: 2500, poor: 4000, unit: "ms" },
  TTFB: { good: 800, poor: 1800, unit: "ms" },
  INP: { good: 200, poor: 500, unit: "ms" },
};

export function gradeVital(metric: VitalMetric, value: number): "good" | "needs-improvement" | "poor" {
  const { good, poor } = VITAL_THRESHOLDS[metric];
  return value <= good ? "good" : value <= poor ? "needs-improvement" : "poor";
}

/** How a stored value reads: CLS back to its usual unitless form, times in whole milliseconds. */
export function formatVital(metric: VitalMetric, value: number): string {
  return metric === "CLS" ? (value / 1000).toFixed(3) : `${Math.round(value)} ms`;
}
