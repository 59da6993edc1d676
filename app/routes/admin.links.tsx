import { Form, useActionData, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ResultMessage } from "~/components/ui/form-parts";
import { LinkTabs, tabOf } from "~/components/ui/link-tabs";
import { Pagination } from "~/components/ui/pagination";
import { BROKEN_AFTER, describeCheck } from "~/lib/link-health";
import type { Reply } from "~/lib/reply";
import { pageMeta, siteUrlOf } from "~/lib/seo";
import { getLastLinkPass, listLinks, type LinkFilter, type LinkRow } from "~/models/link-health/queries.server";
import { checkLinkWrite, runLinkPassWrite } from "~/models/link-health/writes.server";
import { getEnv } from "~/utils/env.server";
import { requireRole } from "~/utils/guards.server";
import { notFound } from "~/utils/not-found.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/admin.links";

const FILTERS = [
  { id: "all", label: "All links" },
  { id: "broken", label: "Broken" },
] as const satisfies { id: LinkFilter; label: string }[];

/** Link health (issue 19, decision 021): every outbound destination with its last check, flagged ones first. */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "editor");
  const params = new URL(args.request.url).searchParams;
  const filter = tabOf(FILTERS, params.get("show"));
  const page = Number(params.get("page") ?? "1");
  if (!Number.isInteger(page) || page < 1) throw notFound("page");
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

const when = (date: Date | string) => new Date(date).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";
const KIND_LABEL = { tool: "Tool", course: "Course", deal: "Deal" } as const;

function StateBadge({ row }: { row: LinkRow }) {
  if (row.broken) return <Badge className="border-transparent bg-destructive text-destructive-foreground">Broken</Badge>;
  if (row.ok === false) return <Badge variant="warning">Failing</Badge>;
  if (row.ok === null) return <Badge variant="outline">Not checked</Badge>;
  return <Badge variant="success">Working</Badge>;
}

function LinkTableRow({ row, busy }: { row: LinkRow; busy: boolean }) {
  return (
    <tr className="border-t align-top" data-link={`${row.kind}:${row.target}`} data-link-state={row.broken ? "broken" : row.ok === null ? "unchecked" : row.ok ? "ok" : "failing"}>
      <td className="min-w-56 px-3 py-2">
        <p className="font-medium">
          <a href={row.page} className="underline-offset-4 hover:underline">
            {row.name}
          </a>
        </p>
        <p className="text-xs text-muted-foreground">{KIND_LABEL[row.kind]}</p>
        <p className="mt-1 break-all font-mono text-xs">{row.url}</p>
      </td>
      <td className="min-w-40 px-3 py-2">
        <StateBadge row={row} />
        {row.ok !== null && <p className="mt-1">{describeCheck(row)}</p>}
      </td>
      <td className="min-w-48 max-w-72 break-all px-3 py-2 font-mono text-xs">{row.finalUrl && row.finalUrl !== row.url ? row.finalUrl : row.finalUrl ? "Same address" : "–"}</td>
      <td className="whitespace-nowrap px-3 py-2">{row.checkedAt ? <time dateTime={new Date(row.checkedAt).toISOString()}>{when(row.checkedAt)}</time> : "Never"}</td>
      <td className="px-3 py-2 text-center tabular-nums">{row.consecutiveFailures}</td>
      <td className="px-3 py-2">
        <Form method="post">
          <input type="hidden" name="intent" value="check" />
          <input type="hidden" name="kind" value={row.kind} />
          <input type="hidden" name="target" value={row.target} />
          <Button type="submit" size="sm" variant="outline" disabled={busy}>
            Check now<span className="sr-only">: {row.name}</span>
          </Button>
        </Form>
      </td>
    </tr>
  );
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
                Last check <time dateTime={new Date(lastCheckedAt).toISOString()}>{when(lastCheckedAt)}</time>.
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
      {rows.length === 0 ? (
        <p className="mt-6 text-muted-foreground">{filter === "broken" ? "No link is flagged broken." : "There are no links to check."}</p>
      ) : (
        <div
          role="region"
          aria-labelledby="links-caption"
          tabIndex={0}
          className="relative mt-4 overflow-x-auto rounded-lg border focus-visible:outline-2 focus-visible:outline-ring"
        >
          <table className="w-full text-left text-sm">
            <caption id="links-caption" className="sr-only">
              {filter === "broken" ? "Broken links" : "All links, flagged first"}, {total} in all
            </caption>
            <thead className="bg-secondary/60">
              <tr>
                {["Link", "Status", "Final URL", "Last checked", "Failures in a row", "Action"].map((heading) => (
                  <th key={heading} scope="col" className="whitespace-nowrap px-3 py-2">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <LinkTableRow key={`${row.kind}:${row.target}`} row={row} busy={busy} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pageCount > 1 && <Pagination page={page} pageCount={pageCount} hrefFor={({ page: next }) => `/admin/links?${filter === "broken" ? "show=broken&" : ""}page=${next}`} />}
    </main>
  );
}
