import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { categories, tools } from "~/db/schema";
import { ALTERNATIVE_WEIGHTS, MAX_ALTERNATIVES, MIN_ALTERNATIVES, PRICE_CAPABILITIES, alternativeReasons, type AlternativeFilters } from "~/lib/alternatives";
import type { Plan, PricingModel } from "~/lib/pricing";
import { getCurrencyRates } from "~/models/content/currency-rates.server";
import { CATALOGUE, cached, tagPage } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";
import { presentCards, toolCardSelect } from "./queries.server";

/**
 * The alternatives page's data (lib/alternatives.ts has the rules in words). Candidates, their facts, the
 * score, the filters and the order are computed by the database for one tool at a time, so a page never
 * loads the catalogue; only the twelve shown become cards.
 */

const priceCapabilities = sql.raw(PRICE_CAPABILITIES.map((name) => `'${name}'`).join(", "));
const weight = (value: number) => sql.raw(String(value));

/** lib/pricing `subscriptionFloor`'s figure: the stored comparable monthly US-dollar price (decision 027). */
const floorOf = (alias: string) => sql.raw(`${alias}.price_monthly_usd`);

/**
 * Every (tool, candidate) pair with its facts, restricted to sensible ones (lib/alternatives `isSensibleAlternative`).
 * `where` picks the tools `t` whose candidates are wanted.
 */
const sensiblePairs = (where: SQL) => sql`
  select t.id as tool_id, o.id, o.name, o.rating,
    t.alternatives @> jsonb_build_array(o.slug) as listed,
    o.category_slug = t.category_slug as same_category,
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
      or (o.category_slug = t.category_slug and jsonb_array_length(s.shared) >= 1)
      or jsonb_array_length(s.shared) >= 2)`;

const scoreSql = sql`(case when listed then ${weight(ALTERNATIVE_WEIGHTS.listed)} else 0 end)
  + (case when same_category then ${weight(ALTERNATIVE_WEIGHTS.sameCategory)} else 0 end)
  + jsonb_array_length(shared) * ${weight(ALTERNATIVE_WEIGHTS.sharedCapability)}
  + rating * ${weight(ALTERNATIVE_WEIGHTS.ratingPoint)}`;

type RankedRow = {
  id: number;
  listed: boolean;
  same_category: boolean;
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
    select id, listed, same_category, shared, open_source, (${scoreSql})::float8 as score
    from (${sensiblePairs(sql`t.id = ${toolId}`)}) pairs
    where ${sql.join(conditions, sql` and `)}
    order by score desc, rating desc, name asc
    limit ${MAX_ALTERNATIVES}`);
  return result.rows;
}

/** How many sensible alternatives each tool has, for the tools that have enough for a page (the sitemap, the tool page's link). */
export function listToolsWithAlternativesPage() {
  return cached("catalogue:alternatives-pages", CATALOGUE, async () => {
    const result = await getDb().execute<{ slug: string; count: number }>(sql`
      select t.slug, count(*)::int as count
      from (${sensiblePairs(sql`true`)}) pairs
      join ${tools} t on t.id = pairs.tool_id
      group by t.slug
      having count(*) >= ${MIN_ALTERNATIVES}`);
    return new Map(result.rows.map((row) => [row.slug, row.count]));
  });
}

/** How many sensible alternatives one tool has: its own candidates only, so a tool page never waits for the whole catalogue's pairs. */
function countSensibleAlternatives(slug: string) {
  return cached(`catalogue:alternatives-count:${slug}`, CATALOGUE, async () => {
    const result = await getDb().execute<{ count: number }>(sql`select count(*)::int as count from (${sensiblePairs(sql`t.slug = ${slug}`)}) pairs`);
    return result.rows[0]?.count ?? 0;
  });
}

/** Whether /tools/{slug}/alternatives exists (the tool page's link). */
export async function hasAlternativesPage(slug: string) {
  return (await countSensibleAlternatives(slug)) >= MIN_ALTERNATIVES;
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
    const [total, ranked] = await Promise.all([countSensibleAlternatives(slug), loadRanked(tool.id, filters)]);
    const ids = ranked.map((row) => row.id);
    const cards = ids.length ? await getDb().select(toolCardSelect).from(tools).innerJoin(categories, eq(categories.slug, tools.categorySlug)).where(inArray(tools.id, ids)) : [];
    const byId = new Map(cards.map((card) => [card.id, card]));
    return { tool, total, ranked, rows: ids.map((id) => byId.get(id)!) };
  });
  if (!data) return undefined;
  const { tool, total, ranked, rows } = data;
  const pricing = { model: tool.pricingModel as PricingModel, plans: tool.plans as Plan[] };
  const presented = presentCards(rows);
  return {
    tool: { slug: tool.slug, name: tool.name, categorySlug: tool.categorySlug, categoryName: tool.categoryName },
    total,
    alternatives: presented.map((card, index) => {
      const facts = ranked[index]!;
      return {
        card,
        score: facts.score,
        reasons: alternativeReasons(
          { name: tool.name, categoryName: tool.categoryName, pricing },
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
