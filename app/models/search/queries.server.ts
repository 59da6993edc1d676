import { count, desc, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { authors, categories, posts, taskTools, tools } from "~/db/schema";
import { QUICK_SEARCH_LIMIT, SEARCH_PAGE_SIZE, SEARCH_PREVIEW_POSTS, type SearchTab } from "~/lib/site-search";
import { wordsOf, type SearchTerms } from "~/lib/search/synonyms";
import { postCardSelect, postSearchCondition } from "~/models/blog/queries.server";
import { searchTermsOf } from "~/models/search/synonyms.server";
import { findTasks, type TaskMatch } from "~/models/task/search.server";
import { presentCards, toolCardSelect } from "~/models/tool/queries.server";
import { correctWords, COUNT_CAP, searchTsQuery, searchWords, toolSearchCondition } from "~/models/tool/search.server";
import { CATALOGUE, tagPage } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";

/**
 * The site search (/search and the command palette): tasks, tools and articles found by the same full-text
 * conditions, synonyms and typo correction as the directory and the blog, but ordered by relevance. A search that
 * names a job brings its task page first (decision 046). Within tools and articles: the exact name or title first
 * (as typed, or as a synonym reads it), then those whose name or title holds every word, then by text rank.
 * Nothing is kept in memory (each search is new text); the page cache keeps repeated ones.
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

/**
 * The tools a search finds, best first. When the search names a task, the tools listed for it come first in the
 * task's own order ('remove background': the background removers before Krisp's background noise), then the rest.
 */
function rankedTools(terms: SearchTerms, limit: number, offset = 0, task: TaskMatch | undefined = undefined) {
  const taskOrder = task
    ? [sql`(select ${taskTools.position} from ${taskTools} where ${taskTools.taskSlug} = ${task.slug} and ${taskTools.toolSlug} = ${tools.slug}) asc nulls last`]
    : [];
  return getDb()
    .select(toolCardSelect)
    .from(tools)
    .innerJoin(categories, eq(categories.slug, tools.categorySlug))
    .where(toolSearchCondition(terms))
    .orderBy(...taskOrder, ...relevance(tools.name, tools.searchVector, terms), sql`${tools.rating} desc nulls last`, sql`lower(${tools.name}) collate "C"`)
    .limit(limit)
    .offset(offset);
}

function rankedPosts(terms: SearchTerms, limit: number, offset = 0) {
  return getDb()
    .select(postCardSelect)
    .from(posts)
    .innerJoin(authors, eq(authors.id, posts.authorId))
    .where(postSearchCondition(terms.words, terms.text, terms.alternatives))
    .orderBy(...relevance(posts.title, posts.searchVector, terms), desc(posts.publishedAt), posts.slug)
    .limit(limit)
    .offset(offset);
}

/** How many of each match; tools counted up to COUNT_CAP + 1, like the directory, so a common word stays cheap. */
async function countMatches(terms: SearchTerms) {
  const capped = getDb()
    .select({ id: tools.id })
    .from(tools)
    .where(toolSearchCondition(terms))
    .limit(COUNT_CAP + 1)
    .as("capped");
  const [[toolCount], [postCount]] = await Promise.all([
    getDb().select({ value: count() }).from(capped),
    getDb()
      .select({ value: count() })
      .from(posts)
      .where(postSearchCondition(terms.words, terms.text, terms.alternatives)),
  ]);
  return { tools: toolCount?.value ?? 0, posts: postCount?.value ?? 0 };
}

/** Everything a search finds but its pages of rows: the tasks it names and how many tools and articles match. */
async function findAll(terms: SearchTerms) {
  const [counts, tasks] = await Promise.all([countMatches(terms), findTasks(terms)]);
  return { terms, counts, tasks, found: counts.tools + counts.posts + tasks.length > 0 };
}

/**
 * The terms to search for, the tasks they name and the counts: when the search as typed finds nothing at all, each
 * unknown word is replaced by the closest one of the site's lexicon ('midjorney' → 'midjourney').
 */
async function resolveTerms(query: string) {
  const typed = await findAll(await searchTermsOf(searchWords(query), query));
  if (typed.found) return { ...typed, correctedSearch: null };
  const corrected = await correctWords(typed.terms.words);
  const retried = corrected ? await findAll(await searchTermsOf(corrected)) : null;
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
  const { terms, counts, tasks, correctedSearch } = await resolveTerms(query);
  const toolTotal = Math.min(counts.tools, COUNT_CAP);
  const pageCount = pageCountOf(tab === "posts" ? counts.posts : toolTotal);
  const current = Math.min(page, pageCount);
  const offset = (current - 1) * SEARCH_PAGE_SIZE;
  const [toolRows, postRows] = await Promise.all([
    tab !== "posts" && counts.tools ? rankedTools(terms, SEARCH_PAGE_SIZE, offset, tasks[0]) : [],
    !counts.posts ? [] : tab === "posts" ? rankedPosts(terms, SEARCH_PAGE_SIZE, offset) : tab === "all" && current === 1 ? rankedPosts(terms, SEARCH_PREVIEW_POSTS) : [],
  ]);
  return {
    query,
    tab,
    page: current,
    correctedSearch,
    // The All tab's count: its tasks too.
    total: tasks.length + toolTotal + counts.posts,
    tasks: tab === "all" && current === 1 ? tasks : [],
    tools: { rows: presentCards(toolRows), total: toolTotal, totalIsCapped: counts.tools > COUNT_CAP, pageCount: pageCountOf(toolTotal) },
    posts: { rows: postRows, total: counts.posts, totalIsCapped: false, pageCount: pageCountOf(counts.posts) },
  };
}

export type SiteSearchResult = Awaited<ReturnType<typeof searchSite>>;

/** The command palette's live results: the tasks the search names, and the best few tools and articles; names and links only. */
export async function quickSearch(query: string) {
  const words = searchWords(query);
  if (!words.length) return { query, correctedSearch: null, tasks: [], tools: [], posts: [] };
  const find = async (terms: SearchTerms) => {
    const [taskRows, postRows] = await Promise.all([findTasks(terms), rankedPosts(terms, QUICK_SEARCH_LIMIT)]);
    return [taskRows, await rankedTools(terms, QUICK_SEARCH_LIMIT, 0, taskRows[0]), postRows] as const;
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
