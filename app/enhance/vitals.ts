import { whenShown } from "./activation";

/**
 * Measures a sample (`rate`, VITALS_SAMPLE_RATE) of page views. The measuring code loads after the load event
 * (and after a prerendered page is opened), so it is never part of a page's first-load JavaScript; the page view
 * is named by the type of the page the visitor landed on. Shared by app pages (components/vitals/vitals-reporter.tsx)
 * and reading pages (main.ts).
 */
export function sampleVitals(rate: number, routeId: string | undefined): () => void {
  if (!(Math.random() < rate)) return () => {};
  const start = () =>
    whenShown(() => {
      import("~/components/vitals/report-vitals").then((module) => module.startVitals(routeId)).catch(() => {}); // unmeasured, like an unsampled view
    });
  if (document.readyState === "complete") start();
  else addEventListener("load", start, { once: true });
  return () => removeEventListener("load", start);
}
