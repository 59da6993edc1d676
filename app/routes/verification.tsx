import { VerificationDashboard } from "~/components/verification/dashboard";
import { formatVital, gradeVital, PAGE_TYPES, VITAL_METRICS, type VitalMetric } from "~/lib/web-vitals";
import { pageMeta, siteUrlOf } from "~/lib/seo";
import { cn } from "~/lib/cn";
import { vitalsP75, VITALS_WINDOW_DAYS } from "~/models/vitals/queries.server";
import { CATALOGUE, tagPage, tagPageUntil } from "~/utils/cache.server";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/verification";

/** Public, never indexed, not in the sitemaps (spec part 2 §2.11, §6). */
export async function loader() {
  tagPage(...CATALOGUE);
  // The web vitals change with every report: the page is served from the cache for a minute at most.
  tagPageUntil(Date.now() + 60_000);
  return { vitals: await vitalsP75(), windowDays: VITALS_WINDOW_DAYS, sampleRate: getEnv().VITALS_SAMPLE_RATE };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Site Verification",
    description: "Checks of the site's files, pages and mobile layout, and the web vitals real visitors measured, page type by page type.",
    path: "/verification",
    siteUrl: siteUrlOf(matches),
    noindex: true,
  });
}

const GRADE_CLASS = { good: "text-emerald-700 dark:text-emerald-400", "needs-improvement": "text-amber-700 dark:text-amber-400", poor: "text-destructive" } as const;

function VitalsTable({ vitals, windowDays, sampleRate }: Route.ComponentProps["loaderData"]) {
  const pageTypes = PAGE_TYPES.filter((type) => vitals.some((row) => row.pageType === type));
  const cell = (pageType: string, metric: VitalMetric) => vitals.find((row) => row.pageType === pageType && row.metric === metric);
  return (
    <section aria-labelledby="vitals-heading" className="mt-12 space-y-3">
      <h2 id="vitals-heading" className="text-2xl font-semibold">
        Web vitals from real visitors
      </h2>
      <p className="text-sm text-muted-foreground">
        The 75th percentile of the last {windowDays} days, by page type (samples in brackets). {Math.round(sampleRate * 100)}% of page views are measured; nothing identifies the
        visitor or the exact address.
      </p>
      {pageTypes.length ? (
        <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label="Web vitals by page type (scrolls sideways)">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b text-left">
                <th scope="col" className="py-2 pr-4">
                  Page type
                </th>
                {VITAL_METRICS.map((metric) => (
                  <th key={metric} scope="col" className="py-2 pr-4">
                    {metric}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {pageTypes.map((pageType) => (
                <tr key={pageType} data-page-type={pageType} className="border-b">
                  <th scope="row" className="py-2 pr-4 text-left font-medium">
                    {pageType}
                  </th>
                  {VITAL_METRICS.map((metric) => {
                    const row = cell(pageType, metric);
                    return (
                      <td key={metric} data-metric={metric} className={cn("py-2 pr-4", row && GRADE_CLASS[gradeVital(metric, row.p75)])}>
                        {row ? `${formatVital(metric, row.p75)} (${row.samples})` : "–"}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>No measurements yet.</p>
      )}
    </section>
  );
}

export default function VerificationPage({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">Site Verification</h1>
      <p className="mt-2 text-muted-foreground">
        Checks the site as a visitor&apos;s browser and a search engine see it: files, key pages, mobile layout, touch targets and slow resources.
      </p>
      <noscript>
        <p className="mt-4 rounded-md border p-3">The checks run in your browser: turn on JavaScript to run them.</p>
      </noscript>
      <div className="mt-8">
        <VerificationDashboard />
      </div>
      <VitalsTable {...loaderData} />
    </main>
  );
}
