import type { RouteHandle } from "~/lib/route-handle";
import { Link } from "react-router";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { dashboardCounts, type QueueRow } from "~/models/admin/dashboard.server";
import { requireRole } from "~/utils/guards.server";
import type { Route } from "./+types/admin._index";
import { formatNumber } from "~/lib/ui/numbers";

export const handle = { cache: "personal" } satisfies RouteHandle;

export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "editor");
  return { counts: await dashboardCounts() };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: "Admin dashboard", description: "What needs attention today.", path: "/admin", siteUrl: siteUrlOf(matches), noindex: true });
}

/** The job queue's state (decision 065): a row per queue, numbers right-aligned. */
const queueColumns: AdminColumn<QueueRow>[] = [
  { header: "Queue", rowHeader: true, cell: (row) => row.label, className: "font-medium" },
  { header: "Waiting", cell: (row) => row.waiting, className: "text-right tabular-nums", cellData: () => ({ "data-queue-count": "waiting" }) },
  { header: "Running", cell: (row) => row.active, className: "text-right tabular-nums", cellData: () => ({ "data-queue-count": "active" }) },
  { header: "Failed", cell: (row) => row.failed, className: "text-right tabular-nums", cellData: () => ({ "data-queue-count": "failed" }) },
  { header: "Last completed", cell: (row) => row.lastCompleted ?? "never", className: "whitespace-nowrap", cellData: () => ({ "data-queue-count": "last-completed" }) },
];

type Card = { label: string; value: number; hint: string; to?: string; linkText?: string };

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { counts } = loaderData;
  const cards: Card[] = [
    { label: "Open reports", value: counts.openReports, hint: "reported reviews no editor has acted on", to: "/admin/reports" },
    { label: "Proofs of use", value: counts.pendingProofs, hint: "reviewers waiting for a 'Verified user' decision", to: "/admin/proofs" },
    { label: "Pending submissions", value: counts.pendingSubmissions, hint: "tools waiting for an editor", to: "/admin/submissions" },
    { label: "Unread messages", value: counts.unreadMessages, hint: "contact messages no editor has opened", to: "/admin/messages", linkText: "Open the inbox" },
    { label: "New subscribers", value: counts.newSubscribers, hint: "confirmed, last 7 days", to: "/admin/subscribers", linkText: "See subscribers" },
    { label: "Outbound clicks", value: counts.clicks, hint: "last 7 days", to: "/admin/clicks", linkText: "See clicks" },
    { label: "Dead links", value: counts.deadLinks, hint: "failed three checks in a row", to: "/admin/links?show=broken" },
    { label: "Unconfirmed prices", value: counts.unconfirmedPrices, hint: "tools whose prices no editor has confirmed on the vendor's page", to: "/admin/prices" },
  ];
  return (
    <main id="main" className="min-w-0">
      <h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
      <p className="mt-1 text-muted-foreground">What needs attention today.</p>
      {counts.linkOutage && (
        <p role="alert" data-link-outage className="mt-4 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm font-medium">
          {counts.linkOutage}{" "}
          <Link to="/admin/links" className="underline underline-offset-4">
            See link health
          </Link>
        </p>
      )}
      {counts.mailUndelivered && (
        <p role="alert" data-mail-undelivered className="mt-4 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm font-medium">
          {counts.mailUndelivered}
        </p>
      )}
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {cards.map((card) => (
          <li key={card.label} className="rounded-xl border bg-card p-5 shadow-sm">
            <p className="text-sm font-medium text-muted-foreground">{card.label}</p>
            <p className="mt-1 text-3xl font-bold tabular-nums">{formatNumber(card.value)}</p>
            <p className="mt-1 text-xs text-muted-foreground">{card.hint}</p>
            {card.to && (
              <Link to={card.to} className="mt-3 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline">
                {card.linkText ?? "Open the queue"}
                <span className="sr-only">: {card.label}</span>
              </Link>
            )}
          </li>
        ))}
      </ul>
      <section aria-labelledby="jobs-heading" className="mt-8">
        <h2 id="jobs-heading" className="text-lg font-semibold">
          Background jobs
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Each queue of the job queue now: jobs waiting (or waiting to be retried), running, failed for good, and when one last completed.
        </p>
        <AdminTable
          caption="Job queues"
          columns={queueColumns}
          rows={counts.queues}
          rowKey={(row) => row.name}
          rowData={(row) => ({ "data-queue": row.name })}
          empty="The job queue has no queues."
          className="mt-3"
        />
      </section>
    </main>
  );
}
