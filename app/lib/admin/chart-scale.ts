/**
 * The arithmetic of the admin area's bar chart (components/admin/bar-chart.tsx), kept pure so it can be tested
 * without a browser: a value axis with round ticks, evenly spaced bands for the bars, and which bars get a label.
 */

/** A round step (1, 2 or 5 times a power of ten) that splits `max` into about `count` parts. */
export function niceStep(max: number, count = 4): number {
  if (!(max > 0)) return 1;
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
  // Counts are whole numbers: a tick at 0.5 clicks would name something that cannot happen.
  return Math.max(1, step);
}

/** Ticks from 0 up to the first round value at or above `max` (0 and 1 when there is nothing to show). */
export function niceTicks(max: number, count = 4): number[] {
  const step = niceStep(max, count);
  const top = Math.max(step, Math.ceil(max / step) * step);
  return Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
}

/** Maps a value in [0, domainMax] to a y coordinate, `bottom` for 0 and `top` for domainMax. */
export function linearScale(domainMax: number, bottom: number, top: number) {
  return (value: number) => (domainMax > 0 ? bottom - (Math.min(Math.max(value, 0), domainMax) / domainMax) * (bottom - top) : bottom);
}

/**
 * `count` equal bands across [start, end]: each bar's x and width, with `gap` (a share of the band) between bars
 * and at most `maxWidth` wide, centred in its band.
 */
export function bandScale(count: number, start: number, end: number, { gap = 0.2, maxWidth = 48 } = {}) {
  const band = count > 0 ? (end - start) / count : 0;
  const width = Math.min(band * (1 - gap), maxWidth);
  return { band, width, x: (index: number) => start + index * band + (band - width) / 2, centre: (index: number) => start + index * band + band / 2 };
}

/** Which of `count` bars carry an axis label: at most `maxLabels`, evenly spaced, always the last (today). */
export function labelIndexes(count: number, maxLabels: number): number[] {
  if (count <= 0 || maxLabels <= 0) return [];
  if (count <= maxLabels) return Array.from({ length: count }, (_, index) => index);
  const every = Math.ceil(count / maxLabels);
  const indexes: number[] = [];
  // Counted back from the last bar, so today always has its label and the spacing is even up to it.
  for (let index = count - 1; index >= 0; index -= every) indexes.unshift(index);
  return indexes;
}
