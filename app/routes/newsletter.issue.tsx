import type { RouteHandle } from "~/lib/route-handle";
import { Link } from "react-router";
import { IssueArticle } from "~/components/newsletter/issue-article";
import { FEEDS } from "~/lib/seo/feeds";
import { ISSUE_SLUG_PATTERN } from "~/lib/newsletter/issue";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { formatLongDate } from "~/lib/ui/dates";
import { getSentIssue } from "~/models/newsletter/issue-queries.server";
import { notFound } from "~/utils/not-found.server";
import type { Route } from "./+types/newsletter.issue";

export const handle = {
  cache: "shared-with-personal-parts",
  // A page to read: sent without React's client (decision 049).
  hydrate: false as const,
  breadcrumb: (data: unknown) => (data as { issue?: { view: { subject: string } } } | undefined)?.issue?.view.subject,
} satisfies RouteHandle;

export const links: Route.LinksFunction = () => [{ rel: "alternate", type: "application/rss+xml", title: FEEDS.newsletter.title, href: FEEDS.newsletter.path }];

/** The web copy of a sent issue (decision 061); a draft or a scheduled issue has no public address. */
export async function loader({ params }: Route.LoaderArgs) {
  const issue = ISSUE_SLUG_PATTERN.test(params.slug) ? await getSentIssue(params.slug) : null;
  if (!issue) throw notFound("page");
  return { issue };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { issue } = loaderData;
  const count = issue.view.groups.reduce((sum, group) => sum + group.items.length, 0);
  return pageMeta({
    title: issue.view.subject,
    description: `The newsletter issue sent on ${formatLongDate(issue.sentDay)}: ${count} ${count === 1 ? "item" : "items"}, each linking to its page.`,
    path: `/newsletter/${issue.slug}`,
    siteUrl: siteUrlOf(matches),
    ogType: "article",
  });
}

export default function NewsletterIssue({ loaderData }: Route.ComponentProps) {
  const { issue } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10">
      <IssueArticle issue={issue.view} sentDay={issue.sentDay} />
      <p className="mt-10 border-t pt-6 text-sm">
        <Link to="/newsletter" className="underline underline-offset-2">
          Every issue, and the sign-up form
        </Link>
      </p>
    </main>
  );
}
