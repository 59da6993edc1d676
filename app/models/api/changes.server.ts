import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { OPEN_DATA_WORDS } from "~/lib/words/open-data";
import { categories, toolChanges, tools, type ToolChangeKind } from "~/db/schema";
import type { ApiChange } from "~/lib/api/schemas";
import { CHANGE_KIND_LABELS, CHANGE_SOURCE_WORDS, describeChange, type ChangeKind, type ChangeSource } from "~/lib/tool/change-words";
import { entrySelect } from "~/models/tool/change-queries.server";
import { AppError } from "~/utils/errors.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { toolPageUrl } from "./tool-record.server";

/**
 * The recorded changes as the open data gives them (issue 46): `/api/v1/changes`, a tool's changes, the MCP server's
 * `list_changes` and `price_history`, and the nightly `changes.csv`. With `since`, the changes recorded after that
 * moment, oldest first (a client keeps the last `recorded_at` and asks again); without it, newest first. Pages are
 * cut by position (`recorded_at`, `id`), not by offset, so a change recorded during a walk neither repeats nor hides one.
 */

export const API_CHANGES_PAGE_SIZE = 100;

/** The moment to the microsecond PostgreSQL keeps, in UTC: a client's `since` compares exactly. */
const recordedAt = sql<string>`to_char(${toolChanges.occurredAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

type Position = { at: string; id: number };

const encodeCursor = (position: Position) => Buffer.from(JSON.stringify(position)).toString("base64url");

function decodeCursor(cursor: string): Position {
  try {
    const { at, id } = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as Partial<Position>;
    if (typeof at === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(at) && Number.isSafeInteger(id)) return { at, id: id! };
  } catch {
    // Not ours: refused below.
  }
  throw new AppError("INVALID_INPUT", { detail: OPEN_DATA_WORDS.badCursor, fields: { cursor: OPEN_DATA_WORDS.badCursor } });
}

export type ChangeQuery = { since: Date | null; toolSlug: string | null; kinds?: readonly ToolChangeKind[]; cursor: string | null; limit?: number };

export async function listChangeRecords({
  since,
  toolSlug,
  kinds,
  cursor,
  limit = API_CHANGES_PAGE_SIZE,
}: ChangeQuery): Promise<{ data: ApiChange[]; next_cursor: string | null }> {
  const oldestFirst = since !== null;
  const position = cursor ? decodeCursor(cursor) : null;
  const after: SQL | undefined = position
    ? oldestFirst
      ? sql`(${toolChanges.occurredAt}, ${toolChanges.id}) > (${position.at}::timestamptz, ${position.id})`
      : sql`(${toolChanges.occurredAt}, ${toolChanges.id}) < (${position.at}::timestamptz, ${position.id})`
    : undefined;
  const rows = await getDb()
    .select({ ...entrySelect, recordedAt })
    .from(toolChanges)
    .innerJoin(tools, eq(tools.id, toolChanges.toolId))
    .innerJoin(categories, eq(categories.slug, tools.categorySlug))
    .where(
      and(
        since ? sql`${toolChanges.occurredAt} > ${since.toISOString()}::timestamptz` : undefined,
        toolSlug ? eq(tools.slug, toolSlug) : undefined,
        kinds?.length ? inArray(toolChanges.kind, [...kinds]) : undefined,
        after,
      ),
    )
    .orderBy(...(oldestFirst ? [asc(toolChanges.occurredAt), asc(toolChanges.id)] : [desc(toolChanges.occurredAt), desc(toolChanges.id)]))
    .limit(limit + 1);
  const siteUrl = getEnv().SITE_URL;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map((row) => ({
      id: Number(row.id),
      tool: { slug: row.toolSlug, name: row.toolName, url: toolPageUrl(siteUrl, row.toolSlug) },
      kind: row.kind as ChangeKind,
      kind_label: CHANGE_KIND_LABELS[row.kind as ChangeKind],
      plan_name: row.planName,
      before: row.before ?? null,
      after: row.after ?? null,
      text: describeChange(row),
      recorded_by: row.source as ChangeSource,
      recorded_by_text: CHANGE_SOURCE_WORDS[row.source as ChangeSource],
      source_url: row.sourceUrl,
      recorded_at: row.recordedAt,
    })),
    next_cursor: rows.length > limit && last ? encodeCursor({ at: last.recordedAt, id: Number(last.id) }) : null,
  };
}
