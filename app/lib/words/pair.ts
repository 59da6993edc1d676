// Pair pages (lib/words.ts re-exports it; the pair page and its verdict import it from here).

/** In a sentence: 'our rating 4.8/5', or 'not reviewed by us yet'. */
export function ourRatingPhrase(rating: number | null): string {
  return rating === null ? "not reviewed by us yet" : `our rating ${rating.toFixed(1)}/5`;
}

/**
 * Near the top of a pair page without an editorial verdict (decision 043): what the page is, plainly, so neither a
 * reader nor a search engine takes the table for a recommendation.
 */
export function generatedPairNote(a: string, b: string): string {
  return `This is a generated side-by-side of ${a}'s and ${b}'s listed facts (pricing, features and ratings), with no editorial verdict: our editors have not written one for this pair.`;
}

/** Under a pair verdict: who wrote it and on what it rests (no verdict records a test, issue 26). */
export const PAIR_VERDICT_BASIS = "Based on both tools' facts as this site lists them.";
