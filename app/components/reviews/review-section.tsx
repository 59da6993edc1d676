import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/form-parts";
import type { Reply } from "~/lib/reply";
import { ReviewCard, type ReviewItem } from "./review-card";
import { ReviewForm, type OwnReview } from "./review-form";
import { Icon } from "~/components/ui/icon";
import { formatDayMonthYear } from "~/lib/ui/dates";

// The review dialog loads when "Write a Review" is first pressed.
const ReviewDialog = lazy(() => import("./review-dialog"));

export type { ReviewItem };
export type NoteItem = { id: number; author: string; body: string; createdAt: string | Date };

type SectionProps = {
  tool: { id: number; slug: string; name: string };
  viewerId: string | null;
  own: OwnReview;
  reviews: ReviewItem[];
  reviewCount: number;
  page: number;
  pageCount: number;
  notes: NoteItem[];
  /** The page's reply to a review posted without JavaScript, to show beside the form with what was typed. */
  reply?: Reply;
  /** Only reviews of verified users (`?verified=1`), and how many there are. */
  verifiedOnly?: boolean;
  verifiedCount?: number;
  canReply?: boolean;
};

/** The reviews section of the tool page: quick actions, the list (newest first, paginated), readers' notes and the form. */
export function ReviewSection({
  tool,
  viewerId,
  own,
  reviews,
  reviewCount,
  page,
  pageCount,
  notes,
  reply,
  verifiedOnly = false,
  verifiedCount = 0,
  canReply = false,
}: SectionProps) {
  const [writing, setWriting] = useState(false);
  const [writingUsed, setWritingUsed] = useState(false);
  const hydrated = useHydrated();
  const signedIn = viewerId !== null;
  const hasWritten = Boolean(own?.comment);
  return (
    <section aria-labelledby="reviews-heading" id="reviews" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reviews-heading" className="text-2xl font-bold">
          Reader reviews ({reviewCount})
        </h2>
        <div className="flex flex-wrap gap-2">
          {hydrated ? (
            <Button
              type="button"
              onClick={() => {
                setWritingUsed(true);
                setWriting(true);
              }}
            >
              <Icon name="message-square-plus" /> {hasWritten ? "Edit Your Review" : "Write a Review"}
            </Button>
          ) : (
            <Button asChild>
              <a href="#write-review">
                <Icon name="message-square-plus" /> {hasWritten ? "Edit Your Review" : "Write a Review"}
              </a>
            </Button>
          )}
          <Button asChild variant="outline">
            <a href="#review-list">View Reviews</a>
          </Button>
        </div>
      </div>
      <nav aria-label="Which reviews" className="flex flex-wrap gap-2 text-sm">
        <Link
          to="?#reviews"
          preventScrollReset
          aria-current={verifiedOnly ? undefined : "page"}
          className={`rounded-full border px-3 py-1 ${verifiedOnly ? "hover:bg-secondary" : "bg-secondary font-semibold"}`}
        >
          All reviews ({reviewCount})
        </Link>
        <Link
          to="?verified=1#reviews"
          preventScrollReset
          aria-current={verifiedOnly ? "page" : undefined}
          className={`inline-flex items-center gap-1 rounded-full border px-3 py-1 ${verifiedOnly ? "bg-secondary font-semibold" : "hover:bg-secondary"}`}
        >
          <Icon name="badge-check" className="size-4" /> Verified users only ({verifiedCount})
        </Link>
      </nav>
      <div id="review-list">
        {reviews.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
            {verifiedOnly ? `No review of ${tool.name} is from a verified user yet.` : `No reviews of ${tool.name} yet. Share how it worked for you.`}
          </p>
        ) : (
          <ul className="space-y-4">
            {reviews.map((review) => (
              <ReviewCard
                key={review.id}
                review={review}
                toolSlug={tool.slug}
                signedIn={signedIn}
                canReply={canReply}
                proofState={review.isOwn && own?.proofPending ? "pending" : "none"}
              />
            ))}
          </ul>
        )}
        {pageCount > 1 && (
          <nav aria-label="Review pages" className="mt-4 flex flex-wrap items-center gap-2">
            {page > 1 && (
              <Button asChild variant="outline" size="sm">
                <Link to={`?${verifiedOnly ? "verified=1&" : ""}reviews=${page - 1}#reviews`} preventScrollReset>
                  Previous
                </Link>
              </Button>
            )}
            <span className="text-sm text-muted-foreground">
              Page {page} of {pageCount}
            </span>
            {page < pageCount && (
              <Button asChild variant="outline" size="sm">
                <Link to={`?${verifiedOnly ? "verified=1&" : ""}reviews=${page + 1}#reviews`} preventScrollReset>
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
                  {note.author} · <time dateTime={new Date(note.createdAt).toISOString()}>{formatDayMonthYear(note.createdAt)}</time> · note, no rating
                </p>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div id="write-review" className="rounded-xl border p-5">
        <h3 className="text-xl font-bold">{hasWritten ? `Edit your review of ${tool.name}` : `Write a Review for ${tool.name}`}</h3>
        <p className="mb-4 mt-1 text-sm text-muted-foreground">One review per person and tool; writing again updates yours.</p>
        {own?.hidden && (
          <p role="note" className="mb-4 rounded-md bg-warning p-3 text-sm text-warning-foreground">
            Hidden by a moderator: your review is not shown on this page or counted in the ratings.
          </p>
        )}
        <ReviewForm tool={tool} viewerId={viewerId} own={own} variant="inline" reply={reply} />
      </div>
      {writingUsed && (
        <Suspense fallback={null}>
          <ReviewDialog open={writing} onOpenChange={setWriting} toolName={tool.name} hasWritten={hasWritten}>
            <ReviewForm tool={tool} viewerId={viewerId} own={own} variant="dialog" onDone={() => setWriting(false)} />
          </ReviewDialog>
        </Suspense>
      )}
    </section>
  );
}
