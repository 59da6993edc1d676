import { and, asc, count, eq, gte, inArray, ne, not, sql } from "drizzle-orm";
import { inPageMark, type InPage, type PageText } from "~/lib/ui/page-text";
import { alias } from "drizzle-orm/pg-core";
import { authors, categories, toolReviews, tools } from "~/db/schema";
import type { ToolRule } from "~/lib/tool/audiences";
import { CATALOGUE, cached, tagPageUntil } from "~/utils/cache.server";
import { freshness, LAUNCH_GRACE_DAYS, nextFreshnessChange } from "~/lib/tool/freshness";
import { comparableNote, pricingText } from "~/lib/tool/pricing";
import { getCurrencyRates } from "~/models/content/currency-rates.server";
import { getDb } from "~/utils/db.server";
import { inAnyCategory, inCategory } from "./categories.server";
import { formatLongDate } from "~/lib/ui/dates";
import { WRITING_CATEGORY_SLUGS, writingComparison } from "~/lib/tool/writing-comparison";
import type { ScoreBreakdown } from "~/lib/review/headline-rating";

/**
 * The day a tool's facts were last written, as YYYY-MM-DD: its addition, or the last change of its facts since
 * (decision 028). The date feeds and sitemaps give a tool; never a date of checking.
 */
export const toolFactsDay = sql<string>`greatest(${tools.addedAt}, (${tools.factsChangedAt} at time zone 'UTC')::date)::text`;

/**
 * Best rated first by our editorial rating; tools without one (no in-depth review, community tools) after the rated
 * ones, never first (PostgreSQL puts nulls first in a descending order). Every 'best rated' list uses it.
 */
export const editorialRatingOrder = sql`${tools.rating} desc nulls last`;

/**
 * Whether a tool came with the launch catalogue (lib/tool/freshness.ts `LAUNCH_GRACE_DAYS`): added within the grace of
 * the earliest day any tool was added. The subquery runs once per statement, on the newest-first index.
 */
export const launchCatalogueField = sql<boolean>`(${tools.addedAt} <= (select min(launch.added_at) from tools as launch) + ${sql.raw(String(LAUNCH_GRACE_DAYS))})`.mapWith(
  (value: unknown) => value === true || value === "t" || value === "true",
);

/** The day the catalogue opened: the earliest day a tool was added (null on an empty database). Cached until the next sync. */
export function getCatalogueOpenedOn(): Promise<string | null> {
  return cached("catalogue:opened", CATALOGUE, async () => {
    const [row] = await getDb()
      .select({ day: sql<string | null>`min(${tools.addedAt})::text` })
      .from(tools);
    return row?.day ?? null;
  });
}

/** The fields a tool card is made from (`presentCards`); a card never loads a tool's long content. */
export const toolCardSelect = {
  id: tools.id,
  slug: tools.slug,
  name: tools.name,
  tagline: tools.tagline,
  description: tools.description,
  rating: tools.rating,
  pricingModel: tools.pricingModel,
  plans: tools.plans,
  isFree: tools.isFree,
  isPro: tools.isPro,
  hasFreeTrial: tools.hasFreeTrial,
  websiteUrl: tools.websiteUrl,
  categorySlug: tools.categorySlug,
  categoryName: categories.name,
  /** 'community' for an approved maker submission, which has no editorial rating. */
  source: tools.source,
  addedAt: tools.addedAt,
  factsChangedAt: tools.factsChangedAt,
  launchCatalogue: launchCatalogueField,
} as const;

type ToolCardRow = Awaited<ReturnType<typeof loadFeaturedTools>>[number];

/**
 * Rows as the cards show them: the price in words (lib/tool/pricing.ts) instead of the plans, and the freshness
 * badges by the clock of this render. The page is then true only until the next badge changes, which
 * `tagPageUntil` tells the page cache.
 */
export function presentCards(rows: readonly ToolCardRow[], now = new Date()) {
  const next = nextFreshnessChange(rows, now);
  if (next !== undefined) tagPageUntil(next);
  const rates = getCurrencyRates();
  return rows.map(({ pricingModel, plans, addedAt: _added, factsChangedAt: _changed, launchCatalogue: _launch, ...card }, index) => ({
    ...card,
    pricingText: pricingText({ model: pricingModel, plans }),
    /** The comparable monthly figure in words, where the summary does not already give it (decision 030). */
    priceNote: comparableNote({ model: pricingModel, plans }, rates),
    freshness: freshness(rows[index]!, now),
  }));
}

export type ToolCard = ReturnType<typeof presentCards>[number];

/**
 * A card as a page's loader data sends it: what the card shows (components/tool/tool-card.tsx). The tagline, the
 * website and the category's slug stay on the server (issue 43: 3 KB of /tools's inline loader data).
 */
export function cardShown<Card extends ToolCard>({ tagline: _tagline, websiteUrl: _website, categorySlug: _category, ...shown }: Card) {
  return shown;
}

export type ShownCard = ReturnType<typeof cardShown<ToolCard>>;

/** A tool as a list of related tools shows it (a tool page's alternatives and related tools): the rest stays on the server. */
export function relatedShown({ slug, name, rating, categoryName, pricingText }: ToolCard) {
  return { slug, name, rating, categoryName, pricingText };
}

export type RelatedShown = ReturnType<typeof relatedShown>;

export async function listFeaturedTools() {
  return presentCards(await cached("catalogue:featured", CATALOGUE, () => loadFeaturedTools()));
}

async function loadFeaturedTools() {
  return getDb()
    .select(toolCardSelect)
    .from(tools)
    .innerJoin(categories, eq(categories.slug, tools.categorySlug))
    .where(eq(tools.featured, true))
    .orderBy(editorialRatingOrder, asc(tools.name));
}

/** How many cards the home page's 'Recently added' strip shows. */
export const RECENTLY_ADDED_COUNT = 3;

/** The newest tools of the catalogue, as the directory's 'newest' sort orders them (home page strip). */
export async function listRecentlyAddedTools(limit = RECENTLY_ADDED_COUNT) {
  const rows = await cached(`catalogue:recent:${limit}`, CATALOGUE, () =>
    getDb()
      .select(toolCardSelect)
      .from(tools)
      .innerJoin(categories, eq(categories.slug, tools.categorySlug))
      .orderBy(sql`${tools.addedAt} desc nulls last`, asc(sql`lower(${tools.name}) collate "C"`))
      .limit(limit),
  );
  return presentCards(rows);
}

export type ReviewBody = {
  overview: string;
  keyFeatures: { title: string; description: string }[];
  /** By the name of a plan of the tool (its price comes from there). */
  plans: { plan: string; features: string[]; recommended: boolean }[];
  pros: string[];
  cons: string[];
  useCases: string[];
  integrations: string[];
  verdict: string;
  /** The vendor's pages the review relied on (content schema: on the vendor's domain). */
  sources: { title: string; url: string }[];
  /** Hands-on scores (ease of use, customer support) only with a recorded test (content schema). */
  ratingBreakdown: ScoreBreakdown;
  /** How the headline rating was set when it is not the scores' average (decision 063). */
  ratingBasis?: string;
};

/**
 * Everything the tool page shows about one tool: the tool, its category, and the in-depth review if we wrote one.
 * Cached under `catalogue` (editorial content) and `tool:<slug>`; an unknown slug is not cached (no memory for junk).
 */
export async function getToolDetail(slug: string) {
  return cached(`tool:${slug}:detail`, [...CATALOGUE, `tool:${slug}`], () => loadToolDetail(slug));
}

/** The author who recorded a review's hands-on test (`tool_reviews.tested_by`), joined beside the review's author. */
const testers = alias(authors, "testers");

async function loadToolDetail(slug: string) {
  const db = getDb();
  const [tool] = await db
    .select({ tool: tools, launchCatalogue: launchCatalogueField, categoryName: categories.name, categoryColor: categories.color })
    .from(tools)
    .innerJoin(categories, eq(categories.slug, tools.categorySlug))
    .where(eq(tools.slug, slug))
    .limit(1);
  if (!tool) return undefined;
  // 'Also in': the secondary categories, in the file's order (issue 29); the primary stays the page's category.
  const secondary = tool.tool.secondaryCategorySlugs.length
    ? await db.select({ slug: categories.slug, name: categories.name }).from(categories).where(inArray(categories.slug, tool.tool.secondaryCategorySlugs))
    : [];
  const [review] = await db
    .select({ review: toolReviews, author: authors, testerName: testers.name })
    .from(toolReviews)
    .innerJoin(authors, eq(authors.id, toolReviews.authorId))
    .leftJoin(testers, eq(testers.id, toolReviews.testedBy))
    .where(eq(toolReviews.toolSlug, slug))
    .limit(1);
  const { searchVector: _vector, contentHash: _hash, ...fields } = tool.tool;
  return {
    tool: {
      ...fields,
      launchCatalogue: tool.launchCatalogue,
      categoryName: tool.categoryName,
      categoryColor: tool.categoryColor,
      secondaryCategories: tool.tool.secondaryCategorySlugs.flatMap((slug) => secondary.filter((category) => category.slug === slug)),
      pricing: { model: fields.pricingModel, plans: fields.plans },
      priceNote: comparableNote({ model: fields.pricingModel, plans: fields.plans }, getCurrencyRates()),
    },
    review: review
      ? {
          publishedAt: review.review.publishedAt,
          sourcesReadAt: review.review.sourcesReadAt,
          // A hands-on test only when the file recorded one: when and by whom (content schema, issue 26).
          test: review.review.testedAt && review.testerName ? { at: review.review.testedAt, by: review.testerName } : null,
          body: review.review.body as ReviewBody,
          author: {
            id: review.author.id,
            kind: review.author.kind,
            name: review.author.name,
            bio: review.author.bio,
            expertise: review.author.expertise,
            photo: review.author.photo,
            links: review.author.links,
          },
        }
      : undefined,
  };
}

export type ToolDetail = NonNullable<Awaited<ReturnType<typeof loadToolDetail>>>;
/** What of a tool the page's components read in the browser (the rest of `ToolDetail["tool"]` stays on the server). */
const TOOL_PAGE_FIELDS = [
  "id",
  "slug",
  "name",
  "tagline",
  "source",
  "categoryName",
  "categorySlug",
  "secondaryCategories",
  "rating",
  "isFree",
  "isPro",
  "hasFreeTrial",
  "pricing",
  "priceNote",
  "pricingUrl",
  "websiteUrl",
  "addedAt",
  "platforms",
] as const satisfies readonly (keyof ToolDetail["tool"])[];

/** The catalogue entry's lists a tool page shows where there is no in-depth review (its body has its own). */
type CatalogueFacts = Pick<ToolDetail["tool"], "features" | "capabilities" | "useCases">;

/**
 * The tool page's detail as its loader data carries it (issue 43, decision 069). Of the tool, what the page's
 * components read in the browser; its description, and without a review the catalogue's features, capabilities and
 * use cases, may be in the page's HTML only. The review's body (its text, lists and scores) likewise; whether it
 * names integrations travels beside it.
 */
export type ToolDetailOnPage = Omit<ToolDetail, "review" | "tool"> & {
  tool: Pick<ToolDetail["tool"], (typeof TOOL_PAGE_FIELDS)[number]> & { description: PageText; facts: InPage<CatalogueFacts> | null };
  review: (Omit<NonNullable<ToolDetail["review"]>, "body"> & { body: InPage<ReviewBody>; hasIntegrations: boolean }) | undefined;
};

/** `detail` as the tool page's loader data carries it, for a `document` or a client navigation's data. */
export function toolDetailOnPage(detail: ToolDetail, { document }: { document: boolean }): ToolDetailOnPage {
  const { tool, review } = detail;
  const mark = <T>(value: T): InPage<T> => (document ? inPageMark(value) : value);
  const shown = Object.fromEntries(TOOL_PAGE_FIELDS.map((field) => [field, tool[field]])) as Pick<ToolDetail["tool"], (typeof TOOL_PAGE_FIELDS)[number]>;
  return {
    ...detail,
    tool: {
      ...shown,
      description: mark(tool.description),
      facts: review ? null : mark({ features: tool.features, capabilities: tool.capabilities, useCases: tool.useCases }),
    },
    review: review && { ...review, body: mark(review.body), hasIntegrations: review.body.integrations.length > 0 },
  };
}

/**
 * Similar tools (spec part 1 §9): the 3 best-rated others that share a category with it (primary or secondary),
 * plus up to 2 of the tool's named alternatives that share none, rated 4.5 or more.
 */
export async function listSimilarTools(tool: { slug: string; categorySlugs: string[]; alternatives: string[] }) {
  const { sameCategory, otherCategories } = await cached(`tool:${tool.slug}:similar`, CATALOGUE, () => loadSimilarTools(tool));
  // A tool that shares a category has a pair page with this one (models/tool/comparison.server.ts).
  return [...presentCards(sameCategory).map((card) => ({ ...card, sharesCategory: true })), ...presentCards(otherCategories).map((card) => ({ ...card, sharesCategory: false }))];
}

async function loadSimilarTools(tool: { slug: string; categorySlugs: string[]; alternatives: string[] }) {
  const db = getDb();
  const sameCategory = await db
    .select(toolCardSelect)
    .from(tools)
    .innerJoin(categories, eq(categories.slug, tools.categorySlug))
    .where(and(inAnyCategory(tool.categorySlugs), ne(tools.slug, tool.slug)))
    .orderBy(editorialRatingOrder, asc(tools.name))
    .limit(3);
  const otherCategories = tool.alternatives.length
    ? await db
        .select(toolCardSelect)
        .from(tools)
        .innerJoin(categories, eq(categories.slug, tools.categorySlug))
        .where(and(inArray(tools.slug, tool.alternatives), not(inAnyCategory(tool.categorySlugs)), gte(tools.rating, 4.5)))
        .orderBy(editorialRatingOrder, asc(tools.name))
        .limit(2)
    : [];
  return { sameCategory, otherCategories };
}

/** The tool's named alternatives, best rated first (sidebar 'related tools'). */
export async function listAlternatives(slugs: string[], limit = 3) {
  if (!slugs.length) return [];
  return presentCards(await cached(`alternatives:${slugs.join(",")}:${limit}`, CATALOGUE, () => loadAlternatives(slugs, limit)));
}

function loadAlternatives(slugs: string[], limit: number) {
  return getDb()
    .select(toolCardSelect)
    .from(tools)
    .innerJoin(categories, eq(categories.slug, tools.categorySlug))
    .where(inArray(tools.slug, slugs))
    .orderBy(editorialRatingOrder, asc(tools.name))
    .limit(limit);
}

/**
 * The tools a declarative rule picks (the audience pages' sections, lib/tool/audiences.ts): in one of its
 * categories, with every `requires` capability and at least one `anyOf`, best rated first, then by name as the
 * directory orders them. Cached per rule until the next content sync.
 */
export async function listToolsByRule(rule: ToolRule) {
  const rows = await cached(`catalogue:rule:${JSON.stringify(rule)}`, CATALOGUE, () =>
    getDb()
      .select(toolCardSelect)
      .from(tools)
      .innerJoin(categories, eq(categories.slug, tools.categorySlug))
      .where(
        and(
          inAnyCategory(rule.categories),
          rule.requires?.length ? sql`${tools.capabilities} @> ${JSON.stringify(rule.requires)}::jsonb` : undefined,
          rule.anyOf?.length ? sql`${tools.capabilities} ?| ${sql.param(rule.anyOf)}::text[]` : undefined,
        ),
      )
      .orderBy(editorialRatingOrder, asc(sql`lower(${tools.name}) collate "C"`))
      .limit(rule.limit),
  );
  return presentCards(rows);
}

/** Headline figures for the home page, computed from the catalogue (never typed-in claims). */
export function getCatalogueStats() {
  return cached("catalogue:stats", CATALOGUE, async () => {
    const db = getDb();
    // Only tools with our rating (an in-depth review) have one to average: avg() leaves the nulls out.
    const [toolStats] = await db.select({ tools: count(), averageRating: sql<string | null>`avg(${tools.rating})`, rated: count(tools.rating) }).from(tools);
    const [reviewStats] = await db.select({ reviews: count() }).from(toolReviews);
    return {
      tools: toolStats?.tools ?? 0,
      /** Null while no tool has our rating. */
      averageRating: toolStats?.averageRating == null ? null : Math.round(Number(toolStats.averageRating) * 10) / 10,
      /** Tools with our rating: those with a published in-depth review. */
      ratedTools: toolStats?.rated ?? 0,
      inDepthReviews: reviewStats?.reviews ?? 0,
    };
  });
}

/** The best-rated tools of one category (the cybersecurity page's six recommendations). Cached until the next content sync. */
export async function listTopToolsInCategory(categorySlug: string, limit: number) {
  const rows = await cached(`catalogue:top:${categorySlug}:${limit}`, CATALOGUE, () =>
    getDb()
      .select(toolCardSelect)
      .from(tools)
      .innerJoin(categories, eq(categories.slug, tools.categorySlug))
      .where(inCategory(categorySlug))
      .orderBy(editorialRatingOrder, asc(tools.name))
      .limit(limit),
  );
  return presentCards(rows);
}

/** The home page's writing tools comparison: the rows and its year, from the writing categories' tools (lib/tool/writing-comparison.ts). */
export function getWritingComparison() {
  return cached("catalogue:writing-comparison", CATALOGUE, async () => {
    const comparison = writingComparison(
      await getDb()
        .select({
          slug: tools.slug,
          name: tools.name,
          rating: tools.rating,
          pricingModel: tools.pricingModel,
          plans: tools.plans,
          hasFreeTrial: tools.hasFreeTrial,
          capabilities: tools.capabilities,
          // The day the listing's facts were last written: added, or changed since (decision 028).
          factsDate: toolFactsDay,
        })
        .from(tools)
        // The table compares our ratings: community tools have none.
        .where(and(inAnyCategory(WRITING_CATEGORY_SLUGS), eq(tools.source, "editorial")))
        .then((rows) => rows.map(({ pricingModel, plans, ...row }) => ({ ...row, pricing: pricingText({ model: pricingModel, plans }) }))),
    );
    // In words here, so the home page carries no date code into the browser.
    return { ...comparison, asOfText: comparison.asOf ? formatLongDate(comparison.asOf) : null };
  });
}
