import { eq, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { affiliateClicks, favorites, reviews, tools, toolWatches } from "~/db/schema";
import { hasActiveClaim } from "~/models/claim/makers.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { hasRole } from "~/utils/guards.server";
import type { Viewer } from "~/utils/request-context";

/**
 * A maker's weekly figures for a claimed tool (issue 45): counts of what the site already records, by ISO week
 * (Monday 00:00 UTC to the next Monday), every week of the period present (0 when nothing happened). Nothing is
 * estimated, sampled or extrapolated:
 * - clicks: rows of `affiliate_clicks` of kind `tool` for the tool's slug, i.e. every click on a 'Visit website' link
 *   (`/go/tool/<slug>`), whether or not an affiliate program applies to it; /go leaves out clicks by known bots and
 *   an address's clicks beyond its per-minute limit. Clicks on the tool's deals (`/go/deal/...`) are not counted,
 *   nor clicks recorded under a slug the tool had before.
 * - saves: `favorites` rows made that week and still kept (a save removed later is deleted, so it no longer counts).
 * - reviews: readers' reviews and ratings first written that week (`reviews.created_at`) and not hidden by an editor.
 * - watches: `tool_watches` rows made that week and still kept (as saves).
 * - page views: not recorded. The site counts no tool page views (`post_reads` is for articles, `web_vitals` a
 *   sample of measurements without the page's address), so the figures say so rather than show a number.
 */

/** Readers who may read a tool's figures: its verified maker (by claim), editors and owners. */
type FiguresViewer = Pick<Viewer, "id" | "role">;

export const FIGURES_MAX_WEEKS = 52;

export type MakerWeek = {
  /** The week's Monday, YYYY-MM-DD (UTC). */
  weekStart: string;
  /** The week that holds `now`: its counts are so far. */
  current: boolean;
  clicks: number;
  saves: number;
  reviews: number;
  watches: number;
};

export type MakerFigures = {
  tool: { slug: string; name: string };
  /** Newest week first. */
  weeks: MakerWeek[];
  totals: Omit<MakerWeek, "weekStart" | "current">;
  /** Tool page views are not recorded anywhere: always null, and the page says so. */
  pageViews: null;
};

/**
 * The tool behind a maker's figures, when the viewer may read them: a holder of a verified claim of that tool (a
 * pending, lapsed or revoked claim is not enough), an editor or an owner. An unknown tool is NOT_FOUND; a known one
 * the viewer does not make is FORBIDDEN (the tool is public, its figures are not).
 */
export async function requireFiguresAccess(viewer: FiguresViewer, toolSlug: string) {
  const [tool] = await getDb().select({ id: tools.id, slug: tools.slug, name: tools.name }).from(tools).where(eq(tools.slug, toolSlug)).limit(1);
  if (!tool) throw new AppError("NOT_FOUND", { message: "toolNotFound" });
  if (hasRole(viewer, "editor") || (await hasActiveClaim(viewer.id, tool.id))) return tool;
  throw new AppError("FORBIDDEN", { message: "makerFiguresNotAllowed" });
}

type WeekRow = { week: string; current: boolean; clicks: number; saves: number; reviews: number; watches: number };

/**
 * The tool's figures for the last `weeks` weeks (1 to 52; 12 by default), the current one included, for a viewer
 * `requireFiguresAccess` lets in. `now` is the moment the current week is taken from (tests and reports at a date).
 */
export async function getMakerFigures(viewer: FiguresViewer, toolSlug: string, { weeks = 12, now = new Date() }: { weeks?: number; now?: Date } = {}): Promise<MakerFigures> {
  if (!Number.isInteger(weeks) || weeks < 1 || weeks > FIGURES_MAX_WEEKS) throw new AppError("INVALID_INPUT");
  const tool = await requireFiguresAccess(viewer, toolSlug);
  const thisWeek = sql`date_trunc('week', ${now.toISOString()}::timestamptz at time zone 'UTC')`;
  const firstWeek = sql`(${thisWeek} - ${weeks - 1}::int * interval '1 week')`;
  // Moments (timestamptz) bounding the period, for the indexes on created_at.
  const from = sql`(${firstWeek} at time zone 'UTC')`;
  const until = sql`((${thisWeek} + interval '1 week') at time zone 'UTC')`;
  // One table's rows for the tool in the period, counted per week, joined to the weeks.
  const counted = (createdAt: PgColumn, table: PgTable, where: SQL) =>
    sql`(select date_trunc('week', ${createdAt} at time zone 'UTC') as week, count(*)::int as n from ${table}
      where ${where} and ${createdAt} >= ${from} and ${createdAt} < ${until} group by 1)`;
  const { rows } = await getDb().execute<WeekRow>(sql`
    select to_char(w.week, 'YYYY-MM-DD') as week, w.week = ${thisWeek} as current,
      coalesce(c.n, 0)::int as clicks, coalesce(s.n, 0)::int as saves, coalesce(r.n, 0)::int as reviews, coalesce(t.n, 0)::int as watches
    from generate_series(${firstWeek}, ${thisWeek}, interval '1 week') as w(week)
    left join ${counted(affiliateClicks.createdAt, affiliateClicks, sql`${affiliateClicks.kind} = 'tool' and ${affiliateClicks.target} = ${tool.slug}`)} c on c.week = w.week
    left join ${counted(favorites.createdAt, favorites, sql`${favorites.toolId} = ${tool.id}`)} s on s.week = w.week
    left join ${counted(reviews.createdAt, reviews, sql`${reviews.toolId} = ${tool.id} and ${reviews.hiddenAt} is null`)} r on r.week = w.week
    left join ${counted(toolWatches.createdAt, toolWatches, sql`${toolWatches.toolId} = ${tool.id}`)} t on t.week = w.week
    order by w.week desc`);
  const list = rows.map((row) => ({
    weekStart: String(row.week),
    current: row.current === true,
    clicks: Number(row.clicks),
    saves: Number(row.saves),
    reviews: Number(row.reviews),
    watches: Number(row.watches),
  }));
  const sum = (key: "clicks" | "saves" | "reviews" | "watches") => list.reduce((total, week) => total + week[key], 0);
  return {
    tool: { slug: tool.slug, name: tool.name },
    weeks: list,
    totals: { clicks: sum("clicks"), saves: sum("saves"), reviews: sum("reviews"), watches: sum("watches") },
    pageViews: null,
  };
}
