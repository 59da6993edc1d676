import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { cn } from "~/lib/ui/cn";
import { formatVital, gradeVital, PAGE_TYPES, VITAL_METRICS, type PageType, type VitalMetric } from "~/lib/vitals/web-vitals";

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
      <AdminTable
        caption="Web vitals by page type"
        rows={pageTypes}
        rowKey={(pageType) => pageType}
        rowData={(pageType) => ({ "data-page-type": pageType })}
        columns={[
          { header: "Page type", rowHeader: true, cellClassName: "font-medium", cell: (pageType) => pageType },
          ...VITAL_METRICS.map((metric): AdminColumn<PageType> => ({
            header: metric,
            cellData: () => ({ "data-metric": metric }),
            cellClassName: (pageType) => {
              const row = cell(pageType, metric);
              return row && GRADE_CLASS[gradeVital(metric, row.p75)];
            },
            cell: (pageType) => {
              const row = cell(pageType, metric);
              return row ? `${formatVital(metric, row.p75)} (${row.samples})` : "–";
            },
          })),
        ]}
        empty="No measurements yet."
      />
    </section>
  );
}
