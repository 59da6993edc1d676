import { createHash } from "node:crypto";
import { OPEN_DATA_WORDS } from "~/lib/words/open-data";
import type { ApiToolSummary } from "~/lib/api/schemas";
import { EMPTY_FILTERS, TOOLS_PAGE_SIZE, type NoTrainingTier, type PricingFilter, type SortOption, type ToolFilters } from "~/lib/tool/tool-filters";
import { searchTools } from "~/models/tool/search.server";
import { AppError } from "~/utils/errors.server";
import { getEnv } from "~/utils/env.server";
import { categoryPageUrl, toolPageUrl } from "./tool-record.server";

/**
 * `/api/v1/tools` (issue 46): the directory's own search (models/tool/search.server.ts), so the API finds, filters,
 * orders and counts exactly as /tools does, a page of the directory's size at a time. The cursor names the next page
 * and the query it belongs to: a cursor sent with other filters is refused rather than read as a page of them.
 */

export type ApiToolQuery = {
  search: string;
  category: string | null;
  task: string | null;
  pricing: PricingFilter[];
  noTraining: NoTrainingTier | null;
  minRating: number | null;
  sort: SortOption;
  /** The team the team-cost sorts cost (decision 086); part of the cursor's query, so a cursor is for its team. */
  team: number;
  cursor: string | null;
};

/** As /tools: a page of 24, so the API's pages are the directory's and share its planned statements (decision 079). */
export const API_TOOLS_PAGE_SIZE = TOOLS_PAGE_SIZE;

const queryKey = ({ cursor: _cursor, ...query }: ApiToolQuery) => createHash("sha256").update(JSON.stringify(query)).digest("base64url").slice(0, 12);

/** An opaque cursor: the page it points to and the query it was made for. */
export const encodeToolCursor = (query: ApiToolQuery, page: number) => Buffer.from(JSON.stringify({ p: page, q: queryKey(query) })).toString("base64url");

/** The page a cursor points to; INVALID_INPUT for a cursor not made by us for this query. */
export function decodeToolCursor(query: ApiToolQuery): number {
  if (query.cursor === null) return 1;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(query.cursor, "base64url").toString("utf8"));
  } catch {
    decoded = null;
  }
  const { p, q } = (decoded ?? {}) as { p?: unknown; q?: unknown };
  if (!Number.isSafeInteger(p) || (p as number) < 2 || (p as number) > 10_000)
    throw new AppError("INVALID_INPUT", { detail: OPEN_DATA_WORDS.badCursor, fields: { cursor: OPEN_DATA_WORDS.badCursor } });
  if (q !== queryKey(query)) throw new AppError("INVALID_INPUT", { detail: OPEN_DATA_WORDS.cursorOtherQuery, fields: { cursor: OPEN_DATA_WORDS.cursorOtherQuery } });
  return p as number;
}

export async function findToolRecords(query: ApiToolQuery) {
  const page = decodeToolCursor(query);
  const filters: ToolFilters = {
    ...EMPTY_FILTERS,
    search: query.search,
    categories: query.category ? [query.category] : [],
    task: query.task,
    pricing: query.pricing,
    noTraining: query.noTraining,
    rating: query.minRating,
    sort: query.sort,
    team: query.team,
    page,
  };
  const result = await searchTools(filters, API_TOOLS_PAGE_SIZE);
  const siteUrl = getEnv().SITE_URL;
  const data: ApiToolSummary[] = result.tools.map((card) => ({
    slug: card.slug,
    name: card.name,
    tagline: card.tagline,
    url: toolPageUrl(siteUrl, card.slug),
    website_url: card.websiteUrl,
    category: { slug: card.categorySlug, name: card.categoryName, url: categoryPageUrl(siteUrl, card.categorySlug) },
    pricing_text: card.pricingText,
    editorial_rating: card.rating,
  }));
  // A capped count does not know the last page: a full page is followed by another until one comes back short.
  const more = result.totalIsCapped ? data.length === API_TOOLS_PAGE_SIZE : page < result.pageCount;
  return {
    data,
    next_cursor: more ? encodeToolCursor(query, page + 1) : null,
    total: result.total,
    total_is_capped: result.totalIsCapped,
    corrected_search: result.correctedSearch,
  };
}
