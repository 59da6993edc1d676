import { asc, eq, sql } from "drizzle-orm";
import { categories, tasks, tools } from "~/db/schema";
import { truncateAtWord } from "~/lib/seo/seo";
import { getDb } from "~/utils/db.server";
import type { NotFoundSuggestion } from "~/utils/not-found.server";

/**
 * URLs that forgive (issue 29, decision 047): what a tool, category or task path meant when its slug was not found
 * as typed. Every slug of ours is lower-case (the content schema and the submission form refuse anything else), so a
 * slug with capitals has one canonical spelling, which the route answers with a 301 built from the row found here,
 * never from what was typed. A slug that names nothing gets, for tools and tasks, the closest names by trigram.
 *
 * Nothing here is cached: what a visitor types must not fill the data cache (decision 045), and a not-found page is
 * never kept by the page cache either.
 */

const SLUGS = {
  tool: { table: tools, slug: tools.slug },
  category: { table: categories, slug: categories.slug },
  task: { table: tasks, slug: tasks.slug },
} as const;

/** What a near name is read from, and the page it links to. */
const NAMED = {
  tool: { table: tools, slug: tools.slug, name: tools.name, excerpt: tools.tagline, path: "/tools/" },
  task: { table: tasks, slug: tasks.slug, name: tasks.name, excerpt: tasks.summary, path: "/tasks/" },
} as const;

type SluggedKind = keyof typeof SLUGS;

/** How many near names a not-found page offers. */
const NEAR_NAMES = 3;

/** The stored slug that `requested` spells in other letter cases, or null (also when it is already lower-case: the exact lookup has missed). */
export async function canonicalSlug(kind: SluggedKind, requested: string): Promise<string | null> {
  const lower = requested.toLowerCase();
  if (lower === requested) return null;
  const { table, slug } = SLUGS[kind];
  const [row] = await getDb().select({ slug }).from(table).where(eq(slug, lower)).limit(1);
  return row?.slug ?? null;
}

/**
 * Up to three tools or tasks whose names are nearest to `typed` ('chatgtp' → ChatGPT), most similar first: pg_trgm's
 * `%` (similarity above its 0.3 threshold, through the name's trigram index on tools), then `similarity`. Junk
 * finds nothing rather than three arbitrary names. Trigrams split words on hyphens, so a slug compares as its words.
 */
export async function nearestByName(kind: keyof typeof NAMED, typed: string): Promise<NotFoundSuggestion[]> {
  const { table, slug, name, excerpt, path } = NAMED[kind];
  const text = typed.trim();
  if (!text) return [];
  const rows = await getDb()
    .select({ slug, name, excerpt })
    .from(table)
    .where(sql`${name} % ${text}`)
    .orderBy(sql`similarity(${name}, ${text}) desc`, asc(sql`lower(${name}) collate "C"`))
    .limit(NEAR_NAMES);
  return rows.map((row) => ({ href: `${path}${row.slug}`, title: row.name, excerpt: truncateAtWord(row.excerpt, 100) }));
}
