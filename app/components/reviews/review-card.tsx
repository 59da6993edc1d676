import { lazy, Suspense, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { useAccountDialog } from "~/components/account/account-dialog";
import { StarRating } from "~/components/tool/star-rating";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/form-parts";
import { NoScriptDisclosure } from "~/components/ui/no-script-disclosure";
import { showMessage, useReplyToast } from "~/components/ui/toast";
import type { Reply } from "~/lib/reply";
import { Icon } from "~/components/ui/icon";
import { countOf } from "~/lib/ui/plural";
import { ProofForm, ReviewReplies, type ReplyItem } from "./review-replies";
import { formatDayMonthYear } from "~/lib/ui/dates";

// The enlarge and report dialogs load the first time one is opened.
const ImageDialog = lazy(() => import("./review-dialogs").then((module) => ({ default: module.ImageDialog })));
const ReportDialog = lazy(() => import("./review-dialogs").then((module) => ({ default: module.ReportDialog })));

export type ReviewItem = {
  id: number;
  author: string;
  rating: number;
  comment: string;
  images: string[];
  helpfulCount: number;
  createdAt: string | Date;
  updatedAt: string | Date;
  isOwn: boolean;
  voted: boolean;
  reported: boolean;
  /** An editor checked the author's proof of use (decision 023). */
  verified: boolean;
  replies: ReplyItem[];
};

const REPORT_REASONS = [
  ["spam", "Spam or advertising"],
  ["fake", "Looks fake or AI-generated"],
  ["offensive", "Offensive or abusive"],
  ["off-topic", "Not about this tool"],
  ["other", "Something else"],
] as const;

/**
 * One reader review with its actions: helpful vote, report, and the author's
 * edit and delete. Each action is a form posting to the tool page (intent +
 * review id), so it works as plain HTML; with JavaScript a fetcher sends it
 * and the dialogs and confirmations appear.
 */
type Props = {
  review: ReviewItem;
  toolSlug: string;
  signedIn: boolean;
  /** The viewer may reply publicly (an editor, or the tool's maker). */
  canReply?: boolean;
  /** On the viewer's own review: where their proof of use stands. */
  proofState?: "none" | "pending" | "verified";
};

function ReportFields({ review, idPrefix }: { review: ReviewItem; idPrefix: string }) {
  return (
    <>
      <input type="hidden" name="intent" value="report" />
      <input type="hidden" name="id" value={review.id} />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Reason</legend>
        {REPORT_REASONS.map(([value, label], index) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input type="radio" name="reason" value={value} defaultChecked={index === 0} className="size-4" /> {label}
          </label>
        ))}
      </fieldset>
      <label className="grid gap-1 text-sm" htmlFor={`${idPrefix}-details`}>
        Details (optional)
        <textarea id={`${idPrefix}-details`} name="details" maxLength={500} rows={3} className="rounded-md border border-input bg-background px-3 py-2" />
      </label>
    </>
  );
}

export function ReviewCard({ review, toolSlug, signedIn, canReply = false, proofState = "none" }: Props) {
  const vote = useFetcher<Reply>({ key: `helpful:${review.id}` });
  const remove = useFetcher<Reply>({ key: `delete:${review.id}` });
  const dialog = useAccountDialog();
  const hydrated = useHydrated();
  const [enlarged, setEnlarged] = useState<string | null>(null);
  const [reporting, setReporting] = useState(false);
  useReplyToast(vote.data);
  useReplyToast(remove.data);
  const action = `/tools/${toolSlug}`;
  const voted = review.voted || vote.data?.ok === true || vote.state !== "idle";
  const helpfulCount = vote.data?.ok ? (vote.data.data as { helpfulCount: number }).helpfulCount : review.helpfulCount;
  const created = new Date(review.createdAt);
  const edited = new Date(review.updatedAt).getTime() - created.getTime() > 60_000;

  function requireSignIn(event?: FormEvent) {
    if (signedIn) return false;
    event?.preventDefault();
    showMessage("authRequiredFeedback");
    dialog.open("signin", "vote");
    return true;
  }

  return (
    <li className="rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          {review.author}
          {review.verified && (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100">
              <Icon name="badge-check" className="size-3.5" /> Verified user
            </span>
          )}
        </p>
        <StarRating rating={review.rating} label={`${review.author}'s rating`} />
      </div>
      <p className="text-xs text-muted-foreground">
        <time dateTime={created.toISOString()}>{formatDayMonthYear(created)}</time>
        {edited && " · edited"}
        {review.isOwn && " · your review"}
      </p>
      <p className="mt-2 whitespace-pre-line">{review.comment}</p>
      {review.images.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2">
          {review.images.map((url, index) => (
            <li key={url}>
              <button
                type="button"
                onClick={() => setEnlarged(url)}
                className="rounded-md focus-visible:outline-2 focus-visible:outline-ring"
                aria-label={`Enlarge image ${index + 1} of ${review.author}'s review`}
              >
                <img src={url} alt="" loading="lazy" className="size-24 rounded-md border object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">{countOf(helpfulCount, "person", "people")} found this helpful</span>
        {!review.isOwn && (
          <>
            <vote.Form method="post" action={action} onSubmit={requireSignIn}>
              <input type="hidden" name="intent" value="helpful" />
              <input type="hidden" name="id" value={review.id} />
              <Button type="submit" variant="outline" size="sm" aria-pressed={voted} disabled={voted && signedIn}>
                <Icon name="thumbs-up" /> {voted && signedIn ? "Marked helpful" : "Helpful"}
              </Button>
            </vote.Form>
            {hydrated && (
              <Button type="button" variant="ghost" size="sm" disabled={review.reported} onClick={() => requireSignIn() || setReporting(true)}>
                <Icon name="flag" /> {review.reported ? "Reported" : "Report"}
              </Button>
            )}
            {!review.reported && (
              <NoScriptDisclosure summary="Report this review">
                <form method="post" action={action} className="grid gap-3">
                  <ReportFields review={review} idPrefix={`report-${review.id}-noscript`} />
                  <Button type="submit" size="sm" className="justify-self-start">
                    Send report
                  </Button>
                </form>
              </NoScriptDisclosure>
            )}
          </>
        )}
        {review.isOwn && (
          <>
            <Button asChild variant="outline" size="sm">
              <a href="#write-review">
                <Icon name="pen-line" /> Edit
              </a>
            </Button>
            <remove.Form
              method="post"
              action={action}
              onSubmit={(event) => {
                if (!window.confirm("Delete your review? This cannot be undone.")) event.preventDefault();
              }}
            >
              <input type="hidden" name="intent" value="delete-review" />
              <input type="hidden" name="id" value={review.id} />
              <Button type="submit" variant="ghost" size="sm" disabled={remove.state !== "idle"}>
                <Icon name="trash" /> Delete
              </Button>
            </remove.Form>
          </>
        )}
      </div>
      {review.isOwn && <ProofForm reviewId={review.id} toolSlug={toolSlug} state={review.verified ? "verified" : proofState} />}
      <ReviewReplies reviewId={review.id} author={review.author} replies={review.replies} toolSlug={toolSlug} canReply={canReply} />
      {enlarged !== null && (
        <Suspense fallback={null}>
          <ImageDialog author={review.author} url={enlarged} onClose={() => setEnlarged(null)} />
        </Suspense>
      )}
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog review={review} action={action} open={reporting} onOpenChange={setReporting}>
            <ReportFields review={review} idPrefix={`report-${review.id}`} />
          </ReportDialog>
        </Suspense>
      )}
    </li>
  );
}
