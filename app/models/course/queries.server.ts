import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { courseCategories, coursePlatforms, courses } from "~/db/schema";
import { COURSES_PAGE_SIZE, isFilteredView, type CourseFilters, type CoursePriceFilter, type CourseSort } from "~/lib/course/course-filters";
import { correctWords, prefixTsQuery, searchTsQuery, searchWords } from "~/models/tool/search.server";
import { CATALOGUE, cached, tagPage } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";

/**
 * The course listing's reads (spec part 2 §2.5). Everything here is editorial content, tagged `catalogue`:
 * the content sync is its only writer. Filters, search, sort and counts run in the database, by the rules
 * written in app/lib/course/course-filters.ts.
 */

/** What a course card shows (no search document, no content hash). */
export const courseCardSelect = {
  slug: courses.slug,
  title: courses.title,
  description: courses.description,
  instructor: courses.instructor,
  platformSlug: courses.platformSlug,
  platformName: coursePlatforms.name,
  platformUrl: coursePlatforms.url,
  categorySlug: courses.categorySlug,
  categoryName: courseCategories.name,
  level: courses.level,
  price: courses.price,
  free: courses.free,
  priceUsd: courses.priceUsd,
  salePrice: courses.salePrice,
  rating: courses.rating,
  students: courses.students,
  duration: courses.duration,
  /** The course page on the platform: structured data names it; the button goes through /go. */
  url: courses.url,
  featured: courses.featured,
  /** The page each figure was read from (decision 063), shown beside it. */
  figureSources: courses.figureSources,
  addedAt: courses.addedAt,
};

export type CourseScope = { category?: string | null; platform?: string | null };

/** Pages past this are read afresh each time (a made-up ?page=900 must not take memory). */
const MAX_CACHED_PAGE = 10;

const priceCondition: Record<CoursePriceFilter, SQL> = {
  free: sql`${courses.free}`,
  paid: sql`not ${courses.free}`,
  sale: sql`${courses.salePrice} is not null`,
};

/** Free courses cost 0 to start; otherwise the sale or list price (null when no price is known). */
const priceKey = sql`case when ${courses.free} then 0 else coalesce(${courses.salePrice}, ${courses.priceUsd}) end`;
/** Code-point order of the lower-cased title, the same order in PGlite and PostgreSQL whatever the locale. */
const titleOrder = sql`lower(${courses.title}) collate "C"`;

function orderBy(sort: CourseSort, tsQuery: string | null): SQL[] {
  switch (sort) {
    case "recommended":
      // A search's own order is relevance; the featured pair leads an unsearched list.
      return tsQuery
        ? [sql`ts_rank(${courses.searchVector}, to_tsquery('english', ${tsQuery})) desc`, asc(titleOrder)]
        : [desc(courses.featured), sql`${courses.rating} desc nulls last`, sql`${courses.students} desc nulls last`, asc(titleOrder)];
    case "rating":
      return [sql`${courses.rating} desc nulls last`, asc(titleOrder)];
    case "students":
      return [sql`${courses.students} desc nulls last`, asc(titleOrder)];
    case "price":
      return [sql`${priceKey} asc nulls last`, asc(titleOrder)];
  }
}

function whereClause(scope: CourseScope, filters: CourseFilters, words: string[]): SQL | undefined {
  const tsQuery = searchTsQuery(words);
  return and(
    scope.category ? eq(courses.categorySlug, scope.category) : undefined,
    scope.platform ? eq(courses.platformSlug, scope.platform) : undefined,
    filters.price.length ? or(...filters.price.map((value) => priceCondition[value])) : undefined,
    filters.levels.length ? inArray(courses.level, filters.levels) : undefined,
    tsQuery ? sql`${courses.searchVector} @@ ${tsQuery}` : undefined,
  );
}

async function findPage(scope: CourseScope, filters: CourseFilters, words: string[]) {
  const where = whereClause(scope, filters, words);
  const [rows, [total]] = await Promise.all([
    getDb()
      .select(courseCardSelect)
      .from(courses)
      .innerJoin(coursePlatforms, eq(coursePlatforms.slug, courses.platformSlug))
      .innerJoin(courseCategories, eq(courseCategories.slug, courses.categorySlug))
      .where(where)
      .orderBy(...orderBy(filters.sort, prefixTsQuery(words)))
      .limit(COURSES_PAGE_SIZE)
      .offset((filters.page - 1) * COURSES_PAGE_SIZE),
    getDb().select({ value: count() }).from(courses).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/**
 * One page of courses in the route's scope (category, platform or both), filtered, searched and sorted in
 * the database. A search that finds nothing is retried once with its typos corrected ('machne' → 'machine').
 */
export function listCourses(scope: CourseScope, filters: CourseFilters) {
  const load = async () => {
    const words = searchWords(filters.search);
    let found = await findPage(scope, filters, words);
    let correctedSearch: string | null = null;
    if (words.length && found.total === 0) {
      const corrected = await correctWords(words);
      if (corrected) {
        found = await findPage(scope, filters, corrected);
        correctedSearch = corrected.join(" ");
      }
    }
    return { courses: found.rows, total: found.total, page: filters.page, pageCount: Math.max(1, Math.ceil(found.total / COURSES_PAGE_SIZE)), correctedSearch };
  };
  // Only the plain listing's first pages are kept: filter combinations and searches are many, and memory would
  // fill with them (the page cache keeps the ones asked for twice). Either way the page shows catalogue data.
  if (isFilteredView(filters) || filters.page > MAX_CACHED_PAGE) {
    tagPage(...CATALOGUE);
    return load();
  }
  return cached(`courses:list:${scope.category ?? ""}:${scope.platform ?? ""}:${filters.page}`, CATALOGUE, load);
}

export type CourseCard = Awaited<ReturnType<typeof listCourses>>["courses"][number];

/** The featured courses (two), in title order. */
export function listFeaturedCourses() {
  return cached("courses:featured", CATALOGUE, () =>
    getDb()
      .select(courseCardSelect)
      .from(courses)
      .innerJoin(coursePlatforms, eq(coursePlatforms.slug, courses.platformSlug))
      .innerJoin(courseCategories, eq(courseCategories.slug, courses.categorySlug))
      .where(eq(courses.featured, true))
      .orderBy(asc(titleOrder)),
  );
}

/** The courses an audience page shows (lib/tool/audiences.ts `CourseRule`): best rated first, then the most students, then by title. */
export function listCoursesByRule(rule: { categories: string[]; freeOnly?: boolean; limit: number }) {
  return cached(`courses:rule:${rule.categories.join(",")}:${rule.freeOnly ? "free" : "all"}:${rule.limit}`, CATALOGUE, () =>
    getDb()
      .select(courseCardSelect)
      .from(courses)
      .innerJoin(coursePlatforms, eq(coursePlatforms.slug, courses.platformSlug))
      .innerJoin(courseCategories, eq(courseCategories.slug, courses.categorySlug))
      .where(and(inArray(courses.categorySlug, rule.categories), rule.freeOnly ? eq(courses.free, true) : undefined))
      .orderBy(sql`${courses.rating} desc nulls last`, sql`${courses.students} desc nulls last`, asc(titleOrder))
      .limit(rule.limit),
  );
}

/**
 * Every category and platform in the files' order, with how many courses each pair has: the sidebar's
 * counts in any scope are sums over this, computed from the table, never typed in.
 */
export function courseCatalogue() {
  return cached("courses:catalogue", CATALOGUE, async () => {
    const [categories, platforms, pairs] = await Promise.all([
      getDb()
        .select({ slug: courseCategories.slug, name: courseCategories.name, description: courseCategories.description, aliases: courseCategories.aliases })
        .from(courseCategories)
        .orderBy(asc(courseCategories.sortOrder)),
      getDb()
        .select({ slug: coursePlatforms.slug, name: coursePlatforms.name, url: coursePlatforms.url, description: coursePlatforms.description })
        .from(coursePlatforms)
        .orderBy(asc(coursePlatforms.sortOrder)),
      getDb().select({ category: courses.categorySlug, platform: courses.platformSlug, count: count() }).from(courses).groupBy(courses.categorySlug, courses.platformSlug),
    ]);
    return { categories, platforms, pairs };
  });
}

export type CourseCatalogue = Awaited<ReturnType<typeof courseCatalogue>>;

/**
 * What a route's category segment stands for: the category, the canonical slug an alias points to
 * (the route answers 301), or nothing (404).
 */
export function resolveCourseCategory(catalogue: CourseCatalogue, slug: string) {
  const wanted = slug.toLowerCase();
  const category = catalogue.categories.find((c) => c.slug === wanted);
  if (category) return { category, redirectTo: wanted === slug ? null : category.slug };
  const aliased = catalogue.categories.find((c) => c.aliases.includes(wanted));
  return aliased ? { category: aliased, redirectTo: aliased.slug } : null;
}

export function resolveCoursePlatform(catalogue: CourseCatalogue, slug: string) {
  const wanted = slug.toLowerCase();
  const platform = catalogue.platforms.find((p) => p.slug === wanted);
  return platform ? { platform, redirectTo: wanted === slug ? null : platform.slug } : null;
}

/** The stored course page a course's outbound link leads to (/go/course/{slug}); null for an unknown slug. */
export async function courseDestination(slug: string): Promise<string | null> {
  const row = await cached(`courses:destination:${slug}`, CATALOGUE, async () => {
    const [found] = await getDb().select({ url: courses.url }).from(courses).where(eq(courses.slug, slug)).limit(1);
    return found ?? null;
  });
  return row?.url ?? null;
}
