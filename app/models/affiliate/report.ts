import { countOf } from "../../lib/ui/plural.ts";
/**
 * The clicks report (`npm run report:clicks`): one query and its printout, shared by the server and the script
 * (which cannot use the app's import aliases).
 */
export type ClickReportRow = { day: string; kind: string; target: string; program: string | null; clicks: number; visitors: number; value: number };

/** Clicks per link and per day over the last `days` days (a whole number), newest day first. */
export function clickReportSql(days: number): string {
  if (!Number.isInteger(days) || days < 1 || days > 3660) throw new RangeError("days must be a whole number from 1 to 3660");
  return `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, kind, target, program,
    count(*)::int as clicks, count(distinct visitor_hash)::int as visitors, sum(value)::int as value
  from affiliate_clicks
  where created_at >= now() - interval '${days} days'
  group by 1, kind, target, program
  order by day desc, clicks desc, kind, target`;
}

/** The report as aligned text columns, with a total line per day. */
export function formatClickReport(rows: ClickReportRow[], days: number): string {
  if (rows.length === 0) return `No outbound clicks in the last ${countOf(days, "day")}.`;
  const header = ["day", "link", "program", "clicks", "visitors", "value"];
  const lines: string[][] = [];
  for (const day of [...new Set(rows.map((row) => row.day))]) {
    const ofDay = rows.filter((row) => row.day === day);
    for (const row of ofDay) lines.push([day, `/go/${row.kind}/${row.target}`, row.program ?? "-", String(row.clicks), String(row.visitors), String(row.value)]);
    const sum = (key: "clicks" | "visitors" | "value") => String(ofDay.reduce((total, row) => total + Number(row[key]), 0));
    lines.push([day, "all links", "", sum("clicks"), sum("visitors"), sum("value")]);
  }
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const format = (line: string[]) =>
    line
      .map((cell, column) => (column >= 3 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join("  ")
      .trimEnd();
  return [format(header), ...lines.map(format)].join("\n");
}
