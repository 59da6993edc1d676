import type { RouteHandle } from "~/lib/route-handle";
import { Link } from "react-router";
import { IssueArticle } from "~/components/newsletter/issue-article";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { getIssueForEditor, issueView } from "~/models/newsletter/issue-queries.server";
import { requireRole } from "~/utils/guards.server";
import { notFound } from "~/utils/not-found.server";
import type { Route } from "./+types/admin.newsletter.id.preview";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** The issue as its public page will show it (the same component as /newsletter/<slug>), before it is sent. */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "editor");
  const id = /^\d{1,15}$/.test(args.params.id) ? Number(args.params.id) : null;
  const issue = id === null ? null : await getIssueForEditor(id);
  if (!issue) throw notFound("page");
  const view = issueView(issue);
  return { id: issue.id, sentDay: issue.sentAt ? new Date(issue.sentAt).toISOString().slice(0, 10) : null, view };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: "Issue preview",
    description: "A newsletter issue as its web page.",
    path: `/admin/newsletter/${loaderData?.id ?? ""}/preview`,
    siteUrl: siteUrlOf(matches),
    noindex: true,
  });
}

export default function IssuePreview({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="min-w-0 max-w-3xl">
      <p className="mb-6 rounded-md border border-dashed p-3 text-sm" role="note">
        Preview of the web copy.{" "}
        <Link to={`/admin/newsletter/${loaderData.id}`} className="underline underline-offset-2">
          Back to the issue
        </Link>
      </p>
      <IssueArticle issue={loaderData.view} sentDay={loaderData.sentDay} />
    </main>
  );
}
