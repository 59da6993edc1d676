import { and, asc, count, desc, eq, gte, inArray, not, or, sql, type SQL } from "drizzle-orm";
import { categories, tools } from "~/db/schema";
import { PRICE_BOUNDS, type PricingFilter, type SortOption, type ToolFilters } from "~/lib/tool-filters";
import { getDb } from "~/utils/db.server";
import { toolCardSelect } from "./queries.server";

/** SQL twins of the pricing rules in app/lib/tool-filters.ts (matchesPricing). */
const mentionsFree = sql`(${tools.pricing} ~* 'free' or ${tools.pricing} ~ '\\$\\s*0(?![0-9.,]*[1-9])')`;
const pricingCondition: Record<PricingFilter, SQL> = {
  free: mentionsFree,
  freemium: sql`(${tools.hasFreeTrial} or ${tools.pricing} ~* 'free')`,
  paid: not(mentionsFree),
};

/** 'image gen' → 'image:* & gen:*', so results appear while a word is still being typed. */
export function prefixTsQuery(search: string): string | null {
  const words = search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((word) => `${word}:*`).join(" & ") : null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function searchCondition(search: string): SQL | undefined {
  if (!search) return undefined;
  const tsQuery = prefixTsQuery(search);
  return or(
    tsQuery ? sql`${tools.searchVector} @@ to_tsquery('english', ${tsQuery})` : undefined,
    // Typo tolerance: 'midjorney' is close enough to 'Midjourney' in trigrams.
    sql`${tools.name} % ${search}`,
    sql`${tools.name} ilike ${"%" + escapeLike(search) + "%"}`,
  );
}

function whereClause(filters: ToolFilters): SQL | undefined {
  const min = filters.minPrice ?? PRICE_BOUNDS.min;
  const max = filters.maxPrice ?? PRICE_BOUNDS.max;
  return and(
    filters.categories.length ? inArray(tools.categorySlug, filters.categories) : undefined,
    filters.rating !== null ? gte(tools.rating, filters.rating) : undefined,
    filters.pricing.length ? or(...filters.pricing.map((value) => pricingCondition[value])) : undefined,
    filters.minPrice !== null || filters.maxPrice !== null
      ? sql`(${tools.priceFrom} is null or ${tools.priceFrom} between ${min} and ${max})`
      : undefined,
    filters.trial !== null ? eq(tools.hasFreeTrial, filters.trial) : undefined,
    filters.pro !== null ? eq(tools.isPro, filters.pro) : undefined,
    filters.featured ? eq(tools.featured, true) : undefined,
    searchCondition(filters.search),
  );
}

const nameOrder = sql`lower(${tools.name}) collate "C"`;
const priceOrder = sql`coalesce(${tools.priceFrom}, 0)`;

function orderBy(sort: SortOption): SQL[] {
  switch (sort) {
    case "popular":
    case "rating":
      return [desc(tools.rating), asc(nameOrder)];
    case "recent":
      return [desc(tools.id)];
    case "price_low":
      return [asc(priceOrder), asc(nameOrder)];
    case "price_high":
      return [desc(priceOrder), asc(nameOrder)];
    case "name_asc":
      return [asc(nameOrder)];
    case "name_desc":
      return [desc(nameOrder)];
  }
}

/**
 * One page of the directory, filtered, searched, sorted and counted in the
 * database. Uses the GIN indexes on search_vector and name (trigram).
 */
export async function searchTools(filters: ToolFilters, pageSize: number) {
  const db = getDb();
  const where = whereClause(filters);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(toolCardSelect)
      .from(tools)
      .innerJoin(categories, eq(categories.slug, tools.categorySlug))
      .where(where)
      .orderBy(...orderBy(filters.sort))
      .limit(pageSize)
      .offset((filters.page - 1) * pageSize),
    db.select({ total: count() }).from(tools).where(where),
  ]);
  const total = totalRow?.total ?? 0;
  return { tools: rows, total, page: filters.page, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

export type ToolSearchResult = Awaited<ReturnType<typeof searchTools>>;
