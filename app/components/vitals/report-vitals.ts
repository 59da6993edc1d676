import { pageTypeOfRoute, type VitalMetric } from "~/lib/vitals/web-vitals";

/**
 * Measures the five web vitals of this page view with the browser's own PerformanceObserver (no library: the
 * whole module is a couple of kilobytes, loaded after the page's load event) and sends them once, when the page
 * is hidden or left: that is when CLS and INP are final. Entries from before this module loaded are read back
 * with `buffered`.
 */

type LayoutShift = PerformanceEntry & { value: number; hadRecentInput: boolean };
type EventTiming = PerformanceEntry & { interactionId?: number };

function observe(type: string, onEntries: (entries: PerformanceEntry[]) => void, options: Record<string, unknown> = {}) {
  try {
    if (!PerformanceObserver.supportedEntryTypes?.includes(type)) return;
    new PerformanceObserver((list) => onEntries(list.getEntries())).observe({ type, buffered: true, ...options } as PerformanceObserverInit);
  } catch {
    // An older browser without this entry type: the metric is left out of the report.
  }
}

/** `routeId`: the landing page's leaf route, reported as its page type only. */
export function startVitals(routeId: string | undefined, endpoint = "/api/vitals") {
  const pageType = pageTypeOfRoute(routeId);
  const values: Partial<Record<VitalMetric, number>> = {};

  const navigation = performance.getEntriesByType("navigation")[0] as (PerformanceNavigationTiming & { activationStart?: number }) | undefined;
  // A page prerendered from a link's Speculation Rules (decision 049) counts from when the reader opened it.
  const activated = navigation?.activationStart ?? 0;
  const sinceShown = (time: number) => Math.max(time - activated, 0);
  if (navigation && navigation.responseStart > 0) values.TTFB = sinceShown(navigation.responseStart);

  observe("paint", (entries) => {
    const fcp = entries.find((entry) => entry.name === "first-contentful-paint");
    if (fcp) values.FCP = sinceShown(fcp.startTime);
  });

  // The last candidate before the visitor interacts is the page's LCP.
  let lcpFinal = false;
  observe("largest-contentful-paint", (entries) => {
    const last = entries.at(-1);
    if (last && !lcpFinal) values.LCP = sinceShown(last.startTime);
  });
  const finishLcp = () => (lcpFinal = true);
  for (const type of ["keydown", "pointerdown"]) addEventListener(type, finishLcp, { once: true, capture: true });

  // CLS: the largest burst of shifts (gaps under 1 s, at most 5 s long), reported x1000 as the spec asks.
  let burst = 0;
  let burstStart = 0;
  let lastShift = 0;
  let cls = 0;
  observe("layout-shift", (entries) => {
    for (const entry of entries as LayoutShift[]) {
      if (entry.hadRecentInput) continue;
      if (burst && entry.startTime - lastShift < 1000 && entry.startTime - burstStart < 5000) burst += entry.value;
      else [burst, burstStart] = [entry.value, entry.startTime];
      lastShift = entry.startTime;
      cls = Math.max(cls, burst);
    }
    values.CLS = Math.round(cls * 1000);
  });
  if (PerformanceObserver.supportedEntryTypes?.includes("layout-shift")) values.CLS = 0;

  // INP: the slowest interaction, or one in fifty ignored as outliers on long visits.
  const interactions = new Map<number, number>();
  observe(
    "event",
    (entries) => {
      for (const entry of entries as EventTiming[]) {
        if (!entry.interactionId) continue;
        interactions.set(entry.interactionId, Math.max(interactions.get(entry.interactionId) ?? 0, entry.duration));
      }
      const durations = [...interactions.values()].sort((a, b) => b - a);
      values.INP = durations[Math.min(durations.length - 1, Math.floor(durations.length / 50))];
    },
    { durationThreshold: 16 },
  );

  let sent = false;
  const send = () => {
    if (sent) return;
    const metrics = Object.entries(values)
      .filter(([, value]) => value !== undefined && Number.isFinite(value))
      .map(([name, value]) => ({ name, value: Math.round(value! * 10) / 10 }));
    if (!metrics.length) return;
    sent = true;
    const body = JSON.stringify({ pageType, metrics });
    // sendBeacon survives the page going away; keepalive fetch is the same where beacons refuse a JSON body.
    let queued = false;
    try {
      queued = navigator.sendBeacon?.(endpoint, new Blob([body], { type: "application/json" })) ?? false;
    } catch {
      queued = false;
    }
    if (!queued) void fetch(endpoint, { method: "POST", body, keepalive: true, headers: { "Content-Type": "application/json" } }).catch(() => {});
  };
  addEventListener("visibilitychange", () => document.visibilityState === "hidden" && send());
  addEventListener("pagehide", send);
}
