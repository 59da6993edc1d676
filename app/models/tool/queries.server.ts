import { asc, desc, eq } from "drizzle-orm";
import { categories, tools } from "~/db/schema";
import { getDb } from "~/utils/db.server";

/** The fields a tool card needs; a card never loads a tool's long content. */
export const toolCardSelect = {
  id: tools.id,
  slug: tools.slug,
  name: tools.name,
  tagline: tools.tagline,
  description: tools.description,
  rating: tools.rating,
  pricing: tools.pricing,
  isFree: tools.isFree,
  isPro: tools.isPro,
  hasFreeTrial: tools.hasFreeTrial,
  websiteUrl: tools.websiteUrl,
  categorySlug: tools.categorySlug,
  categoryName: categories.name,
} as const;

export async function listFeaturedTools() {
  return getDb()
    .select(toolCardSelect)
    .from(tools)
    .innerJoin(categories, eq(categories.slug, tools.categorySlug))
    .where(eq(tools.featured, true))
    .orderBy(desc(tools.rating), asc(tools.name));
}

export type ToolCard = Awaited<ReturnType<typeof listFeaturedTools>>[number];

export async function getToolImageData(slug: string) {
  const [row] = await getDb()
    .select({ name: tools.name, color: categories.color })
    .from(tools)
    .innerJoin(categories, eq(categories.slug, tools.categorySlug))
    .where(eq(tools.slug, slug))
    .limit(1);
  return row;
}
