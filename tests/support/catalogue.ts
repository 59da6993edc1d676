import type { DataFact } from "~/lib/tool/data-facts";
import type { Pricing } from "~/lib/tool/pricing";
import { parseToolFilters, TOOLS_PAGE_SIZE } from "~/lib/tool/tool-filters";
import { compareTools, matchesFilters, type FilterableTool } from "./tool-filter-oracle";
import type { TestApp } from "./app";

export const slugsIn = (html: string) => [...html.matchAll(/<article data-tool-slug="([^"]+)"/g)].map((m) => m[1]);

/** Every tool as the reference filter functions see it. */
export async function catalogue(app: TestApp): Promise<(FilterableTool & { slug: string; alternatives: string[] })[]> {
  const rows = await app.query<Record<string, unknown>>(
    `select t.id, t.slug, t.name, t.description, t.category_slug, t.secondary_category_slugs, c.name as category_name, t.rating, t.pricing_model, t.plans, t.added_at::text as added_at,
            t.has_free_trial, t.is_pro, t.featured, t.alternatives, f.facts as data_facts
       from tools t join categories c on c.slug = t.category_slug left join tool_data_facts f on f.tool_slug = t.slug`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    slug: String(row.slug),
    name: String(row.name),
    description: String(row.description),
    categorySlug: String(row.category_slug),
    secondaryCategorySlugs: row.secondary_category_slugs as string[],
    categoryName: String(row.category_name),
    rating: row.rating === null ? null : Number(row.rating),
    pricing: { model: row.pricing_model, plans: row.plans } as Pricing,
    addedAt: String(row.added_at),
    hasFreeTrial: Boolean(row.has_free_trial),
    isPro: Boolean(row.is_pro),
    featured: Boolean(row.featured),
    alternatives: row.alternatives as string[],
    dataFacts: (row.data_facts as DataFact[] | null) ?? [],
  }));
}

/** The slugs the reference rules put on the page a query asks for. */
export function expectedPage(tools: Awaited<ReturnType<typeof catalogue>>, query: string): string[] {
  const filters = parseToolFilters(new URLSearchParams(query));
  return tools
    .filter((tool) => matchesFilters(tool, filters))
    .sort(compareTools(filters.sort, filters.team))
    .slice((filters.page - 1) * TOOLS_PAGE_SIZE, filters.page * TOOLS_PAGE_SIZE)
    .map((tool) => tool.slug);
}
