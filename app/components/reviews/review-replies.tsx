import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { useReplyToast } from "~/components/ui/toast";
import type { Reply } from "~/lib/reply";
import { REPLY_MAX, REPLY_ROLE_LABEL } from "~/lib/review/review-rules";
import { formatDayMonthYear } from "~/lib/ui/dates";

export type ReplyItem = { id: number; author: string; role: "editor" | "maker"; body: string; createdAt: string | Date; updatedAt: string | Date; isOwn: boolean };

/**
 * The public replies under a review (an editor's or the tool maker's, decision 023), and for those allowed to
 * reply, the form: a native disclosure posting to the tool page, so it works without JavaScript.
 */
export function ReviewReplies({ reviewId, author, replies, toolSlug, canReply }: { reviewId: number; author: string; replies: ReplyItem[]; toolSlug: string; canReply: boolean }) {
  const fetcher = useFetcher<Reply>({ key: `reply:${reviewId}` });
  useReplyToast(fetcher.data);
  const own = replies.find((reply) => reply.isOwn);
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors?.body : undefined;
  const fieldId = `reply-${reviewId}`;
  if (replies.length === 0 && !canReply) return null;
  return (
    <div className="mt-3 grid gap-2">
      {replies.length > 0 && (
        <ul className="grid gap-2" aria-label={`Replies to ${author}'s review`}>
          {replies.map((reply) => {
            const created = new Date(reply.createdAt);
            const edited = new Date(reply.updatedAt).getTime() - created.getTime() > 60_000;
            return (
              <li key={reply.id} className="rounded-md border-l-4 border-primary/60 bg-secondary/50 p-3 text-sm">
                <p className="font-semibold">
                  {reply.author} <span className="ml-1 rounded bg-primary px-1.5 py-0.5 text-xs font-semibold text-primary-foreground">{REPLY_ROLE_LABEL[reply.role]}</span>
                </p>
                <p className="mt-1 whitespace-pre-line break-words">{reply.body}</p>
                <p className="mt-1 text-xs text-muted-foreground">
                  <time dateTime={created.toISOString()}>{formatDayMonthYear(created)}</time>
                  {edited && " · edited"}
                </p>
              </li>
            );
          })}
        </ul>
      )}
      {canReply && (
        <details className="rounded-md border p-3 text-sm" open={Boolean(error)}>
          <summary className="cursor-pointer font-medium">{own ? "Edit your reply" : "Reply publicly"}</summary>
          <fetcher.Form method="post" action={`/tools/${toolSlug}`} className="mt-3 grid gap-2">
            <input type="hidden" name="intent" value="reply" />
            <input type="hidden" name="id" value={reviewId} />
            <label htmlFor={fieldId} className="font-medium">
              Your reply to {author}
            </label>
            <textarea
              id={fieldId}
              name="body"
              rows={4}
              maxLength={REPLY_MAX}
              required
              defaultValue={own?.body}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${fieldId}-error` : undefined}
              className="w-full rounded-md border border-input bg-background px-3 py-2"
            />
            {error && (
              <p id={`${fieldId}-error`} className="font-medium text-destructive">
                {error}
              </p>
            )}
            <p className="text-xs text-muted-foreground">Shown under the review with your name and role; one reply per review, which you can edit.</p>
            <Button type="submit" size="sm" className="justify-self-start" disabled={fetcher.state !== "idle"}>
              {own ? "Save reply" : "Publish reply"}
            </Button>
          </fetcher.Form>
        </details>
      )}
    </div>
  );
}

/**
 * The author's proof of use for their own review: a private screenshot for the editors (decision 023). A plain
 * multipart form inside a disclosure, so it works without JavaScript.
 */
export function ProofForm({ reviewId, toolSlug, state, redirectTo }: { reviewId: number; toolSlug: string; state: "none" | "pending" | "verified"; redirectTo?: string }) {
  const fetcher = useFetcher<Reply>({ key: `proof:${reviewId}` });
  useReplyToast(fetcher.data);
  if (state === "verified") return null;
  const sent = state === "pending" || fetcher.data?.ok === true;
  const fieldId = `proof-${reviewId}${redirectTo ? "-profile" : ""}`;
  const error = fetcher.data && !fetcher.data.ok ? (fetcher.data.toast.description ?? fetcher.data.toast.title) : undefined;
  return (
    <details className="mt-3 rounded-md border p-3 text-sm">
      <summary className="cursor-pointer font-medium">{sent ? "Proof of use sent: waiting for an editor" : "Get the 'Verified user' badge"}</summary>
      <p className="mt-2 text-muted-foreground">
        Send a screenshot of your account or invoice page for this tool. Only our editors see it, and it is deleted as soon as they have looked at it. Hide card numbers first.
      </p>
      <fetcher.Form method="post" action={`/tools/${toolSlug}`} encType="multipart/form-data" className="mt-3 grid gap-2">
        <input type="hidden" name="intent" value="proof" />
        <input type="hidden" name="id" value={reviewId} />
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        <label htmlFor={fieldId} className="font-medium">
          {sent ? "Replace the screenshot" : "Screenshot (JPEG, PNG, GIF or WebP, up to 5 MB)"}
        </label>
        <input
          id={fieldId}
          type="file"
          name="proof"
          accept="image/jpeg,image/png,image/gif,image/webp"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          className="text-sm"
        />
        {error && (
          <p id={`${fieldId}-error`} className="font-medium text-destructive">
            {error}
          </p>
        )}
        <Button type="submit" size="sm" variant="outline" className="justify-self-start" disabled={fetcher.state !== "idle"}>
          Send privately
        </Button>
      </fetcher.Form>
    </details>
  );
}
