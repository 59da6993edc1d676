import type { RouteHandle } from "~/lib/route-handle";
import { Form, Link, useActionData } from "react-router";
import { IssueProgress, STATUS_BADGE, useRefreshWhile } from "~/components/admin/issue-progress";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ResultMessage } from "~/components/ui/form-parts";
import { issueStateLabel } from "~/lib/newsletter/issue";
import type { Reply } from "~/lib/reply";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { formatDateTimeUtc } from "~/lib/ui/dates";
import { countOf } from "~/lib/ui/plural";
import { listIssuesForAdmin } from "~/models/newsletter/issue-queries.server";
import { draftIssueWrite } from "~/models/newsletter/writes.server";
import { requireRole } from "~/utils/guards.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/admin.newsletter";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** The newsletter's issues (issue 41, decision 061): drafts, scheduled, sending (with progress) and sent. */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "editor");
  return { issues: await listIssuesForAdmin() };
}

export function action(args: Route.ActionArgs) {
  return formWrite(args, {
    draft: { spec: draftIssueWrite, options: { redirect: { when: "always", to: (_fields, result) => `/admin/newsletter/${(result as { id: number }).id}` } } },
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: "Newsletter issues", description: "Draft, preview and send the newsletter.", path: "/admin/newsletter", siteUrl: siteUrlOf(matches), noindex: true });
}

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  const { issues } = loaderData;
  const reply = useActionData<typeof action>() as Reply | undefined;
  const sending = issues.some((issue) => issue.status === "sending" || (issue.status === "sent" && issue.delivered + issue.failed < issue.queued));
  useRefreshWhile(sending);
  return (
    <main id="main" className="min-w-0">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Newsletter issues</h1>
          <p className="mt-1 max-w-2xl text-muted-foreground">
            A draft lists what the site recorded since the last sent issue (the last 7 days before the first): price and plan changes, tools added, in-depth reviews and articles
            published, deals added or ended. Sent issues are public at{" "}
            <Link to="/newsletter" className="underline underline-offset-2">
              /newsletter
            </Link>
            .
          </p>
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value="draft" />
          <Button type="submit">Draft from this week</Button>
        </Form>
      </div>
      <ResultMessage result={reply} className="mt-4" />
      {sending && (
        <p className="mt-4 text-sm" role="status">
          An issue is going out; the counts below follow it.{" "}
          <Link to="/admin/newsletter" className="underline underline-offset-2">
            Refresh
          </Link>
        </p>
      )}
      {issues.length === 0 ? (
        <p className="mt-6 text-muted-foreground">No issue yet. Draft the first one from this week.</p>
      ) : (
        <ul className="mt-6 grid gap-3" data-issue-list>
          {issues.map((issue) => (
            <li key={issue.id} className="rounded-xl border bg-card p-4" data-issue-row={issue.id} data-issue-status={issue.status}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <Link to={`/admin/newsletter/${issue.id}`} className="font-semibold underline-offset-4 hover:underline wrap-anywhere">
                  {issue.subject}
                </Link>
                <Badge variant={STATUS_BADGE[issue.status]}>{issueStateLabel(issue)}</Badge>
              </div>
              <p className="mt-1 text-sm text-muted-foreground">
                {countOf(issue.itemCount, "item")}
                {issue.status === "scheduled" && issue.scheduledAt && ` · goes out ${formatDateTimeUtc(issue.scheduledAt)}`}
                {issue.status === "sent" && issue.sentAt && ` · sent ${formatDateTimeUtc(issue.sentAt)}`}
                {issue.status === "draft" && ` · drafted ${formatDateTimeUtc(issue.createdAt)}`}
                {issue.slug && issue.status === "sent" && (
                  <>
                    {" · "}
                    <Link to={`/newsletter/${issue.slug}`} className="underline underline-offset-2">
                      web copy
                    </Link>
                  </>
                )}
              </p>
              {(issue.status === "sending" || issue.status === "sent") && <IssueProgress queued={issue.queued} delivered={issue.delivered} failed={issue.failed} />}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
