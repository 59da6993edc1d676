import { ratingText } from "~/lib/tool/comparison";
import { DATA_FACT_KINDS, DATA_FACT_LABELS } from "~/lib/tool/data-facts";
import type { ComparisonTool } from "~/models/tool/comparison.server";
import { Icon } from "~/components/ui/icon";
import { ScrollRegion } from "~/components/ui/scroll-region";

/**
 * Features as rows, tools as columns. Each cell says Yes or No in words for
 * screen readers, and the two icons differ in shape, so colour is never the only cue.
 * The table scrolls inside its own focusable region on narrow screens, with a
 * cue that more is to the side (components/ui/scroll-region.tsx).
 */
export function ComparisonTable({ tools, features }: { tools: ComparisonTool[]; features: string[] }) {
  return (
    <ScrollRegion labelledBy="comparison-table-caption" className="mt-4" frameClassName="rounded-xl border" boxClassName="comparison-table-scroll">
      <table className="w-full min-w-[32rem] border-collapse text-left text-sm">
        <caption id="comparison-table-caption" className="sr-only">
          Feature comparison of {tools.map((tool) => tool.name).join(", ")}
        </caption>
        <thead className="bg-muted">
          <tr>
            <th scope="col" className="sticky left-0 bg-muted px-4 py-3 font-semibold">
              Feature
            </th>
            {tools.map((tool) => (
              <th key={tool.slug} scope="col" className="px-4 py-3 text-center font-semibold">
                {tool.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {features.map((feature) => (
            <tr key={feature} data-feature={feature}>
              <th scope="row" className="sticky left-0 bg-card px-4 py-2.5 font-medium">
                {feature}
              </th>
              {tools.map((tool) => (
                <td key={tool.slug} className="px-4 py-2.5 text-center">
                  <FeatureMark has={tool.capabilities.includes(feature)} />
                </td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row" className="sticky left-0 bg-card px-4 py-2.5 font-medium">
              Pricing
            </th>
            {tools.map((tool) => (
              <td key={tool.slug} className="px-4 py-2.5 text-center">
                {tool.pricing}
              </td>
            ))}
          </tr>
          <tr>
            <th scope="row" className="sticky left-0 bg-card px-4 py-2.5 font-medium">
              Our rating
            </th>
            {tools.map((tool) => (
              <td key={tool.slug} className="px-4 py-2.5 text-center font-semibold">
                {ratingText(tool.rating)}
              </td>
            ))}
          </tr>
        </tbody>
        {/* What each maker's own pages say about your data (issue 44); each tool's page links the page for every value. */}
        <tbody className="divide-y border-t-2">
          <tr>
            <th scope="colgroup" colSpan={tools.length + 1} className="bg-muted px-4 py-2 text-left font-semibold">
              Data and security, as each maker states it (sources on each tool&apos;s page; not yet confirmed)
            </th>
          </tr>
          {DATA_FACT_KINDS.map((kind, index) => (
            <tr key={kind} data-data-fact={kind}>
              <th scope="row" className="sticky left-0 bg-card px-4 py-2.5 font-medium">
                {DATA_FACT_LABELS[kind]}
              </th>
              {tools.map((tool) => (
                <td key={tool.slug} className="px-4 py-2.5 text-center">
                  {tool.dataUse[index]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function FeatureMark({ has }: { has: boolean }) {
  return has ? (
    <span className="inline-flex items-center justify-center text-emerald-700 dark:text-emerald-400">
      <Icon name="check" className="size-5" />
      <span className="sr-only">Yes</span>
    </span>
  ) : (
    <span className="inline-flex items-center justify-center text-muted-foreground">
      <Icon name="x" className="size-4" />
      <span className="sr-only">No</span>
    </span>
  );
}
