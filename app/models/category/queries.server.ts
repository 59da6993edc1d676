import { asc, count, eq } from "drizzle-orm";
import { categories, tools } from "~/db/schema";
import { cached } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";

/** Categories with their computed tool counts, in editorial order. Cached until the next content sync. */
export function listCategoriesWithCounts() {
  return cached("catalogue:categories", () => loadCategoriesWithCounts());
}

async function loadCategoriesWithCounts() {
  return getDb()
    .select({ slug: categories.slug, name: categories.name, color: categories.color, icon: categories.icon, toolCount: count(tools.id) })
    .from(categories)
    .leftJoin(tools, eq(tools.categorySlug, categories.slug))
    .groupBy(categories.slug)
    .orderBy(asc(categories.sortOrder));
}

export type CategoryWithCount = Awaited<ReturnType<typeof loadCategoriesWithCounts>>[number];

export async function countTools() {
  const [row] = await getDb().select({ value: count() }).from(tools);
  return row?.value ?? 0;
}

export async function getCategoryBySlug(slug: string) {
  const [row] = await getDb().select().from(categories).where(eq(categories.slug, slug)).limit(1);
  return row;
}
