import { and, asc, eq, lte, or, sql, type SQL } from "drizzle-orm";
import { categories, taskTools, tasks, tools } from "~/db/schema";
import { containsPattern, hasTaskToolFilters, type TaskToolFilters } from "~/lib/task/task-filters";
import { presentCards, toolCardSelect } from "~/models/tool/queries.server";
import { toolSortOrder } from "~/models/tool/search.server";
import { CATALOGUE, cached, tagPage } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";

/**
 * Tasks (issue 29): editorial, written only by the content sync, so everything here is cached or tagged under
 * `catalogue`, which the sync invalidates. A search or filter the visitor types is queried each time (its results
 * are not kept in the data cache, so junk queries cost no memory) and tags the page so the page cache drops it with
 * the catalogue.
 */

const listingSelect = {
  slug: tasks.slug,
  name: tasks.name,
  categorySlug: tasks.categorySlug,
  categoryName: categories.name,
  categoryIcon: categories.icon,
  categoryColor: categories.color,
} as const;

/** Matches the name or any synonym, anywhere, case-insensitively. */
function searchCondition(query: string): SQL {
  const pattern = containsPattern(query);
  return or(
    sql`lower(${tasks.name}) like ${pattern}`,
    sql`exists (select 1 from jsonb_array_elements_text(${tasks.synonyms}) as synonym(text) where synonym.text like ${pattern})`,
  )!;
}

function loadTasks(query: string) {
  return getDb()
    .select(listingSelect)
    .from(tasks)
    .innerJoin(categories, eq(categories.slug, tasks.categorySlug))
    .where(query ? searchCondition(query) : undefined)
    .orderBy(asc(categories.sortOrder), asc(sql`lower(${tasks.name}) collate "C"`));
}

export type TaskListing = Awaited<ReturnType<typeof loadTasks>>[number];
export type TaskGroup = { slug: string; name: string; icon: string; color: string; tasks: { slug: string; name: string }[] };

/** Every task, or those whose name or a synonym contains `query`, grouped by category in the categories' order. */
export async function listTaskGroups(query: string): Promise<{ groups: TaskGroup[]; total: number }> {
  let rows: TaskListing[];
  if (query) {
    tagPage(...CATALOGUE);
    rows = await loadTasks(query);
  } else rows = await cached("catalogue:tasks", CATALOGUE, () => loadTasks(""));
  const groups: TaskGroup[] = [];
  for (const row of rows) {
    let group = groups.at(-1);
    if (group?.slug !== row.categorySlug) {
      group = { slug: row.categorySlug, name: row.categoryName, icon: row.categoryIcon, color: row.categoryColor, tasks: [] };
      groups.push(group);
    }
    group.tasks.push({ slug: row.slug, name: row.name });
  }
  return { groups, total: rows.length };
}

/** A task as its page shows it, or undefined for an unknown slug (not remembered: see `cached`). */
export function getTask(slug: string) {
  return cached(`task:${slug}`, CATALOGUE, async () => {
    const [row] = await getDb()
      .select({
        slug: tasks.slug,
        name: tasks.name,
        summary: tasks.summary,
        synonyms: tasks.synonyms,
        writtenAt: sql<string>`${tasks.writtenAt}::text`,
        categorySlug: tasks.categorySlug,
        categoryName: categories.name,
      })
      .from(tasks)
      .innerJoin(categories, eq(categories.slug, tasks.categorySlug))
      .where(eq(tasks.slug, slug))
      .limit(1);
    return row ?? null;
  });
}

function loadTaskTools(slug: string, filters: TaskToolFilters) {
  return (
    getDb()
      .select({
        ...toolCardSelect,
        priceMonthlyUsd: tools.priceMonthlyUsd,
        position: taskTools.position,
        reason: taskTools.reason,
      })
      .from(taskTools)
      .innerJoin(tools, eq(tools.slug, taskTools.toolSlug))
      .innerJoin(categories, eq(categories.slug, tools.categorySlug))
      .where(
        and(
          eq(taskTools.taskSlug, slug),
          filters.freeOnly ? eq(tools.isFree, true) : undefined,
          // As the directory's price range (decision 030): a tool without a comparable figure (contact sales, paid only
          // by use) or free only passes, and the form says so.
          filters.maxPrice !== null ? or(sql`${tools.priceMonthlyUsd} is null`, lte(tools.priceMonthlyUsd, filters.maxPrice)) : undefined,
        ),
      )
      // The team-cost sorts (decision 086) as the directory's (`toolSortOrder`): tools without a figure last, then by name.
      .orderBy(...(filters.sort === "ours" ? [asc(taskTools.position)] : toolSortOrder(filters.sort, filters.team)))
  );
}

/**
 * The task's tools in our order, each as a card with its reason, filtered in the query (free plan, a monthly price
 * ceiling). `facts` keeps what the FAQ is computed from.
 */
export async function listTaskTools(slug: string, filters: TaskToolFilters) {
  let rows: Awaited<ReturnType<typeof loadTaskTools>>;
  if (hasTaskToolFilters(filters) || filters.sort !== "ours") {
    tagPage(...CATALOGUE);
    rows = await loadTaskTools(slug, filters);
  } else rows = await cached(`task:${slug}:tools`, CATALOGUE, () => loadTaskTools(slug, filters));
  const cards = presentCards(rows);
  return rows.map((row, index) => ({
    card: cards[index]!,
    position: row.position,
    reason: row.reason,
    facts: { name: row.name, isFree: row.isFree, hasFreeTrial: row.hasFreeTrial, priceMonthlyUsd: row.priceMonthlyUsd, pricing: { model: row.pricingModel, plans: row.plans } },
  }));
}

export type TaskTool = Awaited<ReturnType<typeof listTaskTools>>[number];

/** The tasks a tool is listed for, with the reason written for it there (the tool page's 'Tasks'). */
export function listTasksForTool(toolSlug: string) {
  return cached(`tool:${toolSlug}:tasks`, CATALOGUE, () =>
    getDb()
      .select({ slug: tasks.slug, name: tasks.name, reason: taskTools.reason, position: taskTools.position })
      .from(taskTools)
      .innerJoin(tasks, eq(tasks.slug, taskTools.taskSlug))
      .where(eq(taskTools.toolSlug, toolSlug))
      .orderBy(asc(taskTools.position), asc(tasks.name)),
  );
}

/**
 * Every task with its sitemap date: the day its file says it was written. Not `updated_at`, which a fresh database
 * sets to the day of the sync (the sitemaps take no date from the sync, models/seo/sitemaps.server.ts).
 */
export function listTaskDates() {
  return cached("sitemaps:tasks", CATALOGUE, () =>
    getDb()
      .select({ slug: tasks.slug, lastmod: sql<string>`${tasks.writtenAt}::text` })
      .from(tasks)
      .orderBy(asc(tasks.slug)),
  );
}
