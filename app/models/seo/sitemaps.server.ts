import { asc, count, desc, eq, max, sql } from "drizzle-orm";
import { courses, posts, toolReviews, tools } from "~/db/schema";
import { AUDIENCES } from "~/lib/tool/audiences";
import { BLOG_CATEGORIES } from "~/lib/blog/blog-filters";
import { pairPath } from "~/lib/tool/comparison-pair";
import { DOCUMENT_UPDATED } from "~/lib/blog/document-dates";
import type { SitemapEntry } from "~/lib/seo/sitemap-xml";
import { getOffers } from "~/models/content/offers.server";
import { getPageCopy } from "~/models/content/page-copy.server";
import { listCategoriesWithCounts } from "~/models/category/queries.server";
import { courseCatalogue } from "~/models/course/queries.server";
import { listToolsWithAlternativesPage } from "~/models/tool/alternatives.server";
import { listPairVerdicts } from "~/models/tool/pair-verdicts.server";
import { listTaskDates } from "~/models/task/queries.server";
import { toolFactsDay } from "~/models/tool/queries.server";
import { latestChangeDay } from "~/models/tool/change-queries.server";
import { sentIssueDates } from "~/models/newsletter/issue-queries.server";
import { CATALOGUE, cached } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";

/**
 * What each sitemap lists (issue 17): indexable pages only, each at its canonical path, with `lastmod` from
 * the content's own dates (a tool's last check or review test, an article's last review, a course's last
 * check), never from the sync's timestamps, which change with every deploy. Pages that are views of
 * another (filters, searches, sorted matrices, comparison selections) are `noindex` and left out, and so
 * are categories without anything in them. Each section's sitemap starts with the section's listing
 * (/tools, /blog, /courses), so a section with no rows yet is still a urlset the sitemaps.org schema accepts
 * (it asks for at least one url). Everything here is editorial, so it is cached under `catalogue` until
 * the content sync.
 */

/** The latest of some ISO dates (YYYY-MM-DD compares as text), or undefined when there is none. */
function latest(...dates: Array<string | null | undefined>): string | undefined {
  return dates.reduce<string | undefined>((best, date) => (date && (!best || date > best) ? date : best), undefined);
}

/** A tool's review's newest real date: published, its sources read, or its recorded test (greatest() skips a null test); as text, like a date column. */
const reviewDate = sql<string | null>`max(greatest(${toolReviews.publishedAt}, ${toolReviews.sourcesReadAt}, ${toolReviews.testedAt}))::text`;

function loadDates() {
  return cached("sitemaps:dates", CATALOGUE, async () => {
    const db = getDb();
    const [toolRows, postRows, courseRows] = await Promise.all([
      db
        .select({ slug: tools.slug, categorySlugs: tools.categorySlugs, factsDay: toolFactsDay, reviewDate })
        .from(tools)
        .leftJoin(toolReviews, eq(toolReviews.toolSlug, tools.slug))
        .groupBy(tools.id)
        .orderBy(asc(tools.slug)),
      db
        .select({ slug: posts.slug, category: posts.category, publishedAt: posts.publishedAt, lastReviewedAt: posts.lastReviewedAt })
        .from(posts)
        .orderBy(desc(posts.publishedAt), asc(posts.slug)),
      db
        .select({ category: courses.categorySlug, platform: courses.platformSlug, addedAt: max(courses.addedAt), count: count() })
        .from(courses)
        .groupBy(courses.categorySlug, courses.platformSlug),
    ]);
    return {
      tools: toolRows.map((row) => ({ slug: row.slug, categorySlugs: row.categorySlugs, lastmod: latest(row.factsDay, row.reviewDate)! })),
      posts: postRows.map((row) => ({ slug: row.slug, category: row.category, lastmod: latest(row.publishedAt, row.lastReviewedAt)! })),
      courses: courseRows,
    };
  });
}

/** The section's listing, dated by its newest entry, then the entries. */
const withListing = (path: string, entries: SitemapEntry[]): SitemapEntry[] => [{ path, lastmod: latest(...entries.map((entry) => entry.lastmod)) }, ...entries];

/**
 * /sitemap-tools.xml: the directory, every tool's review page, and its alternatives page where it has one; then the
 * task listing and every task page (issue 29), dated by when each task was written.
 */
export async function toolSitemapEntries(): Promise<SitemapEntry[]> {
  const [{ tools }, alternativesPages, tasks] = await Promise.all([loadDates(), listToolsWithAlternativesPage(), listTaskDates()]);
  return [
    ...withListing(
      "/tools",
      tools.flatMap((tool) => [
        { path: `/tools/${tool.slug}`, lastmod: tool.lastmod },
        // Dated by the tool: the page changes with the catalogue, whose other dates are the other tools' own entries.
        ...(alternativesPages.has(tool.slug) ? [{ path: `/tools/${tool.slug}/alternatives`, lastmod: tool.lastmod }] : []),
      ]),
    ),
    ...(tasks.length
      ? withListing(
          "/tasks",
          tasks.map((task) => ({ path: `/tasks/${task.slug}`, lastmod: task.lastmod })),
        )
      : []),
  ];
}

/** /sitemap-blog.xml: the blog and every article, newest first. */
export async function blogSitemapEntries(): Promise<SitemapEntry[]> {
  const { posts } = await loadDates();
  return withListing(
    "/blog",
    posts.map((post) => ({ path: `/blog/${post.slug}`, lastmod: post.lastmod })),
  );
}

/**
 * /sitemap-courses.xml: the course listing, its categories, each platform's listing and the platform's
 * categories (courses have no pages of their own: their buttons lead to the platform's page).
 */
export async function courseSitemapEntries(): Promise<SitemapEntry[]> {
  const [{ courses }, catalogue] = await Promise.all([loadDates(), courseCatalogue()]);
  const entries: SitemapEntry[] = [];
  for (const category of catalogue.categories) {
    const pairs = courses.filter((pair) => pair.category === category.slug && pair.count > 0);
    if (pairs.length) entries.push({ path: `/courses/category/${category.slug}`, lastmod: latest(...pairs.map((pair) => pair.addedAt)) });
  }
  for (const platform of catalogue.platforms) {
    const pairs = courses.filter((pair) => pair.platform === platform.slug && pair.count > 0);
    if (!pairs.length) continue;
    entries.push({ path: `/courses/platform/${platform.slug}`, lastmod: latest(...pairs.map((pair) => pair.addedAt)) });
    for (const category of catalogue.categories) {
      const pair = pairs.find((candidate) => candidate.category === category.slug);
      if (pair) entries.push({ path: `/courses/platform/${platform.slug}/category/${category.slug}`, lastmod: pair.addedAt ?? undefined });
    }
  }
  return withListing("/courses", entries);
}

/** /sitemap.xml: the home page, the other listings, tool and article categories, pairs with a verdict and the site's own pages. */
export async function mainSitemapEntries(): Promise<SitemapEntry[]> {
  const [dates, toolCategories, changeDay, verdicts, issues] = await Promise.all([
    loadDates(),
    listCategoriesWithCounts(),
    latestChangeDay(),
    listPairVerdicts(),
    sentIssueDates(),
  ]);
  const toolDate = latest(...dates.tools.map((tool) => tool.lastmod));
  const postDate = latest(...dates.posts.map((post) => post.lastmod));
  const courseDate = latest(...dates.courses.map((pair) => pair.addedAt));
  // A category's tools are those whose primary or secondary category it is (issue 29), as its page lists them.
  const toolsIn = (category: string) => dates.tools.filter((tool) => tool.categorySlugs.includes(category));

  const entries: SitemapEntry[] = [
    { path: "/", lastmod: latest(toolDate, postDate, courseDate) },
    { path: "/tools/comparison", lastmod: toolDate },
    { path: "/resources/ai-tools-comparison-matrix", lastmod: toolDate },
    { path: "/tools/seo-comparison", lastmod: getPageCopy().seoComparison.writtenAt },
    { path: "/blog/category", lastmod: postDate },
    { path: "/deals", lastmod: latest(...getOffers().deals.map((deal) => deal.addedAt)) },
    // Dated by its newest recorded change (decision 033); no lastmod while there is none.
    { path: "/changes", lastmod: changeDay },
    { path: "/cybersecurity", lastmod: latest(...toolsIn("cybersecurity").map((tool) => tool.lastmod)) },
    ...AUDIENCES.map((audience) => ({ path: `/${audience.slug}`, lastmod: latest(toolDate, postDate) })),
  ];
  for (const category of toolCategories) {
    if (category.toolCount > 0) entries.push({ path: `/tools/category/${category.slug}`, lastmod: latest(...toolsIn(category.slug).map((tool) => tool.lastmod)) });
  }
  for (const category of BLOG_CATEGORIES) {
    const inCategory = dates.posts.filter((post) => post.category === category.slug);
    if (inCategory.length) entries.push({ path: `/blog/category/${category.slug}`, lastmod: latest(...inCategory.map((post) => post.lastmod)) });
  }
  // Only pair pages with an editorial verdict are indexable (decision 043); the other pairs of one category have
  // pages too, noindex, follow. Dated by the verdict or either tool's facts, whichever changed last.
  const toolDates = new Map(dates.tools.map((tool) => [tool.slug, tool.lastmod]));
  for (const verdict of verdicts) {
    entries.push({
      path: pairPath(verdict.firstSlug, verdict.secondSlug),
      lastmod: latest(verdict.writtenAt, toolDates.get(verdict.firstSlug), toolDates.get(verdict.secondSlug)),
    });
  }
  // Pages whose words change only with a deploy carry no content date, so no lastmod rather than an invented one.
  entries.push({ path: "/about" }, { path: "/contact" }, { path: "/support" });
  // The newsletter's archive, dated by its newest issue, and each sent issue by the day it went out (decision 061).
  entries.push({ path: "/newsletter", lastmod: issues[0]?.day });
  for (const issue of issues) entries.push({ path: `/newsletter/${issue.slug}`, lastmod: issue.day });
  for (const [path, updated] of Object.entries(DOCUMENT_UPDATED)) entries.push({ path, lastmod: updated });
  return entries;
}

export const SECTION_ENTRIES = {
  "/sitemap.xml": mainSitemapEntries,
  "/sitemap-tools.xml": toolSitemapEntries,
  "/sitemap-blog.xml": blogSitemapEntries,
  "/sitemap-courses.xml": courseSitemapEntries,
} as const;

/** /sitemap-index.xml: each section's sitemap, dated by its newest entry. */
export async function sitemapIndexEntries(paths: readonly string[]): Promise<SitemapEntry[]> {
  return Promise.all(
    paths.map(async (path) => {
      const entries = await SECTION_ENTRIES[path as keyof typeof SECTION_ENTRIES]();
      return { path, lastmod: latest(...entries.map((entry) => entry.lastmod)) };
    }),
  );
}
