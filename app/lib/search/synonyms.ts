/**
 * Search synonyms (content/search-synonyms.json, decision 046): groups of phrases that ask for the same thing
 * ('speech to text', 'transcription', 'dictation'), or spell one name two ways ('summarise', 'summarize'). A search
 * that holds a phrase of a group is also run with each other phrase of the group in its place.
 */

/** The words of a text as every search reads them: lower case, letters and digits only ('Bolt.new' → bolt, new). */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * One more way to read a search: the typed words outside the matched phrase (`rest`, still matched as prefixes
 * while they are being typed), with another phrase of its group (`phrase`, matched as that phrase), and the whole
 * as text with the phrase in the matched one's place.
 */
export type Alternative = { rest: string[]; phrase: string; text: string };

/** What a search looks for: its words, the text as typed (absent once typos were corrected) and its alternatives. */
export type SearchTerms = { words: string[]; text?: string; alternatives: Alternative[] };

/** Enough for every group a short search can hold; each is an OR in the query. */
export const MAX_ALTERNATIVES = 16;

/** Where `phrase` (as words) first stands in `words`, or -1. */
function indexOfPhrase(words: readonly string[], phrase: readonly string[]): number {
  for (let start = 0; start + phrase.length <= words.length; start++) {
    if (phrase.every((word, offset) => words[start + offset] === word)) return start;
  }
  return -1;
}

/**
 * The alternatives of a search's words: for each group with a phrase among the words (its longest, when several
 * are), the search with every other phrase of the group in its place. In the groups' order, at most
 * MAX_ALTERNATIVES, none twice.
 */
export function alternativesOf(words: readonly string[], groups: readonly (readonly string[])[]): Alternative[] {
  const alternatives = new Map<string, Alternative>();
  for (const group of groups) {
    const found = group
      .map((phrase) => ({ phrase, words: wordsOf(phrase) }))
      .map((candidate) => ({ ...candidate, at: candidate.words.length ? indexOfPhrase(words, candidate.words) : -1 }))
      .filter((candidate) => candidate.at >= 0)
      .sort((a, b) => b.words.length - a.words.length)[0];
    if (!found) continue;
    const before = words.slice(0, found.at);
    const after = words.slice(found.at + found.words.length);
    for (const phrase of group) {
      if (phrase === found.phrase || wordsOf(phrase).join(" ") === found.words.join(" ")) continue;
      const text = [...before, phrase, ...after].join(" ");
      if (!alternatives.has(text)) alternatives.set(text, { rest: [...before, ...after], phrase, text });
    }
  }
  return [...alternatives.values()].slice(0, MAX_ALTERNATIVES);
}
