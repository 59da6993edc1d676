import type { RouteHandle } from "~/lib/route-handle";
import { Form, useActionData } from "react-router";
import { ModeratedReview } from "~/components/admin/moderated-review";
import { formatDateTimeUtc } from "~/lib/ui/dates";
import { Button } from "~/components/ui/button";
import { ResultMessage } from "~/components/ui/form-parts";
import { Icon } from "~/components/ui/icon";
import type { Reply } from "~/lib/reply";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { listHiddenReviews, listOpenReports } from "~/models/moderation/queries.server";
import { deleteReviewAsEditorWrite, dismissReportsWrite, hideReviewWrite, restoreReviewWrite } from "~/models/moderation/writes.server";
import { requireRole } from "~/utils/guards.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/admin.reports";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** The report queue (decision 023): reported reviews with their reasons; hide, restore, delete or dismiss, each audited. */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "editor");
  const [open, hidden] = await Promise.all([listOpenReports(), listHiddenReviews()]);
  return { open, hidden };
}

export function action(args: Route.ActionArgs) {
  return formWrite(args, {
    hide: { spec: hideReviewWrite },
    restore: { spec: restoreReviewWrite },
    delete: { spec: deleteReviewAsEditorWrite },
    dismiss: { spec: dismissReportsWrite },
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: "Reports", description: "Reported reviews waiting for an editor.", path: "/admin/reports", siteUrl: siteUrlOf(matches), noindex: true });
}

const REASON_LABEL: Record<string, string> = {
  spam: "Spam or advertising",
  fake: "Looks fake or generated",
  offensive: "Offensive or abusive",
  "off-topic": "Not about this tool",
  other: "Something else",
};

function ActionButton({
  intent,
  id,
  label,
  variant = "outline",
  confirm,
}: {
  intent: string;
  id: number;
  label: string;
  variant?: "outline" | "destructive" | "default";
  confirm?: string;
}) {
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (confirm && !window.confirm(confirm)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" size="sm" variant={variant}>
        {label}
        <span className="sr-only"> review #{id}</span>
      </Button>
    </Form>
  );
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>() as Reply | undefined;
  const { open, hidden } = loaderData;
  return (
    <main id="main" className="min-w-0">
      <h1 className="text-2xl font-bold tracking-tight">Reports</h1>
      <p className="mt-1 max-w-2xl text-muted-foreground">
        Hiding a review takes it off the tool page and out of the ratings at once; its author still sees it, marked. Deleting removes it with its images. Dismissing keeps it
        published.
      </p>
      <ResultMessage result={reply} className="mt-4" />

      <section aria-labelledby="open-heading" className="mt-6">
        <h2 id="open-heading" className="text-lg font-semibold">
          Open reports ({open.length})
        </h2>
        {open.length === 0 ? (
          <p className="mt-3 rounded-lg border border-dashed p-6 text-center text-muted-foreground">No open reports. Nothing waits for you here.</p>
        ) : (
          <ul className="mt-3 grid gap-4">
            {open.map((review) => (
              <li key={review.id} className="rounded-xl border bg-card p-4 shadow-sm" data-reported-review={review.id}>
                <ModeratedReview review={review}>
                  <div className="rounded-md bg-secondary/60 p-3 text-sm">
                    <p className="font-medium">
                      {review.reportCount} {review.reportCount === 1 ? "report" : "reports"}, first{" "}
                      <time dateTime={new Date(review.firstReportedAt).toISOString()}>{formatDateTimeUtc(review.firstReportedAt)}</time>
                    </p>
                    <ul className="mt-1 flex flex-wrap gap-2" aria-label="Reasons">
                      {review.reasons.map(({ reason, count }) => (
                        <li key={reason} className="rounded-full border bg-background px-2 py-0.5 text-xs">
                          {REASON_LABEL[reason] ?? reason} × {count}
                        </li>
                      ))}
                    </ul>
                    {review.details.some((detail) => detail.text.includes(":")) && (
                      <ul className="mt-2 list-disc pl-5 text-xs text-muted-foreground" aria-label="Reporters' words">
                        {review.details
                          .filter((detail) => detail.text.includes(":"))
                          .map((detail, index) => (
                            <li key={index} className="break-words">
                              {detail.text.slice(detail.text.indexOf(":") + 1).trim()}
                            </li>
                          ))}
                      </ul>
                    )}
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <ActionButton intent="hide" id={review.id} label="Hide" variant="default" />
                    <ActionButton intent="dismiss" id={review.id} label="Dismiss reports" />
                    <ActionButton intent="delete" id={review.id} label="Delete" variant="destructive" confirm="Delete this review and its images? This cannot be undone." />
                  </div>
                </ModeratedReview>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="hidden-heading" className="mt-10">
        <h2 id="hidden-heading" className="text-lg font-semibold">
          Hidden reviews ({hidden.length})
        </h2>
        {hidden.length === 0 ? (
          <p className="mt-3 text-muted-foreground">No review is hidden.</p>
        ) : (
          <ul className="mt-3 grid gap-4">
            {hidden.map((review) => (
              <li key={review.id} className="rounded-xl border p-4" data-hidden-review={review.id}>
                <ModeratedReview review={review}>
                  <div className="flex flex-wrap gap-2">
                    <ActionButton intent="restore" id={review.id} label="Restore" />
                    <ActionButton intent="delete" id={review.id} label="Delete" variant="destructive" confirm="Delete this review and its images? This cannot be undone." />
                  </div>
                </ModeratedReview>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className="mt-8 flex items-center gap-2 text-sm text-muted-foreground">
        <Icon name="file-text" className="size-4" /> Every action here is written to the audit log.
      </p>
    </main>
  );
}
