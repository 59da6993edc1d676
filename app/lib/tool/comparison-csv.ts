import { ratingText } from "./comparison";
import { DATA_FACT_KINDS, DATA_FACT_LABELS } from "./data-facts";

/** The CSV export (spec §9): ai-tools-comparison-{YYYY-MM-DD}.csv. */
export function comparisonCsvFileName(date: Date): string {
  return `ai-tools-comparison-${date.toISOString().slice(0, 10)}.csv`;
}

/**
 * One RFC 4180 field. A spreadsheet would run a cell that starts with = + - @
 * (or a tab or carriage return) as a formula, so such a cell is prefixed with a
 * quote and shows as text; fields with a quote, comma or line break are quoted.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows joined with CRLF, as RFC 4180 asks, with a final line break. */
export function toCsv(rows: ReadonlyArray<readonly string[]>): string {
  return rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

/** `dataUse`: the data and security cells, in DATA_FACT_KINDS order (lib/tool/data-facts.ts `factCellText`). */
/** `teamCost`: the cheapest fitting plan's cells for the comparison's team size (lib/tool/team-cost.ts `teamCostCells`). */
export type CsvTool = {
  name: string;
  pricing: string;
  rating: number | null;
  capabilities: readonly string[];
  dataUse: readonly string[];
  teamCost?: { size: number; monthly: string; firstYear: string };
};

/**
 * One column per tool; one row per compared feature, then pricing, the cost for the team (issue 47: per month and
 * for the first year, from the one team-cost function) and rating, then the data and security facts.
 */
export function comparisonCsvRows(tools: readonly CsvTool[], features: readonly string[]): string[][] {
  return [
    ["Feature", ...tools.map((tool) => tool.name)],
    ...features.map((feature) => [feature, ...tools.map((tool) => (tool.capabilities.includes(feature) ? "Yes" : "No"))]),
    ["Pricing", ...tools.map((tool) => tool.pricing)],
    ...(tools[0]?.teamCost
      ? [
          [`Team of ${tools[0].teamCost.size}: per month (cheapest fitting plan)`, ...tools.map((tool) => tool.teamCost?.monthly ?? "")],
          [`Team of ${tools[0].teamCost.size}: first year (cheapest fitting plan)`, ...tools.map((tool) => tool.teamCost?.firstYear ?? "")],
        ]
      : []),
    ["Our rating", ...tools.map((tool) => ratingText(tool.rating))],
    ...DATA_FACT_KINDS.map((kind, index) => [DATA_FACT_LABELS[kind], ...tools.map((tool) => tool.dataUse[index] ?? "")]),
  ];
}
