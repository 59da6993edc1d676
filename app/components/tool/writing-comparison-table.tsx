import { useId } from "react";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { MarkCell } from "./mark-cell";
import { WRITING_COMPARISON_COLUMNS, type WritingComparisonRow } from "~/lib/tool/writing-comparison";
import { OutboundLink } from "./outbound-link";
import { editorialRatingText } from "~/lib/words";

/** The home page's writing tools table (lib/tool/writing-comparison.ts): a yes/no column per capability. */
export function WritingComparisonTable({ rows, caption }: { rows: WritingComparisonRow[]; caption: string }) {
  const captionId = useId();
  return (
    <ScrollRegion labelledBy={captionId} frameClassName="rounded-xl border">
      {/* The cells' padding is the table's rule, not a class on each of its 300 cells (issue 43: 5 KB of the home page). */}
      <table className="w-full min-w-[56rem] text-left text-sm [&_td]:p-3 [&_th]:p-3">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="bg-muted/60">
          <tr>
            {["Tool", "Our rating", "Pricing", ...WRITING_COMPARISON_COLUMNS.map((column) => column.label), "Website"].map((heading) => (
              <th key={heading} scope="col" className="font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map((row) => (
            <tr key={row.slug} data-tool-slug={row.slug}>
              <th scope="row" className="font-semibold">
                <a href={`/tools/${row.slug}`} className="hover:underline">
                  {row.name}
                </a>
              </th>
              <td className="whitespace-nowrap">{editorialRatingText(row.rating)}</td>
              <td>{row.pricing}</td>
              {WRITING_COMPARISON_COLUMNS.map((column) => (
                <MarkCell key={column.label} has={Boolean(row.features[column.label])} />
              ))}
              <td>
                <OutboundLink kind="tool" slug={row.slug} className="table-visit-link" aria-label={`Visit ${row.name} (opens in a new tab)`}>
                  Visit
                </OutboundLink>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
