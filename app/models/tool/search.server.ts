import { and, asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { countTools, listCategoriesWithCounts } from "~/models/category/queries.server";
import { categories, tools } from "~/db/schema";
import { readableText } from "~/lib/readable-text";
import { wordsOf, type Alternative, type SearchTerms } from "~/lib/search/synonyms";
import { DEFAULT_TEAM_SIZE } from "~/lib/tool/team-cost";
import { getCurrencyRates } from "~/models/content/currency-rates.server";
import { isTeamSort, teamSortBasis, PRICE_BOUNDS, type NoTrainingTier, type PricingFilter, type SortOption, type ToolFilters } from "~/lib/tool/tool-filters";
import { PRICE_RANGE_NOTE } from "~/lib/words/price-range";
import { searchTermsOf } from "~/models/search/synonyms.server";
import { findTasks, type TaskMatch } from "~/models/task/search.server";
import { askPlanned, getDb } from "~/utils/db.server";
import { askRows, askRowsOnce, listsAskedAgain, rowsQuestion, type RowsQuestion } from "~/utils/json-rows.server";
import { presentCards, toolCardSelect } from "./queries.server";
import { inAnyCategory } from "./categories.server";

/**
 * SQL twins of the pricing rules in tests/support/tool-filter-oracle.ts (matchesPricing). The spec's
 * 'text mentions free or $0' is `is_free`: a tool has a price-0 plan exactly when its display text
 * (lib/tool/pricing.ts `pricingText`) says 'Free', which the content validator keeps true.
 */
const pricingCondition: Record<PricingFilter, SQL> = {
  free: sql`${tools.isFree}`,
  freemium: sql`(${tools.hasFreeTrial} or ${tools.isFree})`,
  paid: sql`not ${tools.isFree}`,
};

/**
 * The price range over `price_monthly_usd`, the comparable monthly US-dollar figure (decision 030; the range is in
 * dollars a month): tools without a figure to compare always pass, as the spec has it (decision 025), both those
 * that are only free and those with no first-year price (contact sales, paid only by use); the filter says so,
 * and the price sorts put the latter last.
 */
function priceRangeCondition(min: number, max: number): SQL {
  return sql`(${tools.priceMonthlyUsd} is null or ${tools.priceMonthlyUsd} = 0 or ${tools.priceMonthlyUsd} between ${min} and ${max})`;
}

/** Lower-cased words of a search, at most 8, without punctuation. */
export function searchWords(search: string): string[] {
  return wordsOf(search).slice(0, 8);
}

/** ['image', 'gen'] → 'image:* & gen:*', so results appear while a word is still being typed. */
export function prefixTsQuery(words: string[]): string | null {
  return words.length ? words.map((word) => `${word}:*`).join(" & ") : null;
}

/**
 * A synonym's reading of a search (decision 046): the other typed words as prefixes, and the synonym as a phrase, so
 * 'speech to text' never finds 'text to speech' and 'art' in a synonym never finds 'article'.
 */
function alternativeTsQuery({ rest, phrase }: Alternative): SQL {
  const restQuery = prefixTsQuery(rest);
  return restQuery ? sql`(to_tsquery('english', ${restQuery}) && phraseto_tsquery('english', ${phrase}))` : sql`phraseto_tsquery('english', ${phrase})`;
}

/**
 * The tsquery of a search: every word as a prefix; with `text` (the search as typed), also the text as the
 * Postgres parser reads it, which keeps 'Bolt.new' or 'Otter.ai' whole, as a name like that was indexed; and each
 * alternative its synonyms give. The words hold letters and digits only (`searchWords`); the text is made readable
 * here too, whoever called, since PostgreSQL fails on a NUL in it rather than finding nothing.
 */
export function searchTsQuery(words: string[], text?: string, alternatives: readonly Alternative[] = []): SQL | undefined {
  const tsQuery = prefixTsQuery(words);
  if (!tsQuery) return undefined;
  const readings = [sql`to_tsquery('english', ${tsQuery})`, ...(text ? [sql`plainto_tsquery('english', ${readableText(text)})`] : []), ...alternatives.map(alternativeTsQuery)];
  return readings.length === 1 ? readings[0] : sql`(${sql.join(readings, sql` || `)})`;
}

/** Tools whose text holds every word (as a prefix), the name as typed, or a synonym's reading. */
export function toolSearchCondition({ words, text, alternatives }: SearchTerms): SQL | undefined {
  const tsQuery = searchTsQuery(words, text, alternatives);
  return tsQuery ? sql`${tools.searchVector} @@ ${tsQuery}` : undefined;
}

/**
 * Typo tolerance: each word that starts no word of the catalogue is replaced by the most similar catalogue word
 * ('midjorney' → 'midjourney'), looked up in the search_words lexicon, not in the tools table. One statement for all
 * the words, planned once (`askPlanned`), and each of its lookups an index walk for any word (decision 070): whether a
 * word starts a lexicon word is the first lexicon word at or after it in byte order (`search_words_prefix_idx`); the
 * candidates are the words `%` finds through the trigram index, those at least `pg_trgm.similarity_threshold` (0.3)
 * similar, a set the threshold bounds, of which the most similar wins (then the first by name).
 */
/** The statement `correctWords` asks (exported for the plan test). */
export const correctionStatement = (words: string[]): SQL => sql`
  select typed.n, next.word as next, nearest.word as nearest
  from unnest(${sql.param(words)}::text[]) with ordinality as typed(word, n)
  left join lateral (
    select lexicon.word from search_words as lexicon where lexicon.word collate "C" >= typed.word order by lexicon.word collate "C" limit 1
  ) as next on true
  left join lateral (
    select lexicon.word from search_words as lexicon where lexicon.word % typed.word
    order by similarity(lexicon.word, typed.word) desc, lexicon.word limit 1
  ) as nearest on true
  order by typed.n`;

export async function correctWords(words: string[]): Promise<string[] | null> {
  if (!words.length) return null;
  const rows = (await askPlanned(correctionStatement(words))) as { next: string | null; nearest: string | null }[];
  const corrected = words.map((word, index) => {
    const row = rows[index];
    const known = row?.next?.startsWith(word) ?? false;
    return known || !row?.nearest ? word : row.nearest;
  });
  return corrected.some((word, index) => word !== words[index]) ? corrected : null;
}

/**
 * lib/tool/data-facts.ts `doesNotTrainOn` in SQL: the tool's `trains-on-content` facts for the tier (or for all plans)
 * exist and all say "no". A semi-join on the few tools with facts, not a scan of the catalogue's facts per row.
 */
function doesNotTrainCondition(tier: NoTrainingTier): SQL {
  const stated = sql`fact->>'fact' = 'trains-on-content' and fact->>'tier' in (${tier}, 'all')`;
  return sql`${tools.slug} in (select facts.tool_slug from tool_data_facts as facts
    where exists (select 1 from jsonb_array_elements(facts.facts) as each_fact(fact) where ${stated})
      and not exists (select 1 from jsonb_array_elements(facts.facts) as each_fact(fact) where ${stated} and fact->>'value' <> 'no'))`;
}

function whereClause(filters: ToolFilters, terms: SearchTerms): SQL | undefined {
  const min = filters.minPrice ?? PRICE_BOUNDS.min;
  const max = filters.maxPrice ?? PRICE_BOUNDS.max;
  return and(
    // In any of the chosen categories, primary or secondary (issue 29), as each category's page lists them.
    filters.categories.length ? inAnyCategory(filters.categories) : undefined,
    // As a `real`, as the column is: 4.6 written as a numeric literal would compare as a double, and 4.6 stored as a
    // real is a little less than that.
    filters.rating !== null ? sql`${tools.rating} >= ${filters.rating}::real` : undefined,
    filters.pricing.length ? or(...filters.pricing.map((value) => pricingCondition[value])) : undefined,
    filters.minPrice !== null || filters.maxPrice !== null ? priceRangeCondition(min, max) : undefined,
    filters.trial !== null ? eq(tools.hasFreeTrial, filters.trial) : undefined,
    filters.pro !== null ? eq(tools.isPro, filters.pro) : undefined,
    filters.featured ? eq(tools.featured, true) : undefined,
    filters.noTraining ? doesNotTrainCondition(filters.noTraining) : undefined,
    filters.task ? sql`${tools.slug} in (select task_tools.tool_slug from task_tools where task_tools.task_slug = ${filters.task})` : undefined,
    toolSearchCondition(terms),
  );
}

const nameOrder = sql`lower(${tools.name}) collate "C"`;

/**
 * lib/tool/team-cost.ts `teamFirstYearUsd` in SQL (decisions 086, 088): the first-year US-dollar cost of the cheapest
 * plan that covers `team` people, over the stored `team_cost_terms`, or null (no plan with a figure covers them, or the
 * terms are not written yet). The same arithmetic in the same order on doubles, `((price × seats) × periods) × usdPer`,
 * rounded to the cent as `Math.round` does, so it orders and ties exactly as `teamCost`'s marked plan.
 * For the default team it is the stored column `team_cost_usd`, whose two indexes the sorts walk; the database computes
 * it with `team_first_year_usd` (migration 0056), this expression's text as a function. Any other size is this
 * expression, costed row by row: inline, because the function called per row (not inlined: its body is a subquery)
 * took 2.3 times as long on 100,000 rows (decision 088). The pages of both are held to the reference's
 * (team-cost-sort.test.ts, directory-plans.test.ts). The team is written into the text (a whole number, `integer`), as
 * decision 070 writes a search's values: each size its own statement, asked once, never one planned statement per
 * size (decision 079).
 */
export function teamCostFigure(team: number): SQL {
  if (team === DEFAULT_TEAM_SIZE) return sql`${tools.teamCostUsd}`;
  // One person's figure is stored too (migration 0058, decision 093): both ways an index walk, as the default team's.
  if (team === 1) return sql`${tools.teamCostOneUsd}`;
  const n = integer(team);
  return sql`(select min(floor(t.price * (case when t."perSeat" then greatest(${n}, t."minSeats") else 1 end) * t.periods * t."usdPer" * 100 + 0.5) / 100)
    from jsonb_to_recordset(${tools.teamCostTerms}) as t(price float8, periods float8, "usdPer" float8, "perSeat" boolean, "minSeats" float8, covers float8)
    where t."perSeat" or ${n} = 1 or t.covers is null or t.covers >= ${n})`;
}

/** The order of each directory sort (spec §5), shared with the comparison matrix (models/tool/matrix.server.ts). */
export function toolSortOrder(sort: SortOption, team = DEFAULT_TEAM_SIZE): SQL[] {
  switch (sort) {
    case "rating":
      // Tools without our rating (no in-depth review: null) follow the rated ones, by name; NULLS LAST matches the index.
      return [sql`${tools.rating} desc nulls last`, asc(nameOrder)];
    case "recent":
      return [desc(tools.id)];
    // By the one comparable figure (decision 030). A tool without one (contact sales, usage only) is last both
    // ways, never sorted as $0.
    case "price_low":
      return [sql`${tools.priceMonthlyUsd} asc nulls last`, asc(nameOrder)];
    case "price_high":
      return [sql`${tools.priceMonthlyUsd} desc nulls last`, asc(nameOrder)];
    case "newest":
      return [sql`${tools.addedAt} desc nulls last`, asc(nameOrder)];
    case "name_asc":
      return [asc(nameOrder)];
    case "name_desc":
      return [desc(nameOrder)];
    // By `teamCost`'s marked plan for the team (decision 086); tools without one last both ways, then by name.
    case "team_low":
      return [sql`${teamCostFigure(team)} asc nulls last`, asc(nameOrder)];
    case "team_high":
      return [sql`${teamCostFigure(team)} desc nulls last`, asc(nameOrder)];
  }
}

/** Counting stops here: "1,000+ tools" is as useful as an exact figure and stays fast on any catalogue. */
export const COUNT_CAP = 1000;

const onlyCategoryFilter = (filters: ToolFilters) =>
  !filters.search &&
  filters.rating === null &&
  !filters.pricing.length &&
  filters.minPrice === null &&
  filters.maxPrice === null &&
  filters.trial === null &&
  filters.pro === null &&
  !filters.featured &&
  filters.noTraining === null &&
  filters.task === null;

/** A whole number written into a statement's text (a limit, an offset), not bound as a value. */
const integer = (value: number): SQL => {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not a row count: ${value}`);
  return sql.raw(String(value));
};

/**
 * The directory's conditions with their values written into the statement's text (`inlineParams`), not bound. The
 * app's connections plan every statement with bound values once for any value (`plan_cache_mode=force_generic_plan`,
 * decision 060), and a plan made without the search's words cannot tell 'pixel' (a tenth of a large catalogue: walk
 * the rating index) from a name (a few rows: read them through the search index and sort them); with the values in
 * its text each statement is planned for them (decision 070). drizzle writes a string as a standard SQL literal
 * (quotes doubled), which `standard_conforming_strings` (on by default, and on both backends) reads back as it was;
 * the words hold letters and digits only and the typed text is made readable (`searchTsQuery`).
 */
export function directoryCondition(filters: ToolFilters, terms: SearchTerms): SQL {
  const bound = whereClause(filters, terms);
  return bound ? sql`${bound}`.inlineParams() : sql`true`;
}

/**
 * Up to COUNT_CAP + 1 ids of matching tools. Planned for all the matches, read only up to the cap: under a LIMIT the
 * planner takes matches to be spread evenly and scans the table for 1,001 of them, which for 'writer, free, 4 stars'
 * (3 matches among 100,000 tools) reads all of it; a materialized CTE is planned on its own (through the indexes, as
 * for every match) and runs only as far as it is read.
 */
export const matchingIdsStatement = (where: SQL): SQL =>
  sql`with matching as materialized (select ${tools.id} from ${tools} where ${where}) select id from matching limit ${integer(COUNT_CAP + 1)}`;

/**
 * The ids of one page when more than COUNT_CAP tools match: the sort order's index walked and filtered, selecting
 * ids only, so the rows skipped for a later page are never joined or read out (decision 070).
 */
export function pageWalkStatement(where: SQL, sort: SortOption, page: number, pageSize: number, team = DEFAULT_TEAM_SIZE): SQL {
  return sql`select ${tools.id} from ${tools} where ${where} order by ${sql.join(toolSortOrder(sort, team), sql`, `)} limit ${integer(pageSize)} offset ${integer((page - 1) * pageSize)}`;
}

/**
 * A price range sorted by price, as the parts of the price index it reads (decision 070): the tools priced within
 * the range, those that are free, those without a figure to compare (both always pass, `priceRangeCondition`). As
 * one condition the range is a filter the walk checks on every row it reads (page 40 of 'paid, $10-60, by price,
 * highest first' read 11,000 rows, 10,000 of them priced above $60); as parts, each is a range of the index. The
 * parts do not overlap, so each tool is in exactly one; undefined when the filters and sort are not of that kind.
 */
export function priceRangeParts(filters: ToolFilters): SQL[] | undefined {
  if ((filters.sort !== "price_low" && filters.sort !== "price_high") || (filters.minPrice === null && filters.maxPrice === null)) return undefined;
  const min = filters.minPrice ?? PRICE_BOUNDS.min;
  const max = filters.maxPrice ?? PRICE_BOUNDS.max;
  return [
    sql`${tools.priceMonthlyUsd} between ${min} and ${max}`.inlineParams(),
    // Free tools are their own part only when the range leaves out 0.
    ...(min > 0 ? [sql`${tools.priceMonthlyUsd} = 0`] : []),
    sql`${tools.priceMonthlyUsd} is null`,
  ];
}

/**
 * `pageWalkStatement` for a price range sorted by price: each part's index range walked for as many rows as the
 * pages up to this one hold (a walk that stops there), and the page cut from their union in the sort's order.
 */
export function partsWalkStatement(where: SQL, parts: SQL[], sort: SortOption, page: number, pageSize: number): SQL {
  const order = sql.join(toolSortOrder(sort), sql`, `);
  const walks = parts.map(
    (part) =>
      sql`(select ${tools.id}, ${tools.priceMonthlyUsd} as price, ${nameOrder} as name_key from ${tools} where ${where} and ${part} order by ${order} limit ${integer(page * pageSize)})`,
  );
  const direction = sql.raw(sort === "price_high" ? "desc" : "asc");
  return sql`select parts.id from (${sql.join(walks, sql` union all `)}) as parts order by parts.price ${direction} nulls last, parts.name_key limit ${integer(pageSize)} offset ${integer((page - 1) * pageSize)}`;
}

/** The team size `team_cost_ceiling_usd` is the figure for (migration 0058): an upper bound for sizes up to it only. */
const CEILING_TEAM_SIZE = 1000;

/**
 * The stored bound of a reader's own team size's figure f(N) in the sort's direction (decision 093). f never falls as N
 * grows (per-seat costs grow, flat plans only drop out as their 'covers' is passed) and, once null for a size (no plan
 * with a figure covers it), stays null for every larger size. So lowest first, f(5) for N > 5 and f(1) for N from 2 to
 * 4 are lower bounds, null only where f(N) is; highest first, the ceilings (f(5) for N from 2 to 4, f(1000) for N from
 * 6 to 1,000, 'Infinity' where they have no figure but a smaller size has: migration 0058) are upper bounds, null only
 * where f(N) is. Undefined where the figure itself is stored (1 and 5 people: an index walk of their own) or no bound is
 * (highest first above 1,000 people: every tool costed, as before).
 */
function teamBound(sort: SortOption, team: number): SQL | undefined {
  if (!isTeamSort(sort) || team === DEFAULT_TEAM_SIZE || team === 1) return undefined;
  if (sort === "team_low") return sql`${team > DEFAULT_TEAM_SIZE ? tools.teamCostUsd : tools.teamCostOneUsd}`;
  if (team < DEFAULT_TEAM_SIZE) return sql`${tools.teamCostSmallCeilingUsd}`;
  return team <= CEILING_TEAM_SIZE ? sql`${tools.teamCostCeilingUsd}` : undefined;
}

/** The deepest page the bound serves, in tools (the pages a capped count lists); deeper ones cost every tool. */
const BOUNDED_TEAM_ROWS = COUNT_CAP;

/** The bound's walk, the tools up to the page's end (K) and the tools the sample costs (M = max(4K, 200)). */
function teamWalk(filters: ToolFilters, pageSize: number) {
  const bound = teamBound(filters.sort, filters.team);
  const first = filters.page * pageSize;
  if (!bound || first > BOUNDED_TEAM_ROWS) return undefined;
  const direction = sql.raw(filters.sort === "team_low" ? "asc" : "desc");
  return { bound, first, direction, order: sql`${bound} ${direction} nulls last, ${nameOrder}`, sample: Math.max(4 * first, 200) };
}

/**
 * T0 for `boundedTeamPageStatement`: the K-th figure in the sort's order among the first M tools of the bound's index
 * walk under `where`; null when fewer than K of them have a figure (every match is then costed, as before); undefined
 * when the sort has no bound. Asked on its own so that T0 is written into the page's statement, which is then planned
 * for it: bound as a value, a range `bound < $1` is taken to hold a third of the catalogue and read by a scan.
 */
export function teamThresholdStatement(filters: ToolFilters, where: SQL, pageSize: number): SQL | undefined {
  const walk = teamWalk(filters, pageSize);
  if (!walk) return undefined;
  return sql`select sample.figure from (select ${teamCostFigure(filters.team)} as figure from ${tools} where ${where} order by ${walk.order} limit ${integer(walk.sample)}) as sample
    where sample.figure is not null order by sample.figure ${walk.direction} limit 1 offset ${integer(walk.first - 1)}`;
}

export async function teamThreshold(filters: ToolFilters, where: SQL, pageSize: number): Promise<number | null | undefined> {
  const statement = teamThresholdStatement(filters, where, pageSize);
  if (!statement) return undefined;
  const [row] = (await getDb().execute<{ figure: number | string }>(statement)).rows;
  return row ? Number(row.figure) : null;
}

/**
 * A page of a team-cost sort at a reader's own size when more than COUNT_CAP tools match, costing only the tools the
 * stored bound B cannot rule out (decision 093; lowest first described, highest first is its mirror). With K the tools
 * up to the page's end and T0 the K-th lowest figure among the first tools of B's walk (`teamThresholdStatement`),
 * the candidates are the tools with B < T0 and those with B = f(N) = T0 (the first K of them by name: the index's
 * order within B = T0; written f(N) <= T0, the same there since f(N) >= B, because the planner takes an equality with
 * the figure to hold for one row in 200 and would then read every tool at B = T0, all the free ones at $0, and sort
 * them, rather than walk the index and stop at K), sorted as the reference sorts (f(N) nulls last, then the name), and the page cut from them.
 * Exact: the sample holds K tools with f(N) <= T0, so the true first K have f(N) <= T0; each has B <= f(N) <= T0 (a lower
 * bound), so B < T0, or B = f(N) = T0 and it is among the first K of those by name (ties are by name). Highest first,
 * B >= f(N) >= T0 for each of the true first K (B, an upper bound, is null only where f(N) is).
 */
export function boundedTeamPageStatement(filters: ToolFilters, where: SQL, pageSize: number, threshold: number): SQL {
  const walk = teamWalk(filters, pageSize)!;
  const figure = teamCostFigure(filters.team);
  const t0 = sql.raw(`'${threshold}'::float8`);
  const costed = sql`${tools.id} as id, ${figure} as figure, ${nameOrder} as name_key from ${tools}`;
  return sql`select candidates.id from (
      select ${costed} where ${where} and ${walk.bound} ${sql.raw(filters.sort === "team_low" ? "<" : ">")} ${t0}
      union all (select ${costed} where ${where} and ${walk.bound} = ${t0} and ${figure} ${sql.raw(filters.sort === "team_low" ? "<=" : ">=")} ${t0} order by ${walk.order} limit ${integer(walk.first)})
    ) as candidates
    order by candidates.figure ${walk.direction} nulls last, candidates.name_key limit ${integer(pageSize)} offset ${integer((filters.page - 1) * pageSize)}`;
}

/**
 * The groups of identical team-cost terms a page of a reader's own size is read by, at most (decision 095). Walking the
 * groups costs a descent of their index each: worth it while they are few beside the catalogue (the benchmark's ten
 * price shapes); past this many (real prices rarely tie) the page is `boundedTeamPageStatement`'s, unchanged.
 */
export const TEAM_GROUPS_CAP = 300;

/**
 * Until when each database is taken to have more than TEAM_GROUPS_CAP groups (decision 095): once the walk has found
 * that, for a while the page goes straight to decision 093's statements rather than walk 301 groups again for nothing
 * (1.2-1.3 ms on PostgreSQL, 2.3-2.9 ms on PGlite at 20,000 tools). Either path is exact; this only picks the cheaper.
 */
const teamGroupsPastCapUntil = new WeakMap<object, number>();
const TEAM_GROUPS_RECHECK_MS = 10 * 60_000;

/**
 * A page of a team-cost sort at a reader's own size when more than COUNT_CAP tools match, read by groups of identical
 * terms (decision 095): tools whose `team_cost_terms` are equal have the same figure for every size, and ties go by
 * name, so of each group (its key and `is_free`: the index `tools_team_cost_group_idx`) only the first K names under
 * the directory's `where` can be among the first K tools (K = page × page size). The groups are found by a walk of the
 * index, one descent each (a loose index scan), costed once each from one of their tools, and the first K names of
 * each read in the index's order; the page is cut from those, sorted as the reference sorts. Exact for any size,
 * without the stored bounds. No rows when the catalogue has more than `cap` groups, and then the page is decision 093's
 * (`manyMatchesPageStatement`); undefined where the figure is stored and walked (1 and 5 people) or the page ends past
 * the 1,000th tool.
 */
export function teamGroupsPageStatement(filters: ToolFilters, where: SQL, pageSize: number, cap = TEAM_GROUPS_CAP): SQL | undefined {
  const first = filters.page * pageSize;
  if (!isTeamSort(filters.sort) || filters.team === DEFAULT_TEAM_SIZE || filters.team === 1 || first > BOUNDED_TEAM_ROWS) return undefined;
  const key = sql`${tools.teamCostTermsKey}`;
  const direction = sql.raw(filters.sort === "team_low" ? "asc" : "desc");
  // The groups: the index's first entry, then each next one past the last group found (a descent each, index only).
  // `costed` is materialized so that each group's figure is computed once, not once per name read. The groups are read
  // in the figure's order, so the page's sort receives the names group by group already ordered by figure and sorts
  // only within a figure (an incremental sort): it stops reading once the page is filled, where a full sort read the
  // first K names of every group (page 40 at 20,000 tools: 3,937 names instead of 8,789). A group's names are its range
  // of the index, written as two row comparisons: as equalities (key = and is_free =) the planner took a group to hold
  // the average (the table over its distinct keys, 69 rows at 20,000 tools) and read each whole group through a bitmap
  // scan and sorted it (the benchmark's groups are 10,000 tools each), rather than walk the index and stop at K.
  return sql`with recursive walk(key, free) as (
      (select ${key}, ${tools.isFree} from ${tools} order by ${key}, ${tools.isFree} limit 1)
      union all
      select next.key, next.free from walk cross join lateral (
        select ${key} as key, ${tools.isFree} as free from ${tools} where (${key}, ${tools.isFree}) > (walk.key, walk.free) order by ${key}, ${tools.isFree} limit 1
      ) as next
    ),
    groups as materialized (select key, free from walk limit ${integer(cap + 1)}),
    costed as materialized (
      select groups.key, groups.free, (select ${teamCostFigure(filters.team)} from ${tools} where ${key} = groups.key limit 1) as figure
      from groups where (select count(*) from groups) <= ${integer(cap)}
    )
    select names.id from (select key, free, figure from costed order by figure ${direction} nulls last) as ranked cross join lateral (
      select ${tools.id} as id, ${nameOrder} as name_key from ${tools}
      where (${key}, ${tools.isFree}) >= (ranked.key, ranked.free) and (${key}, ${tools.isFree}) <= (ranked.key, ranked.free) and ${where}
      order by ${key}, ${tools.isFree}, ${nameOrder} limit ${integer(first)}
    ) as names
    order by ranked.figure ${direction} nulls last, names.name_key limit ${integer(pageSize)} offset ${integer((filters.page - 1) * pageSize)}`;
}

/**
 * The ids of a page when more than COUNT_CAP tools match: a price range's parts when sorted by price, a reader's own
 * team size through its bound when given its `teamThreshold`, else the sort's walk.
 */
export function manyMatchesPageStatement(filters: ToolFilters, where: SQL, pageSize: number, threshold?: number | null): SQL {
  const parts = priceRangeParts(filters);
  if (parts) return partsWalkStatement(where, parts, filters.sort, filters.page, pageSize);
  if (typeof threshold === "number" && teamWalk(filters, pageSize)) return boundedTeamPageStatement(filters, where, pageSize, threshold);
  return pageWalkStatement(where, filters.sort, filters.page, pageSize, filters.team);
}

/**
 * The unfiltered directory's pages whose statement is built and planned once (decision 079): those the first page links
 * in order. Each prepared statement holds about 86 KB of the database's memory (PGlite's never shrinks) on every
 * connection: 21 of them (seven sorts) are 1.8 MB, per page size; all 42 pages a capped count lists would be 25 MB.
 */
const PLANNED_PAGES = 3;
/** The unfiltered directory's page statements, each built once (decision 079): by sort, page and page size. */
const unfilteredPages = new Map<string, ReturnType<typeof listsAskedAgain<never, { rows: RowsQuestion<typeof toolCardSelect> }>>>();

/**
 * Pages are read one of two ways. When at most COUNT_CAP tools match, their ids are collected first (through the
 * search or category index) and only those are sorted; when more match, the sort order's index is walked and
 * filtered (`pageWalkStatement`), which reaches a page quickly precisely because matches are common. Either way the
 * page's ids are then joined to the card's fields.
 */
async function findPage(filters: ToolFilters, terms: SearchTerms, pageSize: number) {
  const where = directoryCondition(filters, terms);
  let matches: number;
  let ids: number[] | null = null;
  if (onlyCategoryFilter(filters) && filters.categories.length <= 1) {
    // Cached until the next content sync. Categories overlap (secondary ones), so two or more are counted by the query below.
    const [category] = filters.categories;
    matches = category ? ((await listCategoriesWithCounts()).find((candidate) => candidate.slug === category)?.toolCount ?? 0) : await countTools();
  } else {
    ids = (await getDb().execute<{ id: number }>(matchingIdsStatement(where))).rows.map((row) => Number(row.id));
    matches = ids.length;
  }
  if (matches === 0) return { rows: [], matches };
  const order = toolSortOrder(filters.sort, filters.team);
  // The team-cost sorts write the team into the statement's text (`teamCostFigure`): asked once, as a search's values
  // are, never planned and kept per size (a crawler walking `?team=` would fill every connection's memory: decision 079).
  const teamSort = isTeamSort(filters.sort);
  // The cards of a page's ids as one JSON value (decision 057's rows; decision 076: as rows they cost half as much again).
  const cardsOf = (idsOnPage: SQL) =>
    rowsQuestion(toolCardSelect, (select) =>
      select
        .from(tools)
        .innerJoin(categories, eq(categories.slug, tools.categorySlug))
        .where(sql`${tools.id} in (${idsOnPage})`)
        .orderBy(...order),
    );
  if (ids && ids.length <= COUNT_CAP) {
    // One array parameter, joined as a set: `id = any(array)` would be checked row by row while walking a sort index.
    const onPage = pageWalkStatement(sql`${tools.id} in (select unnest(${sql.param(ids)}::int[]))`, filters.sort, filters.page, pageSize, filters.team);
    // Its text varies with the sort and the page only: asked as a statement planned once (decision 060), it is not parsed
    // and planned again for every search (1.6 of a new directory search's 6.4 ms of CPU on PGlite, decision 074). The
    // plan is the one it had: every statement with bound values is planned generically (decision 070).
    return { rows: await (teamSort ? askRowsOnce : askRows)(cardsOf(onPage)), matches };
  }
  // Without filters (/tools, its pages, a full render of an address with a campaign tag) the statement varies with the
  // sort and the page only and carries no value: built once and planned once (decisions 060, 075), it skips drizzle's
  // building and the parsing and planning that were two thirds of its CPU on PGlite (decision 079). Having no
  // parameter, its one plan is the plan for its text, as when it is asked once.
  if (!ids && !filters.categories.length && filters.page <= PLANNED_PAGES && !teamSort) {
    const key = `${filters.sort} ${filters.page} ${pageSize}`;
    let ask = unfilteredPages.get(key);
    if (!ask) unfilteredPages.set(key, (ask = listsAskedAgain(() => ({ rows: cardsOf(manyMatchesPageStatement(filters, where, pageSize)) }))));
    return { rows: (await ask({})).rows, matches };
  }
  // A reader's own team size: by its groups of identical terms (decision 095), one statement; where they are too many
  // (no rows), the bound's T0 first, written into the page's statement (decision 093).
  const db = getDb();
  const grouped = teamSort && (teamGroupsPastCapUntil.get(db) ?? 0) <= Date.now() ? teamGroupsPageStatement(filters, where, pageSize) : undefined;
  if (grouped) {
    const rows = await askRowsOnce(cardsOf(grouped));
    if (rows.length) return { rows, matches };
    teamGroupsPastCapUntil.set(db, Date.now() + TEAM_GROUPS_RECHECK_MS);
  }
  const threshold = teamSort ? await teamThreshold(filters, where, pageSize) : undefined;
  // The search's values are in this text (decision 070): asked once, like the statement that counted them.
  return { rows: await askRowsOnce(cardsOf(manyMatchesPageStatement(filters, where, pageSize, threshold))), matches };
}

/**
 * One page of the directory, filtered, searched, sorted and counted in the
 * database, with an index for every sort order and a GIN index for search.
 * When a search finds nothing, it is retried once with typos corrected. With
 * `withTasks` (the directory's pages), the first page of a search that names a
 * job also brings its task pages (decision 046), offered above the tools.
 */
export async function searchTools(filters: ToolFilters, pageSize: number, { withTasks = false } = {}) {
  const words = searchWords(filters.search);
  const tasksOf = async (terms: SearchTerms): Promise<TaskMatch[]> => (withTasks && words.length && filters.page === 1 ? findTasks(terms) : []);
  let terms = await searchTermsOf(words, filters.search);
  let [found, tasks] = await Promise.all([findPage(filters, terms, pageSize), tasksOf(terms)]);
  let correctedSearch: string | null = null;
  // Corrected only when the search as typed finds nothing at all, tasks included.
  if (words.length && found.matches === 0 && !tasks.length) {
    const corrected = await correctWords(words);
    if (corrected) {
      terms = await searchTermsOf(corrected);
      [found, tasks] = await Promise.all([findPage(filters, terms, pageSize), tasksOf(terms)]);
      correctedSearch = corrected.join(" ");
    }
  }
  const totalIsCapped = found.matches > COUNT_CAP;
  const total = Math.min(found.matches, COUNT_CAP);
  const pageCount = totalIsCapped ? Math.max(Math.ceil(COUNT_CAP / pageSize), filters.page + 1) : Math.max(1, Math.ceil(total / pageSize));
  // What a team-cost sort orders by, said beside it (decision 086), with the date of the rates the stored terms were converted at.
  const teamSortBasisText = isTeamSort(filters.sort) ? teamSortBasis(filters.team, getCurrencyRates().asOf) : null;
  // The price range's note, said under the active filters while a range is set: sent with the result (a few requests'
  // worth of words) rather than in the directory's first-load script (decision 088).
  const priceRangeNote = filters.minPrice !== null || filters.maxPrice !== null ? PRICE_RANGE_NOTE : null;
  return { tools: presentCards(found.rows), tasks, total, totalIsCapped, correctedSearch, page: filters.page, pageCount, teamSortBasis: teamSortBasisText, priceRangeNote };
}

export type ToolSearchResult = Awaited<ReturnType<typeof searchTools>>;
