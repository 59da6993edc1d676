import { asc } from "drizzle-orm";
import { searchSynonyms } from "~/db/schema";
import { alternativesOf, type SearchTerms } from "~/lib/search/synonyms";
import { CATALOGUE, cached } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";

/**
 * The synonym groups (decision 046), a few dozen short rows read by every search: kept in memory under `catalogue`,
 * which the content sync, their only writer, invalidates on every instance.
 */
function listSynonymGroups(): Promise<string[][]> {
  return cached("catalogue:search-synonyms", CATALOGUE, async () =>
    (await getDb().select({ phrases: searchSynonyms.phrases }).from(searchSynonyms).orderBy(asc(searchSynonyms.term))).map((row) => row.phrases),
  );
}

/**
 * What a search looks for: its words, the text as typed (`text`, absent for corrected words) and the alternatives
 * its synonyms give ('dictation' is also searched as 'speech to text', 'transcription', ...).
 */
export async function searchTermsOf(words: string[], text?: string): Promise<SearchTerms> {
  return { words, text, alternatives: words.length ? alternativesOf(words, await listSynonymGroups()) : [] };
}
