import { Pagination } from "~/components/ui/pagination";
import { pageMeta, siteUrlOf } from "~/lib/seo";
import { listAudit } from "~/models/admin/audit.server";
import { requireRole } from "~/utils/guards.server";
import { notFound } from "~/utils/not-found.server";
import type { Route } from "./+types/admin.audit";
import { countOf } from "~/lib/plural";

/** The owner reads every admin action: who, what, when, and the fields before and after. */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "owner");
  const page = Number(new URL(args.request.url).searchParams.get("page") ?? "1");
  if (!Number.isInteger(page) || page < 1) throw notFound("page");
  const audit = await listAudit({ page });
  if (page > audit.pageCount) throw notFound("page");
  return { ...audit, page };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: "Audit log", description: "Every action taken in the admin area.", path: "/admin/audit", siteUrl: siteUrlOf(matches), noindex: true });
}

const when = (date: Date | string) => new Date(date).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";
const json = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value));

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount } = loaderData;
  return (
    <main id="main" className="min-w-0">
      <h1 className="text-2xl font-bold tracking-tight">Audit log</h1>
      <p className="mt-1 text-muted-foreground">{countOf(total, "action")}, newest first.</p>
      {rows.length === 0 ? (
        <p className="mt-6 text-muted-foreground">No action has been taken in the admin area yet.</p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-lg border" tabIndex={0} role="region" aria-label="Audit log entries (scrolls sideways)">
          <table className="w-full text-left text-sm">
            <thead className="bg-secondary/60">
              <tr>
                {["When", "Who", "Action", "Target", "Before", "After"].map((heading) => (
                  <th key={heading} scope="col" className="whitespace-nowrap px-3 py-2">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t align-top" data-audit-action={row.action}>
                  <td className="whitespace-nowrap px-3 py-2">{when(row.createdAt)}</td>
                  <td className="break-all px-3 py-2">{row.actorEmail}</td>
                  <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{row.action}</td>
                  <td className="px-3 py-2 font-mono text-xs">
                    {row.targetType} {row.targetId}
                  </td>
                  <td className="max-w-64 break-words px-3 py-2 font-mono text-xs">{json(row.before)}</td>
                  <td className="max-w-64 break-words px-3 py-2 font-mono text-xs">{json(row.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pageCount > 1 && <Pagination page={page} pageCount={pageCount} hrefFor={({ page: next }) => `/admin/audit?page=${next}`} />}
    </main>
  );
}
