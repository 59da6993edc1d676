import { and, eq, inArray, isNotNull, isNull, notInArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  authors,
  categories,
  courseCategories,
  coursePlatforms,
  courses,
  pairVerdicts,
  posts,
  searchSynonyms,
  taskTools,
  tasks,
  toolDataFacts,
  toolReviews,
  tools,
} from "~/db/schema";
import { storeAlternativeCounts } from "~/models/tool/alternatives.server";
import { recordPricingChanges, recordToolChanges, TOOL_CHANGES_TAG } from "~/models/tool/changes.server";
import { diffDataFacts, type DataFact } from "~/lib/tool/data-facts";
import { readListingOverrides } from "~/models/maker/proposals.server";
import { layFactOverrides, readFactOverrides } from "~/models/tool/fact-overrides.server";
import { applyPricingOverrides, readPricingOverrides } from "~/models/tool/pricing-overrides.server";
import { CATALOGUE, invalidateTags } from "~/utils/cache.server";
import type { Db } from "~/utils/db.server";
import { comparableMonthlyUsd, type Plan as PricingPlan, type PricingModel } from "~/lib/tool/pricing";
import type { PricingState } from "~/lib/tool/pricing-changes";
import { editorialRating } from "~/lib/review/headline-rating";
import { pricingColumns } from "~/lib/tool/pricing-edit";
import { teamCostTerms } from "~/lib/tool/team-cost";
import { ContentError, renderedHashParts, renderPost, type EditorialContent, type PostContent } from "./load.server";

export type SyncCounts = { inserted: number; updated: number; deleted: number };
export type SyncReport = Record<
  "categories" | "authors" | "tools" | "reviews" | "dataFacts" | "posts" | "courseCategories" | "coursePlatforms" | "courses" | "pairVerdicts" | "tasks" | "searchSynonyms",
  SyncCounts
>;

type Row = Record<string, unknown> & { contentHash: string };

type TableSpec = {
  name: keyof SyncReport;
  table: PgTable;
  keyColumn: AnyPgColumn;
  hashColumn: AnyPgColumn;
  keyField: string;
  rows: Row[];
  /**
   * Rows made only if written (an article: rendering its Markdown is most of a start's work, decision 041): the key,
   * the hash of what the row is made from, and how to make it, hash (`renderedHash`) included.
   */
  deferredRows?: { key: string; sourceHash: string; make: () => Row }[];
  /** The rows the files own; others in the table (community tools) are neither updated nor deleted. */
  owned?: SQL;
  /** Set on an update only, beside `updatedAt`; may depend on the row written. */
  onUpdate?: (row: Row) => Record<string, SQL>;
};

/** `rehashes`: deferred rows made again whose content is as stored (only what they are made from changed): only their hash is written. */
type Plan = { spec: TableSpec; inserts: Row[]; updates: Row[]; rehashes: Row[]; staleKeys: unknown[] };

async function plan(tx: Db, spec: TableSpec): Promise<Plan> {
  const existing = await tx.select({ key: spec.keyColumn, hash: spec.hashColumn }).from(spec.table).where(spec.owned);
  const hashes = new Map(existing.map((row) => [String(row.key), row.hash as string]));
  const deferred = spec.deferredRows ?? [];
  const wanted = new Set([...spec.rows.map((row) => String(row[spec.keyField])), ...deferred.map((row) => row.key)]);
  const inserts = spec.rows.filter((row) => !hashes.has(String(row[spec.keyField])));
  const updates = spec.rows.filter((row) => {
    const hash = hashes.get(String(row[spec.keyField]));
    return hash !== undefined && hash !== row.contentHash;
  });
  const rehashes: Row[] = [];
  for (const { key, sourceHash, make } of deferred) {
    const stored = hashes.get(key);
    if (stored === undefined) inserts.push(make());
    else if (renderedHashParts(stored).sourceHash !== sourceHash) {
      const row = make();
      (renderedHashParts(row.contentHash).rowHash === renderedHashParts(stored).rowHash ? rehashes : updates).push(row);
    }
  }
  return { spec, inserts, updates, rehashes, staleKeys: existing.filter((row) => !wanted.has(String(row.key))).map((row) => row.key) };
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
 * The editorial rating a tool row stores (issues 26, 41) is `editorialRating`'s (lib/review/headline-rating.ts): none
 * without an in-depth review, else the one the review's scores give. A review added, removed or rescored while its
 * tool's file stays the same changes the tool's rating without changing the tool's hash: this sets each editorial
 * row's rating to what `editorialRating` says, writing only rows that differ
 * (none on a start with the same files). Returns how many rows it changed.
 */
async function reconcileRatings(tx: Db, content: EditorialContent, reviewed: Set<string>): Promise<number> {
  const reviews = new Map(content.reviews.map((review) => [review.toolSlug, review]));
  const unrated = await tx
    .update(tools)
    .set({ rating: null })
    .where(and(eq(tools.source, "editorial"), isNotNull(tools.rating), reviewed.size ? notInArray(tools.slug, [...reviewed]) : undefined))
    .returning({ id: tools.id });
  const wanted = content.tools.filter((tool) => reviewed.has(tool.slug));
  if (!wanted.length) return unrated.length;
  const values = sql.join(
    wanted.map((tool) => sql`(${tool.slug}, ${editorialRating(tool.rating, reviews.get(tool.slug))}::real)`),
    sql`, `,
  );
  const rated = await tx.execute(
    sql`update tools set rating = wanted.rating from (values ${values}) as wanted(slug, rating)
        where tools.slug = wanted.slug and tools.source = 'editorial' and tools.rating is distinct from wanted.rating returning tools.id`,
  );
  return unrated.length + rated.rows.length;
}

/**
 * The pricing as stored of the editorial tools this sync is about to update, before it does: what their price
 * history (decision 033) is diffed against. Inserted tools have no 'before' (a first sync records nothing).
 */
/** The stored facts of the tools whose facts files changed, with the tool's id, before this sync writes them. */
async function storedDataFacts(tx: Db, updates: Row[]): Promise<Map<string, { toolId: number; facts: DataFact[] }>> {
  if (!updates.length) return new Map();
  const rows = await tx
    .select({ slug: toolDataFacts.toolSlug, toolId: tools.id, facts: toolDataFacts.facts })
    .from(toolDataFacts)
    .innerJoin(tools, eq(tools.slug, toolDataFacts.toolSlug))
    .where(
      inArray(
        toolDataFacts.toolSlug,
        updates.map((row) => row.toolSlug as string),
      ),
    );
  return new Map(rows.map((row) => [row.slug, { toolId: row.toolId, facts: row.facts }]));
}

async function storedPricing(tx: Db, ids: unknown[]): Promise<Map<number, PricingState>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ id: tools.id, pricingModel: tools.pricingModel, plans: tools.plans, hasFreeTrial: tools.hasFreeTrial })
    .from(tools)
    .where(and(inArray(tools.id, ids as number[]), eq(tools.source, "editorial")));
  return new Map(rows.map(({ id, ...pricing }) => [id, pricing]));
}

/** The pricing a tool row of the sync writes. */
const pricingOfRow = (row: Row): PricingState => ({ pricingModel: row.pricingModel as PricingModel, plans: row.plans as PricingPlan[], hasFreeTrial: row.hasFreeTrial as boolean });

/** An article's row as the posts table stores it. */
const postRow = ({ author, published, lastReviewed, ...post }: PostContent & { contentHash: string }): Row => ({
  ...post,
  authorId: author,
  publishedAt: published,
  lastReviewedAt: lastReviewed,
});

/**
 * Writes only what changed: new rows are inserted, rows whose content hash
 * differs are updated, rows whose file is gone are deleted. A second start
 * with the same files therefore writes nothing, and renders no article (decision 041).
 */
export async function syncEditorialContent(db: Db, content: EditorialContent): Promise<SyncReport> {
  const reviewed = new Set(content.reviews.map((review) => review.toolSlug));
  const reviewsBySlug = new Map(content.reviews.map((review) => [review.toolSlug, review]));
  // Editors' pricing (decision 036): a row the sync rewrites gets its override's pricing, not the file's, and the
  // second step below (in the transaction) lays every override over its row, so an edit survives every sync.
  const overrides = await readPricingOverrides(db);
  // Makers' accepted proposals of a description, website or platforms (issue 45, decision 084), laid over the same way.
  const listingOverrides = await readListingOverrides(db);
  // And of a data or security fact: laid over the tool's facts file, or a row of their own for a tool with none.
  const factOverrides = await readFactOverrides(db);
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
      rows: content.authors.map(({ id, kind, name, bio, expertise, photo, links, contentHash }) => ({ id, kind, name, bio, expertise, photo: photo ?? null, links, contentHash })),
    },
    {
      name: "tools",
      table: tools,
      keyColumn: tools.id,
      hashColumn: tools.contentHash,
      keyField: "id",
      owned: eq(tools.source, "editorial"),
      // The stored comparable price figure comes from lib/tool/pricing, the module every page reads prices through,
      // converted with the content's dated rate table (decision 030).
      rows: content.tools.map(
        ({ categoryId, secondaryCategoryIds, commissionRate, isHighValue, pricing, platforms, platformsSource, openSource, pricingUrl, rating, ...tool }) => ({
          ...tool,
          pricingUrl,
          rating: editorialRating(rating, reviewsBySlug.get(tool.slug)),
          categorySlug: categoryId,
          secondaryCategorySlugs: secondaryCategoryIds ?? [],
          commissionRate: commissionRate ?? null,
          isHighValue: isHighValue ?? false,
          pricingModel: pricing.model,
          plans: pricing.plans,
          priceMonthlyUsd: comparableMonthlyUsd(pricing, content.currencyRates),
          teamCostTerms: teamCostTerms(pricing, content.currencyRates),
          platforms: platforms ?? [],
          platformsSource: platformsSource ?? null,
          openSource: openSource ?? false,
          ...(overrides.has(tool.id) ? pricingColumns(overrides.get(tool.id)!, tool.capabilities, content.currencyRates) : {}),
          ...listingOverrides.get(tool.id),
        }),
      ),
      // 'Updated recently' (decision 028) counts a change of the facts on a row that had them: not the first insert, not
      // the first fill of the hash, not a change of wording. In SQL, `facts_hash` is the row's value before this update.
      onUpdate: (row) => ({
        factsChangedAt: sql`case when ${tools.factsHash} is not null and ${tools.factsHash} <> ${row.factsHash} then now() else ${tools.factsChangedAt} end`,
      }),
    },
    {
      name: "reviews",
      table: toolReviews,
      keyColumn: toolReviews.toolSlug,
      hashColumn: toolReviews.contentHash,
      keyField: "toolSlug",
      rows: content.reviews.map(({ toolSlug, authorId, publishedAt, sourcesReadAt, testedAt, testedBy, contentHash, ...body }) => ({
        toolSlug,
        authorId,
        publishedAt,
        sourcesReadAt,
        testedAt: testedAt ?? null,
        testedBy: testedBy ?? null,
        body,
        contentHash,
      })),
    },
    {
      name: "dataFacts",
      table: toolDataFacts,
      keyColumn: toolDataFacts.toolSlug,
      hashColumn: toolDataFacts.contentHash,
      keyField: "toolSlug",
      rows: layFactOverrides(
        content.dataFacts.map(({ tool, policyPages, trustCenter, facts, contentHash }) => ({
          toolSlug: tool,
          policyPages: policyPages ?? {},
          trustCenter: trustCenter ?? null,
          facts,
          contentHash,
        })),
        factOverrides,
      ),
    },
    {
      name: "posts",
      table: posts,
      keyColumn: posts.slug,
      hashColumn: posts.contentHash,
      keyField: "slug",
      rows: [],
      deferredRows: content.posts.map((post) => ({ key: post.slug, sourceHash: post.sourceHash, make: () => postRow(renderPost(post)) })),
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
      rows: content.courses.map(({ platform, category, priceUsd, salePrice, rating, students, sources, lastChecked: _never, ...course }) => ({
        ...course,
        figureSources: sources,
        platformSlug: platform,
        categorySlug: category,
        priceUsd: priceUsd ?? null,
        salePrice: salePrice ?? null,
        rating: rating ?? null,
        students: students ?? null,
      })),
    },
    {
      // After tools and authors, which it references (decision 043).
      name: "pairVerdicts",
      table: pairVerdicts,
      keyColumn: pairVerdicts.pair,
      hashColumn: pairVerdicts.contentHash,
      keyField: "pair",
      rows: content.pairVerdicts.map(({ tools: [firstSlug, secondSlug], ...verdict }) => ({ ...verdict, firstSlug, secondSlug })),
    },
    {
      name: "tasks",
      table: tasks,
      keyColumn: tasks.slug,
      hashColumn: tasks.contentHash,
      keyField: "slug",
      // The ranked tools are the task's children (task_tools), written below with the task whose hash covers them.
      rows: content.tasks.map(({ slug, name, categoryId, summary, synonyms, writtenAt, contentHash }) => ({
        slug,
        name,
        categorySlug: categoryId,
        summary,
        synonyms,
        writtenAt,
        contentHash,
      })),
    },
    {
      name: "searchSynonyms",
      table: searchSynonyms,
      keyColumn: searchSynonyms.term,
      hashColumn: searchSynonyms.contentHash,
      keyField: "term",
      rows: content.searchSynonyms,
    },
  ];

  const { report, changeRows } = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await refuseCommunitySlugs(tx, content);
    const plans: Plan[] = [];
    for (const spec of specs) plans.push(await plan(tx, spec));
    const toolUpdates = plans.find(({ spec }) => spec.name === "tools")!.updates;
    const factsBefore = await storedDataFacts(tx, plans.find(({ spec }) => spec.name === "dataFacts")!.updates);
    const pricedBefore = await storedPricing(
      tx,
      toolUpdates.map((row) => row.id),
    );
    // Parents are written before children, and stale children removed before their parents.
    for (const { spec, inserts, updates, rehashes } of plans) {
      if (inserts.length) await tx.insert(spec.table).values(inserts);
      for (const row of updates) {
        await tx
          .update(spec.table)
          .set({ ...row, ...spec.onUpdate?.(row), updatedAt: sql`now()` })
          .where(and(inArray(spec.keyColumn, [row[spec.keyField]]), spec.owned));
      }
      // Not an update: the page is as it was, so neither its date nor the caches nor the search engines hear of it.
      for (const row of rehashes) {
        await tx
          .update(spec.table)
          .set({ contentHash: row.contentHash })
          .where(and(inArray(spec.keyColumn, [row[spec.keyField]]), spec.owned));
      }
    }
    // A task written (new or changed) gets its ranked tools anew; a deleted task's go with it (on delete cascade).
    const tasksPlan = plans.find(({ spec }) => spec.name === "tasks")!;
    const writtenTasks = new Set([...tasksPlan.inserts, ...tasksPlan.updates].map((row) => row.slug as string));
    if (writtenTasks.size) {
      await tx.delete(taskTools).where(inArray(taskTools.taskSlug, [...writtenTasks]));
      await tx
        .insert(taskTools)
        .values(
          content.tasks
            .filter((task) => writtenTasks.has(task.slug))
            .flatMap((task) => task.tools.map((tool, index) => ({ taskSlug: task.slug, toolSlug: tool.slug, position: index + 1, reason: tool.reason }))),
        );
    }
    for (const { spec, staleKeys } of [...plans].reverse()) {
      if (staleKeys.length) await tx.delete(spec.table).where(and(inArray(spec.keyColumn, staleKeys), spec.owned));
    }
    // Price history: each updated tool's stored pricing against the file's, in this transaction (decision 033).
    let changeRows = 0;
    for (const row of toolUpdates) {
      const before = pricedBefore.get(row.id as number);
      if (before) changeRows += (await recordPricingChanges(tx, { toolId: row.id as number, before, after: pricingOfRow(row), source: "content" })).length;
    }
    // The data facts' history (issue 44): each fact whose value a file changed, as its own kind of change.
    for (const row of plans.find(({ spec }) => spec.name === "dataFacts")!.updates) {
      const stored = factsBefore.get(row.toolSlug as string);
      if (!stored) continue;
      const changes = diffDataFacts(stored.facts, row.facts as DataFact[]).map((change) => ({ kind: "data-fact-changed" as const, planName: null, ...change }));
      changeRows += await recordToolChanges(tx, { toolId: stored.toolId, changes, source: "content" });
    }
    const rerated = await reconcileRatings(tx, content, reviewed);
    const overridden = await applyPricingOverrides(tx, content.currencyRates);
    // The team-cost sort's terms (decision 086) on rows written before migration 0055 that this sync did not rewrite:
    // community tools (the sync does not own them) and any other. Once per database; a written row is never null again.
    const unread = await tx.select({ id: tools.id, pricingModel: tools.pricingModel, plans: tools.plans }).from(tools).where(isNull(tools.teamCostTerms));
    for (const row of unread)
      await tx
        .update(tools)
        .set({ teamCostTerms: teamCostTerms({ model: row.pricingModel, plans: row.plans }, content.currencyRates) })
        .where(eq(tools.id, row.id));
    const changed = (...names: (keyof SyncReport)[]) =>
      plans.some(({ spec, inserts, updates, staleKeys }) => names.includes(spec.name) && inserts.length + updates.length + staleKeys.length > 0);
    // The typo lexicon holds tool names, article titles, course titles, task names and synonyms, and the synonym
    // table's phrases (drizzle/0038_task_phrases.sql); the task matcher reads each task phrase's lexemes (decision 046).
    if (changed("tools", "posts", "courses", "tasks", "searchSynonyms")) await tx.execute(sql`refresh materialized view search_words`);
    if (changed("tasks")) await tx.execute(sql`refresh materialized view task_phrases`);
    const toolsChanged = changed("tools");
    // Also when some row was never counted (a database migrated to 0021 whose content did not change).
    await storeAlternativeCounts(tx, { onlyIfUncounted: !toolsChanged });
    const report = {} as SyncReport;
    for (const { spec, inserts, updates, staleKeys } of plans) {
      report[spec.name] = { inserted: inserts.length, updated: updates.length, deleted: staleKeys.length };
    }
    report.tools.updated += rerated + overridden;
    return { report, changeRows };
  });
  // Only after the commit: every page and query showing editorial content is stale, here and on every instance.
  if (Object.values(report).some(({ inserted, updated, deleted }) => inserted + updated + deleted > 0)) invalidateTags(CATALOGUE);
  if (changeRows) invalidateTags([TOOL_CHANGES_TAG]);
  return report;
}
