import { ratingText } from "~/lib/tool/comparison";
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
