import { relations, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import type { IssueItem } from "../lib/newsletter/issue";
import type { Plan, PricingModel } from "../lib/tool/pricing";
import type { TeamCostTerm } from "../lib/tool/team-cost";
import type { ScreenshotProvider } from "../lib/tool/screenshots";
import type { DataFact } from "../lib/tool/data-facts";
import type { CourseFigure } from "../lib/course/course-filters";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * Editorial tables mirror the files under content/ (synced at start, keyed by
 * slug, with a content hash so an unchanged file writes nothing). User data
 * (accounts, sessions, favourites, reviews) lives only here; deleting a user
 * cascades to everything that belongs to them.
 */

export const categories = pgTable("categories", {
  slug: text("slug").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  /** The category page's 'What to look for' guide (content/categories.json, 100-200 words). */
  guide: text("guide").notNull().default(""),
  icon: text("icon").notNull(),
  color: text("color").notNull(),
  sortOrder: integer("sort_order").notNull(),
  contentHash: text("content_hash").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const authors = pgTable("authors", {
  id: text("id").primaryKey(),
  /** 'person' (an editor) or 'team' (the editorial team as a whole: an Organization in structured data). */
  kind: text("kind").$type<"person" | "team">().notNull().default("person"),
  name: text("name").notNull(),
  bio: text("bio").notNull(),
  expertise: jsonb("expertise").$type<string[]>().notNull(),
  photo: text("photo"),
  links: jsonb("links").$type<{ title: string; url: string }[]>().notNull().default([]),
  contentHash: text("content_hash").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Ids of community tools (approved maker submissions, decision 024): from 1,000,000 up, a range no editorial file may
 * use (content schema), so the content sync and an approval can never pick the same id.
 */
export const COMMUNITY_TOOL_ID_START = 1_000_000;
export const communityToolIds = pgSequence("community_tool_ids", { startWith: COMMUNITY_TOOL_ID_START, minValue: COMMUNITY_TOOL_ID_START });

export const tools = pgTable(
  "tools",
  {
    id: integer("id").primaryKey(),
    /** 'editorial' (a file under content/tools, owned by the sync) or 'community' (an approved submission, never touched by the sync). */
    source: text("source").notNull().default("editorial"),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    tagline: text("tagline").notNull(),
    description: text("description").notNull(),
    categorySlug: text("category_slug")
      .notNull()
      .references(() => categories.slug),
    /**
     * The other categories a reader would look for the tool in (content `secondaryCategoryIds`, issue 29); community
     * tools have none. The primary category alone gives the breadcrumb, the canonical trail and the card badge.
     */
    secondaryCategorySlugs: text("secondary_category_slugs")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Every category the tool is listed in, primary first: what 'the tools of a category' reads everywhere (category
     * pages and counts, filters, sitemaps, feeds, follows), through `inCategory` / `inAnyCategory`
     * (models/tool/categories.server.ts) and one GIN index. Generated, so no writer can let it drift.
     */
    categorySlugs: text("category_slugs")
      .array()
      .notNull()
      .generatedAlwaysAs(sql`array[category_slug] || secondary_category_slugs`),
    /**
     * The editorial rating out of 5, and only where an in-depth review (tool_reviews) is published: the sync stores
     * null for a tool without one (the file's figure waits for its review), and community tools have none. Every page
     * shows 'Our Rating' from this column, so none can show a rating the data cannot back.
     */
    rating: real("rating"),
    websiteUrl: text("website_url").notNull(),
    /** Structured pricing (decision 025): the model and the plans as the content file lists them. */
    pricingModel: text("pricing_model").$type<PricingModel>().notNull().default("contact-sales"),
    plans: jsonb("plans")
      .$type<Plan[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    isFree: boolean("is_free").notNull(),
    isPro: boolean("is_pro").notNull(),
    hasFreeTrial: boolean("has_free_trial").notNull(),
    featured: boolean("featured").notNull().default(false),
    commissionRate: integer("commission_rate"),
    isHighValue: boolean("is_high_value").notNull().default(false),
    features: jsonb("features").$type<string[]>().notNull(),
    capabilities: jsonb("capabilities").$type<string[]>().notNull(),
    useCases: jsonb("use_cases").$type<string[]>().notNull(),
    alternatives: jsonb("alternatives").$type<string[]>().notNull(),
    platforms: jsonb("platforms")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    openSource: boolean("open_source").notNull().default(false),
    /** When the tool entered the catalogue ('New', the 'newest' sort); a row added without one is new today. */
    addedAt: date("added_at")
      .notNull()
      .default(sql`current_date`),
    /**
     * The page the writer took the prices from (content `pricingUrl`: the vendor's own pricing page; a community
     * tool's website, where its maker states the pricing): where an editor or the price check looks. Every tool has one. Writer-set, so it says where the facts came from, never that they were checked.
     */
    pricingUrl: text("pricing_url").notNull(),
    /**
     * The vendor's page that lists where the tool runs (its apps, extensions, API) and the day that was entered
     * (issue 44), from the tool's file; null where none is named. Confirmations are `fact_checks` rows of kind
     * 'tool-platforms', never a column here.
     */
    platformsSource: jsonb("platforms_source").$type<{ url: string; enteredAt: string }>(),
    contentHash: text("content_hash").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * A hash of the facts a buyer acts on (pricing, plans, features, capabilities, the review; lib/provenance/provenance.ts
     * `toolFactsHash`) and when it last changed on an existing row: 'Updated recently'. Null after the first insert
     * and when the hash is first filled in, so neither a fresh database nor a new column marks the catalogue updated.
     */
    factsHash: text("facts_hash"),
    factsChangedAt: timestamp("facts_changed_at", { withTimezone: true }),
    /**
     * lib/tool/pricing.ts `comparableMonthlyUsd` (decision 030), written by the content sync and the submission
     * approval: the cheapest paid plan's first-year cost at its minimum seats in US dollars, ÷ 12; 0 when every
     * plan is free; null when no plan has a first-year figure (contact sales, usage only), sorted last both ways.
     */
    priceMonthlyUsd: numeric("price_monthly_usd", { mode: "number" }),
    /**
     * lib/tool/team-cost.ts `teamCostTerms` (decision 086), written with `price_monthly_usd` by every writer of it: each
     * plan with a first-year figure, its factors and the people it covers, so the 'cost for a team of N' sort computes
     * `teamCost`'s marked figure for any N in SQL (models/tool/search.server.ts `teamCostFigure`). Null until written
     * (rows from before migration 0055: the next content sync fills them, community tools too); null sorts as no figure.
     */
    teamCostTerms: jsonb("team_cost_terms").$type<TeamCostTerm[]>(),
    /**
     * The 'cost for a team of N' figure for the default team (5, lib/tool/team-size.ts `DEFAULT_TEAM_SIZE`), computed by
     * the database from `team_cost_terms` with `team_first_year_usd` (migration 0056, the SQL of `teamFirstYearUsd`) on
     * every write of the terms, whoever writes them, so the team sorts at the default size walk an index (decision 088).
     */
    teamCostUsd: doublePrecision("team_cost_usd").generatedAlwaysAs(sql`team_first_year_usd(team_cost_terms, 5)`),
    /**
     * The bounds of a reader's own team size's figure (migration 0058, decision 093), which never falls as the team grows
     * and, once null, stays null: one person's figure (the sort's own column at that size, and a lower bound of every
     * size), and two ceilings, upper bounds where they are not null: f(5) for 2-4 people, f(1000) for 6-1,000, each
     * 'Infinity' where it has no figure but a smaller size has. The sorts cost only the tools a bound cannot rule out
     * (models/tool/search.server.ts `boundedTeamPageStatement`).
     */
    teamCostOneUsd: doublePrecision("team_cost_one_usd").generatedAlwaysAs(sql`team_first_year_usd(team_cost_terms, 1)`),
    teamCostSmallCeilingUsd: doublePrecision("team_cost_small_ceiling_usd").generatedAlwaysAs(
      sql`coalesce(team_first_year_usd(team_cost_terms, 5), case when team_first_year_usd(team_cost_terms, 2) is not null then 'Infinity'::double precision end)`,
    ),
    teamCostCeilingUsd: doublePrecision("team_cost_ceiling_usd").generatedAlwaysAs(
      sql`coalesce(team_first_year_usd(team_cost_terms, 1000), case when team_first_year_usd(team_cost_terms, 5) is not null then 'Infinity'::double precision end)`,
    ),
    /**
     * The identity of the terms (migration 0059, decision 095): md5 of their text, SQL null terms a group of their own.
     * Identical terms give the same figure for every team size, so a reader's own size costs each group once and reads
     * only its first names (models/tool/search.server.ts `teamGroupsPageStatement`).
     */
    teamCostTermsKey: uuid("team_cost_terms_key")
      .notNull()
      .generatedAlwaysAs(sql`md5(coalesce(team_cost_terms::text, ''))::uuid`),
    /**
     * How many sensible alternatives the tool has (models/tool/alternatives.server.ts), stored by the write that
     * changes the catalogue's tools so the sitemap and the tool page read a column instead of every pair of tools.
     * Null until first counted (a row just inserted, or every row after the migration that added it).
     */
    alternativesCount: integer("alternatives_count"),
    /**
     * Weighted full-text document: name, then tagline and category, then description and features. The name also as
     * its words ('Bolt.new' is the lexeme 'bolt.new', and 'bolt' and 'new' too), so a dotted name typed with a space
     * is found (decision 046).
     */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(name, '') || ' ' || regexp_replace(coalesce(name, ''), '[^[:alnum:]]+', ' ', 'g')), 'A') || setweight(to_tsvector('english', coalesce(tagline, '') || ' ' || replace(category_slug, '-', ' ')), 'B') || setweight(to_tsvector('english', coalesce(description, '') || ' ' || coalesce(features::text, '')), 'C')`,
    ),
  },
  (table) => [
    index("tools_category_idx").on(table.categorySlug),
    // The GIN indexes take writes directly (no pending list): PGlite never vacuums, and a pending list of up to 4 MB
    // was read by every search and category filter (decision 070).
    index("tools_category_slugs_idx").using("gin", table.categorySlugs).with({ fastupdate: false }),
    index("tools_rating_idx").on(table.rating.desc()),
    index("tools_name_trgm_idx")
      .using("gin", sql`${table.name} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index("tools_search_idx").using("gin", table.searchVector).with({ fastupdate: false }),
    // The search within the 'Free' and 'Freemium' filters (both imply this predicate): a word common among paid tools
    // but rare among free ones was otherwise every match of the word read from the table and dropped there (at 100,000
    // tools, 'writer, free or freemium, 4 stars' read 5,009 rows for 3: decision 076).
    index("tools_search_free_idx")
      .using("gin", table.searchVector)
      .with({ fastupdate: false })
      .where(sql`${table.isFree} or ${table.hasFreeTrial}`),
    // One index per sort order, so a page of results is read in order instead of sorting the catalogue.
    index("tools_sort_rating_idx").on(table.rating.desc(), sql`lower(${table.name}) collate "C"`),
    index("tools_sort_name_idx").on(sql`lower(${table.name}) collate "C"`),
    index("tools_sort_price_usd_idx").on(table.priceMonthlyUsd.asc().nullsLast(), sql`lower(${table.name}) collate "C"`),
    index("tools_sort_price_usd_desc_idx").on(table.priceMonthlyUsd.desc().nullsLast(), sql`lower(${table.name}) collate "C"`),
    // The 'Free'/'Paid' filter with a price sort (the directory's slowest query on a large catalogue): the walk
    // skips only the other kind's rows instead of every row outside the price range.
    index("tools_free_price_usd_idx").on(table.isFree, table.priceMonthlyUsd.asc().nullsLast(), sql`lower(${table.name}) collate "C"`),
    index("tools_free_price_usd_desc_idx").on(table.isFree, table.priceMonthlyUsd.desc().nullsLast(), sql`lower(${table.name}) collate "C"`),
    // The team-cost sorts at the default team's size (decision 088); other sizes are costed per row (`teamCostFigure`).
    index("tools_sort_team_cost_idx").on(table.teamCostUsd.asc().nullsLast(), sql`lower(${table.name}) collate "C"`),
    index("tools_sort_team_cost_desc_idx").on(table.teamCostUsd.desc().nullsLast(), sql`lower(${table.name}) collate "C"`),
    // With the 'Free'/'Paid' filter, as the price sorts: 'Paid' by team cost, lowest first, otherwise walked past every
    // free tool (all $0 for a team) first: 0.3 s of CPU a page at 100,000 tools on PGlite (decision 088).
    index("tools_free_team_cost_idx").on(table.isFree, table.teamCostUsd.asc().nullsLast(), sql`lower(${table.name}) collate "C"`),
    index("tools_free_team_cost_desc_idx").on(table.isFree, table.teamCostUsd.desc().nullsLast(), sql`lower(${table.name}) collate "C"`),
    // A reader's own team size (decision 093): one person's figure both ways (exact), and the bounds' walks.
    index("tools_sort_team_cost_one_idx").on(table.teamCostOneUsd.asc().nullsLast(), sql`lower(${table.name}) collate "C"`),
    index("tools_sort_team_cost_one_desc_idx").on(table.teamCostOneUsd.desc().nullsLast(), sql`lower(${table.name}) collate "C"`),
    index("tools_team_cost_small_ceiling_idx").on(table.teamCostSmallCeilingUsd.desc().nullsLast(), sql`lower(${table.name}) collate "C"`),
    index("tools_team_cost_ceiling_idx").on(table.teamCostCeilingUsd.desc().nullsLast(), sql`lower(${table.name}) collate "C"`),
    // The groups of identical terms (decision 095): one descent a group, then a group's names in order (is_free between:
    // under 'Paid' a group of free tools is empty at once).
    index("tools_team_cost_group_idx").on(table.teamCostTermsKey, table.isFree, sql`lower(${table.name}) collate "C"`),
    index("tools_sort_newest_idx").on(table.addedAt.desc(), sql`lower(${table.name}) collate "C"`),
    check("tools_source_check", sql`(${table.source} = 'editorial' and ${table.id} < 1000000) or (${table.source} = 'community' and ${table.id} >= 1000000)`),
  ],
);

/** The in-depth editorial review of a tool (one per tool, optional). */
export const toolReviews = pgTable("tool_reviews", {
  toolSlug: text("tool_slug")
    .primaryKey()
    .references(() => tools.slug, { onDelete: "cascade" }),
  authorId: text("author_id")
    .notNull()
    .references(() => authors.id),
  publishedAt: date("published_at").notNull(),
  /** When the writer read the vendor's pages the review is based on (its sources, in `body`). */
  sourcesReadAt: date("sources_read_at").notNull(),
  /** A recorded hands-on test, when there was one: when, and who (an author id). Null: the review says what it is based on. */
  testedAt: date("tested_at"),
  testedBy: text("tested_by").references(() => authors.id),
  body: jsonb("body").notNull(),
  contentHash: text("content_hash").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A tool's data and security facts as its content file states them (content/facts/<slug>.json, issue 44, decision 081):
 * `facts` is the file's list (lib/tool/data-facts.ts `DataFact`), each with its tier, source and the date it was
 * entered. Whether anyone confirmed a fact since is a `fact_checks` row, never a column here.
 */
export const toolDataFacts = pgTable("tool_data_facts", {
  toolSlug: text("tool_slug")
    .primaryKey()
    .references(() => tools.slug, { onDelete: "cascade", onUpdate: "cascade" }),
  policyPages: jsonb("policy_pages").$type<{ privacy?: string; terms?: string }>().notNull().default({}),
  trustCenter: text("trust_center"),
  facts: jsonb("facts").$type<DataFact[]>().notNull(),
  contentHash: text("content_hash").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An editorial verdict on a pair of tools (content/pair-verdicts/, decision 043): a pair page with one is indexable,
 * every other pair page is a generated side-by-side (noindex, follow). `pair` is the path's last part, `{first}-vs-{second}`;
 * a tool's new slug reaches the row at once (the sync then replaces it with the renamed file's).
 */
export const pairVerdicts = pgTable("pair_verdicts", {
  pair: text("pair").primaryKey(),
  firstSlug: text("first_slug")
    .notNull()
    .references(() => tools.slug, { onDelete: "cascade", onUpdate: "cascade" }),
  secondSlug: text("second_slug")
    .notNull()
    .references(() => tools.slug, { onDelete: "cascade", onUpdate: "cascade" }),
  authorId: text("author_id")
    .notNull()
    .references(() => authors.id),
  summary: text("summary").notNull(),
  chooseFirst: text("choose_first").notNull(),
  chooseSecond: text("choose_second").notNull(),
  differences: jsonb("differences").$type<{ topic: string; text: string }[]>().notNull(),
  writtenAt: date("written_at").notNull(),
  contentHash: text("content_hash").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A blog article (content/posts/<slug>.md), its Markdown rendered to sanitised HTML at sync. */
export const posts = pgTable(
  "posts",
  {
    slug: text("slug").primaryKey(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    category: text("category").notNull(),
    authorId: text("author_id")
      .notNull()
      .references(() => authors.id),
    publishedAt: date("published_at").notNull(),
    lastReviewedAt: date("last_reviewed_at").notNull(),
    keywords: jsonb("keywords").$type<string[]>().notNull(),
    tags: jsonb("tags").$type<string[]>().notNull(),
    featured: boolean("featured").notNull().default(false),
    faq: jsonb("faq").$type<{ question: string; answer: string }[]>().notNull(),
    html: text("html").notNull(),
    toc: jsonb("toc").$type<{ id: string; text: string; level: 2 | 3 }[]>().notNull(),
    /** The article's words, for search (the HTML without tags). */
    bodyText: text("body_text").notNull(),
    readMinutes: smallint("read_minutes").notNull(),
    contentHash: text("content_hash").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Weighted full-text document: title, then excerpt, keywords and tags, then the body. */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(excerpt, '') || ' ' || coalesce(keywords::text, '') || ' ' || replace(coalesce(tags::text, ''), '-', ' ')), 'B') || setweight(to_tsvector('english', coalesce(body_text, '')), 'C')`,
    ),
  },
  (table) => [
    index("posts_category_idx").on(table.category),
    index("posts_published_idx").on(table.publishedAt.desc()),
    index("posts_search_idx").using("gin", table.searchVector),
    index("posts_tags_idx").using("gin", table.tags),
  ],
);

/** A course category (content/course-categories.json); `aliases` are old slugs that answer with a 301. */
export const courseCategories = pgTable("course_categories", {
  slug: text("slug").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  aliases: jsonb("aliases").$type<string[]>().notNull(),
  sortOrder: integer("sort_order").notNull(),
  contentHash: text("content_hash").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A course platform (content/course-platforms.json): Udemy, Coursera, Skillshare, edX. */
export const coursePlatforms = pgTable("course_platforms", {
  slug: text("slug").primaryKey(),
  name: text("name").notNull(),
  url: text("url").notNull(),
  description: text("description").notNull(),
  sortOrder: integer("sort_order").notNull(),
  contentHash: text("content_hash").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A course on another platform (content/courses/<slug>.json). Rating, students and prices are optional: only
 * figures we could check are stored, and a missing one sorts last.
 */
export const courses = pgTable(
  "courses",
  {
    slug: text("slug").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    instructor: text("instructor").notNull(),
    platformSlug: text("platform_slug")
      .notNull()
      .references(() => coursePlatforms.slug),
    categorySlug: text("category_slug")
      .notNull()
      .references(() => courseCategories.slug),
    level: text("level").notNull(),
    /** The price as the platform states it, in words. */
    price: text("price").notNull(),
    /** The course can be studied without paying (free, or free to audit). */
    free: boolean("free").notNull(),
    /** A standing published one-off price in US dollars, when there is one. */
    priceUsd: numeric("price_usd", { mode: "number" }),
    /** A standing published sale price in US dollars (below priceUsd). */
    salePrice: numeric("sale_price", { mode: "number" }),
    /** The platform's own learner rating, out of 5. */
    rating: real("rating"),
    /** A floor of the platform's enrolment figure ('1,000,000+'). */
    students: integer("students"),
    duration: text("duration").notNull(),
    /** The course page on the platform: the outbound redirect's destination. */
    url: text("url").notNull(),
    featured: boolean("featured").notNull().default(false),
    /** The page each figure was read from (content `sources`, decision 063), shown beside the figure. */
    figureSources: jsonb("figure_sources").$type<Partial<Record<CourseFigure, string>>>().notNull().default({}),
    /** The day the course's file was written (content `addedAt`); no date of checking (decision 063). */
    addedAt: date("added_at").notNull(),
    contentHash: text("content_hash").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Weighted full-text document: title, then instructor, category and platform, then the description. */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(instructor, '') || ' ' || replace(category_slug, '-', ' ') || ' ' || platform_slug), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
    ),
  },
  (table) => [
    index("courses_category_idx").on(table.categorySlug),
    index("courses_platform_idx").on(table.platformSlug),
    index("courses_search_idx").using("gin", table.searchVector),
  ],
);

/**
 * Tasks (content/tasks, issue 29): what a reader wants done, in a tool category, with the words readers use for it.
 * `written_at` is the file's date of writing: the page's byline and its sitemap date.
 */
export const tasks = pgTable(
  "tasks",
  {
    slug: text("slug").primaryKey(),
    name: text("name").notNull(),
    categorySlug: text("category_slug")
      .notNull()
      .references(() => categories.slug),
    summary: text("summary").notNull(),
    /** Lower-case phrases readers type for the task; the listing's search matches them and the name. */
    synonyms: jsonb("synonyms").$type<string[]>().notNull(),
    writtenAt: date("written_at").notNull(),
    contentHash: text("content_hash").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("tasks_category_idx").on(table.categorySlug)],
);

/**
 * A task's tools in our ranking (`position` from 1) with the reason written for each: rewritten with their task
 * by the content sync, gone with it or with the tool.
 */
export const taskTools = pgTable(
  "task_tools",
  {
    taskSlug: text("task_slug")
      .notNull()
      .references(() => tasks.slug, { onDelete: "cascade" }),
    toolSlug: text("tool_slug")
      .notNull()
      .references(() => tools.slug, { onDelete: "cascade", onUpdate: "cascade" }),
    position: smallint("position").notNull(),
    reason: text("reason").notNull(),
  },
  (table) => [primaryKey({ columns: [table.taskSlug, table.toolSlug] }), index("task_tools_tool_idx").on(table.toolSlug)],
);

/**
 * The search's synonym groups (content/search-synonyms.json, decision 046), one row a group named by its first phrase:
 * read by every search box to run a search with each other phrase of a group it holds.
 */
export const searchSynonyms = pgTable("search_synonyms", {
  term: text("term").primaryKey(),
  phrases: jsonb("phrases").$type<string[]>().notNull(),
  contentHash: text("content_hash").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Reads of an article, one row a day, for 'Popular articles' (counted on the server, no personal data). */
export const postReads = pgTable(
  "post_reads",
  {
    postSlug: text("post_slug")
      .notNull()
      .references(() => posts.slug, { onDelete: "cascade" }),
    day: date("day").notNull(),
    reads: integer("reads").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.postSlug, table.day] })],
);

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Articles a reader saved (Save / Saved on an article; /dashboard/bookmarks). Deleted with the account or the article. */
export const bookmarks = pgTable(
  "bookmarks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postSlug: text("post_slug")
      .notNull()
      .references(() => posts.slug, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.postSlug] })],
);
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * Accounts. The four auth tables follow Better Auth's model (the property
 * names are its field names; the drizzle adapter maps them). `username` and
 * `website` are ours: Better Auth never reads or writes them.
 */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    /** Path of the uploaded avatar under /uploads, or null for the initials avatar. */
    image: text("image"),
    username: text("username"),
    website: text("website"),
    /** reader, editor or owner (ROLES in utils/guards.server.ts): granted by `npm run user:role` or OWNER_EMAILS, never by a form. */
    role: text("role").notNull().default("reader"),
    /** Email when a watched tool changes (issue 27, decision 035); on by default (watching is the request), off by the alerts' one-click unsubscribe or /settings. */
    watchAlerts: boolean("watch_alerts").notNull().default(true),
    /** The weekly digest of followed categories: opt-in, off until the reader turns it on in /settings. */
    weeklyDigest: boolean("weekly_digest").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("users_username_idx").on(sql`lower(${table.username})`), check("users_role_check", sql`${table.role} in ('reader', 'editor', 'owner')`)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    /** Password hash (scrypt) for the credential provider. */
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("accounts_user_idx").on(table.userId)],
);

/**
 * The accounts' relations, for Better Auth's joins (utils/auth.server.ts `advanced.database.joins`): a session is read
 * with its user in one statement, on every signed-in request, instead of two.
 */
export const usersRelations = relations(users, ({ many }) => ({ sessions: many(sessions), accounts: many(accounts) }));
export const sessionsRelations = relations(sessions, ({ one }) => ({ user: one(users, { fields: [sessions.userId], references: [users.id] }) }));
export const accountsRelations = relations(accounts, ({ one }) => ({ user: one(users, { fields: [accounts.userId], references: [users.id] }) }));

/** One-time tokens (email verification, password reset). */
export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

export const favorites = pgTable(
  "favorites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    toolId: integer("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.toolId] }), index("favorites_tool_idx").on(table.toolId)],
);

/** A visitor's review of a tool: one per user and tool (writing again edits it). */
export const reviews = pgTable(
  "reviews",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    toolId: integer("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    comment: text("comment").notNull(),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    helpfulCount: integer("helpful_count").notNull().default(0),
    /** Set by an editor (decision 023): the review leaves every public page and aggregate; its author still sees it, marked. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenBy: text("hidden_by").references(() => users.id, { onDelete: "set null" }),
    /** Set by an editor after judging the author's proof of use: the 'Verified user' badge. */
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    verifiedBy: text("verified_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("reviews_rating_range", sql`${table.rating} between 1 and 5`),
    uniqueIndex("reviews_user_tool_idx").on(table.userId, table.toolId),
    index("reviews_tool_created_idx").on(table.toolId, table.createdAt.desc()),
  ],
);

/** Fixed-window counters for rate limits when no Redis is configured (shared by every instance). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/** Files a user uploaded (review images): who owns them, so a review can only attach its author's uploads. */
export const uploads = pgTable(
  "uploads",
  {
    /** Storage key, e.g. reviews/<random>-<time>.webp (served at /uploads/<key>). */
    key: text("key").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("uploads_user_idx").on(table.userId)],
);

/** "Helpful" votes: one per user and review (never on one's own; enforced in the model). */
export const reviewVotes = pgTable(
  "review_votes",
  {
    reviewId: bigint("review_id", { mode: "number" })
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.reviewId, table.userId] })],
);

/** Reports of a review, kept for moderation (one per user and review). */
export const reviewReports = pgTable(
  "review_reports",
  {
    reviewId: bigint("review_id", { mode: "number" })
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
    /** When an editor acted on it (hid the review or dismissed the report); open reports have none. */
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    primaryKey({ columns: [table.reviewId, table.userId] }),
    index("review_reports_open_idx")
      .on(table.reviewId)
      .where(sql`${table.resolvedAt} is null`),
  ],
);

/**
 * A public reply under a review by an editor or by the tool's maker (decision 023): one per review and author,
 * editable. `role` is what the author was when first replying ('editor' or 'maker'), shown beside the name.
 */
export const reviewReplies = pgTable(
  "review_replies",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    reviewId: bigint("review_id", { mode: "number" })
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("review_replies_review_author_idx").on(table.reviewId, table.authorId), check("review_replies_role_check", sql`${table.role} in ('editor', 'maker')`)],
);

/**
 * A reviewer's private proof of use (a screenshot of their account or invoice), one pending per review. The image is
 * stored under the private `proofs/` folder (never served by /uploads) and deleted with the row once an editor judged it.
 */
export const reviewProofs = pgTable(
  "review_proofs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    reviewId: bigint("review_id", { mode: "number" })
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Storage key, proofs/<random>-<time>.webp. */
    key: text("key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("review_proofs_review_idx").on(table.reviewId), index("review_proofs_created_idx").on(table.createdAt)],
);

/** Like (+1) or dislike (-1) of a tool: one per user and tool (spec §4 'Per-tool feedback'). */
export const toolReactions = pgTable(
  "tool_reactions",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    toolId: integer("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    value: smallint("value").notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.toolId] }),
    index("tool_reactions_tool_idx").on(table.toolId),
    check("tool_reactions_value", sql`${table.value} in (-1, 1)`),
  ],
);

/** A short note on a tool from the listing's comment dialog: no rating, shown under the reviews as such. */
export const toolNotes = pgTable(
  "tool_notes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    toolId: integer("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("tool_notes_tool_created_idx").on(table.toolId, table.createdAt.desc())],
);

/**
 * Newsletter subscribers (double opt-in). `confirmNonce` is the single-use part of the emailed confirmation link:
 * it is replaced by every new confirmation email and cleared when the link is used. Unsubscribing keeps the row
 * (with `unsubscribedAt`) so a later subscription starts a fresh opt-in instead of reviving consent.
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    name: text("name"),
    /** Which box the visitor used: home, footer, blog, article, newsletter. */
    source: text("source").notNull(),
    confirmNonce: text("confirm_nonce"),
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("newsletter_subscribers_email_idx").on(sql`lower(${table.email})`)],
);

/** Messages sent from /contact: kept here and mailed to CONTACT_EMAIL (`emailedAt` once the mail server took it), read in /admin/messages. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    /** When an editor read it in /admin/messages; null while unread (the dashboard counts those). */
    readAt: timestamp("read_at", { withTimezone: true }),
    /**
     * When an editor marked it answered in /admin/messages (the reply itself goes by email), and who: the inbox flags
     * messages unanswered after 48 hours, and /contact publishes the median reply time from these (decision 062).
     */
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    repliedBy: text("replied_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [index("contact_messages_created_idx").on(table.createdAt.desc()), index("contact_messages_replied_idx").on(table.repliedAt)],
);

/**
 * Outbound clicks through /go (decision 016). `visitorHash` is a hash of the client address with a salt that
 * changes every day: enough to count one visitor once a day, never enough to recover the address.
 */
export const affiliateClicks = pgTable(
  "affiliate_clicks",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").notNull(),
    target: text("target").notNull(),
    program: text("program"),
    destination: text("destination").notNull(),
    /** The page the click came from (a path on this site), when the browser said. */
    fromPath: text("from_path"),
    /** high=10, medium=5, anything else 1 (spec part 2 §7). */
    value: smallint("value").notNull(),
    visitorHash: text("visitor_hash").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("affiliate_clicks_created_idx").on(table.createdAt), index("affiliate_clicks_target_idx").on(table.kind, table.target)],
);

/**
 * Web vitals measured in visitors' browsers (a sample of page views), for the p75 per page type on /verification.
 * Nothing identifies the visitor: no address, no account, no URL, only the kind of page. CLS is stored x1000.
 */
export const webVitals = pgTable(
  "web_vitals",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    metric: text("metric").notNull(),
    value: real("value").notNull(),
    pageType: text("page_type").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("web_vitals_metric_page_created_idx").on(table.metric, table.pageType, table.createdAt), index("web_vitals_created_idx").on(table.createdAt)],
);

/**
 * Each IndexNow submission (one POST of at most 10,000 URLs): written as 'pending' before the request leaves,
 * then 'success' or 'failed' with the endpoint's status or the network error. /sitemap-dashboard lists them.
 */
export const searchEngineSubmissions = pgTable(
  "search_engine_submissions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** The endpoint's host, e.g. api.indexnow.org. */
    engine: text("engine").notNull(),
    /** What started it: content-sync (a start whose content changed), owner-all or owner-changed (the dashboard's buttons). */
    trigger: text("trigger").notNull(),
    urlCount: integer("url_count").notNull(),
    status: text("status").notNull().default("pending"),
    httpStatus: smallint("http_status"),
    error: text("error"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    index("search_engine_submissions_created_idx").on(table.createdAt.desc()),
    check("search_engine_submissions_status_check", sql`${table.status} in ('pending', 'success', 'failed')`),
  ],
);

/**
 * Every action taken in the admin area (issue 19): who, what, on which row, and the row's relevant fields before and
 * after. Kept when the actor's account is deleted (the email is copied for that reason); read by the owner at /admin/audit.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    /** Dotted verb, e.g. user.role, review.hide, submission.approve. */
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (table) => [index("audit_log_created_idx").on(table.createdAt.desc()), index("audit_log_target_idx").on(table.targetType, table.targetId)],
);

/**
 * The last check of each outbound destination (a tool's website, a course page, a deal's offer page; what /go
 * leads to before tracking is added). `status` is the final HTTP answer after redirects, `error` the kind of
 * network failure when there was none; `consecutiveFailures` counts failed checks in a row, and three make the
 * link broken (lib/link-health/link-health.ts). Reset when the stored URL changes.
 */
export const linkChecks = pgTable(
  "link_checks",
  {
    kind: text("kind").notNull(),
    target: text("target").notNull(),
    url: text("url").notNull(),
    status: smallint("status"),
    error: text("error"),
    ok: boolean("ok").notNull(),
    finalUrl: text("final_url"),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
    /** The last check of `url` that worked: the only date a public page may call 'Link checked'. */
    lastOkAt: timestamp("last_ok_at", { withTimezone: true }),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.target] }),
    index("link_checks_failures_idx").on(table.consecutiveFailures.desc()),
    check("link_checks_kind_check", sql`${table.kind} in ('tool', 'course', 'deal')`),
  ],
);

/**
 * Provenance (issue 26, decision 028): one row per check of a fact a reader acts on, written only by the code that
 * did the check. `subjectKind` 'tool-pricing' (subject: the tool's slug), 'deal' (the deal's id), 'tool-fact' (one data
 * fact of a tool, `<slug>/<fact>/<tier>`, issue 44) or 'policy-page' (a tool's privacy policy or terms page,
 * `<slug>/privacy` or `<slug>/terms`: the fetch's 'read' or 'changed' with the page's text hash, issue 44) or
 * 'tool-platforms' (the tool's slug: its list of platforms, as its `platformsSource` page states it, issue 44); `checkedBy`
 * 'editor' (an editor confirming in /admin/prices, `editorId`) or 'fetch' (the automatic price check of issue 27);
 * `sourceUrl` the page checked; `factsHash` the hash of the facts as they were confirmed (lib/provenance/provenance.ts): a page
 * says 'last confirmed' only while the current facts still hash the same, so a later content change is never
 * covered by an older confirmation. `outcome` 'confirmed' now; the fetch adds its other verdicts ('changed',
 * 'needs-person', 'moved') with its findings in `details`. Append-only: the rows are the dated history. Link
 * checks keep their own state table (`link_checks`), whose every row is a fetch.
 */
export const factChecks = pgTable(
  "fact_checks",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    subjectKind: text("subject_kind").notNull(),
    subject: text("subject").notNull(),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
    checkedBy: text("checked_by").notNull(),
    editorId: text("editor_id").references(() => users.id, { onDelete: "set null" }),
    sourceUrl: text("source_url").notNull(),
    outcome: text("outcome").notNull(),
    factsHash: text("facts_hash").notNull(),
    details: jsonb("details"),
  },
  (table) => [
    index("fact_checks_subject_idx").on(table.subjectKind, table.subject, table.checkedAt.desc()),
    check("fact_checks_kind_check", sql`${table.subjectKind} in ('tool-pricing', 'deal', 'tool-fact', 'policy-page', 'tool-platforms')`),
    check("fact_checks_by_check", sql`${table.checkedBy} in ('fetch', 'editor')`),
  ],
);

/**
 * An editor's pricing of an editorial tool (issue 27, decision 036): the model, plans and trial as edited in
 * /admin/prices/<slug>, laid over the tool's file by every content sync (models/content/sync.server.ts writes the
 * file's pricing, then this), so an edit survives syncs and restarts until the owner moves it into the file
 * (`npm run prices:export`) or an editor removes it. Community tools have none: their row is edited directly.
 */
export const toolPricingOverrides = pgTable("tool_pricing_overrides", {
  toolId: integer("tool_id")
    .primaryKey()
    .references(() => tools.id, { onDelete: "cascade" }),
  pricingModel: text("pricing_model").$type<PricingModel>().notNull(),
  plans: jsonb("plans").$type<Plan[]>().notNull(),
  hasFreeTrial: boolean("has_free_trial").notNull(),
  editorId: text("editor_id").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /** Why the editor changed it, for the owner moving it into the file. */
  note: text("note"),
});

/**
 * One row per link-check pass (decision 028): how many links it checked and how many failed without any answer.
 * A pass where most links fail the same way is the checker's own outage (`outage`: the failure kind): it records
 * no verdict on any link, and the owner sees it in /admin.
 */
export const linkPasses = pgTable("link_passes", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  finishedAt: timestamp("finished_at", { withTimezone: true }).notNull().defaultNow(),
  checked: integer("checked").notNull(),
  failed: integer("failed").notNull(),
  hosts: integer("hosts").notNull(),
  outage: text("outage"),
});

/**
 * Tools proposed by signed-in readers at /submit (issue 19, decision 024). The submitted fields are kept as typed (an
 * editor may correct them before approving); `domain` is the website's host without `www.`, so a second submission of
 * the same site is caught. Approval creates a community row in `tools` (`toolId`); rejection keeps the reason the
 * submitter is told. Deleting the account deletes its submissions; an approved tool stays in the catalogue.
 */
export const toolSubmissions = pgTable(
  "tool_submissions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    websiteUrl: text("website_url").notNull(),
    domain: text("domain").notNull(),
    categorySlug: text("category_slug")
      .notNull()
      .references(() => categories.slug),
    tagline: text("tagline").notNull(),
    description: text("description").notNull(),
    pricingText: text("pricing_text").notNull(),
    /** free, freemium or paid (lib/submission/submissions.ts). */
    pricingModel: text("pricing_model").notNull(),
    hasFreeTrial: boolean("has_free_trial").notNull(),
    /** maker, employee, user or agency: how the submitter relates to the tool. */
    makerRole: text("maker_role").notNull(),
    status: text("status").notNull().default("pending"),
    rejectionReason: text("rejection_reason"),
    toolId: integer("tool_id").references(() => tools.id, { onDelete: "set null" }),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("tool_submissions_status_created_idx").on(table.status, table.createdAt),
    index("tool_submissions_user_idx").on(table.userId, table.createdAt.desc()),
    index("tool_submissions_domain_idx").on(table.domain),
    check("tool_submissions_status_check", sql`${table.status} in ('pending', 'approved', 'rejected')`),
    check("tool_submissions_pricing_model_check", sql`${table.pricingModel} in ('free', 'freemium', 'paid')`),
    check("tool_submissions_maker_role_check", sql`${table.makerRole} in ('maker', 'employee', 'user', 'agency')`),
  ],
);

/**
 * Dated changes a buyer cares about (issue 27): one row per change to a tool's pricing, written in the same
 * transaction as the change by whoever made it (`source`: 'content' the sync, 'editor' /admin/prices, 'submission'
 * an approval, 'fetch' the price check, 'link-check' the link-health job, 'review' a moderator marking a review Verified). `kind` says what changed; `planName` the
 * plan, when one; `before` and `after` the figures as they were and are (a plan's price, currency, period and terms,
 * or the trial flag), null where there was or is none. Append-only: the rows are the tool's pricing history, the
 * /changes list and feed, and what watchers are told about (`notifiedAt` once the alert job has handled the row).
 */
export const TOOL_CHANGE_KINDS = [
  "plan-added",
  "plan-removed",
  "price-up",
  "price-down",
  "terms-changed",
  "free-plan-added",
  "free-plan-dropped",
  "trial-changed",
  "site-down",
  "site-moved",
  "review-verified",
  "policy-changed",
  "data-fact-changed",
  "listing-changed",
] as const;
export type ToolChangeKind = (typeof TOOL_CHANGE_KINDS)[number];
export const TOOL_CHANGE_SOURCES = ["content", "editor", "submission", "fetch", "link-check", "review", "maker"] as const;
export type ToolChangeSource = (typeof TOOL_CHANGE_SOURCES)[number];

export const toolChanges = pgTable(
  "tool_changes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    toolId: integer("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    kind: text("kind").$type<ToolChangeKind>().notNull(),
    source: text("source").$type<ToolChangeSource>().notNull(),
    planName: text("plan_name"),
    before: jsonb("before"),
    after: jsonb("after"),
    /**
     * An editor's words on what a 'policy-changed' row's page now says (issue 44), written once after the check
     * recorded the change; until then the row says only that the page changed, and when. Every other field of the
     * row is never updated.
     */
    editorNote: text("editor_note"),
    /**
     * Where the change's information came from, when a person named a page for it: a maker's proposal's source
     * (source 'maker', issue 45), shown beside the change. Null for the rest.
     */
    sourceUrl: text("source_url"),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (table) => [
    index("tool_changes_occurred_idx").on(table.occurredAt.desc()),
    index("tool_changes_tool_idx").on(table.toolId, table.occurredAt.desc()),
    index("tool_changes_unnotified_idx")
      .on(table.id)
      .where(sql`${table.notifiedAt} is null`),
    check("tool_changes_kind_check", sql`${table.kind} in (${sql.raw(TOOL_CHANGE_KINDS.map((kind) => `'${kind}'`).join(", "))})`),
    check("tool_changes_source_check", sql`${table.source} in (${sql.raw(TOOL_CHANGE_SOURCES.map((source) => `'${source}'`).join(", "))})`),
  ],
);

/**
 * When this database began keeping a record (decision 033): one row per record, inserted by the migration that
 * started it, so a page can say honestly since when it has been kept ('no price changes recorded since …') rather
 * than imply a history older than the database's. 'tool-changes': the price history of `tool_changes`.
 */
export const recordsKeptSince = pgTable("records_kept_since", {
  record: text("record").primaryKey(),
  since: timestamp("since", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Mail waiting to be sent (issue 27): no request sends mail itself. A write puts its message here in the same
 * transaction as the change that caused it, with its delivery job on the queue (utils/outbox.server.ts, decision
 * 065), which delivers it over SMTP or to the file outbox, the queue retrying with backoff (`attempts` and
 * `lastError` recorded) until `sentAt` is set. `headers` carries List-Unsubscribe and the like; `link` is the one link a
 * developer needs from the log in file-outbox mode.
 */
export const emailOutbox = pgTable("email_outbox", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  createdAt: createdAt(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html").notNull(),
  replyTo: text("reply_to"),
  headers: jsonb("headers").$type<Record<string, string>>(),
  link: text("link"),
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error"),
  sentAt: timestamp("sent_at", { withTimezone: true }),
});

/** A reader watching a tool (issue 27, decision 035): they are emailed when its prices, plans or link change or it gets a Verified review. */
export const toolWatches = pgTable(
  "tool_watches",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    toolId: integer("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.toolId] }), index("tool_watches_tool_idx").on(table.toolId)],
);

/** A reader following a category: its new tools and price changes go into their weekly digest (when they opted in). */
export const categoryFollows = pgTable(
  "category_follows",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    categorySlug: text("category_slug")
      .notNull()
      .references(() => categories.slug, { onDelete: "cascade", onUpdate: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.categorySlug] }), index("category_follows_category_idx").on(table.categorySlug)],
);

/**
 * A watched tool's change waiting to be told to one reader (decision 035). The alert job hands each new tool_changes
 * row to its watchers here (and sets `notified_at`) in one transaction; a reader's rows leave in the transaction that
 * puts their email in the outbox. A reader over the day's cap keeps theirs for the next day.
 */
export const pendingAlerts = pgTable(
  "pending_alerts",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    changeId: bigint("change_id", { mode: "number" })
      .notNull()
      .references(() => toolChanges.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.changeId] })],
);

export const READER_MAILING_KINDS = ["alert", "digest", "shortlist"] as const;
export type ReaderMailingKind = (typeof READER_MAILING_KINDS)[number];

/**
 * What the alert job mailed each reader and when (decision 035): the daily cap counts today's 'alert' rows; the weekly
 * digest is due a week after the last 'digest' row, which is also written (with `items` 0 and no email) when the week
 * had nothing to say. Kept 60 days.
 */
export const readerMailings = pgTable(
  "reader_mailings",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ReaderMailingKind>().notNull(),
    items: integer("items").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("reader_mailings_user_idx").on(table.userId, table.kind, table.sentAt.desc()),
    check("reader_mailings_kind_check", sql`${table.kind} in ('alert', 'digest', 'shortlist')`),
  ],
);

/**
 * Screenshots of a tool (issue 29, decision 048), uploaded by editors in /admin/screenshots/<slug>: each stored twice
 * through the review images' checks (re-encoded to WebP, no metadata), at a readable size (`key`, the larger view)
 * and as a thumbnail (`thumb_key`, the gallery). They belong to the tool, not to the editor: `uploaded_by` records who
 * added one for the audit and is cleared when that account is deleted, like `fact_checks.editor_id`. `position` is
 * 0..n-1 in the gallery's order, rewritten whole by every change (at most six rows).
 */
export const toolScreenshots = pgTable(
  "tool_screenshots",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    toolId: integer("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    key: text("key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    thumbKey: text("thumb_key").notNull(),
    thumbWidth: integer("thumb_width").notNull(),
    thumbHeight: integer("thumb_height").notNull(),
    alt: text("alt").notNull(),
    caption: text("caption"),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    /** Who made the image (decision 063): 'editors' or 'maker', shown under it ('Added … by our editors'). */
    providedBy: text("provided_by").$type<ScreenshotProvider>().notNull().default("editors"),
    createdAt: createdAt(),
  },
  (table) => [index("tool_screenshots_tool_idx").on(table.toolId, table.position), check("tool_screenshots_provided_by", sql`${table.providedBy} in ('editors', 'maker')`)],
);

/**
 * A newsletter issue (issue 41, decision 061): drafted by an editor from what the site recorded since the last sent
 * issue (`items`, a snapshot of rows the database held then, each linking to its page), reordered and cut by hand,
 * with a short Markdown introduction. `draft` → `scheduled` (`scheduledAt`) or `sending` → `sent`. The sender job
 * (models/newsletter/send-job.server.ts) moves a due issue to `sending`, gives it its `slug` (its public address
 * /newsletter/<slug>) and queues one message per confirmed subscriber; `sentAt` is when the last one was queued.
 */
export const newsletterIssues = pgTable(
  "newsletter_issues",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    slug: text("slug").unique(),
    subject: text("subject").notNull(),
    intro: text("intro").notNull().default(""),
    items: jsonb("items")
      .$type<IssueItem[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text("status").$type<"draft" | "scheduled" | "sending" | "sent">().notNull().default("draft"),
    /** The window the draft was made from: what was recorded after `periodStart` up to `periodEnd`. */
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    sendingStartedAt: timestamp("sending_started_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("newsletter_issues_sent_idx").on(table.sentAt.desc()),
    check("newsletter_issues_status_check", sql`${table.status} in ('draft', 'scheduled', 'sending', 'sent')`),
  ],
);

/**
 * One row per (issue, subscriber) the sender queued a message for, written in the same transaction as its outbox row
 * (`outboxId`): a send interrupted anywhere resumes with the subscribers who have no row, so nobody gets a second
 * copy. `outboxId` is null once the outbox prunes the delivered message (it prunes only delivered ones).
 */
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    issueId: bigint("issue_id", { mode: "number" })
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: "cascade" }),
    subscriberId: bigint("subscriber_id", { mode: "number" })
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    outboxId: bigint("outbox_id", { mode: "number" }).references(() => emailOutbox.id, { onDelete: "set null" }),
    queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.issueId, table.subscriberId] }), index("newsletter_deliveries_outbox_idx").on(table.outboxId)],
);

/**
 * A maker's claim of a listing (issue 45, decision 082): a signed-in reader proves control of the tool's domain by
 * mail at the domain, a DNS TXT record or a well-known file. The raw token is never stored: it is a signature of the
 * row's `nonce` under the server's secret (utils/signing.server.ts), so a copy of the database cannot produce one, and
 * a new nonce retires the old token (a used mail link, a restarted claim). One row per (tool, reader): several makers
 * may hold claims on one tool. `verifiedAt` is written only by a check that passed; `lastCheckedAt` by every re-check;
 * two failed re-checks in a row lapse the claim. Claims never touch ratings, reviews or rankings.
 */
export const toolClaims = pgTable(
  "tool_claims",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    toolId: integer("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 'email', 'dns' or 'file'. */
    method: text("method").notNull(),
    /** The domain proved (the tool's, or a known vendor domain of it). */
    domain: text("domain").notNull(),
    /** The address mailed, for the email method. */
    email: text("email"),
    /** Signed into the token; replaced when a token is used or a claim restarted. */
    nonce: text("nonce").notNull(),
    /** When the current token stops working: a pending claim's, or an email claim's re-confirmation link. Null: none outstanding. */
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }),
    /** 'pending', 'verified', 'lapsed' or 'revoked'. */
    status: text("status").notNull().default("pending"),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    /** What the last failed check saw, for the maker and the editors (never the token). */
    lastError: text("last_error"),
    lapsedAt: timestamp("lapsed_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: text("revoked_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("tool_claims_tool_user_idx").on(table.toolId, table.userId),
    index("tool_claims_user_idx").on(table.userId),
    index("tool_claims_due_idx").on(table.status, table.lastCheckedAt),
    check("tool_claims_method_check", sql`${table.method} in ('email', 'dns', 'file')`),
    check("tool_claims_status_check", sql`${table.status} in ('pending', 'verified', 'lapsed', 'revoked')`),
  ],
);

/**
 * What a verified maker may propose to change on their listing (issue 45, decision 084): the pricing (plans, prices,
 * terms, free-plan limits, trial), the description, the website link, the platforms and the logo (an uploaded image,
 * kept private until accepted); `data-fact`, one data or security fact (decision 081) for one tier. Never a rating, a
 * review, a verdict or a ranking: those have no field here.
 */
export const MAKER_PROPOSAL_FIELDS = ["pricing", "description", "website", "platforms", "data-fact", "logo"] as const;
export type MakerProposalField = (typeof MAKER_PROPOSAL_FIELDS)[number];
export const MAKER_PROPOSAL_STATUSES = ["pending", "accepted", "rejected"] as const;
export type MakerProposalStatus = (typeof MAKER_PROPOSAL_STATUSES)[number];

/**
 * A maker's proposed change to one field of their listing (issue 45, decision 084): the field as it was when proposed
 * (`before`), what the maker proposes, and the page on their own domain that says so. Nothing of it is live until an
 * editor accepts it; an accepted proposal is written through the editors' own write path, with change rows that say
 * "proposed by the maker"; a rejected one keeps the editor's reason, which the maker sees on /maker.
 */
export const makerProposals = pgTable(
  "maker_proposals",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    toolId: integer("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    field: text("field").$type<MakerProposalField>().notNull(),
    before: jsonb("before").notNull(),
    proposed: jsonb("proposed").notNull(),
    sourceUrl: text("source_url").notNull(),
    /** The maker's words to the editors. */
    note: text("note"),
    status: text("status").$type<MakerProposalStatus>().notNull().default("pending"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** The editor's reason (required to reject) or words on accepting: what they read on the source page. */
    decisionNote: text("decision_note"),
    createdAt: createdAt(),
  },
  (table) => [
    index("maker_proposals_status_idx").on(table.status, table.createdAt),
    index("maker_proposals_user_idx").on(table.userId, table.createdAt.desc()),
    index("maker_proposals_tool_idx").on(table.toolId, table.createdAt.desc()),
    check("maker_proposals_field_check", sql`${table.field} in (${sql.raw(MAKER_PROPOSAL_FIELDS.map((field) => `'${field}'`).join(", "))})`),
    check("maker_proposals_status_check", sql`${table.status} in (${sql.raw(MAKER_PROPOSAL_STATUSES.map((status) => `'${status}'`).join(", "))})`),
  ],
);

/**
 * An accepted maker's proposal of an editorial tool's description, website or platforms (issue 45, decision 084),
 * laid over the tool's file by every content sync, as editors' pricing is (`tool_pricing_overrides`), so the change
 * survives syncs until the owner moves it into the file. Community tools have none: their row is written directly.
 * The logo is no column of `tools`: every tool's accepted logo is a row here (field 'logo', value `{ kind: 'upload',
 * key }`, a private `logos/` upload), read by models/tool/logo.server.ts and left alone by the sync.
 */
export const toolListingOverrides = pgTable(
  "tool_listing_overrides",
  {
    toolId: integer("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    field: text("field").$type<Exclude<MakerProposalField, "pricing" | "data-fact">>().notNull(),
    value: jsonb("value").notNull(),
    proposalId: bigint("proposal_id", { mode: "number" }).references(() => makerProposals.id, { onDelete: "set null" }),
    editorId: text("editor_id").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.toolId, table.field] })],
);

/**
 * An accepted maker's proposal of one data or security fact (issue 45, decisions 081 and 084): the fact as written
 * into `tool_data_facts` (its value, the maker's page as its source, the day it was accepted), keyed by its kind and
 * tier. The content sync lays every one over the tool's facts file, replacing that kind and tier or adding it, and
 * keeps a `tool_data_facts` row for a tool with no file; so it outlives syncs until the owner moves it into the file.
 * For every tool, editorial or community: `tool_data_facts` is written by the sync alone.
 */
export const toolFactOverrides = pgTable(
  "tool_fact_overrides",
  {
    toolId: integer("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    fact: text("fact").notNull(),
    tier: text("tier").notNull(),
    value: jsonb("value").$type<DataFact>().notNull(),
    proposalId: bigint("proposal_id", { mode: "number" }).references(() => makerProposals.id, { onDelete: "set null" }),
    editorId: text("editor_id").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.toolId, table.fact, table.tier] })],
);

/**
 * A reader's named shortlist of tools (issue 47, decision 087), apart from their favourites. `share_token` is null
 * until the reader shares it: then a random, unguessable token that opens a read-only view at /s/<token> without an
 * account; stopping the share sets it null again (a new share makes a new token). With `alerts` on, the watch-alert
 * job mails the reader once per run about the changes to its tools since `alerts_sent_through` (and never from before
 * a tool was added). Deleted with the account (cascade).
 */
export const shortlists = pgTable(
  "shortlists",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    teamSize: integer("team_size").notNull().default(5),
    shareToken: text("share_token"),
    alerts: boolean("alerts").notNull().default(false),
    alertsSentThrough: timestamp("alerts_sent_through", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("shortlists_user_idx").on(table.userId, table.createdAt),
    uniqueIndex("shortlists_share_token_idx").on(table.shareToken),
    check("shortlists_name_check", sql`char_length(${table.name}) between 1 and 80`),
    check("shortlists_team_size_check", sql`${table.teamSize} between 1 and 10000`),
  ],
);

/** A tool on a shortlist, with the reader's note and when it was added (the list's "changes since" start there). */
export const shortlistItems = pgTable(
  "shortlist_items",
  {
    shortlistId: bigint("shortlist_id", { mode: "number" })
      .notNull()
      .references(() => shortlists.id, { onDelete: "cascade" }),
    toolId: integer("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    note: text("note").notNull().default(""),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.shortlistId, table.toolId] }),
    index("shortlist_items_tool_idx").on(table.toolId),
    check("shortlist_items_note_check", sql`char_length(${table.note}) <= 500`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  // PGlite hands bytea back as a Uint8Array, node-postgres as a Buffer: one type for the app.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * The open-data files' generations (issue 46, decision 092): written by the nightly job on whichever instance ran it,
 * read by every instance, so a deploy of several hosts serves the same files with the same checksums. Each host keeps
 * a copy of the current generation's files on its own disk to stream them (models/open-data/store.server.ts).
 */
export const openDataGenerations = pgTable("open_data_generations", {
  /** Starts with its time (`20261205T…-a1b2c3`): the newest sorts last. */
  generation: text("generation").primaryKey(),
  /** The pointer readers get: the generation, its time and each file's checksum and size. */
  pointer: jsonb("pointer").notNull(),
  createdAt: createdAt(),
});

export const openDataFiles = pgTable(
  "open_data_files",
  {
    generation: text("generation")
      .notNull()
      .references(() => openDataGenerations.generation, { onDelete: "cascade" }),
    /** A file's name (`tools.json`). */
    name: text("name").notNull(),
    /** The part's place in the file, from 0 (models/open-data/store.server.ts: a file is stored in parts of a megabyte). */
    part: integer("part").notNull(),
    /** This part of the file's gzipped bytes (the plain file is their gunzipped whole). */
    bytes: bytea("bytes").notNull(),
  },
  (table) => [primaryKey({ columns: [table.generation, table.name, table.part] })],
);
