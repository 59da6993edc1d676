import { count, desc, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { authors, categories, posts, tools } from "~/db/schema";
import { QUICK_SEARCH_LIMIT, SEARCH_PAGE_SIZE, SEARCH_PREVIEW_POSTS, type SearchTab } from "~/lib/site-search";
import { postCardSelect, postSearchCondition } from "~/models/blog/queries.server";
import { presentCards, toolCardSelect } from "~/models/tool/queries.server";
import { correctWords, COUNT_CAP, searchTsQuery, searchWords, toolSearchCondition } from "~/models/tool/search.server";
import { CATALOGUE, tagPage } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";

/**
 * The site search (/search and the command palette): tools and articles found by the same full-text
 * conditions and typo correction as the directory and the blog, but ordered by relevance. Within each
 * kind: the exact name or title first, then those whose name or title holds every word, then by
 * text rank. Nothing is kept in memory (each search is new text); the page cache keeps repeated ones.
 */

/** A name or title as its words: 'DALL·E 3' reads 'dall e 3', like `searchWords` reads a query. */
const asWords = (column: SQLWrapper) => sql`trim(regexp_replace(lower(${column}), '[^[:alnum:]]+', ' ', 'g'))`;

/** The whole search as words, for comparing with a name or title (searchWords keeps only the first eight). */
const phraseOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(" ");

/** What is searched for: the words (typos corrected, when that was needed) and the text as typed. */
type Terms = { words: string[]; text?: string };

function relevance(column: SQLWrapper, vector: SQLWrapper, { words, text }: Terms): SQL[] {
  const tsQuery = searchTsQuery(words, text)!;
  return [
    sql`case when ${asWords(column)} = ${phraseOf(text ?? words.join(" "))} then 0 when to_tsvector('english', ${column}) @@ ${tsQuery} then 1 else 2 end`,
    sql`ts_rank(${vector}, ${tsQuery}) desc`,
  ];
}

function rankedTools(terms: Terms, limit: number, offset = 0) {
  return getDb()
    .select(toolCardSelect)
    .from(tools)
    .innerJoin(categories, eq(categories.slug, tools.categorySlug))
    .where(toolSearchCondition(terms.words, terms.text))
    .orderBy(...relevance(tools.name, tools.searchVector, terms), sql`${tools.rating} desc nulls last`, sql`lower(${tools.name}) collate "C"`)
    .limit(limit)
    .offset(offset);
}

function rankedPosts(terms: Terms, limit: number, offset = 0) {
  return getDb()
    .select(postCardSelect)
    .from(posts)
    .innerJoin(authors, eq(authors.id, posts.authorId))
    .where(postSearchCondition(terms.words, terms.text))
    .orderBy(...relevance(posts.title, posts.searchVector, terms), desc(posts.publishedAt), posts.slug)
    .limit(limit)
    .offset(offset);
}

/** How many of each match; tools counted up to COUNT_CAP + 1, like the directory, so a common word stays cheap. */
async function countMatches({ words, text }: Terms) {
  const capped = getDb()
    .select({ id: tools.id })
    .from(tools)
    .where(toolSearchCondition(words, text))
    .limit(COUNT_CAP + 1)
    .as("capped");
  const [[toolCount], [postCount]] = await Promise.all([
    getDb().select({ value: count() }).from(capped),
    getDb().select({ value: count() }).from(posts).where(postSearchCondition(words, text)),
  ]);
  return { tools: toolCount?.value ?? 0, posts: postCount?.value ?? 0 };
}

/**
 * The terms to search for and their counts: when the search as typed finds nothing at all, each unknown
 * word is replaced by the closest one of the site's lexicon ('midjorney' → 'midjourney').
 */
async function resolveTerms(query: string) {
  const typed: Terms = { words: searchWords(query), text: query };
  const counts = await countMatches(typed);
  if (counts.tools + counts.posts > 0) return { terms: typed, counts, correctedSearch: null };
  const corrected = await correctWords(typed.words);
  const correctedCounts = corrected ? await countMatches({ words: corrected }) : null;
  if (!corrected || !correctedCounts || correctedCounts.tools + correctedCounts.posts === 0) return { terms: typed, counts, correctedSearch: null };
  return { terms: { words: corrected }, counts: correctedCounts, correctedSearch: corrected.join(" ") };
}

const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE));

/**
 * One view of /search: the counts of both kinds (for the tabs) and the rows the tab shows. The All tab
 * shows the first articles and pages through the tools; each other tab pages through its own kind.
 * A page past the last shows the last.
 */
export async function searchSite(query: string, { tab, page }: { tab: SearchTab; page: number }) {
  const empty = { rows: [], total: 0, totalIsCapped: false, pageCount: 1 };
  if (!searchWords(query).length) return { query, tab, page: 1, correctedSearch: null, total: 0, tools: empty, posts: empty };
  // Search pages show the catalogue: a content sync drops them from the page cache.
  tagPage(...CATALOGUE);
  const { terms, counts, correctedSearch } = await resolveTerms(query);
  const toolTotal = Math.min(counts.tools, COUNT_CAP);
  const pageCount = pageCountOf(tab === "posts" ? counts.posts : toolTotal);
  const current = Math.min(page, pageCount);
  const offset = (current - 1) * SEARCH_PAGE_SIZE;
  const [toolRows, postRows] = await Promise.all([
    tab !== "posts" && counts.tools ? rankedTools(terms, SEARCH_PAGE_SIZE, offset) : [],
    !counts.posts ? [] : tab === "posts" ? rankedPosts(terms, SEARCH_PAGE_SIZE, offset) : tab === "all" && current === 1 ? rankedPosts(terms, SEARCH_PREVIEW_POSTS) : [],
  ]);
  return {
    query,
    tab,
    page: current,
    correctedSearch,
    total: toolTotal + counts.posts,
    tools: { rows: presentCards(toolRows), total: toolTotal, totalIsCapped: counts.tools > COUNT_CAP, pageCount: pageCountOf(toolTotal) },
    posts: { rows: postRows, total: counts.posts, totalIsCapped: false, pageCount: pageCountOf(counts.posts) },
  };
}

export type SiteSearchResult = Awaited<ReturnType<typeof searchSite>>;

/** The command palette's live results: the best few tools and articles, names and links only. */
export async function quickSearch(query: string) {
  const typed = searchWords(query);
  if (!typed.length) return { query, correctedSearch: null, tools: [], posts: [] };
  const find = (terms: Terms) => Promise.all([rankedTools(terms, QUICK_SEARCH_LIMIT), rankedPosts(terms, QUICK_SEARCH_LIMIT)]);
  let [toolRows, postRows] = await find({ words: typed, text: query });
  let correctedSearch: string | null = null;
  if (!toolRows.length && !postRows.length) {
    const corrected = await correctWords(typed);
    if (corrected) {
      [toolRows, postRows] = await find({ words: corrected });
      if (toolRows.length || postRows.length) correctedSearch = corrected.join(" ");
    }
  }
  return {
    query,
    correctedSearch,
    tools: toolRows.map((tool) => ({ slug: tool.slug, name: tool.name, category: tool.categoryName, href: `/tools/${tool.slug}` })),
    posts: postRows.map((post) => ({ slug: post.slug, title: post.title, href: `/blog/${post.slug}` })),
  };
}

export type QuickSearchResult = Awaited<ReturnType<typeof quickSearch>>;
