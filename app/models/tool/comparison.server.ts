import { eq, inArray } from "drizzle-orm";
import { categories, toolDataFacts, tools } from "~/db/schema";
import { comparedFeatures, normalizeSelection, SUMMARY_FEATURE_COUNT, toolsParamCandidates } from "~/lib/tool/comparison";
import { pairPath, pairSplits } from "~/lib/tool/comparison-pair";
import { pricingText, type Pricing } from "~/lib/tool/pricing";
import { teamCost, teamCostCells, teamQueryOf } from "~/lib/tool/team-cost";
import { getCurrencyRates } from "~/models/content/currency-rates.server";
import { EMPTY_FILTERS, parseToolFilters } from "~/lib/tool/tool-filters";
import { CAPABILITIES } from "~/lib/tool/capabilities";
import { DATA_FACT_KINDS, factCellText } from "~/lib/tool/data-facts";
import { getCategoryBySlug } from "~/models/category/queries.server";
import { getPageCopy } from "~/models/content/page-copy.server";
import { getPricingProvenance } from "~/models/provenance/queries.server";
import { formatLongDate } from "~/lib/ui/dates";
import { CATALOGUE, cached } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";
import { findPairVerdict, type PairVerdict } from "./pair-verdicts.server";
import { searchTools } from "./search.server";

/**
 * What a comparison shows of a tool: the table's capabilities, the summary's
 * first three features, pricing, rating and links. Never the long description.
 * Not cached: a selection is one indexed lookup of at most a couple of dozen slugs.
 */
const comparisonToolSelect = {
  slug: tools.slug,
  name: tools.name,
  rating: tools.rating,
  pricingModel: tools.pricingModel,
  plans: tools.plans,
  websiteUrl: tools.websiteUrl,
  features: tools.features,
  capabilities: tools.capabilities,
  categorySlug: tools.categorySlug,
  categoryName: categories.name,
  /** Every category the tool is in (primary first): a pair page exists for two tools that share one. */
  categorySlugs: tools.categorySlugs,
  /** Its data and security facts (issue 44), none without a facts file. */
  dataFacts: toolDataFacts.facts,
} as const;

async function findComparisonTools(slugs: readonly string[]) {
  if (!slugs.length) return [];
  const rows = await getDb()
    .select(comparisonToolSelect)
    .from(tools)
    .innerJoin(categories, eq(categories.slug, tools.categorySlug))
    .leftJoin(toolDataFacts, eq(toolDataFacts.toolSlug, tools.slug))
    .where(inArray(tools.slug, [...slugs]));
  // The page (and its hydration data) carries only the features the summary shows, and each data fact's cell text.
  // Prices in words from lib/tool/pricing, as every page shows them.
  return rows.map(({ pricingModel, plans, dataFacts, ...row }) => ({
    ...row,
    pricingSource: { model: pricingModel, plans } as Pricing,
    pricing: pricingText({ model: pricingModel, plans }),
    features: row.features.slice(0, SUMMARY_FEATURE_COUNT),
    dataUse: DATA_FACT_KINDS.map((kind) => factCellText(dataFacts ?? [], kind)),
  }));
}

type ComparisonRow = Awaited<ReturnType<typeof findComparisonTools>>[number];
/** A compared tool as the page carries it: its plans stay on the server; the team's cost is two cells (issue 47). */
export type ComparisonTool = Omit<ComparisonRow, "pricingSource"> & { teamCost: { size: number; monthly: string; firstYear: string } };
export type Comparison = { selection: string[]; tools: ComparisonTool[]; features: string[] };
/** `teamSources`: each tool's plans for the page's team-cost section; a loader keeps them out of the browser's data. */
export type ComparisonWithSources = Comparison & { teamSources: { name: string; slug: string; pricing: Pricing }[] };

/** The selection's tools in order, with their team cost for the query's `?team=` and `?needs=` (the one function, lib/tool/team-cost.ts). */
function buildComparison(selection: string[], bySlug: Map<string, ComparisonRow>, params?: URLSearchParams): ComparisonWithSources {
  const team = teamQueryOf(params ?? new URLSearchParams());
  const rates = getCurrencyRates();
  const rows = selection.map((slug) => bySlug.get(slug)!);
  const selected = rows.map(({ pricingSource, ...tool }) => ({ ...tool, teamCost: teamCostCells(teamCost(pricingSource, team.size, rates, team.needs)) }));
  return {
    selection,
    tools: selected,
    features: comparedFeatures(selected, CAPABILITIES),
    teamSources: rows.map((row) => ({ name: row.name, slug: row.slug, pricing: row.pricingSource })),
  };
}

/**
 * The comparison a `?tools=` query asks for: unknown slugs dropped, duplicates
 * ignored, order kept, at most four, with the table's feature rows.
 */
export async function getComparison(params: URLSearchParams): Promise<ComparisonWithSources> {
  const candidates = toolsParamCandidates(params);
  const rows = await findComparisonTools(candidates);
  const bySlug = new Map(rows.map((row) => [row.slug, row]));
  return buildComparison(
    normalizeSelection(candidates, (slug) => bySlug.has(slug)),
    bySlug,
    params,
  );
}

/**
 * The static SEO comparison (content/seo-comparison.json) with each tool's rating, starting price and whether
 * recorded checks confirm the prices (decision 028), from the catalogue, so the page and the tool pages say the same. A slug the catalogue lacks is left out.
 */
export function getSeoComparison() {
  return cached("catalogue:seo-comparison", CATALOGUE, async () => {
    const copy = getPageCopy().seoComparison;
    const rows = await getDb()
      .select({
        slug: tools.slug,
        name: tools.name,
        source: tools.source,
        addedAt: tools.addedAt,
        rating: tools.rating,
        pricingModel: tools.pricingModel,
        plans: tools.plans,
        websiteUrl: tools.websiteUrl,
        pricingUrl: tools.pricingUrl,
      })
      .from(tools)
      .where(
        inArray(
          tools.slug,
          copy.tools.map((tool) => tool.slug),
        ),
      );
    const bySlug = new Map(rows.map((row) => [row.slug, row]));
    const listed = copy.tools.flatMap((tool) => {
      const row = bySlug.get(tool.slug);
      return row ? [{ ...tool, rating: row.rating, pricing: pricingText({ model: row.pricingModel, plans: row.plans }), row }] : [];
    });
    return { ...copy, tools: listed };
  }).then(async ({ tools: listed, ...copy }) => {
    // Outside the catalogue's cache: a confirmation invalidates the tool's tag, which this tags the page with.
    const provenance = await Promise.all(listed.map(({ row }) => getPricingProvenance(row)));
    // The page vouches for its prices only when a recorded check covers every one: then by the oldest of them.
    const days = provenance.map((item) => item.confirmed?.day ?? null);
    const confirmedDay = days.every((day) => day !== null) && days.length ? days.reduce((oldest, day) => (day! < oldest! ? day : oldest)) : null;
    return { ...copy, tools: listed.map(({ row: _row, ...tool }) => tool), pricesConfirmed: confirmedDay ? formatLongDate(confirmedDay) : null };
  });
}

export const PICKER_PAGE_SIZE = 8;

/**
 * The picker's choices for `?q=&page=`: the directory's own search (in the
 * database, typo-tolerant), best rated first, one small page at a time.
 */
export async function searchPickerTools(params: URLSearchParams) {
  const { search, page } = parseToolFilters(params);
  return { query: search, results: await searchTools({ ...EMPTY_FILTERS, search, page }, PICKER_PAGE_SIZE) };
}

/** A category both tools are in: `a`'s primary, else `b`'s, else the first of `a`'s secondary ones; undefined when none is shared. */
function sharedCategory(a: { categorySlugs: string[] }, b: { categorySlugs: string[] }): string | undefined {
  const inBoth = (slug: string | undefined) => slug !== undefined && a.categorySlugs.includes(slug) && b.categorySlugs.includes(slug);
  return [a.categorySlugs[0], b.categorySlugs[0], ...a.categorySlugs].find(inBoth);
}

const MAX_PAIR_PARAM_LENGTH = 2 * 80 + 4;

export type ComparisonPair =
  | { kind: "pair"; comparison: ComparisonWithSources; path: string; verdict: PairVerdict | null; category: { slug: string; name: string } | null }
  | { kind: "redirect"; path: string }
  | { kind: "not-found" };

/**
 * Reads `/tools/compare/{a}-vs-{b}`. Two different tools make a pair when they share a category (primary or
 * secondary, issue 29) or the editors wrote a verdict on them (decision 043: tools of different categories that
 * readers weigh against each other); the reversed (or upper-case) spelling redirects to the canonical one.
 */
export async function findComparisonPair(param: string, params?: URLSearchParams): Promise<ComparisonPair> {
  // Two slugs of the longest kind and the separator; anything longer names no pair.
  if (param.length > MAX_PAIR_PARAM_LENGTH) return { kind: "not-found" };
  const splits = pairSplits(param);
  const rows = await findComparisonTools([...new Set(splits.flat())]);
  const bySlug = new Map(rows.map((row) => [row.slug, row]));
  const split = splits.find(([a, b]) => bySlug.has(a) && bySlug.has(b));
  if (!split) return { kind: "not-found" };
  const [a, b] = split;
  if (a === b) return { kind: "not-found" };
  const shared = sharedCategory(bySlug.get(a)!, bySlug.get(b)!);
  const verdict = await findPairVerdict(a, b);
  if (!verdict && !shared) return { kind: "not-found" };
  const path = pairPath(a, b);
  if (path !== `/tools/compare/${param}`) return { kind: "redirect", path };
  // The category the page names: one tool's primary when shared, else a secondary both are in; none for a verdict
  // pair of two categories.
  const primary = shared ? [bySlug.get(a)!, bySlug.get(b)!].find((tool) => tool.categorySlug === shared) : undefined;
  const category = shared ? { slug: shared, name: primary?.categoryName ?? (await getCategoryBySlug(shared))?.name ?? shared } : null;
  return { kind: "pair", path, comparison: buildComparison([a, b], bySlug, params), verdict, category };
}
