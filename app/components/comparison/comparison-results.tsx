import { SITE_NAME } from "~/lib/site";
import type { Comparison } from "~/models/tool/comparison.server";
import { ExportMenu, ShareButton } from "./comparison-actions";
import { ComparisonTable } from "./comparison-table";
import { NextSteps } from "./next-steps";
import { SelectionSummary } from "./selection-summary";

/**
 * 'Comparison Results' (spec part 1 §2.7): export and share, the selection
 * summary, the feature table and Next Steps. Shared by the picker page and the pair pages.
 */
export function ComparisonResults({
  comparison,
  csvHref,
  sharePath,
  shareTitle,
  siteUrl,
  removeHref,
}: {
  comparison: Comparison;
  siteUrl: string;
  csvHref: string;
  sharePath: string;
  shareTitle: string;
  removeHref?: (slug: string) => string;
}) {
  const { tools, features } = comparison;
  return (
    <>
      <section aria-labelledby="results-heading" className="mt-10">
        {/* Controls that need JavaScript disappear without it; the CSV link in <noscript> stands in for Export. */}
        <noscript>
          <style>{".comparison-needs-js{display:none!important}"}</style>
        </noscript>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="results-heading" className="text-2xl font-bold">
            Comparison Results
          </h2>
          <div className="comparison-no-print flex flex-wrap gap-2">
            <ExportMenu tools={tools} features={features} csvHref={csvHref} />
            <ShareButton path={sharePath} title={shareTitle} />
          </div>
        </div>
        <SelectionSummary tools={tools} removeHref={removeHref} />
        <h3 className="mt-8 text-lg font-semibold">Features side by side</h3>
        <p className="mt-1 text-sm text-muted-foreground">Only features that at least one of these tools has. A check mark means the tool's listing records it.</p>
        <ComparisonTable tools={tools} features={features} />
      </section>
      <NextSteps tools={tools} />
      {/* On paper, say where the comparison came from and how to see it current. */}
      <p className="mt-8 hidden text-sm print:block">
        Compared on {SITE_NAME}: {new URL(sharePath, siteUrl).toString()}. Features, pricing and ratings as our catalogue lists them.
      </p>
    </>
  );
}
