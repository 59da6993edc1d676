import { TITLE_MAX_LENGTH } from "../site";

/**
 * Pair pages, /tools/compare/{a}-vs-{b}: one indexable page per pair of tools in
 * the same category, at one URL whose slugs are in alphabetical order.
 */

export const PAIR_SEPARATOR = "-vs-";

/** The pair's one canonical path: the two slugs in alphabetical order. */
export function pairPath(a: string, b: string): string {
  const [first, second] = [a, b].sort();
  return `/tools/compare/${first}${PAIR_SEPARATOR}${second}`;
}

/**
 * Every way to read `{a}-vs-{b}`: slugs may themselves contain '-' and, in
 * principle, '-vs-', so each occurrence of the separator is a candidate split
 * and the caller keeps the one whose two sides are real slugs.
 */
export function pairSplits(param: string): Array<[string, string]> {
  const text = param.toLowerCase();
  const splits: Array<[string, string]> = [];
  let index = text.indexOf(PAIR_SEPARATOR);
  while (index !== -1) {
    const left = text.slice(0, index);
    const right = text.slice(index + PAIR_SEPARATOR.length);
    if (left && right) splits.push([left, right]);
    index = text.indexOf(PAIR_SEPARATOR, index + 1);
  }
  return splits;
}

/**
 * The pair page's title: the most descriptive form that fits in 60 characters
 * (the brand is added by pageTitle only when there is room). 'Ratings' only when one of the two has our rating.
 */
export function pairTitle(a: string, b: string, { rated = true }: { rated?: boolean } = {}): string {
  const base = `${a} vs ${b}`;
  const candidates = [...(rated ? [`${base}: Features, Pricing and Ratings`] : []), `${base}: Features and Pricing`, `${base} Compared`];
  return candidates.find((title) => title.length <= TITLE_MAX_LENGTH) ?? base;
}
