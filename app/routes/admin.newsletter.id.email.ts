import type { RouteHandle } from "~/lib/route-handle";
import { newsletterIssueEmail } from "~/emails/newsletter.server";
import { getIssueForEditor, issueView } from "~/models/newsletter/issue-queries.server";
import { issueEmailContent } from "~/models/newsletter/issues.server";
import { getEnv } from "~/utils/env.server";
import { requireRole } from "~/utils/guards.server";
import { notFound } from "~/utils/not-found.server";
import type { Route } from "./+types/admin.newsletter.id.email";

export const handle = { cache: "personal" } satisfies RouteHandle;

/**
 * The issue's email exactly as the sender writes it (the message's own HTML document, made by the same functions),
 * addressed to the editor, for a look before sending. A document of the editor's own: never cached.
 */
export async function loader(args: Route.LoaderArgs) {
  const viewer = requireRole(args, "editor");
  const id = /^\d{1,15}$/.test(args.params.id) ? Number(args.params.id) : null;
  const issue = id === null ? null : await getIssueForEditor(id);
  if (!issue) throw notFound("page");
  const site = getEnv().SITE_URL;
  const email = newsletterIssueEmail({ name: viewer.name, email: viewer.email }, issueEmailContent(issueView(issue)), {
    web: issue.slug ? `${site}/newsletter/${issue.slug}` : `${site}/admin/newsletter/${issue.id}/preview`,
    unsubscribe: `${site}/newsletter/unsubscribe`,
  });
  return new Response(email.html, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } });
}
