import { cn } from "~/lib/cn";
import { formatVital, gradeVital, PAGE_TYPES, VITAL_METRICS, type PageType, type VitalMetric } from "~/lib/web-vitals";

/** The p75 of each web vital per page type, graded by Google's thresholds: /verification and /admin/vitals show the same table. */
export type VitalsTableProps = {
  vitals: { pageType: PageType; metric: VitalMetric; p75: number; samples: number }[];
  windowDays: number;
  sampleRate: number;
  heading?: string;
  className?: string;
};

const GRADE_CLASS = { good: "text-emerald-700 dark:text-emerald-400", "needs-improvement": "text-amber-700 dark:text-amber-400", poor: "text-destructive" } as const;

export function VitalsTable({ vitals, windowDays, sampleRate, heading = "Web vitals from real visitors", className }: VitalsTableProps) {
  const pageTypes = PAGE_TYPES.filter((type) => vitals.some((row) => row.pageType === type));
  const cell = (pageType: string, metric: VitalMetric) => vitals.find((row) => row.pageType === pageType && row.metric === metric);
  return (
    <section aria-labelledby="vitals-heading" className={cn("space-y-3", className)}>
      <h2 id="vitals-heading" className="text-2xl font-semibold">
        {heading}
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
