import { Flag, MessageSquarePlus, PenLine, ThumbsUp, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { useAccountDialog } from "~/components/account/account-dialog";
import { showToast } from "~/components/account/form-parts";
import { StarRating } from "~/components/tool/star-rating";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { REVIEW_MESSAGES } from "~/lib/review-rules";
import type { ApiBody } from "~/utils/api-types";
import { ReviewForm, type OwnReview } from "./review-form";

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
};
export type NoteItem = { id: number; author: string; body: string; createdAt: string | Date };

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const REPORT_REASONS = [
  ["spam", "Spam or advertising"],
  ["fake", "Looks fake or AI-generated"],
  ["offensive", "Offensive or abusive"],
  ["off-topic", "Not about this tool"],
  ["other", "Something else"],
] as const;

function useApiToast(data: ApiBody | undefined) {
  useEffect(() => {
    if (data?.toast) showToast(data.toast);
  }, [data]);
}

function ReportDialog({ review, open, onOpenChange }: { review: ReviewItem; open: boolean; onOpenChange: (open: boolean) => void }) {
  const fetcher = useFetcher<ApiBody>({ key: `report:${review.id}` });
  useApiToast(fetcher.data);
  useEffect(() => {
    if (fetcher.data?.ok) onOpenChange(false);
  }, [fetcher.data, onOpenChange]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Report this review</DialogTitle>
        <DialogDescription>Tell our editors what is wrong with {review.author}'s review.</DialogDescription>
        <form
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            fetcher.submit({ reason: String(form.get("reason") ?? "other"), details: String(form.get("details") ?? "") }, { method: "post", action: `/api/reviews/${review.id}/report`, encType: "application/json" });
          }}
        >
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Reason</legend>
            {REPORT_REASONS.map(([value, label], index) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input type="radio" name="reason" value={value} defaultChecked={index === 0} className="size-4" /> {label}
              </label>
            ))}
          </fieldset>
          <label className="grid gap-1 text-sm">
            Details (optional)
            <textarea name="details" maxLength={500} rows={3} className="rounded-md border border-input bg-background px-3 py-2" />
          </label>
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            Send report
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ReviewCard({ review, signedIn }: { review: ReviewItem; signedIn: boolean }) {
  const vote = useFetcher<ApiBody>({ key: `helpful:${review.id}` });
  const remove = useFetcher<ApiBody>({ key: `delete:${review.id}` });
  const dialog = useAccountDialog();
  const [enlarged, setEnlarged] = useState<string | null>(null);
  const [reporting, setReporting] = useState(false);
  useApiToast(vote.data);
  useApiToast(remove.data);
  const voted = review.voted || vote.data?.ok === true || vote.state !== "idle";
  const created = new Date(review.createdAt);
  const edited = new Date(review.updatedAt).getTime() - created.getTime() > 60_000;

  function requireSignIn() {
    showToast(REVIEW_MESSAGES.authRequiredFeedback);
    dialog.open("signin", "Please sign in to vote on or report reviews.");
  }

  return (
    <li className="rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">{review.author}</p>
        <StarRating rating={review.rating} label={`${review.author}'s rating`} />
      </div>
      <p className="text-xs text-muted-foreground">
        <time dateTime={created.toISOString()}>{dateFormat.format(created)}</time>
        {edited && " · edited"}
        {review.isOwn && " · your review"}
      </p>
      <p className="mt-2 whitespace-pre-line">{review.comment}</p>
      {review.images.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2">
          {review.images.map((url, index) => (
            <li key={url}>
              <button type="button" onClick={() => setEnlarged(url)} className="rounded-md focus-visible:outline-2 focus-visible:outline-ring" aria-label={`Enlarge image ${index + 1} of ${review.author}'s review`}>
                <img src={url} alt="" loading="lazy" className="size-24 rounded-md border object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">
          {vote.data?.ok ? (vote.data.data as { helpfulCount: number }).helpfulCount : review.helpfulCount}{" "}
          {(vote.data?.ok ? (vote.data.data as { helpfulCount: number }).helpfulCount : review.helpfulCount) === 1 ? "person" : "people"} found this helpful
        </span>
        {!review.isOwn && (
          <>
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-pressed={voted}
              disabled={voted && signedIn}
              onClick={() => (signedIn ? vote.submit({}, { method: "post", action: `/api/reviews/${review.id}/helpful`, encType: "application/json" }) : requireSignIn())}
            >
              <ThumbsUp aria-hidden="true" /> {voted && signedIn ? "Marked helpful" : "Helpful"}
            </Button>
            <Button type="button" variant="ghost" size="sm" disabled={review.reported} onClick={() => (signedIn ? setReporting(true) : requireSignIn())}>
              <Flag aria-hidden="true" /> {review.reported ? "Reported" : "Report"}
            </Button>
          </>
        )}
        {review.isOwn && (
          <>
            <Button asChild variant="outline" size="sm">
              <a href="#write-review">
                <PenLine aria-hidden="true" /> Edit
              </a>
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={remove.state !== "idle"}
              onClick={() => {
                if (window.confirm("Delete your review? This cannot be undone.")) remove.submit({}, { method: "delete", action: `/api/reviews/${review.id}`, encType: "application/json" });
              }}
            >
              <Trash2 aria-hidden="true" /> Delete
            </Button>
          </>
        )}
      </div>
      <Dialog open={enlarged !== null} onOpenChange={(open) => !open && setEnlarged(null)}>
        <DialogContent className="max-w-3xl">
          <DialogTitle>Image from {review.author}'s review</DialogTitle>
          {enlarged && <img src={enlarged} alt={`Full size image from ${review.author}'s review`} className="max-h-[75vh] w-full rounded-md object-contain" />}
        </DialogContent>
      </Dialog>
      {reporting && <ReportDialog review={review} open={reporting} onOpenChange={setReporting} />}
    </li>
  );
}

type SectionProps = {
  tool: { id: number; slug: string; name: string };
  viewerId: string | null;
  own: OwnReview;
  reviews: ReviewItem[];
  reviewCount: number;
  page: number;
  pageCount: number;
  notes: NoteItem[];
};

/** The reviews section of the tool page: quick actions, the list (newest first, paginated), readers' notes and the form. */
export function ReviewSection({ tool, viewerId, own, reviews, reviewCount, page, pageCount, notes }: SectionProps) {
  const [writing, setWriting] = useState(false);
  const signedIn = viewerId !== null;
  const hasWritten = Boolean(own?.comment);
  return (
    <section aria-labelledby="reviews-heading" id="reviews" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reviews-heading" className="text-2xl font-bold">
          Reader reviews ({reviewCount})
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button type="button" onClick={() => setWriting(true)}>
            <MessageSquarePlus aria-hidden="true" /> {hasWritten ? "Edit Your Review" : "Write a Review"}
          </Button>
          <Button asChild variant="outline">
            <a href="#review-list">View Reviews</a>
          </Button>
        </div>
      </div>
      <div id="review-list">
        {reviews.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
            No reviews of {tool.name} yet. Share how it worked for you.
          </p>
        ) : (
          <ul className="space-y-4">
            {reviews.map((review) => (
              <ReviewCard key={review.id} review={review} signedIn={signedIn} />
            ))}
          </ul>
        )}
        {pageCount > 1 && (
          <nav aria-label="Review pages" className="mt-4 flex flex-wrap items-center gap-2">
            {page > 1 && (
              <Button asChild variant="outline" size="sm">
                <Link to={`?reviews=${page - 1}#reviews`} preventScrollReset>
                  Previous
                </Link>
              </Button>
            )}
            <span className="text-sm text-muted-foreground">
              Page {page} of {pageCount}
            </span>
            {page < pageCount && (
              <Button asChild variant="outline" size="sm">
                <Link to={`?reviews=${page + 1}#reviews`} preventScrollReset>
                  Next
                </Link>
              </Button>
            )}
          </nav>
        )}
      </div>
      {notes.length > 0 && (
        <div>
          <h3 className="text-lg font-semibold">Notes from readers</h3>
          <p className="text-sm text-muted-foreground">Short comments without a rating; they do not count in the average.</p>
          <ul className="mt-3 space-y-2">
            {notes.map((note) => (
              <li key={note.id} className="rounded-md border p-3 text-sm">
                <p className="whitespace-pre-line">{note.body}</p>
                <p className="mt-1 text-xs text-muted-foreground">
                  {note.author} · <time dateTime={new Date(note.createdAt).toISOString()}>{dateFormat.format(new Date(note.createdAt))}</time> · note, no rating
                </p>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div id="write-review" className="rounded-xl border p-5">
        <h3 className="text-xl font-bold">{hasWritten ? `Edit your review of ${tool.name}` : `Write a Review for ${tool.name}`}</h3>
        <p className="mb-4 mt-1 text-sm text-muted-foreground">One review per person and tool; writing again updates yours.</p>
        <ReviewForm tool={tool} viewerId={viewerId} own={own} variant="inline" />
      </div>
      <Dialog open={writing} onOpenChange={setWriting}>
        <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
          <DialogTitle>{hasWritten ? `Edit your review of ${tool.name}` : `Review ${tool.name}`}</DialogTitle>
          <DialogDescription>Your rating and what you used it for help other readers choose.</DialogDescription>
          <ReviewForm tool={tool} viewerId={viewerId} own={own} variant="dialog" onDone={() => setWriting(false)} />
        </DialogContent>
      </Dialog>
    </section>
  );
}
