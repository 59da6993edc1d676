import { toCsv } from "~/lib/tool/comparison-csv";

/**
 * Shortlists (issue 47, decision 087): a reader's named lists of tools, apart from their favourites. The limits, and
 * the rows of a list's CSV, pure so they are tested beside this file.
 */

/** Lists a reader may keep, and tools per list: the messages `shortlistLimit` and `shortlistFull` name them. */
export const SHORTLISTS_PER_READER = 20;
export const TOOLS_PER_SHORTLIST = 50;
export const SHORTLIST_NAME_MAX = 80;
export const SHORTLIST_NOTE_MAX = 500;
export const TEAM_SIZE_MAX = 10_000;

/** A shared list's token: 32 random bytes in base64url (43 characters), the whole secret of the link. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A list's id from its address, or null for anything that is not one. */
export const shortlistIdOf = (raw: string | undefined) => (raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null);

/** One tool of a list as its CSV and print page show it. */
export type ShortlistCsvTool = {
  name: string;
  url: string;
  pricing: string;
  plans: string;
  /** The cheapest plan covering the list's team, a month and over the first year (lib/tool/team-cost.ts `teamCostCells`). */
  teamMonthly: string;
  teamFirstYear: string;
  dataFacts: string;
  pricesSource: string;
  pricesConfirmation: string;
  addedOn: string;
  changes: string;
  note: string;
};

export const SHORTLIST_CSV_HEADER = [
  "Tool",
  "Page",
  "Pricing",
  "Plans and terms",
  "Team size",
  "Team cost a month",
  "Team cost for the first year",
  "Data and security",
  "Prices source",
  "Prices confirmation",
  "Added to list",
  "Changes since added",
  "Note",
] as const;

/** The CSV: a header row, then one row per tool in the list's order. */
export function shortlistCsv(teamSize: number, tools: readonly ShortlistCsvTool[]): string {
  return toCsv([
    [...SHORTLIST_CSV_HEADER],
    ...tools.map((tool) => [
      tool.name,
      tool.url,
      tool.pricing,
      tool.plans,
      String(teamSize),
      tool.teamMonthly,
      tool.teamFirstYear,
      tool.dataFacts,
      tool.pricesSource,
      tool.pricesConfirmation,
      tool.addedOn,
      tool.changes,
      tool.note,
    ]),
  ]);
}

/** The file's name: the list's name in lower-case words, ASCII only, and the day. */
export function shortlistCsvFileName(name: string, day: string): string {
  const slug = name
    .normalize("NFKD")
    // The accents NFKD splits off go, so "É" is "e".
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `shortlist-${slug || "list"}-${day}.csv`;
}
