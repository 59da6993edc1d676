import type { RouteHandle } from "~/lib/route-handle";
import { formatDateTimeUtc } from "~/lib/ui/dates";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { listAudit } from "~/models/admin/audit.server";
import { requireRole } from "~/utils/guards.server";
import { notFound } from "~/utils/not-found.server";
import { requestedPage } from "~/lib/ui/paging";
import type { Route } from "./+types/admin.audit";
import { countOf } from "~/lib/ui/plural";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** The owner reads every admin action: who, what, when, and the fields before and after. */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "owner");
  const page = requestedPage(new URL(args.request.url).searchParams);
  if (page === null) throw notFound("page");
  const audit = await listAudit({ page });
  if (page > audit.pageCount) throw notFound("page");
  return { ...audit, page };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: "Audit log", description: "Every action taken in the admin area.", path: "/admin/audit", siteUrl: siteUrlOf(matches), noindex: true });
}

const json = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value));

const COLUMNS: AdminColumn<Route.ComponentProps["loaderData"]["rows"][number]>[] = [
  { header: "When", cell: (row) => formatDateTimeUtc(row.createdAt), cellClassName: "whitespace-nowrap" },
  { header: "Who", cell: (row) => row.actorEmail, cellClassName: "break-all" },
  { header: "Action", cell: (row) => row.action, cellClassName: "whitespace-nowrap font-mono text-xs" },
  {
    header: "Target",
    cell: (row) => (
      <>
        {row.targetType} {row.targetId}
      </>
    ),
    cellClassName: "font-mono text-xs",
  },
  { header: "Before", cell: (row) => json(row.before), cellClassName: "max-w-64 break-words font-mono text-xs" },
  { header: "After", cell: (row) => json(row.after), cellClassName: "max-w-64 break-words font-mono text-xs" },
];

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount } = loaderData;
  return (
    <main id="main" className="min-w-0">
      <h1 className="text-2xl font-bold tracking-tight">Audit log</h1>
      <p className="mt-1 text-muted-foreground">{countOf(total, "action")}, newest first.</p>
      <AdminTable
        caption="Audit log entries, newest first"
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.id}
        rowData={(row) => ({ "data-audit-action": row.action })}
        empty="No action has been taken in the admin area yet."
        pagination={{ page, pageCount, hrefFor: ({ page: next }) => `/admin/audit?page=${next}` }}
        className="mt-4"
      />
    </main>
  );
}
