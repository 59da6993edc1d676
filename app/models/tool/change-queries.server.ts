import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { categories, recordsKeptSince, toolChanges, tools, TOOL_CHANGE_KINDS, type ToolChangeKind } from "~/db/schema";
import { CHANGE_KIND_LABELS } from "~/lib/tool/change-words";
import { CATALOGUE, cached } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";
import { inCategory } from "./categories.server";
import { TOOL_CHANGES_TAG } from "./changes.server";

/**
 * Price history's reads (issue 27, decision 033): a tool's dated changes for its page, and the latest changes across
 * the catalogue for /changes and /feed/changes.xml. A tool's history is cached under its page's tag (the writers
 * invalidate `toolChangeTags(slug)`) and the catalogue's (the content sync invalidates that); the lists under
 * `tool-changes` and the catalogue's (they print tools' and categories' names).
 */

/** The filter's kinds in the table's order, with their words (a kind the table gains without words fails to compile here). */
const KIND_WORDS: Record<ToolChangeKind, string> = CHANGE_KIND_LABELS;
export const CHANGE_KIND_OPTIONS = TOOL_CHANGE_KINDS.map((kind) => ({ value: kind, label: KIND_WORDS[kind] }));

/** Rows per page of /changes. */
export const CHANGES_PAGE_SIZE = 25;
/** Entries the tool page shows before linking to the rest on /changes?tool=… */
export const TOOL_HISTORY_SHOWN = 5;
/** Items of /feed/changes.xml. */
export const CHANGES_FEED_ITEMS = 50;

/** A change row as the pages print it (the open data's changes read it too). */
export const entrySelect = {
  id: toolChanges.id,
  kind: toolChanges.kind,
  source: toolChanges.source,
  planName: toolChanges.planName,
  before: toolChanges.before,
  after: toolChanges.after,
  // An editor's words on a changed policy page (issue 44), printed by describeChange once written.
  editorNote: toolChanges.editorNote,
  // The page a maker's accepted proposal named (issue 45), shown beside the change.
  sourceUrl: toolChanges.sourceUrl,
  day: sql<string>`((${toolChanges.occurredAt} at time zone 'UTC')::date)::text`,
  toolSlug: tools.slug,
  toolName: tools.name,
  categorySlug: tools.categorySlug,
  categoryName: categories.name,
};

export type ChangeEntry = {
  id: number;
  kind: string;
  source: string;
  planName: string | null;
  before: unknown;
  after: unknown;
  editorNote: string | null;
  sourceUrl: string | null;
  /** The UTC day it was recorded, YYYY-MM-DD. */
  day: string;
  toolSlug: string;
  toolName: string;
  categorySlug: string;
  categoryName: string;
};

/** Newest first; rows of one moment (one sync) in the order they were written. */
const newestFirst = [desc(toolChanges.occurredAt), sql`${toolChanges.id} asc`];

/** The day this database began keeping the price history (the migration's row), YYYY-MM-DD; null before it. */
export function historyKeptSince(): Promise<string | null> {
  return cached("tool-changes:kept-since", CATALOGUE, async () => {
    const [row] = await getDb()
      .select({ day: sql<string>`((${recordsKeptSince.since} at time zone 'UTC')::date)::text` })
      .from(recordsKeptSince)
      .where(eq(recordsKeptSince.record, "tool-changes"));
    // A string, not null: the cache does not keep a miss.
    return row?.day ?? "";
  }).then((day) => day || null);
}

/**
 * A tool's history for its page: the newest `TOOL_HISTORY_SHOWN` changes, how many there are, and the day its
 * history starts (the later of the day the database began keeping it and the day the tool was listed).
 */
export async function getToolHistory(tool: { id: number; slug: string; addedAt: string }) {
  const [history, keptSince] = await Promise.all([
    cached(`tool:${tool.slug}:changes`, [...CATALOGUE, `tool:${tool.slug}`], async () => {
      const db = getDb();
      const [entries, [total]] = await Promise.all([
        db
          .select(entrySelect)
          .from(toolChanges)
          .innerJoin(tools, eq(tools.id, toolChanges.toolId))
          .innerJoin(categories, eq(categories.slug, tools.categorySlug))
          .where(eq(toolChanges.toolId, tool.id))
          .orderBy(...newestFirst)
          .limit(TOOL_HISTORY_SHOWN),
        db.select({ n: count() }).from(toolChanges).where(eq(toolChanges.toolId, tool.id)),
      ]);
      return { entries: entries as ChangeEntry[], total: total?.n ?? 0 };
    }),
    historyKeptSince(),
  ]);
  const since = keptSince && keptSince > tool.addedAt ? keptSince : tool.addedAt;
  return { ...history, since: keptSince ? since : null };
}

export type ChangeFilters = { category: string | null; kind: ToolChangeKind | null; tool: string | null; page: number };

/** A filter's value if the catalogue knows it, else null (an unknown value is ignored, as the directory's filters are). */
export function parseChangeFilters(params: URLSearchParams, page: number): ChangeFilters {
  const kind = params.get("kind");
  const text = (name: string) => {
    const value = params.get(name)?.trim();
    return value && /^[a-z0-9-]{1,80}$/.test(value) ? value : null;
  };
  return { category: text("category"), kind: (TOOL_CHANGE_KINDS as readonly string[]).includes(kind ?? "") ? (kind as ToolChangeKind) : null, tool: text("tool"), page };
}

const filterKey = ({ category, kind, tool }: ChangeFilters) => `${category ?? ""}|${kind ?? ""}|${tool ?? ""}`;

function where({ category, kind, tool }: ChangeFilters): SQL | undefined {
  // A category's changes are those of every tool its page lists, primary or secondary (issue 29).
  return and(category ? inCategory(category) : undefined, kind ? eq(toolChanges.kind, kind) : undefined, tool ? eq(tools.slug, tool) : undefined);
}

/** How many changes match the filters (the page count is known before a page is read, so a page past the last is a 404 that caches nothing). */
export function countChanges(filters: ChangeFilters): Promise<number> {
  return cached(`tool-changes:count:${filterKey(filters)}`, [TOOL_CHANGES_TAG, ...CATALOGUE], async () => {
    const [row] = await getDb().select({ n: count() }).from(toolChanges).innerJoin(tools, eq(tools.id, toolChanges.toolId)).where(where(filters));
    return row?.n ?? 0;
  });
}

/** One page of the latest changes matching the filters, newest first. */
export function listChanges(filters: ChangeFilters, pageSize = CHANGES_PAGE_SIZE): Promise<ChangeEntry[]> {
  return cached(`tool-changes:list:${filterKey(filters)}:${filters.page}:${pageSize}`, [TOOL_CHANGES_TAG, ...CATALOGUE], async () => {
    const rows = await getDb()
      .select(entrySelect)
      .from(toolChanges)
      .innerJoin(tools, eq(tools.id, toolChanges.toolId))
      .innerJoin(categories, eq(categories.slug, tools.categorySlug))
      .where(where(filters))
      .orderBy(...newestFirst)
      .limit(pageSize)
      .offset((filters.page - 1) * pageSize);
    return rows as ChangeEntry[];
  });
}

/** The tool named by /changes?tool=…, when it exists: its name heads the page. */
export function changeTool(slug: string) {
  return cached(`tool-changes:tool:${slug}`, [...CATALOGUE, `tool:${slug}`], async () => {
    const [row] = await getDb().select({ slug: tools.slug, name: tools.name }).from(tools).where(eq(tools.slug, slug)).limit(1);
    return row ?? null;
  });
}

/** The day of the newest change, for the sitemap's lastmod of /changes; undefined when there is none. */
export function latestChangeDay(): Promise<string | undefined> {
  return cached("tool-changes:latest-day", [TOOL_CHANGES_TAG], async () => {
    const [row] = await getDb()
      .select({ day: sql<string | null>`((max(${toolChanges.occurredAt}) at time zone 'UTC')::date)::text` })
      .from(toolChanges);
    return row?.day ?? "";
  }).then((day) => day || undefined);
}
