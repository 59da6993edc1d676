import { and, count, desc, eq, gte, ilike, sql, type SQL } from "drizzle-orm";
import { authors, postReads, posts } from "~/db/schema";
import { BLOG_CATEGORIES, BLOG_PAGE_SIZE, POPULAR_POST_COUNT, POPULAR_TAG_COUNT, type BlogFilters } from "~/lib/blog/blog-filters";
import type { Alternative } from "~/lib/search/synonyms";
import { correctWords, prefixTsQuery, searchTsQuery, searchWords } from "~/models/tool/search.server";
import { CATALOGUE, cached } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";

/**
 * The blog's reads. Every query on articles is tagged `catalogue` (the content sync is their only writer);
 * the popular list also `post-popularity`, which the server drops once an hour as reads accumulate.
 */
export const POPULARITY_TAG = "post-popularity";
const POPULARITY = [POPULARITY_TAG, ...CATALOGUE];

/** What an article card shows (also the site search's, models/search). */
export const postCardSelect = {
  slug: posts.slug,
  title: posts.title,
  excerpt: posts.excerpt,
  category: posts.category,
  publishedAt: posts.publishedAt,
  readMinutes: posts.readMinutes,
  keywords: posts.keywords,
  tags: posts.tags,
  featured: posts.featured,
  authorName: authors.name,
};

/** Articles whose text holds every word (as a prefix), as the directory's search reads tools; the site search adds the text and synonyms. */
export function postSearchCondition(words: string[], text?: string, alternatives: readonly Alternative[] = []): SQL | undefined {
  const tsQuery = searchTsQuery(words, text, alternatives);
  return tsQuery ? sql`${posts.searchVector} @@ ${tsQuery}` : undefined;
}

function conditions(filters: Omit<BlogFilters, "page">, words: string[]): SQL | undefined {
  return and(
    filters.category ? eq(posts.category, filters.category) : undefined,
    // Every chosen tag: each chip narrows the list.
    filters.tags.length ? sql`${posts.tags} @> ${JSON.stringify(filters.tags)}::jsonb` : undefined,
    postSearchCondition(words),
  );
}

async function findPosts(filters: BlogFilters, words: string[], limit: number) {
  const where = conditions(filters, words);
  const tsQuery = prefixTsQuery(words);
  // The editors' featured article leads the unfiltered list (spec: the featured post is the first one).
  const unfiltered = !filters.category && filters.tags.length === 0;
  const order = tsQuery
    ? [sql`ts_rank(${posts.searchVector}, to_tsquery('english', ${tsQuery})) desc`, desc(posts.publishedAt)]
    : [...(unfiltered ? [desc(posts.featured)] : []), desc(posts.publishedAt), posts.slug];
  const [rows, [total]] = await Promise.all([
    getDb()
      .select(postCardSelect)
      .from(posts)
      .innerJoin(authors, eq(authors.id, posts.authorId))
      .where(where)
      .orderBy(...order)
      .limit(limit),
    getDb().select({ value: count() }).from(posts).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/**
 * Articles for the blog list, newest first (best match first when searching), in the database: category,
 * every chosen tag, and a full-text search that corrects typos like the directory's. `page` N returns the
 * first N pages, so a page without JavaScript shows what Load More would have added.
 */
export function listPosts(filters: BlogFilters) {
  // Searches are not kept: each is new text, and memory would fill with them.
  const remember = <T>(load: () => Promise<T>) => (filters.search ? load() : cached(`posts:list:${JSON.stringify(filters)}`, CATALOGUE, load));
  return remember(async () => {
    const words = searchWords(filters.search);
    const limit = filters.page * BLOG_PAGE_SIZE;
    let found = await findPosts(filters, words, limit);
    let correctedSearch: string | null = null;
    if (words.length && found.total === 0) {
      const corrected = await correctWords(words);
      if (corrected) {
        found = await findPosts(filters, corrected, limit);
        correctedSearch = corrected.join(" ");
      }
    }
    return { posts: found.rows, total: found.total, page: filters.page, pageCount: Math.max(1, Math.ceil(found.total / BLOG_PAGE_SIZE)), correctedSearch };
  });
}

export type PostCard = Awaited<ReturnType<typeof listPosts>>["posts"][number];

/** The newest articles (the home page's 'Latest AI Insights': five). */
export function listLatestPosts(limit = 5) {
  return cached(`posts:latest:${limit}`, CATALOGUE, () =>
    getDb().select(postCardSelect).from(posts).innerJoin(authors, eq(authors.id, posts.authorId)).orderBy(desc(posts.publishedAt), posts.slug).limit(limit),
  );
}

/** Each blog category with its computed article count, in the blog's order. */
export function listBlogCategories() {
  return cached("posts:categories", CATALOGUE, async () => {
    const rows = await getDb().select({ category: posts.category, value: count() }).from(posts).groupBy(posts.category);
    const counts = new Map(rows.map((row) => [row.category, row.value]));
    return BLOG_CATEGORIES.map((category) => ({ ...category, count: counts.get(category.slug) ?? 0 }));
  });
}

/** The most used tags, with their counts (spec: eight). */
export function listPopularTags() {
  return cached("posts:tags", CATALOGUE, async () => {
    const result = await getDb().execute<{ tag: string; uses: number }>(
      sql`select tag, count(*)::int as uses from ${posts}, jsonb_array_elements_text(${posts.tags}) as tag group by tag order by uses desc, tag limit ${POPULAR_TAG_COUNT}`,
    );
    return result.rows;
  });
}

/** The most read articles of the last 30 days, topped up with the newest when reads are few. */
export function listPopularPosts(limit = POPULAR_POST_COUNT) {
  return cached(`posts:popular:${limit}`, POPULARITY, async () => {
    const since = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const read = await getDb()
      .select({ ...postCardSelect, reads: sql<number>`sum(${postReads.reads})::int` })
      .from(postReads)
      .innerJoin(posts, eq(posts.slug, postReads.postSlug))
      .innerJoin(authors, eq(authors.id, posts.authorId))
      .where(gte(postReads.day, since))
      .groupBy(posts.slug, authors.name)
      .orderBy(desc(sql`sum(${postReads.reads})`), desc(posts.publishedAt))
      .limit(limit);
    if (read.length >= limit) return read.map(({ reads: _reads, ...card }) => card);
    const newest = await getDb().select(postCardSelect).from(posts).innerJoin(authors, eq(authors.id, posts.authorId)).orderBy(desc(posts.publishedAt)).limit(limit);
    const seen = new Set(read.map((post) => post.slug));
    return [...read.map(({ reads: _reads, ...card }) => card), ...newest.filter((post) => !seen.has(post.slug))].slice(0, limit);
  });
}

/** What an article page shows: everything but the search document and the plain text kept for it. */
const postColumns = {
  slug: posts.slug,
  title: posts.title,
  excerpt: posts.excerpt,
  category: posts.category,
  publishedAt: posts.publishedAt,
  lastReviewedAt: posts.lastReviewedAt,
  keywords: posts.keywords,
  tags: posts.tags,
  faq: posts.faq,
  html: posts.html,
  toc: posts.toc,
  readMinutes: posts.readMinutes,
  contentHash: posts.contentHash,
  /** Spec part 2 §2.4: a body under 100 characters or a 'preparing' / 'check back' note is no article yet. */
  hasBody: sql<boolean>`length(${posts.bodyText}) >= 100 and ${posts.bodyText} !~* '\m(preparing|check back)\M'`,
};

/** One article with its author, by its exact (canonical) slug. */
export function getPost(slug: string) {
  return cached(`posts:one:${slug}`, CATALOGUE, async () => {
    const [row] = await getDb()
      .select({ post: postColumns, author: { id: authors.id, kind: authors.kind, name: authors.name, bio: authors.bio, links: authors.links } })
      .from(posts)
      .innerJoin(authors, eq(authors.id, posts.authorId))
      .where(eq(posts.slug, slug))
      .limit(1);
    return row ?? null;
  });
}

export type PostDetail = NonNullable<Awaited<ReturnType<typeof getPost>>>;

/**
 * The canonical slug a requested one stands for (spec part 2 §4): the exact slug, else a case-insensitive
 * trimmed match, else the one article whose slug contains it. Null when none or several could be meant.
 */
export async function canonicalPostSlug(requested: string): Promise<string | null> {
  const wanted = requested.trim().toLowerCase();
  if (!wanted || wanted.length > 200) return null;
  const [exact] = await getDb().select({ slug: posts.slug }).from(posts).where(eq(posts.slug, wanted)).limit(1);
  if (exact) return exact.slug;
  const escaped = wanted.replace(/[\\%_]/g, "\\$&");
  const partial = await getDb()
    .select({ slug: posts.slug })
    .from(posts)
    .where(ilike(posts.slug, `%${escaped}%`))
    .orderBy(posts.slug)
    .limit(2);
  return partial.length === 1 ? partial[0]!.slug : null;
}

/** Up to three articles in the same category or sharing at least two keywords (spec part 2 §4), newest first. */
export function listRelatedPosts(post: { slug: string; category: string; keywords: string[] }, limit = 3) {
  return cached(`posts:related:${post.slug}`, CATALOGUE, async () => {
    const shared = sql`(select count(*) from jsonb_array_elements_text(${posts.keywords}) k where k = any(${sql.param(post.keywords)}::text[]))`;
    return getDb()
      .select(postCardSelect)
      .from(posts)
      .innerJoin(authors, eq(authors.id, posts.authorId))
      .where(and(sql`${posts.slug} <> ${post.slug}`, sql`(${posts.category} = ${post.category} or ${shared} >= 2)`))
      .orderBy(desc(shared), desc(posts.publishedAt))
      .limit(limit);
  });
}

/**
 * Articles on a topic (the audience pages, lib/tool/audiences.ts): in one of `categories` or with one of `tags`,
 * those matching more of them first (the category counts as one), then the newest.
 */
export function listPostsByTopic(rule: { categories: string[]; tags: string[]; limit: number }) {
  return cached(`posts:topic:${JSON.stringify(rule)}`, CATALOGUE, async () => {
    const score = sql`((${posts.category} = any(${sql.param(rule.categories)}::text[]))::int + (select count(*) from jsonb_array_elements_text(${posts.tags}) t where t = any(${sql.param(rule.tags)}::text[])))`;
    return getDb()
      .select(postCardSelect)
      .from(posts)
      .innerJoin(authors, eq(authors.id, posts.authorId))
      .where(sql`${score} > 0`)
      .orderBy(desc(score), desc(posts.publishedAt), posts.slug)
      .limit(rule.limit);
  });
}

/** Counts one read of an article today (no visitor data: a counter per article and day). */
export async function recordRead(slug: string) {
  const day = new Date().toISOString().slice(0, 10);
  await getDb()
    .insert(postReads)
    .values({ postSlug: slug, day, reads: 1 })
    .onConflictDoUpdate({ target: [postReads.postSlug, postReads.day], set: { reads: sql`${postReads.reads} + 1` } });
}
