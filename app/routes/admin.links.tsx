import type { RouteHandle } from "~/lib/route-handle";
import { formatDateTimeUtc } from "~/lib/ui/dates";
import { requestedPage } from "~/lib/ui/paging";
import { Form, useActionData, useNavigation } from "react-router";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ResultMessage } from "~/components/ui/form-parts";
import { LinkTabs, tabOf } from "~/components/ui/link-tabs";
import { BROKEN_AFTER, describeCheck } from "~/lib/link-health/link-health";
import type { Reply } from "~/lib/reply";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { getLastLinkPass, listLinks, type LinkFilter, type LinkRow } from "~/models/link-health/queries.server";
import { checkLinkWrite, runLinkPassWrite } from "~/models/link-health/writes.server";
import { getEnv } from "~/utils/env.server";
import { requireRole } from "~/utils/guards.server";
import { notFound } from "~/utils/not-found.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/admin.links";

export const handle = { cache: "personal" } satisfies RouteHandle;

const FILTERS = [
  { id: "all", label: "All links" },
  { id: "broken", label: "Broken" },
] as const satisfies { id: LinkFilter; label: string }[];

/** Link health (issue 19, decision 021): every outbound destination with its last check, flagged ones first. */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "editor");
  const params = new URL(args.request.url).searchParams;
  const filter = tabOf(FILTERS, params.get("show"));
  const page = requestedPage(params);
  if (page === null) throw notFound("page");
  const [links, lastPass] = await Promise.all([listLinks({ filter, page }), getLastLinkPass()]);
  if (page > links.pageCount) throw notFound("page");
  return { ...links, lastPass, filter, page, intervalHours: getEnv().LINK_CHECK_INTERVAL_HOURS };
}

export function action(args: Route.ActionArgs) {
  return formWrite(args, { check: { spec: checkLinkWrite }, run: { spec: runLinkPassWrite } });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: "Link health", description: "Every outbound link and its last check.", path: "/admin/links", siteUrl: siteUrlOf(matches), noindex: true });
}

const KIND_LABEL = { tool: "Tool", course: "Course", deal: "Deal" } as const;

function StateBadge({ row }: { row: LinkRow }) {
  if (row.broken) return <Badge className="border-transparent bg-destructive text-destructive-foreground">Broken</Badge>;
  if (row.ok === false) return <Badge variant="warning">Failing</Badge>;
  if (row.ok === null) return <Badge variant="outline">Not checked</Badge>;
  return <Badge variant="success">Working</Badge>;
}

const linkState = (row: LinkRow) => (row.broken ? "broken" : row.ok === null ? "unchecked" : row.ok ? "ok" : "failing");

function linkColumns(busy: boolean): AdminColumn<LinkRow>[] {
  return [
    {
      header: "Link",
      cellClassName: "min-w-56",
      cell: (row) => (
        <>
          <p className="font-medium">
            <a href={row.page} className="underline-offset-4 hover:underline">
              {row.name}
            </a>
          </p>
          <p className="text-xs text-muted-foreground">{KIND_LABEL[row.kind]}</p>
          <p className="mt-1 break-all font-mono text-xs">{row.url}</p>
        </>
      ),
    },
    {
      header: "Status",
      cellClassName: "min-w-40",
      cell: (row) => (
        <>
          <StateBadge row={row} />
          {row.ok !== null && <p className="mt-1">{describeCheck(row)}</p>}
        </>
      ),
    },
    {
      header: "Final URL",
      cellClassName: "min-w-48 max-w-72 break-all font-mono text-xs",
      cell: (row) => (row.finalUrl && row.finalUrl !== row.url ? row.finalUrl : row.finalUrl ? "Same address" : "–"),
    },
    {
      header: "Last checked",
      cellClassName: "whitespace-nowrap",
      cell: (row) => (row.checkedAt ? <time dateTime={new Date(row.checkedAt).toISOString()}>{formatDateTimeUtc(row.checkedAt)}</time> : "Never"),
    },
    { header: "Failures in a row", cellClassName: "text-center tabular-nums", cell: (row) => row.consecutiveFailures },
    {
      header: "Action",
      cell: (row) => (
        <Form method="post">
          <input type="hidden" name="intent" value="check" />
          <input type="hidden" name="kind" value={row.kind} />
          <input type="hidden" name="target" value={row.target} />
          <Button type="submit" size="sm" variant="outline" disabled={busy}>
            Check now<span className="sr-only">: {row.name}</span>
          </Button>
        </Form>
      ),
    },
  ];
}

export default function AdminLinks({ loaderData }: Route.ComponentProps) {
  const { rows, total, counts, filter, page, pageCount, lastCheckedAt, running, intervalHours, lastPass } = loaderData;
  const reply = useActionData<typeof action>() as Reply | undefined;
  const busy = useNavigation().state === "submitting";
  const tabs = FILTERS.map((tab) => ({ ...tab, label: `${tab.label} (${tab.id === "broken" ? counts.broken : counts.all})` }));
  return (
    <main id="main" className="min-w-0">
      <h1 className="text-2xl font-bold tracking-tight">Link health</h1>
      <p className="mt-1 max-w-3xl text-muted-foreground">
        Every tool's website, course page and deal page (where the site's outbound buttons lead) is checked with a HEAD request, then a GET when the server refuses HEAD, redirects
        followed. A link failing {BROKEN_AFTER} checks in a row is flagged broken, and readers see "Link may be broken" beside its button. Answers 401, 403 and 429 mean the site is
        up but keeps robots out, so they count as working. A pass in which most links get no answer at all, across many sites, is the checking machine&apos;s own outage: it records
        nothing for any link.
      </p>
      {lastPass?.outageText && (
        <p role="alert" data-link-outage className="mt-4 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm font-medium">
          {lastPass.outageText}
        </p>
      )}

      <section aria-labelledby="schedule-heading" className="mt-6 flex flex-col gap-4 rounded-xl border bg-card p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="schedule-heading" className="font-semibold">
            {intervalHours > 0 ? `Checked every ${intervalHours} ${intervalHours === 1 ? "hour" : "hours"}` : "Scheduled checks are off"}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {running ? "A pass is running now. " : ""}
            {lastCheckedAt ? (
              <>
                Last check <time dateTime={new Date(lastCheckedAt).toISOString()}>{formatDateTimeUtc(lastCheckedAt)}</time>.
              </>
            ) : (
              "No link has been checked yet."
            )}{" "}
            {intervalHours > 0 ? "" : "Set LINK_CHECK_INTERVAL_HOURS on the server to check on a schedule."}
          </p>
          <p className="mt-1 text-sm">
            <strong>{counts.broken}</strong> broken · <strong>{counts.failing}</strong> failing · <strong>{counts.unchecked}</strong> not checked · {counts.all} links
          </p>
        </div>
        <Form method="post" className="shrink-0">
          <input type="hidden" name="intent" value="run" />
          <Button type="submit" disabled={busy || running}>
            Run a pass now
          </Button>
        </Form>
      </section>

      <ResultMessage result={reply} className="mt-4" />

      <div className="mt-6">
        <LinkTabs label="Which links" tabs={tabs} current={filter} param="show" />
      </div>
      <AdminTable
        caption={`${filter === "broken" ? "Broken links" : "All links, flagged first"}, ${total} in all`}
        columns={linkColumns(busy)}
        rows={rows}
        rowKey={(row) => `${row.kind}:${row.target}`}
        rowData={(row) => ({ "data-link": `${row.kind}:${row.target}`, "data-link-state": linkState(row) })}
        empty={filter === "broken" ? "No link is flagged broken." : "There are no links to check."}
        pagination={{ page, pageCount, hrefFor: ({ page: next }) => `/admin/links?${filter === "broken" ? "show=broken&" : ""}page=${next}` }}
        className="mt-4"
      />
    </main>
  );
}
