/**
 * A team's size for the team cost (issue 47, decision 086): its bounds and its `?team=` reading, shared by
 * lib/tool/team-cost.ts and the directory's team-cost sorts (lib/tool/tool-filters.ts), which load in the directory's
 * first load without the rest of the team cost.
 */
import { formatNumber } from "../ui/numbers.ts";

export const DEFAULT_TEAM_SIZE = 5;
export const MIN_TEAM_SIZE = 1;
export const MAX_TEAM_SIZE = 10_000;

export function clampTeamSize(size: number): number {
  if (!Number.isFinite(size)) return DEFAULT_TEAM_SIZE;
  return Math.min(MAX_TEAM_SIZE, Math.max(MIN_TEAM_SIZE, Math.round(size)));
}

/** `?team=`: a whole number from 1 to 10,000; anything else is the default or clamped, with a sentence saying so. */
export function parseTeamSize(raw: string | null | undefined): { size: number; given: boolean; problem: string | null } {
  const text = (raw ?? "").trim();
  if (!text) return { size: DEFAULT_TEAM_SIZE, given: false, problem: null };
  if (!/^\d{1,12}$/.test(text))
    return { size: DEFAULT_TEAM_SIZE, given: false, problem: `“${text.slice(0, 20)}” is not a whole number of people; showing a team of ${DEFAULT_TEAM_SIZE}.` };
  const asked = Number(text);
  if (asked < MIN_TEAM_SIZE) return { size: MIN_TEAM_SIZE, given: true, problem: `A team has at least ${MIN_TEAM_SIZE} person; showing 1.` };
  if (asked > MAX_TEAM_SIZE) return { size: MAX_TEAM_SIZE, given: true, problem: `Team sizes go up to ${formatNumber(MAX_TEAM_SIZE)}; showing ${formatNumber(MAX_TEAM_SIZE)}.` };
  return { size: asked, given: true, problem: null };
}

/** `parseTeamSize`'s size alone: what a page orders by for `?team=` (the directory's filters, in its first load). */
export function teamSizeOf(raw: string | null | undefined): number {
  const text = (raw ?? "").trim();
  return /^\d{1,12}$/.test(text) ? clampTeamSize(Number(text)) : DEFAULT_TEAM_SIZE;
}
