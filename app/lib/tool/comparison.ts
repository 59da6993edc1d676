/**
 * The comparison selection and its URL form (spec part 1 §2.7, §4 'Comparison
 * selection', §9): `?tools=slug1,slug2` in selection order, at most four tools.
 * Pure, so the loader, the CSV route and the picker's links agree on one reading.
 */
import { editorialRatingText } from "../words";

export const MAX_COMPARED_TOOLS = 4;
/** The selection summary shows each tool's first three features. */
export const SUMMARY_FEATURE_COUNT = 3;
export const COMPARISON_PATH = "/tools/comparison";
/** The spec's 250 ms between starting the PDF export and opening the print dialog. */
export const PRINT_DELAY_MS = 250;

/**
 * More candidates than this are not even looked up: a selection is four tools,
 * and a few extra covers unknown slugs in an old shared link.
 */
export const MAX_CANDIDATE_SLUGS = 24;

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG_LENGTH = 80;

/**
 * Well-formed, distinct slugs from every `tools` value, in order of appearance.
 * Anything malformed is skipped rather than an error: a damaged link still compares what it can.
 */
export function toolsParamCandidates(params: URLSearchParams): string[] {
  const seen = new Set<string>();
  for (const value of params.getAll("tools")) {
    for (const part of value.split(",")) {
      const slug = part.trim().toLowerCase();
      if (!slug || slug.length > MAX_SLUG_LENGTH || !slugPattern.test(slug)) continue;
      seen.add(slug);
      if (seen.size >= MAX_CANDIDATE_SLUGS) return [...seen];
    }
  }
  return [...seen];
}

/** Unknown slugs dropped, duplicates ignored, order kept, cut to the maximum. */
export function normalizeSelection(candidates: readonly string[], isKnown: (slug: string) => boolean): string[] {
  const selection: string[] = [];
  for (const slug of candidates) {
    if (selection.length === MAX_COMPARED_TOOLS) break;
    if (isKnown(slug) && !selection.includes(slug)) selection.push(slug);
  }
  return selection;
}

/** Parses `?tools=` against the set of slugs that exist. */
export function parseComparisonSelection(params: URLSearchParams, isKnown: (slug: string) => boolean): string[] {
  return normalizeSelection(toolsParamCandidates(params), isKnown);
}

/**
 * The page's URL for a selection. Commas are left unescaped (they are legal in a
 * query) so shared links stay readable; slugs need no escaping by construction.
 */
export function comparisonHref(selection: readonly string[], extra: Record<string, string | number | undefined> = {}): string {
  const parts = selection.length ? [`tools=${selection.join(",")}`] : [];
  for (const [name, value] of Object.entries(extra)) {
    if (value !== undefined && value !== "") parts.push(`${name}=${encodeURIComponent(String(value))}`);
  }
  return parts.length ? `${COMPARISON_PATH}?${parts.join("&")}` : COMPARISON_PATH;
}

export function canAddTool(selection: readonly string[], slug: string): boolean {
  return !selection.includes(slug) && selection.length < MAX_COMPARED_TOOLS;
}

/** Adds a tool at the end; a full or unchanged selection is returned as it was. */
export function withTool(selection: readonly string[], slug: string): string[] {
  return canAddTool(selection, slug) ? [...selection, slug] : [...selection];
}

export function withoutTool(selection: readonly string[], slug: string): string[] {
  return selection.filter((selected) => selected !== slug);
}

/**
 * The rows of the comparison table: only features at least one selected tool
 * has (spec §5), in the order of the shared vocabulary so tables line up.
 */
export function comparedFeatures(tools: ReadonlyArray<{ capabilities: readonly string[] }>, vocabulary: readonly string[]): string[] {
  const present = new Set(tools.flatMap((tool) => tool.capabilities));
  const ordered = vocabulary.filter((feature) => present.has(feature));
  const extra = [...present].filter((feature) => !vocabulary.includes(feature)).sort();
  return [...ordered, ...extra];
}

/** '4.8/5', or 'Not reviewed yet' where we have published no in-depth review (messages.ts `editorialRatingText`). */
export const ratingText = editorialRatingText;
