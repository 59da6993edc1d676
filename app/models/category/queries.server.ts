import { asc, count, eq, sql } from "drizzle-orm";
import { categories, tools } from "~/db/schema";
import { inCategory } from "~/models/tool/categories.server";
import { CATALOGUE, cached } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";

/**
 * Categories with their computed tool counts (primary and secondary members, issue 29: what each category's page lists),
 * in editorial order. The counts overlap, so their sum is not the catalogue's size: that is `countTools`.
 * Cached until the next content sync.
 */
export function listCategoriesWithCounts() {
  return cached("catalogue:categories", CATALOGUE, () => loadCategoriesWithCounts());
}

async function loadCategoriesWithCounts() {
  return getDb()
    .select({ slug: categories.slug, name: categories.name, color: categories.color, icon: categories.icon, toolCount: count(tools.id) })
    .from(categories)
    .leftJoin(tools, inCategory(categories.slug))
    .groupBy(categories.slug)
    .orderBy(asc(categories.sortOrder));
}

export type CategoryWithCount = Awaited<ReturnType<typeof loadCategoriesWithCounts>>[number];

/** The catalogue size. Cached under catalogue: until the content sync (its only writer) invalidates it. */
export function countTools() {
  return cached("catalogue:tool-count", CATALOGUE, async () => {
    const [row] = await getDb().select({ value: count() }).from(tools);
    return row?.value ?? 0;
  });
}

export async function getCategoryBySlug(slug: string) {
  const [row] = await getDb().select().from(categories).where(eq(categories.slug, slug)).limit(1);
  return row;
}

/**
 * Up to `limit` other categories, ranked by how often this category's tools
 * name their tools as alternatives (then by size), for 'related categories'.
 * Cached until the next content sync.
 */
export function listRelatedCategories(slug: string, limit = 5) {
  return cached(`catalogue:related:${slug}:${limit}`, CATALOGUE, () => loadRelatedCategories(slug, limit));
}

async function loadRelatedCategories(slug: string, limit: number) {
  const [all, linked] = await Promise.all([
    listCategoriesWithCounts(),
    getDb().execute<{ slug: string; links: number }>(sql`
      select t2.category_slug as slug, count(*)::int as links
      from ${tools} t1
      cross join lateral jsonb_array_elements_text(t1.alternatives) as alt(slug)
      join ${tools} t2 on t2.slug = alt.slug
      where t1.category_slugs @> array[${slug}]::text[] and t2.category_slug <> ${slug}
      group by t2.category_slug`),
  ]);
  const links = new Map(linked.rows.map((row) => [row.slug, row.links]));
  return all
    .filter((category) => category.slug !== slug && category.toolCount > 0)
    .sort((a, b) => (links.get(b.slug) ?? 0) - (links.get(a.slug) ?? 0) || b.toolCount - a.toolCount)
    .slice(0, limit);
}
