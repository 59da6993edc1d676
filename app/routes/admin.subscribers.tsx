import type { RouteHandle } from "~/lib/route-handle";
import { Form, Link, useActionData } from "react-router";
import { AdminTable } from "~/components/admin/admin-table";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ResultMessage } from "~/components/ui/form-parts";
import { Input, Label } from "~/components/ui/input";
import { cn } from "~/lib/ui/cn";
import { formatDateTimeUtc } from "~/lib/ui/dates";
import type { Reply } from "~/lib/reply";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { parseSubscriberFilters, SUBSCRIBER_STATES, subscriberQuery, type SubscriberState } from "~/lib/admin/subscriber-filters";
import { listSubscribers, subscriberCounts } from "~/models/newsletter/admin.server";
import { removeSubscriberWrite } from "~/models/newsletter/writes.server";
import { requireRole } from "~/utils/guards.server";
import { notFound } from "~/utils/not-found.server";
import { backTo, formWrite } from "~/utils/write.server";
import type { Route } from "./+types/admin.subscribers";
import { formatNumber } from "~/lib/ui/numbers";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** The newsletter list: counts by state and source, search by address, removal on request and the CSV export. */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "editor");
  const filters = parseSubscriberFilters(new URL(args.request.url).searchParams);
  if (!filters) throw notFound("page");
  const [list, counts] = await Promise.all([listSubscribers(filters), subscriberCounts()]);
  if (filters.page > list.pageCount) throw notFound("page");
  return { ...list, counts, filters };
}

export function action(args: Route.ActionArgs) {
  return formWrite(args, { remove: { spec: removeSubscriberWrite, options: { redirect: { when: "without-script", to: backTo(args.request) } } } });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: "Subscribers", description: "The newsletter's subscribers.", path: "/admin/subscribers", siteUrl: siteUrlOf(matches), noindex: true });
}

const STATE_TEXT: Record<SubscriberState, { label: string; hint: string; badge: "success" | "secondary" | "outline" }> = {
  confirmed: { label: "Confirmed", hint: "receive the newsletter", badge: "success" },
  unconfirmed: { label: "Unconfirmed", hint: "have not used their link yet", badge: "secondary" },
  unsubscribed: { label: "Unsubscribed", hint: "left; kept so they are not mailed", badge: "outline" },
};

const number = formatNumber;

/** Removal is two steps: the details say what it does, the form inside removes. */
function RemoveForm({ id, email }: { id: number; email: string }) {
  return (
    <details>
      <summary className="cursor-pointer whitespace-nowrap text-destructive underline-offset-4 hover:underline">
        Remove…<span className="sr-only"> {email}</span>
      </summary>
      <Form method="post" className="mt-2 w-64 rounded-md border border-destructive/40 bg-destructive/10 p-3">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="id" value={id} />
        <p>Deletes this address and its subscription history for good, as when someone asks to be forgotten. To stop mail only, their unsubscribe link is enough.</p>
        <Button type="submit" variant="destructive" size="sm" className="mt-2">
          Remove for good<span className="sr-only">: {email}</span>
        </Button>
      </Form>
    </details>
  );
}

export default function AdminSubscribers({ loaderData }: Route.ComponentProps) {
  const { rows, total, pageCount, counts, filters } = loaderData;
  const reply = useActionData<typeof action>() as Reply | undefined;
  const filtered = Boolean(filters.q || filters.state);
  const largestSource = Math.max(1, ...counts.bySource.map((source) => source.count));
  return (
    <main id="main" className="min-w-0">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Subscribers</h1>
          <p className="mt-1 text-muted-foreground">{number(counts.total)} addresses on the newsletter list.</p>
        </div>
        <Button asChild variant="outline">
          <a href={`/admin/subscribers.csv${subscriberQuery({ q: filters.q, state: filters.state })}`} download>
            Export CSV{filtered ? ` (${number(total)} matching)` : ""}
          </a>
        </Button>
      </div>

      <section aria-labelledby="states-heading" className="mt-6">
        <h2 id="states-heading" className="sr-only">
          By state
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          {SUBSCRIBER_STATES.map((state) => {
            const current = filters.state === state;
            return (
              <li key={state}>
                <Link
                  to={`/admin/subscribers${subscriberQuery({ q: filters.q, state: current ? null : state })}`}
                  aria-current={current ? "true" : undefined}
                  data-state-count={state}
                  className={cn(
                    "block rounded-xl border bg-card p-4 shadow-sm hover:border-primary focus-visible:outline-2 focus-visible:outline-ring",
                    current && "border-primary ring-2 ring-primary/30",
                  )}
                >
                  <span className="block text-sm font-medium text-muted-foreground">{STATE_TEXT[state].label}</span>
                  <span className="block text-2xl font-bold tabular-nums">{number(counts.byState[state])}</span>
                  <span className="block text-xs text-muted-foreground">{current ? "Showing only these: select to show all" : STATE_TEXT[state].hint}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="sources-heading" className="mt-6 rounded-xl border p-4">
        <h2 id="sources-heading" className="text-sm font-semibold">
          By source (the box they signed up with)
        </h2>
        {counts.bySource.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">No sign-ups yet.</p>
        ) : (
          <dl className="mt-3 grid gap-2 text-sm">
            {counts.bySource.map(({ source, count }) => (
              <div key={source} className="grid grid-cols-[6rem_minmax(0,1fr)_3rem] items-center gap-3" data-source-count={source}>
                <dt className="capitalize">{source}</dt>
                <dd className="h-2 rounded-full bg-secondary" aria-hidden="true">
                  <span className="block h-2 rounded-full bg-primary" style={{ width: `${(count / largestSource) * 100}%` }} />
                </dd>
                <dd className="text-right tabular-nums">{number(count)}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      <Form method="get" role="search" aria-label="Subscribers" className="mt-6 flex flex-wrap items-end gap-2">
        <div className="grid min-w-0 flex-1 gap-1.5">
          <Label htmlFor="subscriber-search">Search by address</Label>
          <Input id="subscriber-search" name="q" type="search" defaultValue={filters.q} placeholder="name@example.com" className="min-w-48" />
        </div>
        {filters.state && <input type="hidden" name="state" value={filters.state} />}
        <Button type="submit">Search</Button>
        {filtered && (
          <Button asChild variant="ghost">
            <Link to="/admin/subscribers">Clear</Link>
          </Button>
        )}
      </Form>

      <ResultMessage result={reply} className="mt-4" />
      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
        {filtered ? `${number(total)} matching` : `${number(total)} in all`}
        {filters.q && <> for “{filters.q}”</>}
        {filters.state && <>, {STATE_TEXT[filters.state].label.toLowerCase()} only</>}. Newest first.
      </p>
      <AdminTable
        caption="Subscribers, newest first"
        rows={rows}
        rowKey={(row) => row.id}
        rowData={(row) => ({ "data-subscriber": row.email })}
        columns={[
          { header: "Address", rowHeader: true, cellClassName: "break-all font-medium", cell: (row) => row.email },
          { header: "Name", cell: (row) => row.name ?? <span className="text-muted-foreground">–</span> },
          { header: "State", cell: (row) => <Badge variant={STATE_TEXT[row.state].badge}>{STATE_TEXT[row.state].label}</Badge> },
          { header: "Source", cellClassName: "capitalize", cell: (row) => row.source },
          { header: "Signed up", cellClassName: "whitespace-nowrap", cell: (row) => formatDateTimeUtc(row.createdAt) },
          { header: "Remove", cell: (row) => <RemoveForm id={row.id} email={row.email} /> },
        ]}
        empty="No subscriber matches."
        pagination={{ page: filters.page, pageCount, hrefFor: ({ page }) => `/admin/subscribers${subscriberQuery({ ...filters, page })}` }}
        className="mt-2"
      />
    </main>
  );
}
