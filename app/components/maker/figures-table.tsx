import { useId } from "react";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { formatDayMonthYear } from "~/lib/ui/dates";
import { formatNumber } from "~/lib/ui/numbers";
import type { MakerFigures as Figures } from "~/models/maker/figures.server";

/** The columns, in order: what each counts is said once, under the table. */
const COLUMNS = [
  ["clicks", "Website clicks"],
  ["saves", "Saves"],
  ["reviews", "Reviews"],
  ["watches", "Watches"],
] as const;

/**
 * A maker's weekly figures for a tool (issue 45, `models/maker/figures.server.ts`): one row per week, newest first,
 * the current week marked 'so far'; page views said plainly not to be recorded. Server-rendered, no script: on a
 * narrow screen the table scrolls sideways inside a focusable region named by its caption (decision 050).
 */
export function MakerFigures({ figures }: { figures: Figures }) {
  const captionId = useId();
  const count = figures.weeks.length;
  return (
    <section className="space-y-3">
      <ScrollRegion labelledBy={captionId} frameClassName="rounded-lg border">
        <table className="w-full text-left text-sm tabular-nums">
          <caption id={captionId} className="px-3 py-2 text-left font-semibold">
            {figures.tool.name}: the last {count === 1 ? "week" : `${count} weeks`}, by week
          </caption>
          <thead className="bg-muted/60">
            <tr>
              <th scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                Week of (UTC)
              </th>
              {COLUMNS.map(([key, label]) => (
                <th key={key} scope="col" className="whitespace-nowrap px-3 py-2 text-right font-semibold">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {figures.weeks.map((week) => (
              <tr key={week.weekStart} className="border-t" data-week={week.weekStart}>
                <th scope="row" className="whitespace-nowrap px-3 py-2 font-medium">
                  {formatDayMonthYear(week.weekStart)}
                  {week.current && <span className="ml-1 font-normal text-muted-foreground">(so far)</span>}
                </th>
                {COLUMNS.map(([key]) => (
                  <td key={key} className="px-3 py-2 text-right">
                    {formatNumber(week[key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t bg-muted/30">
            <tr>
              <th scope="row" className="px-3 py-2 font-semibold">
                Total
              </th>
              {COLUMNS.map(([key]) => (
                <td key={key} className="px-3 py-2 text-right font-semibold">
                  {formatNumber(figures.totals[key])}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </ScrollRegion>
      <p className="text-sm">
        <strong>Page views: not recorded.</strong> We do not count visits to tool pages, so there is no page-view figure to show.
      </p>
      <p className="text-sm text-muted-foreground">
        These figures are counts of events the site recorded, nothing estimated or sampled. Weeks start on Monday (UTC). Website clicks are clicks on the tool&apos;s &lsquo;Visit
        website&rsquo; links (known bots left out); saves and watches are those readers still keep; reviews include ratings and leave out any an editor hid.
      </p>
    </section>
  );
}
