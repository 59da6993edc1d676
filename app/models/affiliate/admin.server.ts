import { count, gte, sql, type SQL } from "drizzle-orm";
import { affiliateClicks } from "~/db/schema";
import type { ClickFilters } from "~/lib/admin/click-filters";
import { getDb } from "~/utils/db.server";
import { affiliateProgramNames } from "./clicks.server";

/**
 * The editors' picture of outbound clicks (/admin/clicks, issue 19), aggregated in SQL: days are UTC days, and
 * every day of the period has a row (zero when nobody clicked) so the chart never hides a quiet day. `visitors`
 * counts distinct visitor hashes, which change every day: over a period it is the sum of each day's visitors.
 */

const c = affiliateClicks;

/** The first UTC day of a period of `days` days ending today. */
const periodStart = (days: number) => sql`((now() at time zone 'UTC')::date - ${days - 1}::int)`;

function whereOf({ days, program, link }: ClickFilters): SQL {
  const parts = [sql`${c.createdAt} >= (${periodStart(days)})::timestamp at time zone 'UTC'`];
  if (program) parts.push(sql`${c.program} = ${program}`);
  if (link) parts.push(sql`${c.kind} = ${link.kind} and ${c.target} = ${link.target}`);
  return sql.join(parts, sql` and `);
}

export type ClickDay = { day: string; clicks: number; visitors: number };

export async function clicksPerDay(filters: ClickFilters): Promise<ClickDay[]> {
  const { rows } = await getDb().execute<ClickDay>(sql`
    select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(c.clicks, 0)::int as clicks, coalesce(c.visitors, 0)::int as visitors
    from generate_series(${periodStart(filters.days)}, (now() at time zone 'UTC')::date, interval '1 day') as d(day)
    left join (
      select (${c.createdAt} at time zone 'UTC')::date as day, count(*) as clicks, count(distinct ${c.visitorHash}) as visitors
      from ${c} where ${whereOf(filters)} group by 1
    ) c on c.day = d.day::date
    order by d.day`);
  return rows.map((row) => ({ day: String(row.day), clicks: Number(row.clicks), visitors: Number(row.visitors) }));
}

export type ClickLinkRow = { kind: string; target: string; program: string | null; clicks: number; visitors: number; value: number };

/** The most clicked links of the period (ties by name), with the program their destination belongs to. */
export async function topLinks(filters: ClickFilters, limit = 20): Promise<(ClickLinkRow & { programName: string | null })[]> {
  const { rows } = await getDb().execute<ClickLinkRow>(sql`
    select ${c.kind} as kind, ${c.target} as target, max(${c.program}) as program, count(*)::int as clicks,
      count(distinct (${c.createdAt} at time zone 'UTC')::date || ${c.visitorHash})::int as visitors, sum(${c.value})::int as value
    from ${c} where ${whereOf(filters)}
    group by ${c.kind}, ${c.target}
    order by clicks desc, kind, target
    limit ${limit}`);
  const names = affiliateProgramNames();
  return rows.map((row) => ({
    ...row,
    programName: row.program ? (names.get(row.program) ?? row.program) : null,
    clicks: Number(row.clicks),
    visitors: Number(row.visitors),
    value: Number(row.value),
  }));
}

export type ClickProgramRow = { program: string | null; name: string; clicks: number; visitors: number; value: number; links: number };

/** Clicks per affiliate program in the period; links outside any program are one row, `program` null. */
export async function clicksPerProgram(filters: Pick<ClickFilters, "days">): Promise<ClickProgramRow[]> {
  const { rows } = await getDb().execute<Omit<ClickProgramRow, "name">>(sql`
    select ${c.program} as program, count(*)::int as clicks,
      count(distinct (${c.createdAt} at time zone 'UTC')::date || ${c.visitorHash})::int as visitors, sum(${c.value})::int as value,
      count(distinct ${c.kind} || '/' || ${c.target})::int as links
    from ${c} where ${whereOf({ days: filters.days, program: null, link: null })}
    group by ${c.program}
    order by clicks desc, program nulls last`);
  const names = affiliateProgramNames();
  return rows.map((row) => ({
    program: row.program,
    name: row.program ? (names.get(row.program) ?? row.program) : "No program (direct links)",
    clicks: Number(row.clicks),
    visitors: Number(row.visitors),
    value: Number(row.value),
    links: Number(row.links),
  }));
}

/** The dashboard's count: clicks of the last seven days (a rolling week, as the other cards). */
export async function countClicksThisWeek(): Promise<number> {
  const [row] = await getDb()
    .select({ value: count() })
    .from(c)
    .where(gte(c.createdAt, sql`now() - interval '7 days'`));
  return row?.value ?? 0;
}
