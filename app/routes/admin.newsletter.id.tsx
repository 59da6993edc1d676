import type { RouteHandle } from "~/lib/route-handle";
import { Form, Link, useActionData } from "react-router";
import { IssueProgress, STATUS_BADGE, useRefreshWhile } from "~/components/admin/issue-progress";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field, ResultMessage, TextareaField } from "~/components/ui/form-parts";
import { ISSUE_KIND_HEADINGS, issueStateLabel } from "~/lib/newsletter/issue";
import { replyFor, type Reply } from "~/lib/reply";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { formatDateTimeUtc, formatLongDate } from "~/lib/ui/dates";
import { countOf } from "~/lib/ui/plural";
import { getIssueForEditor } from "~/models/newsletter/issue-queries.server";
import { deleteIssueWrite, saveIssueWrite, scheduleIssueWrite, sendIssueNowWrite, sendTestIssueWrite, unscheduleIssueWrite } from "~/models/newsletter/writes.server";
import { requireRole } from "~/utils/guards.server";
import { notFound } from "~/utils/not-found.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/admin.newsletter.id";

export const handle = { cache: "personal" } satisfies RouteHandle;

const idOf = (value: string) => (/^\d{1,15}$/.test(value) ? Number(value) : null);

/** One issue: its editor while it is a draft or scheduled, its progress while it sends, its record once sent. */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "editor");
  const id = idOf(args.params.id);
  const issue = id === null ? null : await getIssueForEditor(id);
  if (!issue) throw notFound("page");
  return { issue };
}

export function action(args: Route.ActionArgs) {
  const urlFields = { id: args.params.id };
  const back = { when: "without-script" as const, to: () => `/admin/newsletter/${args.params.id}` };
  return formWrite(args, {
    save: { spec: saveIssueWrite, options: { urlFields } },
    test: { spec: sendTestIssueWrite, options: { urlFields, redirect: back } },
    send: { spec: sendIssueNowWrite, options: { urlFields, redirect: back } },
    schedule: { spec: scheduleIssueWrite, options: { urlFields } },
    unschedule: { spec: unscheduleIssueWrite, options: { urlFields, redirect: back } },
    delete: { spec: deleteIssueWrite, options: { urlFields, redirect: { when: "always", to: () => "/admin/newsletter" } } },
  });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: loaderData ? `Issue: ${loaderData.issue.subject}`.slice(0, 60) : "Newsletter issue",
    description: "Edit, preview and send a newsletter issue.",
    path: `/admin/newsletter/${loaderData?.issue.id ?? ""}`,
    siteUrl: siteUrlOf(matches),
    noindex: true,
  });
}

export default function AdminNewsletterIssue({ loaderData }: Route.ComponentProps) {
  const { issue } = loaderData;
  const reply = useActionData<typeof action>() as Reply | undefined;
  const editable = issue.status === "draft" || issue.status === "scheduled";
  const saveReply = replyFor(reply, "save");
  const values = saveReply?.values;
  useRefreshWhile(issue.status === "sending" || (issue.status === "sent" && issue.delivered + issue.failed < issue.queued));
  return (
    <main id="main" className="min-w-0 max-w-3xl">
      <p className="text-sm">
        <Link to="/admin/newsletter" className="underline underline-offset-2">
          All issues
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-bold tracking-tight wrap-anywhere">{issue.subject}</h1>
        <Badge variant={STATUS_BADGE[issue.status]} data-issue-state={issue.status}>
          {issueStateLabel(issue)}
        </Badge>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">
        Drafted from what was recorded from {formatDateTimeUtc(issue.periodStart)} to {formatDateTimeUtc(issue.periodEnd)}.
        {issue.status === "scheduled" && issue.scheduledAt && ` Goes out ${formatDateTimeUtc(issue.scheduledAt)}.`}
        {issue.sentAt && ` Sent ${formatDateTimeUtc(issue.sentAt)}.`}
      </p>
      <ResultMessage result={reply} className="mt-4" />

      {(issue.status === "sending" || issue.status === "sent") && (
        <section aria-labelledby="progress-heading" className="mt-6 rounded-xl border p-4">
          <h2 id="progress-heading" className="font-semibold">
            Delivery
          </h2>
          <p className="text-sm text-muted-foreground">
            {issue.status === "sending"
              ? "Messages are being queued for every confirmed subscriber."
              : issue.delivered + issue.failed < issue.queued
                ? "Every message is queued; the outbox is delivering them."
                : "Every message is queued and handed to the mail server or refused (refused ones are retried)."}
          </p>
          <IssueProgress queued={issue.queued} delivered={issue.delivered} failed={issue.failed} audience={issue.audience} />
          {issue.status === "sending" && (
            <p className="mt-2 text-sm">
              <Link to={`/admin/newsletter/${issue.id}`} className="underline underline-offset-2">
                Refresh
              </Link>
            </p>
          )}
          {issue.status === "sent" && issue.slug && (
            <p className="mt-2 text-sm">
              Public at{" "}
              <Link to={`/newsletter/${issue.slug}`} className="underline underline-offset-2">
                /newsletter/{issue.slug}
              </Link>
            </p>
          )}
        </section>
      )}

      <nav aria-label="Previews" className="mt-6 flex flex-wrap gap-3">
        <Button asChild variant="outline">
          <Link to={`/admin/newsletter/${issue.id}/preview`}>Preview the web page</Link>
        </Button>
        <Button asChild variant="outline">
          <a href={`/admin/newsletter/${issue.id}/email`}>Preview the email</a>
        </Button>
      </nav>

      {editable ? (
        <Form method="post" className="mt-6 grid gap-5" data-issue-editor>
          <input type="hidden" name="intent" value="save" />
          <Field
            id="issue-subject"
            name="subject"
            label="Subject"
            required
            maxLength={150}
            defaultValue={values?.subject ?? issue.subject}
            error={saveReply?.fieldErrors?.subject}
          />
          <TextareaField
            id="issue-intro"
            name="intro"
            label="Introduction (optional, Markdown)"
            rows={5}
            maxLength={4000}
            defaultValue={values?.intro ?? issue.intro}
            hint="A few sentences before the items. Markdown: **bold**, [links](/tools), lists."
            error={saveReply?.fieldErrors?.intro}
          />
          <fieldset className="min-w-0">
            <legend className="font-semibold">Items ({issue.items.length})</legend>
            <p className="text-sm text-muted-foreground">Items appear under their headings in this order; a heading sits where its first item is. Tick Remove to cut an item.</p>
            {issue.items.length === 0 ? (
              <p className="mt-3 text-sm text-muted-foreground">Nothing was recorded in this window.</p>
            ) : (
              <ol className="mt-3 grid gap-2">
                {issue.items.map((item, index) => (
                  <li key={item.key} className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[minmax(0,1fr)_auto]" data-editor-item={item.key}>
                    <input type="hidden" name="item" value={item.key} />
                    <div className="min-w-0">
                      <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{ISSUE_KIND_HEADINGS[item.kind]}</p>
                      <a href={item.path} className="font-medium underline underline-offset-2 wrap-anywhere">
                        {item.title}
                      </a>
                      <p className="text-sm text-muted-foreground wrap-anywhere">{item.text}</p>
                      <p className="text-xs text-muted-foreground">{formatLongDate(item.date)}</p>
                    </div>
                    <div className="flex flex-wrap items-center gap-2">
                      <Button type="submit" name="move" value={`up:${item.key}`} variant="outline" size="sm" disabled={index === 0}>
                        Up<span className="sr-only">: move {item.title} up</span>
                      </Button>
                      <Button type="submit" name="move" value={`down:${item.key}`} variant="outline" size="sm" disabled={index === issue.items.length - 1}>
                        Down<span className="sr-only">: move {item.title} down</span>
                      </Button>
                      <label className="inline-flex min-h-6 items-center gap-1.5 text-sm">
                        <input type="checkbox" name="remove" value={item.key} className="size-4" />
                        Remove<span className="sr-only"> {item.title}</span>
                      </label>
                    </div>
                  </li>
                ))}
              </ol>
            )}
          </fieldset>
          <div>
            <Button type="submit">Save</Button>
          </div>
        </Form>
      ) : (
        <section aria-labelledby="issue-items-heading" className="mt-6">
          <h2 id="issue-items-heading" className="font-semibold">
            Items ({issue.items.length})
          </h2>
          <p className="text-sm text-muted-foreground">An issue that is sending or sent is kept as it went out. The previews show it whole.</p>
        </section>
      )}

      <section aria-labelledby="send-heading" className="mt-8 grid gap-4 rounded-xl border p-4">
        <h2 id="send-heading" className="font-semibold">
          Test and send
        </h2>
        <Form method="post" className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="test" />
          <Button type="submit" variant="outline">
            Send me a test
          </Button>
          <span className="text-sm text-muted-foreground">The issue as last saved, to your own address.</span>
        </Form>
        {editable && (
          <>
            <Form method="post" className="flex flex-wrap items-center gap-3">
              <input type="hidden" name="intent" value="send" />
              <Button type="submit">Send now</Button>
              <span className="text-sm text-muted-foreground">The issue as last saved, to {countOf(issue.audience, "confirmed subscriber")}. Save your changes first.</span>
            </Form>
            <Form method="post" className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="schedule" />
              <Field
                id="issue-at"
                name="at"
                type="datetime-local"
                label="Send at (UTC)"
                required
                defaultValue={replyFor(reply, "schedule")?.values?.at ?? (issue.scheduledAt ? new Date(issue.scheduledAt).toISOString().slice(0, 16) : undefined)}
                error={replyFor(reply, "schedule")?.fieldErrors?.at}
              />
              <Button type="submit" variant="outline">
                {issue.status === "scheduled" ? "Change the time" : "Schedule"}
              </Button>
            </Form>
          </>
        )}
        {issue.status === "scheduled" && (
          <Form method="post">
            <input type="hidden" name="intent" value="unschedule" />
            <Button type="submit" variant="outline">
              Back to draft
            </Button>
          </Form>
        )}
        {issue.status === "draft" && (
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <Button type="submit" variant="destructive">
              Delete this draft
            </Button>
          </Form>
        )}
      </section>
    </main>
  );
}
