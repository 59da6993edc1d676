import { eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import { categories, tools } from "~/db/schema";
import { ALTERNATIVE_WEIGHTS, MAX_ALTERNATIVES, MIN_ALTERNATIVES, PRICE_CAPABILITIES, alternativeReasons, type AlternativeFilters } from "~/lib/tool/alternatives";
import type { Plan, Pricing, PricingModel } from "~/lib/tool/pricing";
import { listCategoriesWithCounts } from "~/models/category/queries.server";
import { getCurrencyRates } from "~/models/content/currency-rates.server";
import { CATALOGUE, cached, tagPage } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";
import { presentCards, toolCardSelect } from "./queries.server";

/**
 * The alternatives page's data (lib/tool/alternatives.ts has the rules in words). Candidates, their facts, the
 * score, the filters and the order are computed by the database for one tool at a time, so a page never
 * loads the catalogue; only the twelve shown become cards.
 */

const priceCapabilities = sql.raw(PRICE_CAPABILITIES.map((name) => `'${name}'`).join(", "));
const weight = (value: number) => sql.raw(String(value));

/** lib/tool/pricing `subscriptionFloor`'s figure: the stored comparable monthly US-dollar price (decision 030). */
const floorOf = (alias: string) => sql.raw(`${alias}.price_monthly_usd`);

/**
 * Every (tool, candidate) pair with its facts, restricted to sensible ones (lib/tool/alternatives `isSensibleAlternative`).
 * `where` picks the tools `t` whose candidates are wanted.
 */
const sensiblePairs = (where: SQL) => sql`
  select t.id as tool_id, o.id, o.name, o.rating,
    t.alternatives @> jsonb_build_array(o.slug) as listed,
    o.category_slugs && t.category_slugs as same_category,
    -- The first of the tool's categories (its primary first) the candidate is also in (issue 29), for the reason's words.
    (select m.slug from unnest(t.category_slugs) with ordinality as m(slug, position) where m.slug = any(o.category_slugs) order by m.position limit 1) as shared_category,
    s.shared,
    exists (select 1 from jsonb_array_elements(o.plans) p where p->'price' = '0'::jsonb) as has_free_plan,
    o.open_source,
    ${floorOf("o")} as price_floor, ${floorOf("t")} as tool_price_floor
  from ${tools} t
  join ${tools} o on o.id <> t.id
  cross join lateral (
    select coalesce(jsonb_agg(c.value order by c.ord), '[]'::jsonb) as shared
    from jsonb_array_elements_text(o.capabilities) with ordinality as c(value, ord)
    where t.capabilities @> jsonb_build_array(c.value) and c.value not in (${priceCapabilities})
  ) s
  where ${where}
    and (t.alternatives @> jsonb_build_array(o.slug)
      or (o.category_slugs && t.category_slugs and jsonb_array_length(s.shared) >= 1)
      or jsonb_array_length(s.shared) >= 2)`;

const scoreSql = sql`(case when listed then ${weight(ALTERNATIVE_WEIGHTS.listed)} else 0 end)
  + (case when same_category then ${weight(ALTERNATIVE_WEIGHTS.sameCategory)} else 0 end)
  + jsonb_array_length(shared) * ${weight(ALTERNATIVE_WEIGHTS.sharedCapability)}`;

type RankedRow = {
  id: number;
  listed: boolean;
  same_category: boolean;
  shared_category: string | null;
  shared: string[];
  open_source: boolean;
  score: number;
};

async function loadRanked(toolId: number, filters: AlternativeFilters) {
  const conditions = [sql`true`];
  if (filters.free) conditions.push(sql`has_free_plan`);
  if (filters.cheaper) conditions.push(sql`price_floor < tool_price_floor`);
  if (filters["open-source"]) conditions.push(sql`open_source`);
  const result = await getDb().execute<RankedRow>(sql`
    select id, listed, same_category, shared_category, shared, open_source, (${scoreSql})::float8 as score
    from (${sensiblePairs(sql`t.id = ${toolId}`)}) pairs
    where ${sql.join(conditions, sql` and `)}
    order by score desc, rating desc nulls last, name asc
    limit ${MAX_ALTERNATIVES}`);
  return result.rows;
}

/**
 * Stores every tool's count of sensible alternatives (`tools.alternatives_count`). A tool's count depends on the
 * other tools too, so the writes that add, change or remove tools (the content sync, a submission's approval) call
 * this in their transaction; requests then read a column, never the catalogue's pairs.
 */
export async function storeAlternativeCounts(db: Pick<ReturnType<typeof getDb>, "execute">, { onlyIfUncounted = false } = {}) {
  if (onlyIfUncounted) {
    const uncounted = await db.execute(sql`select 1 from ${tools} where alternatives_count is null limit 1`);
    if (uncounted.rows.length === 0) return;
  }
  await db.execute(sql`
    update ${tools} t set alternatives_count = coalesce(counts.count, 0)
    from ${tools} x
    left join (select tool_id, count(*)::int as count from (${sensiblePairs(sql`true`)}) pairs group by tool_id) counts on counts.tool_id = x.id
    where x.id = t.id and t.alternatives_count is distinct from coalesce(counts.count, 0)`);
}

/** The tools with enough sensible alternatives for a page (the sitemap), by slug. */
export function listToolsWithAlternativesPage() {
  return cached("catalogue:alternatives-pages", CATALOGUE, async () => {
    const rows = await getDb().select({ slug: tools.slug }).from(tools).where(gte(tools.alternativesCount, MIN_ALTERNATIVES));
    return new Set(rows.map((row) => row.slug));
  });
}

/** Whether /tools/{slug}/alternatives exists (the tool page's link). */
export async function hasAlternativesPage(slug: string) {
  const count = await cached(`catalogue:alternatives-count:${slug}`, CATALOGUE, async () => {
    const [tool] = await getDb().select({ count: tools.alternativesCount }).from(tools).where(eq(tools.slug, slug)).limit(1);
    return tool?.count ?? 0; // null (not yet counted) only inside the write that counts it
  });
  return count >= MIN_ALTERNATIVES;
}

async function loadTool(slug: string) {
  const [tool] = await getDb()
    .select({
      id: tools.id,
      slug: tools.slug,
      name: tools.name,
      pricingModel: tools.pricingModel,
      plans: tools.plans,
      categoryName: categories.name,
      categorySlug: tools.categorySlug,
      alternativesCount: tools.alternativesCount,
    })
    .from(tools)
    .innerJoin(categories, eq(categories.slug, tools.categorySlug))
    .where(eq(tools.slug, slug))
    .limit(1);
  return tool;
}

const filterKey = (filters: AlternativeFilters) =>
  Object.entries(filters)
    .map(([name, on]) => `${name}=${on ? 1 : 0}`)
    .join("&");

/**
 * The page: the tool, how many sensible alternatives it has in all, and up to twelve of them after the
 * filters, best first, each with its reasons. Undefined for an unknown tool; `total` below MIN_ALTERNATIVES
 * means the page does not exist.
 */
export async function getAlternativesPage(slug: string, filters: AlternativeFilters) {
  tagPage(...CATALOGUE);
  const data = await cached(`alternatives-page:${slug}:${filterKey(filters)}`, CATALOGUE, async () => {
    const tool = await loadTool(slug);
    if (!tool) return undefined;
    const total = tool.alternativesCount ?? 0;
    const ranked = await loadRanked(tool.id, filters);
    const ids = ranked.map((row) => row.id);
    const cards = ids.length ? await getDb().select(toolCardSelect).from(tools).innerJoin(categories, eq(categories.slug, tools.categorySlug)).where(inArray(tools.id, ids)) : [];
    const byId = new Map(cards.map((card) => [card.id, card]));
    return { tool, total, ranked, rows: ids.map((id) => byId.get(id)!) };
  });
  if (!data) return undefined;
  const { tool, total, ranked, rows } = data;
  const pricing = { model: tool.pricingModel as PricingModel, plans: tool.plans as Plan[] };
  const presented = presentCards(rows);
  const categoryNames = new Map((await listCategoriesWithCounts()).map((category) => [category.slug, category.name]));
  return {
    tool: { slug: tool.slug, name: tool.name, categorySlug: tool.categorySlug, categoryName: tool.categoryName },
    total,
    /** The tool and its listed alternatives' plans, for the team-cost section (issue 47); the loader keeps them on the server. */
    teamSources: [
      { name: tool.name, slug: tool.slug, pricing },
      ...rows.map((row) => ({ name: row.name, slug: row.slug, pricing: { model: row.pricingModel, plans: row.plans } as Pricing })),
    ],
    alternatives: presented.map((card, index) => {
      const facts = ranked[index]!;
      return {
        card,
        score: facts.score,
        /** A pair page exists for two tools that share a category (models/tool/comparison.server.ts). */
        sharesCategory: facts.same_category,
        reasons: alternativeReasons(
          // 'Same category' names the category the two share, which is a secondary one when their primaries differ.
          { name: tool.name, categoryName: categoryNames.get(facts.shared_category ?? "") ?? tool.categoryName, pricing },
          {
            listed: facts.listed,
            sameCategory: facts.same_category,
            shared: facts.shared,
            rating: card.rating,
            pricing: { model: rows[index]!.pricingModel, plans: rows[index]!.plans },
            openSource: facts.open_source,
          },
          getCurrencyRates(),
        ),
      };
    }),
  };
}

export type AlternativesPage = NonNullable<Awaited<ReturnType<typeof getAlternativesPage>>>;
