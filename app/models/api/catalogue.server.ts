import { asc, eq } from "drizzle-orm";
import { categories, tasks, taskTools, tools } from "~/db/schema";
import type { ApiCategory, ApiTask } from "~/lib/api/schemas";
import { listCategoriesWithCounts } from "~/models/category/queries.server";
import { CATALOGUE, cached } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { categoryPageUrl, taskPageUrl, toolPageUrl } from "./tool-record.server";

/** The categories and tasks as the open data gives them (issue 46): editorial, so cached until the next content sync. */

export async function listCategoryRecords(): Promise<ApiCategory[]> {
  const siteUrl = getEnv().SITE_URL;
  const [counts, described] = await Promise.all([
    listCategoriesWithCounts(),
    cached("catalogue:category-descriptions", CATALOGUE, () => getDb().select({ slug: categories.slug, description: categories.description }).from(categories)),
  ]);
  const descriptions = new Map(described.map((row) => [row.slug, row.description]));
  return counts.map((category) => ({
    slug: category.slug,
    name: category.name,
    description: descriptions.get(category.slug) ?? "",
    tool_count: Number(category.toolCount),
    url: categoryPageUrl(siteUrl, category.slug),
  }));
}

/** Every task with the tools its page lists, in our order, each with the reason written for it. */
export async function listTaskRecords(): Promise<ApiTask[]> {
  const rows = await cached("catalogue:task-records", CATALOGUE, () =>
    getDb()
      .select({
        slug: tasks.slug,
        name: tasks.name,
        categorySlug: tasks.categorySlug,
        categoryName: categories.name,
        toolSlug: tools.slug,
        toolName: tools.name,
        reason: taskTools.reason,
      })
      .from(tasks)
      .innerJoin(categories, eq(categories.slug, tasks.categorySlug))
      .leftJoin(taskTools, eq(taskTools.taskSlug, tasks.slug))
      .leftJoin(tools, eq(tools.slug, taskTools.toolSlug))
      .orderBy(asc(categories.sortOrder), asc(tasks.name), asc(taskTools.position)),
  );
  const siteUrl = getEnv().SITE_URL;
  const bySlug = new Map<string, ApiTask>();
  for (const row of rows) {
    let task = bySlug.get(row.slug);
    if (!task) {
      task = {
        slug: row.slug,
        name: row.name,
        category: { slug: row.categorySlug, name: row.categoryName, url: categoryPageUrl(siteUrl, row.categorySlug) },
        url: taskPageUrl(siteUrl, row.slug),
        tools: [],
      };
      bySlug.set(row.slug, task);
    }
    if (row.toolSlug && row.toolName) task.tools.push({ slug: row.toolSlug, name: row.toolName, url: toolPageUrl(siteUrl, row.toolSlug), reason: row.reason ?? "" });
  }
  return [...bySlug.values()];
}

export async function getTaskRecord(slug: string): Promise<ApiTask | null> {
  return (await listTaskRecords()).find((task) => task.slug === slug) ?? null;
}
