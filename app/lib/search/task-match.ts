/**
 * Whether a search names a task (decision 046): the measure, on the English lexemes the database gives a search and a
 * task's phrases (its name and synonyms). models/task/search.server.ts finds the phrases that share a word with the
 * search and the lexemes; this module only compares them.
 *
 * A reading of the search (as typed, or with a synonym in place) names a task when it and one of the task's phrases
 * share most of their lexemes: shared over all of them (Jaccard) at least TASK_MATCH_MIN, where words that say
 * nothing about the job do not count against a match. Those are a search's QUERY_FILLER ('best free ai tool to ...',
 * 'help me ...'), and in a phrase 'ai' and a product noun that closes it ('crm software', 'paraphrasing tool'; not
 * 'prompt to app', whose app is the job). So 'remove background' ~ 'background remover' (1), 'tool to remove image
 * background' ~ 'Remove an image background' (1), 'crm' ~ 'crm software' (1); but 'video editor' ~ 'youtube video
 * editor' (0.67: a kind of tool, not a job), 'copilot' ~ 'copilot alternative' and 'prompts' ~ 'prompt to app' (0.5).
 * Matches in the phrase's word order rank first, and when some reading matches a phrase word for word, only such
 * matches count: 'speech to text' is not 'text to speech', though their words are the same.
 */

/** How much of their words a search and a task phrase must share: three of four, or all of two. */
export const TASK_MATCH_MIN = 0.75;
/** At most this many tasks for one search: the box shows the task, and one or two near it. */
export const MAX_TASK_RESULTS = 3;
/** Words of a search that say nothing about the job, unless the phrase has them too. */
export const QUERY_FILLER = ["ai", "tool", "tools", "app", "apps", "software", "online", "best", "free", "help", "want", "need"];
/** In a task phrase: words that say nothing about the job anywhere ('Make a presentation with AI')... */
export const PHRASE_FILLER = ["ai"];
/** ...and product nouns that say nothing when they close the phrase ('meeting notes app', 'crm software'). */
export const HEAD_NOUNS = ["tool", "tools", "app", "apps", "software"];

/** The filler words as the database's lexemes ('software' is 'softwar'). */
export type Filler = { query: ReadonlySet<string>; phrase: ReadonlySet<string>; headNouns: ReadonlySet<string> };

/** A task phrase that shares a word with a reading of the search, as the database found it. */
export type Candidate = {
  taskSlug: string;
  phrase: string;
  /** The phrase's lexemes, and the one of its last word when that follows another word directly ('softwar'). */
  lexemes: readonly string[];
  head: string | null;
  /** Which reading (0: as typed), its lexemes, and whether it holds the phrase word for word. */
  reading: number;
  readingLexemes: readonly string[];
  inOrder: boolean;
};

export type TaskMatchScore = { taskSlug: string; phrase: string; score: number; inOrder: boolean };

/** Shared lexemes over all of them, filler that only one side has left out. */
export function matchScore(reading: readonly string[], phrase: readonly string[], head: string | null, filler: Filler): number {
  const inPhrase = new Set(phrase);
  const inReading = new Set(reading);
  const shared = [...inReading].filter((lexeme) => inPhrase.has(lexeme)).length;
  const readingFiller = [...inReading].filter((lexeme) => !inPhrase.has(lexeme) && filler.query.has(lexeme)).length;
  const phraseFiller = [...inPhrase].filter((lexeme) => !inReading.has(lexeme) && (filler.phrase.has(lexeme) || (lexeme === head && filler.headNouns.has(lexeme)))).length;
  const all = inPhrase.size + inReading.size - shared - readingFiller - phraseFiller;
  return all > 0 ? shared / all : 0;
}

/**
 * The tasks the candidates name, best first: each task by its best phrase (score, then word order, then the reading
 * as typed before a synonym's), at least TASK_MATCH_MIN, only word-for-word matches when there is one.
 */
export function bestTasks(candidates: readonly Candidate[], filler: Filler): TaskMatchScore[] {
  const best = new Map<string, TaskMatchScore & { reading: number }>();
  const better = (a: TaskMatchScore & { reading: number }, b: TaskMatchScore & { reading: number }) =>
    a.score !== b.score ? a.score > b.score : a.inOrder !== b.inOrder ? a.inOrder : a.reading < b.reading;
  for (const candidate of candidates) {
    const score = matchScore(candidate.readingLexemes, candidate.lexemes, candidate.head, filler);
    if (score < TASK_MATCH_MIN) continue;
    const match = { taskSlug: candidate.taskSlug, phrase: candidate.phrase, score, inOrder: candidate.inOrder, reading: candidate.reading };
    const known = best.get(candidate.taskSlug);
    if (!known || better(match, known)) best.set(candidate.taskSlug, match);
  }
  const matches = [...best.values()];
  const wordForWord = matches.some((match) => match.inOrder);
  return matches
    .filter((match) => match.inOrder || !wordForWord)
    .sort((a, b) => b.score - a.score || Number(b.inOrder) - Number(a.inOrder) || a.reading - b.reading || a.taskSlug.localeCompare(b.taskSlug))
    .slice(0, MAX_TASK_RESULTS)
    .map(({ taskSlug, phrase, score, inOrder }) => ({ taskSlug, phrase, score, inOrder }));
}
