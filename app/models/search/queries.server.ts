import { desc, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { authors, categories, posts, taskTools, tools } from "~/db/schema";
import { QUICK_SEARCH_LIMIT, SEARCH_PAGE_SIZE, SEARCH_PREVIEW_POSTS, type SearchTab } from "~/lib/site-search";
import { wordsOf, type SearchTerms } from "~/lib/search/synonyms";
import { postCardSelect, postSearchCondition } from "~/models/blog/queries.server";
import { searchTermsOf } from "~/models/search/synonyms.server";
import { taskQuestionOf, tasksFound, type TaskMatch } from "~/models/task/search.server";
import { cardShown, presentCards, toolCardSelect } from "~/models/tool/queries.server";
import { cardOnPage } from "~/lib/tool/card-on-page";
import { correctWords, COUNT_CAP, searchTsQuery, searchWords, toolSearchCondition } from "~/models/tool/search.server";
import { CATALOGUE, tagPage } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";
import { answerRows, askRows, askTogether, rowsQuestion, type Questions } from "~/utils/json-rows.server";

/**
 * The site search (/search and the command palette): tasks, tools and articles found by the same full-text
 * conditions, synonyms and typo correction as the directory and the blog, but ordered by relevance. A search that
 * names a job brings its task page first (decision 046). Within tools and articles: the exact name or title first
 * (as typed, or as a synonym reads it), then those whose name or title holds every word, then by text rank.
 * Nothing is kept in memory (each search is new text); the page cache keeps repeated ones. A search asks the
 * database once for nearly everything it shows (decision 057).
 */

/** A name or title as its words: 'DALL·E 3' reads 'dall e 3', like `searchWords` reads a query. */
const asWords = (column: SQLWrapper) => sql`trim(regexp_replace(lower(${column}), '[^[:alnum:]]+', ' ', 'g'))`;

/** The search as words, whole (searchWords keeps only the first eight), and as each synonym reads it. */
function phrasesOf({ words, text, alternatives }: SearchTerms): string[] {
  return [wordsOf(text ?? words.join(" ")).join(" "), ...alternatives.map((alternative) => wordsOf(alternative.text).join(" "))];
}

function relevance(column: SQLWrapper, vector: SQLWrapper, terms: SearchTerms): SQL[] {
  const tsQuery = searchTsQuery(terms.words, terms.text, terms.alternatives)!;
  const phrases = sql.join(
    phrasesOf(terms).map((phrase) => sql`${phrase}`),
    sql`, `,
  );
  return [
    sql`case when ${asWords(column)} in (${phrases}) then 0 when to_tsvector('english', ${column}) @@ ${tsQuery} then 1 else 2 end`,
    sql`ts_rank(${vector}, ${tsQuery}) desc`,
  ];
}

/** How many rows match, beside each row of a page of them: ranking reads every match anyway, so the count costs no scan of its own. */
const matchCount = sql<number>`count(*) over ()`;

/**
 * The tools a search finds, best first, as a question of a statement (utils/json-rows.server.ts), each with the count
 * of all matches. When the search names a task, the tools listed for it come first in the task's own order ('remove
 * background': the background removers before Krisp's background noise), then the rest.
 */
function rankedTools(terms: SearchTerms, limit: number, offset = 0, task: TaskMatch | undefined = undefined) {
  const taskOrder = task
    ? [sql`(select ${taskTools.position} from ${taskTools} where ${taskTools.taskSlug} = ${task.slug} and ${taskTools.toolSlug} = ${tools.slug}) asc nulls last`]
    : [];
  return rowsQuestion({ ...toolCardSelect, matches: matchCount }, (select) =>
    select
      .from(tools)
      .innerJoin(categories, eq(categories.slug, tools.categorySlug))
      .where(toolSearchCondition(terms))
      .orderBy(...taskOrder, ...relevance(tools.name, tools.searchVector, terms), sql`${tools.rating} desc nulls last`, sql`lower(${tools.name}) collate "C"`)
      .limit(limit)
      .offset(offset),
  );
}

function rankedPosts(terms: SearchTerms, limit: number, offset = 0) {
  return rowsQuestion({ ...postCardSelect, matches: matchCount }, (select) =>
    select
      .from(posts)
      .innerJoin(authors, eq(authors.id, posts.authorId))
      .where(postSearchCondition(terms.words, terms.text, terms.alternatives))
      .orderBy(...relevance(posts.title, posts.searchVector, terms), desc(posts.publishedAt), posts.slug)
      .limit(limit)
      .offset(offset),
  );
}

type ToolRow = ReturnType<typeof answerRows<ReturnType<typeof rankedTools>["selection"]>>[number];
type PostRow = ReturnType<typeof answerRows<ReturnType<typeof rankedPosts>["selection"]>>[number];
const withoutCount = <Row extends { matches: number }>({ matches: _matches, ...row }: Row) => row;

const noRows = sql`'[]'::json`;

/** How many tools match, counted up to COUNT_CAP + 1 like the directory, so a common word stays cheap. */
const toolCount = (terms: SearchTerms) =>
  sql`(select count(*)::int from (${getDb()
    .select({ id: tools.id })
    .from(tools)
    .where(toolSearchCondition(terms))
    .limit(COUNT_CAP + 1)}) as capped)`;

const postCount = (terms: SearchTerms) => sql`(select count(*)::int from ${posts} where ${postSearchCondition(terms.words, terms.text, terms.alternatives)})`;

/** Which rows a view of /search shows: the tab's page of tools, and of articles (the All tab's first page previews them). */
function rowsAsked(terms: SearchTerms, tab: SearchTab, page: number, task: TaskMatch | undefined) {
  const offset = (page - 1) * SEARCH_PAGE_SIZE;
  return {
    tools: tab !== "posts" ? rankedTools(terms, SEARCH_PAGE_SIZE, offset, task) : null,
    posts: tab === "posts" ? rankedPosts(terms, SEARCH_PAGE_SIZE, offset) : tab === "all" && page === 1 ? rankedPosts(terms, SEARCH_PREVIEW_POSTS) : null,
  };
}

type RowsAsked = ReturnType<typeof rowsAsked>;

/** The questions of `rowsAsked`, with the others of the same statement. */
const questionsOf = (rows: RowsAsked): Questions => ({ ...(rows.tools && { tools: rows.tools.question }), ...(rows.posts && { posts: rows.posts.question }) });

/** The rows `rowsAsked` found, read from the statement's answer. */
const rowsFrom = (rows: RowsAsked, answer: Record<string, unknown>): { tools: ToolRow[]; posts: PostRow[] } => ({
  tools: rows.tools ? answerRows(rows.tools, answer.tools) : [],
  posts: rows.posts ? answerRows(rows.posts, answer.posts) : [],
});

/**
 * Everything a search finds, in one statement: the tasks it names, the rows of the view asked for as they are when
 * the search names no task, and how many tools and articles match (beside the rows, or counted where no rows are
 * asked for). The few searches that name a task, or ask for a page past the last, ask again.
 */
async function findAll(terms: SearchTerms, tab: SearchTab, page: number) {
  const question = await taskQuestionOf(terms);
  const asked = rowsAsked(terms, tab, page, undefined);
  const answer = await askTogether({
    candidates: question?.candidates ?? noRows,
    ...questionsOf(asked),
    ...(!asked.tools && { toolCount: toolCount(terms) }),
    ...(!asked.posts && { postCount: postCount(terms) }),
  });
  const rows = rowsFrom(asked, answer);
  // A page past the last has no row to carry its count.
  const uncounted: Questions = {
    ...(asked.tools && !rows.tools.length && page > 1 && { toolCount: toolCount(terms) }),
    ...(asked.posts && !rows.posts.length && page > 1 && { postCount: postCount(terms) }),
  };
  const counted = Object.keys(uncounted).length ? { ...answer, ...(await askTogether(uncounted)) } : answer;
  const counts = {
    tools: "toolCount" in counted ? Number(counted.toolCount) : (rows.tools[0]?.matches ?? 0),
    posts: "postCount" in counted ? Number(counted.postCount) : (rows.posts[0]?.matches ?? 0),
  };
  const tasks = question ? await tasksFound(question, answer.candidates) : [];
  return { terms, counts, tasks, found: counts.tools + counts.posts + tasks.length > 0, rows };
}

/**
 * The terms to search for, the tasks they name, the counts and rows: when the search as typed finds nothing at all,
 * each unknown word is replaced by the closest one of the site's lexicon ('midjorney' → 'midjourney').
 */
async function resolveTerms(query: string, tab: SearchTab, page: number) {
  const typed = await findAll(await searchTermsOf(searchWords(query), query), tab, page);
  if (typed.found) return { ...typed, correctedSearch: null };
  const corrected = await correctWords(typed.terms.words);
  const retried = corrected ? await findAll(await searchTermsOf(corrected), tab, page) : null;
  if (!corrected || !retried?.found) return { ...typed, correctedSearch: null };
  return { ...retried, correctedSearch: corrected.join(" ") };
}

const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE));

/**
 * One view of /search: the counts of both kinds (for the tabs) and the rows the tab shows. The All tab shows
 * the tasks the search names and the first articles, and pages through the tools; each other tab pages through
 * its own kind. A page past the last shows the last.
 */
export async function searchSite(query: string, { tab, page }: { tab: SearchTab; page: number }) {
  const empty = { rows: [], total: 0, totalIsCapped: false, pageCount: 1 };
  if (!searchWords(query).length) return { query, tab, page: 1, correctedSearch: null, total: 0, tasks: [] as TaskMatch[], tools: empty, posts: empty };
  // Search pages show the catalogue: a content sync drops them from the page cache.
  tagPage(...CATALOGUE);
  const { terms, counts, tasks, correctedSearch, rows } = await resolveTerms(query, tab, page);
  const toolTotal = Math.min(counts.tools, COUNT_CAP);
  const pageCount = pageCountOf(tab === "posts" ? counts.posts : toolTotal);
  const current = Math.min(page, pageCount);
  // Asked again: every row of a page past the last; the tools of a search that names a task, in the task's order.
  const again: RowsAsked | null =
    current !== page
      ? rowsAsked(terms, tab, current, tasks[0])
      : tasks[0] && tab !== "posts" && counts.tools
        ? { tools: rowsAsked(terms, tab, current, tasks[0]).tools, posts: null }
        : null;
  const found = again && rowsFrom(again, await askTogether(questionsOf(again)));
  const shown = { tools: again?.tools ? found!.tools : rows.tools, posts: again?.posts ? found!.posts : rows.posts };
  return {
    query,
    tab,
    page: current,
    correctedSearch,
    // The All tab's count: its tasks too.
    total: tasks.length + toolTotal + counts.posts,
    tasks: tab === "all" && current === 1 ? tasks : [],
    tools: {
      rows: presentCards(shown.tools.map(withoutCount)).map((card) => cardOnPage(cardShown(card), { document: false })),
      total: toolTotal,
      totalIsCapped: counts.tools > COUNT_CAP,
      pageCount: pageCountOf(toolTotal),
    },
    posts: { rows: shown.posts.map(withoutCount), total: counts.posts, totalIsCapped: false, pageCount: pageCountOf(counts.posts) },
  };
}

export type SiteSearchResult = Awaited<ReturnType<typeof searchSite>>;

/** The command palette's live results: the tasks the search names, and the best few tools and articles; names and links only. */
export async function quickSearch(query: string) {
  const words = searchWords(query);
  if (!words.length) return { query, correctedSearch: null, tasks: [], tools: [], posts: [] };
  // Like searchSite: the tasks and articles with the tools as they are when the search names no task, in one statement.
  const find = async (terms: SearchTerms) => {
    const question = await taskQuestionOf(terms);
    const asked = { tools: rankedTools(terms, QUICK_SEARCH_LIMIT), posts: rankedPosts(terms, QUICK_SEARCH_LIMIT) };
    const answer = await askTogether({ candidates: question?.candidates ?? noRows, ...questionsOf(asked) });
    const taskRows = question ? await tasksFound(question, answer.candidates) : [];
    const { tools: toolRows, posts: postRows } = rowsFrom(asked, answer);
    return [taskRows, taskRows[0] ? await askRows(rankedTools(terms, QUICK_SEARCH_LIMIT, 0, taskRows[0])) : toolRows, postRows] as const;
  };
  let [taskRows, toolRows, postRows] = await find(await searchTermsOf(words, query));
  let correctedSearch: string | null = null;
  if (!taskRows.length && !toolRows.length && !postRows.length) {
    const corrected = await correctWords(words);
    if (corrected) {
      [taskRows, toolRows, postRows] = await find(await searchTermsOf(corrected));
      if (taskRows.length || toolRows.length || postRows.length) correctedSearch = corrected.join(" ");
    }
  }
  return {
    query,
    correctedSearch,
    tasks: taskRows.map((task) => ({ slug: task.slug, name: task.name, category: task.categoryName, href: `/tasks/${task.slug}` })),
    tools: toolRows.map((tool) => ({ slug: tool.slug, name: tool.name, category: tool.categoryName, href: `/tools/${tool.slug}` })),
    posts: postRows.map((post) => ({ slug: post.slug, title: post.title, href: `/blog/${post.slug}` })),
  };
}

export type QuickSearchResult = Awaited<ReturnType<typeof quickSearch>>;
