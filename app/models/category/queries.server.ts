import { asc, count, eq } from "drizzle-orm";
import { categories, tools } from "~/db/schema";
import { getDb } from "~/utils/db.server";

/** Categories with their computed tool counts, in editorial order. */
export async function listCategoriesWithCounts() {
  return getDb()
    .select({ slug: categories.slug, name: categories.name, color: categories.color, icon: categories.icon, toolCount: count(tools.id) })
    .from(categories)
    .leftJoin(tools, eq(tools.categorySlug, categories.slug))
    .groupBy(categories.slug)
    .orderBy(asc(categories.sortOrder));
}

export type CategoryWithCount = Awaited<ReturnType<typeof listCategoriesWithCounts>>[number];

export async function countTools() {
  const [row] = await getDb().select({ value: count() }).from(tools);
  return row?.value ?? 0;
}
