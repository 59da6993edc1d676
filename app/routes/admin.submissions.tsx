import type { RouteHandle } from "~/lib/route-handle";
import { requestedPage } from "~/lib/ui/paging";
import { Link } from "react-router";
import { LinkTabs, tabOf, type LinkTab } from "~/components/ui/link-tabs";
import { Pagination } from "~/components/ui/pagination";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { MAKER_ROLE_LABELS, SUBMISSION_STATUS_LABELS, type MakerRole, type SubmissionStatus } from "~/lib/submission/submissions";
import { utcTime } from "~/lib/submission/submission-text";
import { listSubmissions } from "~/models/submission/queries.server";
import { requireRole } from "~/utils/guards.server";
import { notFound } from "~/utils/not-found.server";
import type { Route } from "./+types/admin.submissions";
import { formatNumber } from "~/lib/ui/numbers";

export const handle = { cache: "personal" } satisfies RouteHandle;

const TABS: readonly LinkTab<SubmissionStatus>[] = [
  { id: "pending", label: "Pending" },
  { id: "approved", label: "Approved" },
  { id: "rejected", label: "Rejected" },
];

/** The editors' queue of maker submissions: pending ones oldest first, reviewed ones newest first. */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "editor");
  const params = new URL(args.request.url).searchParams;
  const status = tabOf(TABS, params.get("tab"));
  const page = requestedPage(params);
  if (page === null) throw notFound("page");
  const queue = await listSubmissions({ status, page });
  if (page > queue.pageCount) throw notFound("page");
  return { ...queue, status, page };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: "Submissions", description: "Tools proposed by makers and readers.", path: "/admin/submissions", siteUrl: siteUrlOf(matches), noindex: true });
}

export default function AdminSubmissions({ loaderData }: Route.ComponentProps) {
  const { rows, totals, status, page, pageCount } = loaderData;
  const tabs = TABS.map((tab) => ({ ...tab, label: `${tab.label} (${formatNumber(totals[tab.id])})` }));
  return (
    <main id="main" className="min-w-0">
      <h1 className="text-2xl font-bold tracking-tight">Submissions</h1>
      <p className="mt-1 text-muted-foreground">Tools proposed at /submit. Open one to correct it, then approve or reject it.</p>
      <div className="mt-4">
        <LinkTabs label="Submission status" tabs={tabs} current={status} />
      </div>
      {rows.length === 0 ? (
        <p className="mt-6 text-muted-foreground">
          {status === "pending" ? "Nothing is waiting for review." : `No ${SUBMISSION_STATUS_LABELS[status].toLowerCase()} submissions yet.`}
        </p>
      ) : (
        <ul className="mt-4 grid gap-3" aria-label={`${SUBMISSION_STATUS_LABELS[status]} submissions`}>
          {rows.map((row) => (
            <li key={row.id} data-submission-id={row.id} className="rounded-lg border bg-card p-4 shadow-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-base font-semibold">
                  <Link to={`/admin/submissions/${row.id}`} className="text-primary underline-offset-4 hover:underline">
                    {row.name}
                  </Link>
                </h2>
                <span className="text-xs text-muted-foreground">
                  {status === "pending" ? "Submitted" : SUBMISSION_STATUS_LABELS[status]} {utcTime(status === "pending" ? row.createdAt : (row.reviewedAt ?? row.createdAt))}
                </span>
              </div>
              <p className="mt-1 break-all text-sm">
                {row.domain} · {row.categoryName}
              </p>
              <p className="mt-1 text-sm text-muted-foreground">
                By {row.submitterName} <span className="break-all">({row.submitterEmail})</span>: {MAKER_ROLE_LABELS[row.makerRole as MakerRole]}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={({ page: next }) => `/admin/submissions?tab=${status}&page=${next}`} />
    </main>
  );
}
