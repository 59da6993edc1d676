import { and, asc, desc, eq, gte, isNotNull, or, sql } from "drizzle-orm";
import { categories, posts, tools } from "~/db/schema";
import { blogCategoryName } from "~/lib/blog/blog-filters";
import { BLOG_FEED_POSTS, FEEDS, MAIN_FEED_MIN_RATING, MAIN_FEED_POSTS, MAIN_FEED_TOOLS, TOOLS_FEED_TOOLS } from "~/lib/seo/feeds";
import type { Feed, FeedItem } from "~/lib/seo/rss";
import { CATALOGUE, cached } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";
import { toolFactsDay } from "~/models/tool/queries.server";
import { CHANGES_FEED_ITEMS, listChanges } from "~/models/tool/change-queries.server";
import { changeKindLabel, changeSourceWords, describeChange } from "~/lib/tool/change-words";
import { formatLongDate } from "~/lib/ui/dates";
import { countOf } from "~/lib/ui/plural";
import { listSentIssues } from "~/models/newsletter/issue-queries.server";

/**
 * The feeds' items (spec part 2 §9). A tool's rating is the editorial one (readers' ratings are shown
 * beside it, not mixed in), so every feed changes only with the content sync: cached under `catalogue`.
 */

/** The names of every category a tool is in, its primary first, then its secondary ones in the file's order (issue 29). */
const categoryNames = sql<
  string[]
>`array(select c.name from unnest(${tools.categorySlugs}) with ordinality as member(slug, position) join ${categories} c on c.slug = member.slug order by member.position)`;

/** Best rated first, then by name: the directory's rating order (models/tool/search.server.ts). */
const byRating = [sql`${tools.rating} desc nulls last`, asc(sql`lower(${tools.name}) collate "C"`)];

function newestPosts(limit: number): Promise<FeedItem[]> {
  return cached(`feeds:posts:${limit}`, CATALOGUE, async () => {
    const rows = await getDb()
      .select({ slug: posts.slug, title: posts.title, excerpt: posts.excerpt, category: posts.category, publishedAt: posts.publishedAt })
      .from(posts)
      .orderBy(desc(posts.publishedAt), asc(posts.slug))
      .limit(limit);
    return rows.map((row) => ({ title: row.title, path: `/blog/${row.slug}`, description: row.excerpt, date: row.publishedAt, category: blogCategoryName(row.category) }));
  });
}

/**
 * The best rated tools (of the main feed's picks: high-value partners or rated 4.5 or more), also llms.txt's top
 * tools. Only tools with our rating, that is with a published in-depth review (issue 26): a 'top rated' list never
 * carries an unrated tool, community submissions included.
 */
export function topRatedTools(limit: number, { featuredOnly = false } = {}) {
  return cached(`feeds:tools:${limit}:${featuredOnly}`, CATALOGUE, () =>
    getDb()
      .select({ slug: tools.slug, name: tools.name, tagline: tools.tagline, rating: tools.rating, factsDay: toolFactsDay, categoryNames })
      .from(tools)
      .where(and(eq(tools.source, "editorial"), isNotNull(tools.rating), featuredOnly ? or(eq(tools.isHighValue, true), gte(tools.rating, MAIN_FEED_MIN_RATING)) : undefined))
      .orderBy(...byRating)
      .limit(limit),
  );
}

async function topTools(limit: number, options: { featuredOnly: boolean }): Promise<FeedItem[]> {
  const rows = await topRatedTools(limit, options);
  // The query reads rated tools only; the check tells the type so.
  return rows.flatMap((row) =>
    row.rating === null
      ? []
      : [
          {
            title: `${row.name} (rated ${row.rating.toFixed(1)} out of 5)`,
            path: `/tools/${row.slug}`,
            description: row.tagline,
            date: row.factsDay,
            category: row.categoryNames,
          },
        ],
  );
}

export async function mainFeed(): Promise<Feed> {
  const [articles, picks] = await Promise.all([newestPosts(MAIN_FEED_POSTS), topTools(MAIN_FEED_TOOLS, { featuredOnly: true })]);
  return { ...FEEDS.main, items: [...articles, ...picks] };
}

export async function blogFeed(): Promise<Feed> {
  return { ...FEEDS.blog, items: await newestPosts(BLOG_FEED_POSTS) };
}

export async function toolsFeed(): Promise<Feed> {
  return { ...FEEDS.tools, items: await topTools(TOOLS_FEED_TOOLS, { featuredOnly: false }) };
}

/**
 * The latest recorded changes across the catalogue (decision 033), as /changes lists them: each item the change in
 * words with its prices' terms, linking to the tool's whole history. Cached with /changes, under `tool-changes`.
 */
/** A change's words as a sentence: an editor's note on a policy change may end with its own full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

export async function changesFeed(): Promise<Feed> {
  const entries = await listChanges({ category: null, kind: null, tool: null, page: 1 }, CHANGES_FEED_ITEMS);
  return {
    ...FEEDS.changes,
    items: entries.map((entry) => ({
      title: `${entry.toolName}: ${describeChange(entry)}`,
      path: `/changes?tool=${entry.toolSlug}#change-${entry.id}`,
      description: `${changeKindLabel(entry.kind)}. ${sentence(describeChange(entry))} Recorded ${entry.day} ${changeSourceWords(entry.source)}.`,
      date: entry.day,
      category: entry.categoryName,
    })),
  };
}

/** Every sent newsletter issue, newest first (decision 061): cached under the issues' tag, which the sender invalidates. */
export async function newsletterFeed(): Promise<Feed> {
  const issues = await listSentIssues();
  return {
    ...FEEDS.newsletter,
    items: issues.map((issue) => ({
      title: issue.subject,
      path: `/newsletter/${issue.slug}`,
      description: `The issue sent on ${formatLongDate(issue.sentDay)}: ${countOf(issue.itemCount, "item")}.`,
      date: issue.sentDay,
    })),
  };
}
