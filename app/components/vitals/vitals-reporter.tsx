import { useEffect } from "react";
import { useMatches } from "react-router";
import { sampleVitals } from "~/enhance/vitals";

/** Web vitals of a sample of page views on app pages (app/enhance/vitals.ts). */
export function VitalsReporter({ rate }: { rate: number }) {
  const routeId = useMatches().at(-1)?.id;
  // The landing page only: later navigations belong to the same page view.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => sampleVitals(rate, routeId), []);
  return null;
}
