import { useEffect } from "react";
import { useMatches } from "react-router";

/**
 * Measures a sample (`rate`, VITALS_SAMPLE_RATE) of page views. The measuring code loads after the load event,
 * so it is never part of a page's first-load JavaScript; the page views it reports are named by the type of
 * the page the visitor landed on.
 */
export function VitalsReporter({ rate }: { rate: number }) {
  const routeId = useMatches().at(-1)?.id;
  useEffect(() => {
    if (!(Math.random() < rate)) return;
    const start = () => {
      import("./report-vitals").then((module) => module.startVitals(routeId)).catch(() => {}); // unmeasured, like an unsampled view
    };
    if (document.readyState === "complete") start();
    else addEventListener("load", start, { once: true });
    return () => removeEventListener("load", start);
    // The landing page only: later navigations belong to the same page view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
