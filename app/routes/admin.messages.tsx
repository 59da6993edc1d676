import type { RouteHandle } from "~/lib/route-handle";
import { Link } from "react-router";
import { Pagination } from "~/components/ui/pagination";
import { cn } from "~/lib/ui/cn";
import { formatDateTimeUtc } from "~/lib/ui/dates";
import { durationWords } from "~/lib/ui/durations";
import { UNANSWERED_AFTER_HOURS } from "~/models/contact/reply-time.server";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { listMessages } from "~/models/contact/inbox.server";
import { requireRole } from "~/utils/guards.server";
import { notFound } from "~/utils/not-found.server";
import { requestedPage } from "~/lib/ui/paging";
import type { Route } from "./+types/admin.messages";
import { formatNumber } from "~/lib/ui/numbers";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** The inbox: contact messages newest first, unread ones in bold with a mark. Opening one is a plain link (a GET changes nothing). */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "editor");
  const page = requestedPage(new URL(args.request.url).searchParams);
  if (page === null) throw notFound("page");
  const inbox = await listMessages({ page });
  if (page > inbox.pageCount) throw notFound("page");
  // Ages by this render's clock, in words here so the page and its hydration agree.
  const now = Date.now();
  const rows = inbox.rows.map((row) => {
    const ageMs = now - new Date(row.createdAt).getTime();
    return { ...row, age: durationWords(ageMs), overdue: !row.repliedAt && ageMs > UNANSWERED_AFTER_HOURS * 3_600_000 };
  });
  return { ...inbox, rows, page, unansweredAfterHours: UNANSWERED_AFTER_HOURS };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: "Messages", description: "Messages sent from the contact form.", path: "/admin/messages", siteUrl: siteUrlOf(matches), noindex: true });
}

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { rows, total, unread, page, pageCount, unansweredAfterHours } = loaderData;
  return (
    <main id="main" className="min-w-0">
      <h1 className="text-2xl font-bold tracking-tight">Messages</h1>
      <p className="mt-1 text-muted-foreground" data-unread={unread}>
        {total === 0 ? "No messages yet." : `${formatNumber(unread)} unread of ${formatNumber(total)}, newest first.`}
      </p>
      <p className="mt-1 text-sm text-muted-foreground">
        A message not marked answered {unansweredAfterHours} hours after it arrived is marked “Unanswered”. Mark a message answered on its page once you have replied: /contact
        publishes the median reply time from those marks.
      </p>
      {rows.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed p-6 text-muted-foreground">Messages sent from the contact page will appear here.</p>
      ) : (
        <ul className="mt-4 divide-y overflow-hidden rounded-lg border">
          {rows.map((row) => {
            const isUnread = !row.readAt;
            return (
              <li
                key={row.id}
                data-message-id={row.id}
                data-unread={isUnread ? "true" : "false"}
                data-overdue={row.overdue ? "true" : "false"}
                className={cn(isUnread ? "bg-card" : "bg-secondary/30")}
              >
                <Link
                  to={`/admin/messages/${row.id}`}
                  className="grid gap-1 px-4 py-3 hover:bg-secondary focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:grid-cols-[1.25rem_minmax(0,14rem)_minmax(0,1fr)_auto] sm:items-baseline sm:gap-3"
                >
                  <span aria-hidden="true" className={cn("hidden size-2.5 rounded-full sm:inline-block", isUnread ? "bg-primary" : "bg-transparent")} />
                  <span className={cn("truncate", isUnread ? "font-semibold" : "text-muted-foreground")}>
                    {isUnread && <span className="sr-only">Unread: </span>}
                    {row.firstName} {row.lastName}
                  </span>
                  <span className="min-w-0">
                    <span className={cn("block truncate", isUnread && "font-semibold")}>{row.subject}</span>
                    <span className="block truncate text-sm text-muted-foreground">{row.preview}</span>
                  </span>
                  <span className="flex flex-wrap items-baseline gap-x-2 text-xs sm:flex-col sm:items-end">
                    <time dateTime={new Date(row.createdAt).toISOString()} className="whitespace-nowrap text-muted-foreground" title={formatDateTimeUtc(row.createdAt)}>
                      {row.age} old
                    </time>
                    {row.repliedAt ? (
                      <span className="whitespace-nowrap text-muted-foreground">Answered</span>
                    ) : row.overdue ? (
                      <span className="whitespace-nowrap rounded bg-destructive/10 px-1.5 font-semibold text-destructive">Unanswered after {unansweredAfterHours} h</span>
                    ) : null}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={({ page: next }) => `/admin/messages?page=${next}`} />
    </main>
  );
}
