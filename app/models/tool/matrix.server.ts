import { eq } from "drizzle-orm";
import { categories, tools } from "~/db/schema";
import { comparableNote, pricingText } from "~/lib/tool/pricing";
import { getCurrencyRates } from "~/models/content/currency-rates.server";
import type { SortOption } from "~/lib/tool/tool-filters";
import { CATALOGUE, cached } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";
import { inCategory } from "./categories.server";
import { toolSortOrder } from "./search.server";

/** What a matrix row needs: no description, no long content. */
const matrixRowSelect = {
  slug: tools.slug,
  name: tools.name,
  rating: tools.rating,
  pricingModel: tools.pricingModel,
  plans: tools.plans,
  categorySlug: tools.categorySlug,
  categoryName: categories.name,
  capabilities: tools.capabilities,
};

/**
 * Every tool of the catalogue (or of one category) for the comparison matrix, in the directory's order for
 * `sort`. Not paged: the matrix shows the whole catalogue. Cached per category and sort (both validated by
 * the caller, so the keys are bounded) until the next content sync.
 */
export async function listMatrixTools(options: { category: string | null; sort: SortOption }) {
  const rows = await cached(`catalogue:matrix:${options.category ?? "*"}:${options.sort}`, CATALOGUE, () =>
    getDb()
      .select(matrixRowSelect)
      .from(tools)
      .innerJoin(categories, eq(categories.slug, tools.categorySlug))
      // A category's tools are those its page lists: primary or secondary (issue 29); each row names its primary.
      .where(options.category ? inCategory(options.category) : undefined)
      .orderBy(...toolSortOrder(options.sort)),
  );
  const rates = getCurrencyRates();
  return rows.map(({ pricingModel, plans, ...row }) => ({
    ...row,
    pricing: pricingText({ model: pricingModel, plans }),
    priceNote: comparableNote({ model: pricingModel, plans }, rates),
  }));
}

export type MatrixRow = Awaited<ReturnType<typeof listMatrixTools>>[number];
