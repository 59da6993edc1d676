import { toCsv } from "../tool/comparison-csv";
import type { ApiChange, ApiTool } from "./schemas";

/**
 * The nightly open-data files (issue 46): their names, their licence and their CSV rows. Pure, so the rows are
 * unit-tested (data-files.test.ts) and the job (models/open-data/) only reads the records and writes bytes. The CSV
 * cells go through the comparison export's one writer (`toCsv`: RFC 4180 quoting, CRLF, and a leading apostrophe on a
 * cell a spreadsheet would run as a formula), so the site writes CSV one way.
 */

export const DATA_FILES = {
  "tools.json": "application/json; charset=utf-8",
  "tools.csv": "text/csv; charset=utf-8",
  "changes.csv": "text/csv; charset=utf-8",
  "manifest.json": "application/json; charset=utf-8",
} as const;
export type DataFileName = keyof typeof DATA_FILES;
export const isDataFileName = (name: string): name is DataFileName => Object.hasOwn(DATA_FILES, name);

export const LICENSE = { id: "CC-BY-4.0", name: "Creative Commons Attribution 4.0 International", url: "https://creativecommons.org/licenses/by/4.0/" } as const;

/**
 * What the licence covers, said as it is. Taglines, descriptions, plan limits, change texts, ratings and provenance
 * are our editors' words and figures (the plan `limits` are their summary of the vendor's terms, not quotes). Prices,
 * plan names and vendor URLs are facts about the vendors' offers, given as found. A tool a maker submitted (listed in
 * `makers_text_tools`) carries the maker's own tagline and description, which are not ours to license.
 */
export const LICENSE_NOTE =
  "Our own text and figures (taglines and descriptions of the tools we list, plan limits as our editors summarised them, ratings, change texts, provenance) are licensed under CC BY 4.0. Prices, plan names and links are facts about the vendors' offers, as published by them. The tagline and description of a tool its maker submitted (makers_text_tools) are the maker's own words and not covered by our licence. In the CSV files a cell that begins with =, +, - or @ is written with a leading apostrophe, so that a spreadsheet does not run it as a formula.";

export const attributionLine = (siteName: string, siteUrl: string) => `${siteName} (${siteUrl}), licensed under CC BY 4.0`;

export const TOOL_COLUMNS = [
  "slug",
  "name",
  "url",
  "website_url",
  "category",
  "pricing_model",
  "pricing_text",
  "plans",
  "pricing_source_url",
  "pricing_confirmed_at",
  "pricing_method",
  "editorial_rating",
  "reader_average",
  "reader_count",
  "added_at",
] as const;

export const CHANGE_COLUMNS = ["id", "recorded_at", "tool_slug", "tool_name", "kind", "plan_name", "text", "recorded_by", "source_url", "tool_url"] as const;

const cell = (value: string | number | null) => (value === null ? "" : String(value));

/** A tool's plans in one cell a person can read: "Free: $0; Pro: $20/month", each with the tool page's price text. */
export const plansCell = (plans: ApiTool["pricing"]["plans"]) => plans.map((plan) => `${plan.name}: ${plan.price_text}`).join("; ");

export function toolRow(tool: ApiTool): string[] {
  const { provenance } = tool.pricing;
  return [
    tool.slug,
    tool.name,
    tool.url,
    tool.website_url,
    tool.category.slug,
    tool.pricing_model,
    tool.pricing_text,
    plansCell(tool.pricing.plans),
    cell(provenance.source_url),
    cell(provenance.confirmed_at),
    provenance.method,
    cell(tool.editorial_rating),
    cell(tool.rating.readers.average),
    cell(tool.rating.readers.count),
    tool.added_at,
  ];
}

export function changeRow(change: ApiChange): string[] {
  return [
    String(change.id),
    change.recorded_at,
    change.tool.slug,
    change.tool.name,
    change.kind,
    cell(change.plan_name),
    change.text,
    change.recorded_by,
    cell(change.source_url),
    change.tool.url,
  ];
}

/** tools.csv's header line; the job appends the rows of each page of tools as it reads them (`toolRowsCsv`). */
export const toolsCsvHeader = () => toCsv([[...TOOL_COLUMNS]]);
export const toolRowsCsv = (tools: readonly ApiTool[]) => (tools.length ? toCsv(tools.map(toolRow)) : "");

/** The header line; the job appends the rows of each page of changes as it reads them (`changeRowsCsv`). */
export const changesCsvHeader = () => toCsv([[...CHANGE_COLUMNS]]);
export const changeRowsCsv = (changes: readonly ApiChange[]) => (changes.length ? toCsv(changes.map(changeRow)) : "");

/** One file's entry in manifest.json: what a downloader checks the file against. */
export type ManifestEntry = { name: DataFileName; url: string; sha256: string; bytes: number; content_type: string };
export type Manifest = { license: typeof LICENSE & { note: string }; attribution: string; generated_at: string; files: ManifestEntry[] };
