import { useId } from "react";
import { bandScale, labelIndexes, linearScale, niceTicks } from "~/lib/admin/chart-scale";
import { formatNumber } from "~/lib/ui/numbers";

/**
 * A bar chart drawn as SVG on the server (no chart library, no script): value axis with round ticks and grid lines,
 * labelled bars, a title and description for assistive technology, and the same figures as a visually hidden table
 * for anyone who reads rather than looks. On a narrow screen the chart keeps a readable size and scrolls sideways
 * inside its own focusable region instead of shrinking its text or widening the page.
 */
export type Bar = {
  key: string;
  /** Under the bar when there is room for it (e.g. "5 Jan"). */
  axisLabel: string;
  /** In the table and the bar's tooltip (e.g. "Monday 5 January 2026"). */
  label: string;
  value: number;
  /** Drawn lighter, e.g. today, which is not over yet. */
  partial?: boolean;
};

type BarChartProps = {
  title: string;
  description: string;
  bars: Bar[];
  /** The header of each column of the hidden table: what a bar is and what its value counts. */
  labelHeading: string;
  valueHeading: string;
  /** "12 clicks" from 12, for tooltips and the table. */
  formatValue?: (value: number) => string;
  maxLabels?: number;
};

const WIDTH = 720;
const HEIGHT = 260;
const MARGIN = { top: 20, right: 12, bottom: 36, left: 48 };

const number = formatNumber;

export function BarChart({ title, description, bars, labelHeading, valueHeading, formatValue = number, maxLabels = 9 }: BarChartProps) {
  const id = useId();
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  const ticks = niceTicks(max);
  const top = ticks[ticks.length - 1]!;
  const plotBottom = HEIGHT - MARGIN.bottom;
  const y = linearScale(top, plotBottom, MARGIN.top);
  const x = bandScale(bars.length, MARGIN.left, WIDTH - MARGIN.right, { gap: bars.length > 40 ? 0.25 : 0.35, maxWidth: 44 });
  const labelled = new Set(labelIndexes(bars.length, maxLabels));
  // A label centred on the first or last bar would be cut by the edge of the drawing: it is aligned inwards instead.
  const anchorOf = (centre: number) => (centre - MARGIN.left < 24 ? "start" : WIDTH - MARGIN.right - centre < 24 ? "end" : "middle");
  const peak = max > 0 ? bars.findIndex((bar) => bar.value === max) : -1;
  return (
    <figure className="min-w-0">
      {/* Right-to-left only for the scroll position: a narrow screen opens on the latest bars, and scrolls back in time. */}
      <div
        className="relative overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-ring"
        style={{ direction: "rtl" }}
        tabIndex={0}
        role="region"
        aria-label={`${title} (chart; scrolls sideways on a narrow screen)`}
      >
        <svg
          style={{ direction: "ltr" }}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="block h-auto w-full min-w-[36rem] text-xs"
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          data-chart-bars={bars.length}
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{description}</desc>
          <g className="text-border" aria-hidden="true">
            {ticks.map((tick) => (
              <line key={tick} x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} stroke="currentColor" strokeDasharray={tick === 0 ? undefined : "3 4"} />
            ))}
          </g>
          <g className="text-muted-foreground" aria-hidden="true" fill="currentColor">
            {ticks.map((tick) => (
              <text key={tick} x={MARGIN.left - 8} y={y(tick)} dy="0.32em" textAnchor="end" fontSize="11">
                {number(tick)}
              </text>
            ))}
            {bars.map((bar, index) =>
              labelled.has(index) ? (
                <text key={bar.key} x={x.centre(index)} y={plotBottom + 18} textAnchor={anchorOf(x.centre(index))} fontSize="11">
                  {bar.axisLabel}
                </text>
              ) : null,
            )}
          </g>
          <g className="text-primary" fill="currentColor">
            {bars.map((bar, index) => {
              const barTop = y(bar.value);
              // A day with a few clicks stays visible even on a tall axis.
              const height = bar.value > 0 ? Math.max(2, plotBottom - barTop) : 0;
              return (
                <rect
                  key={bar.key}
                  x={x.x(index)}
                  y={plotBottom - height}
                  width={x.width}
                  height={height}
                  rx={Math.min(3, x.width / 3)}
                  opacity={bar.partial ? 0.45 : 1}
                  data-value={bar.value}
                >
                  <title>{`${bar.label}: ${formatValue(bar.value)}${bar.partial ? " (so far)" : ""}`}</title>
                </rect>
              );
            })}
          </g>
          {peak >= 0 && (
            <text
              x={x.centre(peak)}
              y={y(max) - 6}
              textAnchor={anchorOf(x.centre(peak))}
              fontSize="11"
              fontWeight="600"
              fill="currentColor"
              className="text-foreground"
              aria-hidden="true"
            >
              {number(max)}
            </text>
          )}
        </svg>
      </div>
      {/* A table keeps its content width whatever its own width says: the wrapper is what is visually hidden. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeading}</th>
              <th scope="col">{valueHeading}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.key}>
                <th scope="row">{bar.label}</th>
                <td>{formatValue(bar.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
