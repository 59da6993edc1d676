import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { tools } from "~/db/schema";

/**
 * 'The tools of a category' (issue 29): a tool is in its primary category and in each secondary one, so every list,
 * count, filter, sitemap, feed and follow that selects tools by category reads `tools.category_slugs` (generated:
 * primary first, then the secondaries) through these two conditions and its GIN index. What names one category of a
 * tool (breadcrumb, canonical, card badge) keeps reading `category_slug`, the primary.
 */
export const inCategory = (slug: string | SQLWrapper): SQL => sql`${tools.categorySlugs} @> array[${slug}]::text[]`;

/** In at least one of the categories; the caller leaves the condition out for an empty list. */
export const inAnyCategory = (slugs: readonly string[]): SQL =>
  sql`${tools.categorySlugs} && array[${sql.join(
    slugs.map((slug) => sql`${slug}`),
    sql`, `,
  )}]::text[]`;
