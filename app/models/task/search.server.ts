import { sql, type SQL } from "drizzle-orm";
import { readableText } from "~/lib/readable-text";
import type { SearchTerms } from "~/lib/search/synonyms";
import { bestTasks, HEAD_NOUNS, PHRASE_FILLER, QUERY_FILLER, type Filler } from "~/lib/search/task-match";
import { cached } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";
import { askTogether, parsedJson } from "~/utils/json-rows.server";

/**
 * Which task a search names (decision 046), for every search box: /search and the palette put the task first,
 * the directory offers it above the tools. The database stems the search and finds the task phrases that share a
 * word with it; `lib/search/task-match.ts` measures how much they share.
 *
 * Each task's name and synonyms stand in `task_phrases` with their English lexemes (a materialized view the content
 * sync refreshes, drizzle/0038_task_phrases.sql; GIN index on the lexemes), so only the phrases that share a
 * meaningful word with the search are read. Lexemes are compared whole: a half-typed last word names no task yet. A
 * search that is a tool's name, or its first words ('Captions', 'Hemingway' for Hemingway Editor), is that tool's,
 * whatever a task's phrases say.
 */

export type TaskMatch = { slug: string; name: string; categoryName: string; phrase: string; toolCount: number; topTools: string[] };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");
const lexemesOf = (words: readonly string[]) => sql`tsvector_to_array(to_tsvector('english', ${words.join(" ")}))`;

/** The filler words as the database's English stemmer gives them: constant, so asked once per start. */
function fillerLexemes(): Promise<Filler> {
  return cached("search:filler-lexemes", [], async () => {
    const result = await getDb().execute<{ query: string[]; phrase: string[]; head: string[] }>(
      sql`select ${lexemesOf(QUERY_FILLER)} as query, ${lexemesOf(PHRASE_FILLER)} as phrase, ${lexemesOf(HEAD_NOUNS)} as head`,
    );
    const row = result.rows[0]!;
    return { query: new Set(row.query), phrase: new Set(row.phrase), headNouns: new Set(row.head) };
  });
}

type CandidateRow = { task_slug: string; phrase: string; lexemes: string[]; head: string | null; reading: number; reading_lexemes: string[]; in_order: boolean };

/**
 * Each reading's lexemes (a hyphenated word by its parts, as in task_phrases: 'dall-e' is 'dall' and 'e') and the
 * task phrases sharing a word with it that is not filler, with whether the reading holds the phrase word for word;
 * as one JSON value (utils/json-rows.server.ts), so the site search asks for it in the same statement as its counts.
 */
function candidatesQuery(readings: string[], filler: Filler): SQL {
  return sql`(select coalesce(json_agg(candidate), '[]'::json) from (
    with readings as materialized (
      select reading.ord - 1 as reading, to_tsvector('english', reading.text) as vector, parsed.lexemes,
             array(select lexeme from unnest(parsed.lexemes) as lexeme where lexeme <> all (${sql.param([...filler.query])}::text[])) as meaningful
      from unnest(${sql.param(readings)}::text[]) with ordinality as reading(text, ord)
      cross join lateral (select array(select lexeme from unnest(tsvector_to_array(to_tsvector('english', reading.text))) as lexeme where lexeme not like '%-%') as lexemes) as parsed
    )
    select phrase.task_slug, phrase.phrase, phrase.lexemes, phrase.head, readings.reading::int as reading, readings.lexemes as reading_lexemes,
           readings.vector @@ phrase.query as in_order
    from readings
    join task_phrases as phrase on phrase.lexemes && readings.meaningful) as candidate)`;
}

/** A search's question to the task phrases: ask `candidates` (in any statement), then give its answer to `tasksFound`. */
export type TaskQuestion = { typed: string; filler: Filler; candidates: SQL };

export async function taskQuestionOf({ words, text, alternatives }: SearchTerms): Promise<TaskQuestion | null> {
  if (!words.length) return null;
  const typed = readableText(text ?? words.join(" ")).trim();
  const filler = await fillerLexemes();
  return { typed, filler, candidates: candidatesQuery([typed, ...alternatives.map((alternative) => alternative.text)], filler) };
}

/** The tasks a search names, best first (none when it names nothing, or a tool). */
export async function findTasks(terms: SearchTerms): Promise<TaskMatch[]> {
  const question = await taskQuestionOf(terms);
  if (!question) return [];
  return tasksFound(question, (await askTogether({ candidates: question.candidates })).candidates);
}

/** The tasks named by the task phrases a `TaskQuestion` found, best first. */
export async function tasksFound({ typed, filler }: TaskQuestion, candidates: unknown): Promise<TaskMatch[]> {
  const matches = bestTasks(
    (parsedJson(candidates) as CandidateRow[]).map((row) => ({
      taskSlug: row.task_slug,
      phrase: row.phrase,
      lexemes: row.lexemes,
      head: row.head,
      reading: Number(row.reading),
      readingLexemes: row.reading_lexemes,
      inOrder: row.in_order,
    })),
    filler,
  );
  if (!matches.length) return [];
  const result = await getDb().execute<{ slug: string; name: string; category_name: string; tool_count: number; top_tools: string[]; names_a_tool: boolean }>(sql`
    select tasks.slug, tasks.name, categories.name as category_name,
           (select count(*)::int from task_tools where task_tools.task_slug = tasks.slug) as tool_count,
           array(select tools.name from task_tools join tools on tools.slug = task_tools.tool_slug
                 where task_tools.task_slug = tasks.slug order by task_tools.position limit 3) as top_tools,
           exists (select 1 from tools where tools.name ilike ${escapeLike(typed)} or tools.name ilike ${`${escapeLike(typed)} %`}) as names_a_tool
    from tasks
    join categories on categories.slug = tasks.category_slug
    where tasks.slug in (select unnest(${sql.param(matches.map((match) => match.taskSlug))}::text[]))`);
  if (result.rows.some((row) => row.names_a_tool)) return [];
  const rows = new Map(result.rows.map((row) => [row.slug, row]));
  return matches.flatMap((match) => {
    const row = rows.get(match.taskSlug);
    return row ? [{ slug: row.slug, name: row.name, categoryName: row.category_name, phrase: match.phrase, toolCount: Number(row.tool_count), topTools: row.top_tools }] : [];
  });
}
