import { DEFAULT_TEAM_SIZE, teamSizeOf } from "../tool/team-size";
import { PRICE_BOUNDS } from "../tool/tool-filters";

/** The listing's search (/tasks?q=): trimmed, at most this long; a longer one matches nothing a reader typed. */
export const TASK_SEARCH_MAX = 80;

/** The words a visitor searched the task listing for, or "" for none. */
export function parseTaskSearch(params: URLSearchParams): string {
  return (params.get("q") ?? "").trim().replace(/\s+/g, " ").slice(0, TASK_SEARCH_MAX);
}

/**
 * A task page's filters (issue 29), read from its plain GET form: `free=1` keeps the tools with a free plan;
 * `maxPrice` (whole US dollars a month, the comparable figure of decision 030) keeps those whose cheapest paid plan
 * costs at most that. Anything unreadable is no filter rather than an error: the page is still the task's.
 */
export type TaskToolFilters = { freeOnly: boolean; maxPrice: number | null; sort: TaskSort; team: number };

/**
 * A task page's orders: ours (best fit first), or the directory's team-cost sorts (decision 086) for `?team=` people,
 * the size the page's team-cost section reads too.
 */
export const TASK_SORTS = [
  { value: "ours", label: "Our order, best fit first" },
  { value: "team_low", label: "Cost for a team of N: low to high" },
  { value: "team_high", label: "Cost for a team of N: high to low" },
] as const;
export type TaskSort = (typeof TASK_SORTS)[number]["value"];

export function parseTaskToolFilters(params: URLSearchParams): TaskToolFilters {
  const raw = (params.get("maxPrice") ?? "").trim();
  const number = raw === "" ? Number.NaN : Number(raw);
  const sort = params.get("sort");
  return {
    freeOnly: params.get("free") === "1" || params.get("free") === "true",
    maxPrice: Number.isFinite(number) ? Math.min(PRICE_BOUNDS.max, Math.max(PRICE_BOUNDS.min, Math.floor(number))) : null,
    sort: TASK_SORTS.find((option) => option.value === sort)?.value ?? "ours",
    team: teamSizeOf(params.get("team")),
  };
}

/** The task's tools in our order, unfiltered: what the page's questions are about. */
export const ALL_TASK_TOOLS: TaskToolFilters = { freeOnly: false, maxPrice: null, sort: "ours", team: DEFAULT_TEAM_SIZE };

export const hasTaskToolFilters = (filters: TaskToolFilters) => filters.freeOnly || filters.maxPrice !== null;

/** A LIKE pattern that matches `text` anywhere, its own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
