import { formatNumber } from "./numbers.ts";

/**
 * The one place English plurals are made (issue 18: 'SEO Tools Tool', '4 SEO Tools tools compared',
 * '1 Reviews'). One is singular; zero and everything else plural, as English has it.
 */
export function pluralise(count: number, singular: string, plural = `${singular}s`): string {
  return count === 1 ? singular : plural;
}

/** '1 tool', '1,234 tools', '0 reviews'. */
export function countOf(count: number, singular: string, plural?: string): string {
  return `${formatNumber(count)} ${pluralise(count, singular, plural)}`;
}

const TOOLS_SUFFIX = /\s+tools?$/i;

/**
 * What a category's tools are called in a sentence, whether or not its name already ends in 'Tools':
 * 'SEO Tools' → 'SEO tool' / 'SEO tools', 'Content Writing' → 'Content Writing tool' / '... tools'.
 * `title` capitalises the noun for headings ('Can't Find the Perfect SEO Tool?').
 */
export function categoryTools(name: string, count = 2, { title = false }: { title?: boolean } = {}): string {
  const noun = pluralise(count, "tool");
  return `${name.replace(TOOLS_SUFFIX, "")} ${title ? noun[0]!.toUpperCase() + noun.slice(1) : noun}`;
}

/** '4 SEO tools', '1 Content Writing tool'. */
export function countCategoryTools(count: number, name: string): string {
  return `${formatNumber(count)} ${categoryTools(name, count)}`;
}
