import type { RouteHandle } from "~/lib/route-handle";
import { Link } from "react-router";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { BarChart, type Bar } from "~/components/admin/bar-chart";
import { cn } from "~/lib/ui/cn";
import { CLICK_PERIODS, clickQuery, parseClickFilters, type ClickFilters } from "~/lib/admin/click-filters";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { clicksPerDay, clicksPerProgram, topLinks } from "~/models/affiliate/admin.server";
import { affiliateProgramNames } from "~/models/affiliate/clicks.server";
import { requireRole } from "~/utils/guards.server";
import type { Route } from "./+types/admin.clicks";
import { formatNumber } from "~/lib/ui/numbers";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** Outbound clicks through /go: per day (the chart), per link and per program, over 7, 30 or 90 days. */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "editor");
  const filters = parseClickFilters(new URL(args.request.url).searchParams);
  const [days, links, programs] = await Promise.all([clicksPerDay(filters), topLinks(filters), clicksPerProgram(filters)]);
  const programName = filters.program ? (affiliateProgramNames().get(filters.program) ?? filters.program) : null;
  return { filters, days, links, programs, programName };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: "Outbound clicks", description: "Clicks through the site's outbound links.", path: "/admin/clicks", siteUrl: siteUrlOf(matches), noindex: true });
}

const number = formatNumber;
const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);
const SHORT_DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const LONG_DAY = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const shortDay = (day: string) => SHORT_DAY.format(dayDate(day));
const longDay = (day: string) => LONG_DAY.format(dayDate(day));
const clicksText = (value: number) => `${number(value)} ${value === 1 ? "click" : "clicks"}`;

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-xl border bg-card p-4 shadow-sm">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums">{value}</dd>
      {hint && <dd className="text-xs text-muted-foreground">{hint}</dd>}
    </div>
  );
}

function PeriodSwitch({ filters }: { filters: ClickFilters }) {
  return (
    <nav aria-label="Period" className="inline-flex rounded-lg border bg-secondary/40 p-1">
      {CLICK_PERIODS.map((days) => (
        <Link
          key={days}
          to={`/admin/clicks${clickQuery({ ...filters, days })}`}
          aria-current={filters.days === days ? "page" : undefined}
          className={cn(
            "rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring",
            filters.days === days ? "bg-background shadow-sm" : "text-muted-foreground hover:text-foreground",
          )}
        >
          {days} days
        </Link>
      ))}
    </nav>
  );
}

/** A share of the largest row, drawn behind the figures of a table row. */
function ShareBar({ value, max }: { value: number; max: number }) {
  return (
    <span className="block h-1.5 w-full rounded-full bg-secondary" aria-hidden="true">
      <span className="block h-1.5 rounded-full bg-primary/70" style={{ width: `${max > 0 ? (value / max) * 100 : 0}%` }} />
    </span>
  );
}

type LinkRow = Route.ComponentProps["loaderData"]["links"][number];
type ProgramRow = Route.ComponentProps["loaderData"]["programs"][number];

export default function AdminClicks({ loaderData }: Route.ComponentProps) {
  const { filters, days, links, programs, programName } = loaderData;
  const total = days.reduce((sum, day) => sum + day.clicks, 0);
  const visitors = days.reduce((sum, day) => sum + day.visitors, 0);
  const busiest = days.reduce<(typeof days)[number] | null>((best, day) => (day.clicks > (best?.clicks ?? 0) ? day : best), null);
  const value = programs.reduce((sum, row) => sum + row.value, 0);
  const scope = filters.link ? `/go/${filters.link.kind}/${filters.link.target}` : programName ? `the ${programName} program` : "all outbound links";
  const bars: Bar[] = days.map((day, index) => ({
    key: day.day,
    axisLabel: shortDay(day.day),
    label: longDay(day.day),
    value: day.clicks,
    partial: index === days.length - 1,
  }));
  const maxLink = Math.max(0, ...links.map((row) => row.clicks));
  const maxProgram = Math.max(0, ...programs.map((row) => row.clicks));
  const all = clickQuery({ days: filters.days });
  const isSelectedLink = (row: LinkRow) => filters.link?.kind === row.kind && filters.link.target === row.target;
  const isSelectedProgram = (row: ProgramRow) => row.program !== null && filters.program === row.program;
  const linkColumns: AdminColumn<LinkRow>[] = [
    {
      header: "Link",
      rowHeader: true,
      cell: (row) => {
        const link = { kind: row.kind, target: row.target } as NonNullable<ClickFilters["link"]>;
        return (
          <Link to={`/admin/clicks${clickQuery({ days: filters.days, link })}`} className="group block min-w-40" aria-current={isSelectedLink(row) ? "true" : undefined}>
            <span className="mr-1.5 rounded bg-secondary px-1.5 py-0.5 text-xs text-muted-foreground">{row.kind}</span>
            <span className="font-medium group-hover:underline">{row.target}</span>
            <ShareBar value={row.clicks} max={maxLink} />
          </Link>
        );
      },
    },
    { header: "Program", cell: (row) => row.programName ?? "–", cellClassName: "text-muted-foreground" },
    { header: "Clicks", cell: (row) => number(row.clicks), className: "text-right", cellClassName: "font-semibold tabular-nums" },
    { header: "Visitors", cell: (row) => number(row.visitors), className: "text-right", cellClassName: "tabular-nums" },
  ];
  const programColumns: AdminColumn<ProgramRow>[] = [
    {
      header: "Program",
      rowHeader: true,
      cell: (row) =>
        row.program ? (
          <Link
            to={`/admin/clicks${clickQuery({ days: filters.days, program: row.program })}`}
            className="group block min-w-40"
            aria-current={isSelectedProgram(row) ? "true" : undefined}
          >
            <span className="font-medium group-hover:underline">{row.name}</span>
            <ShareBar value={row.clicks} max={maxProgram} />
          </Link>
        ) : (
          <span className="block min-w-40 text-muted-foreground">
            {row.name}
            <ShareBar value={row.clicks} max={maxProgram} />
          </span>
        ),
    },
    { header: "Links", cell: (row) => number(row.links), className: "text-right", cellClassName: "tabular-nums" },
    { header: "Clicks", cell: (row) => number(row.clicks), className: "text-right", cellClassName: "font-semibold tabular-nums" },
    { header: "Value", cell: (row) => number(row.value), className: "text-right", cellClassName: "tabular-nums" },
  ];
  return (
    <main id="main" className="min-w-0">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Outbound clicks</h1>
          <p className="mt-1 text-muted-foreground">
            Clicks through <span className="font-medium text-foreground">{scope}</span> in the last {filters.days} days (UTC days, today so far).
          </p>
        </div>
        <PeriodSwitch filters={filters} />
      </div>
      {(filters.link || filters.program) && (
        <p className="mt-3 text-sm">
          <Link to={`/admin/clicks${all}`} className="font-medium text-primary underline-offset-4 hover:underline">
            ← Show all links
          </Link>
        </p>
      )}

      <dl className="mt-5 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Clicks" value={number(total)} hint={`${(total / days.length).toFixed(1)} a day on average`} />
        <Stat label="Visitors" value={number(visitors)} hint="distinct each day, added up" />
        <Stat label="Busiest day" value={busiest ? shortDay(busiest.day) : "–"} hint={busiest ? clicksText(busiest.clicks) : "no clicks yet"} />
        <Stat label="Value" value={number(filters.link || filters.program ? links.reduce((sum, row) => sum + row.value, 0) : value)} hint="weighted by program priority" />
      </dl>

      <section aria-labelledby="per-day-heading" className="mt-6 rounded-xl border bg-card p-4 shadow-sm sm:p-5">
        <h2 id="per-day-heading" className="text-lg font-semibold">
          Clicks per day
        </h2>
        <p className="mb-3 text-sm text-muted-foreground">Hover a bar for its day; the lighter bar is today.</p>
        <BarChart
          title={`Clicks per day through ${scope}, last ${filters.days} days`}
          description={
            total === 0
              ? `No clicks in the last ${filters.days} days.`
              : `${clicksText(total)} in all; the busiest day was ${longDay(busiest!.day)} with ${clicksText(busiest!.clicks)}. The table after the chart lists every day.`
          }
          bars={bars}
          labelHeading="Day"
          valueHeading="Clicks"
          formatValue={clicksText}
          maxLabels={filters.days === 7 ? 7 : 8}
        />
      </section>

      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <section aria-labelledby="links-heading" className="min-w-0">
          <h2 id="links-heading" className="text-lg font-semibold">
            Top links
          </h2>
          <AdminTable
            caption="Top links, most clicks first"
            columns={linkColumns}
            rows={links}
            rowKey={(row) => `${row.kind}/${row.target}`}
            rowData={(row) => ({ "data-link": `${row.kind}/${row.target}` })}
            rowClassName={(row) => isSelectedLink(row) && "bg-primary/5"}
            empty="No clicks in this period."
            className="mt-2"
          />
        </section>

        <section aria-labelledby="programs-heading" className="min-w-0">
          <h2 id="programs-heading" className="text-lg font-semibold">
            Programs
          </h2>
          <AdminTable
            caption="Programs, most clicks first"
            columns={programColumns}
            rows={programs}
            rowKey={(row) => row.program ?? "none"}
            rowData={(row) => ({ "data-program": row.program ?? "none" })}
            rowClassName={(row) => isSelectedProgram(row) && "bg-primary/5"}
            empty="No clicks in this period."
            className="mt-2"
          />
        </section>
      </div>
    </main>
  );
}
