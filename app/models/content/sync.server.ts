import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { authors, categories, courseCategories, coursePlatforms, courses, posts, toolReviews, tools } from "~/db/schema";
import { CATALOGUE, invalidateTags } from "~/utils/cache.server";
import type { Db } from "~/utils/db.server";
import { comparableMonthlyUsd } from "~/lib/pricing";
import { ContentError, type EditorialContent } from "./load.server";

export type SyncCounts = { inserted: number; updated: number; deleted: number };
export type SyncReport = Record<"categories" | "authors" | "tools" | "reviews" | "posts" | "courseCategories" | "coursePlatforms" | "courses", SyncCounts>;

type Row = Record<string, unknown> & { contentHash: string };

type TableSpec = {
  name: keyof SyncReport;
  table: PgTable;
  keyColumn: AnyPgColumn;
  hashColumn: AnyPgColumn;
  keyField: string;
  rows: Row[];
  /** The rows the files own; others in the table (community tools) are neither updated nor deleted. */
  owned?: SQL;
  /** Set on an update only, beside `updatedAt`. */
  onUpdate?: Record<string, SQL>;
};

type Plan = { spec: TableSpec; inserts: Row[]; updates: Row[]; staleKeys: unknown[] };

async function plan(tx: Db, spec: TableSpec): Promise<Plan> {
  const existing = await tx.select({ key: spec.keyColumn, hash: spec.hashColumn }).from(spec.table).where(spec.owned);
  const hashes = new Map(existing.map((row) => [String(row.key), row.hash]));
  const wanted = new Set(spec.rows.map((row) => String(row[spec.keyField])));
  return {
    spec,
    inserts: spec.rows.filter((row) => !hashes.has(String(row[spec.keyField]))),
    updates: spec.rows.filter((row) => {
      const hash = hashes.get(String(row[spec.keyField]));
      return hash !== undefined && hash !== row.contentHash;
    }),
    staleKeys: existing.filter((row) => !wanted.has(String(row.key))).map((row) => row.key),
  };
}

/**
 * A new editorial file whose slug an approved community tool already has would take its page: the start stops and says
 * so, rather than failing on the unique index or replacing the maker's listing.
 */
async function refuseCommunitySlugs(tx: Db, content: EditorialContent) {
  const slugs = content.tools.map((tool) => tool.slug);
  if (!slugs.length) return;
  const taken = await tx
    .select({ slug: tools.slug })
    .from(tools)
    .where(and(eq(tools.source, "community"), inArray(tools.slug, slugs)));
  if (taken.length) {
    const list = taken.map((row) => `content/tools/${row.slug}.json`).join(", ");
    throw new ContentError(`${list}: the slug belongs to a community tool (an approved submission); rename the file or remove the community tool first`);
  }
}

/**
 * Writes only what changed: new rows are inserted, rows whose content hash
 * differs are updated, rows whose file is gone are deleted. A second start
 * with the same files therefore writes nothing.
 */
export async function syncEditorialContent(db: Db, content: EditorialContent): Promise<SyncReport> {
  const specs: TableSpec[] = [
    {
      name: "categories",
      table: categories,
      keyColumn: categories.slug,
      hashColumn: categories.contentHash,
      keyField: "slug",
      rows: content.categories.map(({ slug, name, description, guide, icon, color, sortOrder, contentHash }) => ({
        slug,
        name,
        description,
        guide,
        icon,
        color,
        sortOrder,
        contentHash,
      })),
    },
    {
      name: "authors",
      table: authors,
      keyColumn: authors.id,
      hashColumn: authors.contentHash,
      keyField: "id",
      rows: content.authors.map(({ id, name, bio, expertise, contentHash }) => ({ id, name, bio, expertise, contentHash })),
    },
    {
      name: "tools",
      table: tools,
      keyColumn: tools.id,
      hashColumn: tools.contentHash,
      keyField: "id",
      owned: eq(tools.source, "editorial"),
      // The stored comparable price figure comes from lib/pricing, the module every page reads prices through,
      // converted with the content's dated rate table (decision 027).
      rows: content.tools.map(({ categoryId, commissionRate, isHighValue, pricing, platforms, openSource, ...tool }) => ({
        ...tool,
        categorySlug: categoryId,
        commissionRate: commissionRate ?? null,
        isHighValue: isHighValue ?? false,
        pricingModel: pricing.model,
        plans: pricing.plans,
        priceMonthlyUsd: comparableMonthlyUsd(pricing, content.currencyRates),
        platforms: platforms ?? [],
        openSource: openSource ?? false,
      })),
      // 'Updated recently' (spec part 1 §2.13) counts a change of the file, not the first insert.
      onUpdate: { contentChangedAt: sql`now()` },
    },
    {
      name: "reviews",
      table: toolReviews,
      keyColumn: toolReviews.toolSlug,
      hashColumn: toolReviews.contentHash,
      keyField: "toolSlug",
      rows: content.reviews.map(({ toolSlug, authorId, publishedAt, lastTestedAt, contentHash, ...body }) => ({
        toolSlug,
        authorId,
        publishedAt,
        lastTestedAt,
        body,
        contentHash,
      })),
    },
    {
      name: "posts",
      table: posts,
      keyColumn: posts.slug,
      hashColumn: posts.contentHash,
      keyField: "slug",
      rows: content.posts.map(({ author, published, lastReviewed, ...post }) => ({ ...post, authorId: author, publishedAt: published, lastReviewedAt: lastReviewed })),
    },
    {
      name: "courseCategories",
      table: courseCategories,
      keyColumn: courseCategories.slug,
      hashColumn: courseCategories.contentHash,
      keyField: "slug",
      rows: content.courseCategories,
    },
    {
      name: "coursePlatforms",
      table: coursePlatforms,
      keyColumn: coursePlatforms.slug,
      hashColumn: coursePlatforms.contentHash,
      keyField: "slug",
      rows: content.coursePlatforms,
    },
    {
      name: "courses",
      table: courses,
      keyColumn: courses.slug,
      hashColumn: courses.contentHash,
      keyField: "slug",
      // Optional figures are written as null, so removing one from a file removes it here too.
      rows: content.courses.map(({ platform, category, priceUsd, salePrice, rating, students, ...course }) => ({
        ...course,
        platformSlug: platform,
        categorySlug: category,
        priceUsd: priceUsd ?? null,
        salePrice: salePrice ?? null,
        rating: rating ?? null,
        students: students ?? null,
      })),
    },
  ];

  const report = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await refuseCommunitySlugs(tx, content);
    const plans: Plan[] = [];
    for (const spec of specs) plans.push(await plan(tx, spec));
    // Parents are written before children, and stale children removed before their parents.
    for (const { spec, inserts, updates } of plans) {
      if (inserts.length) await tx.insert(spec.table).values(inserts);
      for (const row of updates) {
        await tx
          .update(spec.table)
          .set({ ...row, ...spec.onUpdate, updatedAt: sql`now()` })
          .where(and(inArray(spec.keyColumn, [row[spec.keyField]]), spec.owned));
      }
    }
    for (const { spec, staleKeys } of [...plans].reverse()) {
      if (staleKeys.length) await tx.delete(spec.table).where(and(inArray(spec.keyColumn, staleKeys), spec.owned));
    }
    // The typo lexicon holds tool names, article titles and course titles (drizzle/0010_courses.sql).
    const lexiconChanged = plans.some(
      ({ spec, inserts, updates, staleKeys }) =>
        (spec.name === "tools" || spec.name === "posts" || spec.name === "courses") && inserts.length + updates.length + staleKeys.length > 0,
    );
    if (lexiconChanged) await tx.execute(sql`refresh materialized view search_words`);
    const report = {} as SyncReport;
    for (const { spec, inserts, updates, staleKeys } of plans) {
      report[spec.name] = { inserted: inserts.length, updated: updates.length, deleted: staleKeys.length };
    }
    return report;
  });
  // Only after the commit: every page and query showing editorial content is stale, here and on every instance.
  if (Object.values(report).some(({ inserted, updated, deleted }) => inserted + updated + deleted > 0)) invalidateTags(CATALOGUE);
  return report;
}
