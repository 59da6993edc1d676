import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { cn } from "~/lib/ui/cn";
import { SUBMISSION_STATUS_LABELS, type SubmissionStatus } from "~/lib/submission/submissions";
import type { listFavorites, listOwnReviews, listOwnSubmissions } from "~/models/account/profile.server";
import { Icon } from "~/components/ui/icon";
import { ProofForm } from "~/components/reviews/review-replies";
import { countOf } from "~/lib/ui/plural";
import { formatDayMonthYear } from "~/lib/ui/dates";

/** The two tabs of the profile page (spec §2.10): saved tools and the visitor's own reviews. */
export type ProfileTab = "favorites" | "reviews";
type Favorites = Awaited<ReturnType<typeof listFavorites>>;
type OwnReviews = Awaited<ReturnType<typeof listOwnReviews>>;
type OwnSubmissions = Awaited<ReturnType<typeof listOwnSubmissions>>;

export function FavoritesList({ favorites }: { favorites: Favorites }) {
  if (favorites.length === 0) {
    return (
      <div className="rounded-lg border border-dashed p-10 text-center">
        <Icon name="heart" className="mx-auto size-8 text-muted-foreground" />
        <p className="mt-2 font-semibold">No favorites yet</p>
        <Button asChild variant="outline" className="mt-4">
          <Link to="/tools">Explore Tools</Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {favorites.map((favorite) => (
        <li key={favorite.toolId}>
          <Card className="h-full">
            <CardContent className="grid gap-2 pt-6">
              <h3 className="font-semibold">{favorite.name}</h3>
              <p className="line-clamp-2 text-sm text-muted-foreground">{favorite.tagline}</p>
              <p className="text-xs text-muted-foreground">
                Added to favorites <time dateTime={new Date(favorite.addedAt).toISOString()}>{formatDayMonthYear(favorite.addedAt)}</time>
              </p>
              <Button asChild variant="outline" size="sm" className="justify-self-start">
                <Link to={`/tools/${favorite.slug}`}>View Tool</Link>
              </Button>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function ReviewsList({ reviews }: { reviews: OwnReviews }) {
  if (reviews.length === 0) {
    return (
      <div className="rounded-lg border border-dashed p-10 text-center">
        <Icon name="message-square" className="mx-auto size-8 text-muted-foreground" />
        <p className="mt-2 font-semibold">No reviews yet</p>
        <Button asChild variant="outline" className="mt-4">
          <Link to="/tools">Find Tools to Review</Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className="grid gap-4">
      {reviews.map((review) => (
        <li key={review.id}>
          <Card>
            <CardContent className="grid gap-2 pt-6">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <Link to={`/tools/${review.toolSlug}`} className="font-semibold hover:underline">
                  {review.toolName}
                </Link>
                <span className="flex items-center gap-1 text-sm">
                  <Icon name="star" className="size-4 fill-amber-400 text-amber-500" /> {review.rating}/5 stars
                </span>
              </div>
              <p className="text-xs text-muted-foreground">
                <time dateTime={new Date(review.createdAt).toISOString()}>{formatDayMonthYear(review.createdAt)}</time>
              </p>
              {(review.hidden || review.verified) && (
                <p className="flex flex-wrap gap-2">
                  {review.hidden && (
                    <span className="inline-flex items-center gap-1 rounded-full bg-warning px-2 py-0.5 text-xs font-semibold text-warning-foreground" data-review-hidden>
                      <Icon name="eye-off" className="size-3.5" /> Hidden by a moderator
                    </span>
                  )}
                  {review.verified && (
                    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100">
                      <Icon name="badge-check" className="size-3.5" /> Verified user
                    </span>
                  )}
                </p>
              )}
              {review.hidden && (
                <p className="text-xs text-muted-foreground">It is not shown on the tool page or counted in its ratings. Edit it, or contact us if you think this is a mistake.</p>
              )}
              <p className="whitespace-pre-line text-sm">{review.comment}</p>
              <p className="text-xs text-muted-foreground">{countOf(review.helpfulCount, "person", "people")} found this helpful</p>
              {review.comment && !review.verified && (
                <ProofForm reviewId={review.id} toolSlug={review.toolSlug} state={review.proofPending ? "pending" : "none"} redirectTo="/my-reviews" />
              )}
              <Button asChild variant="outline" size="sm" className="justify-self-start">
                <Link to={`/tools/${review.toolSlug}`}>View Tool</Link>
              </Button>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

const STATUS_CLASS: Record<SubmissionStatus, string> = {
  pending: "bg-secondary text-secondary-foreground",
  approved: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100",
  rejected: "bg-destructive/10 text-destructive",
};

/** The tools the user submitted at /submit, with where each stands (issue 19). */
export function SubmissionsList({ submissions }: { submissions: OwnSubmissions }) {
  if (submissions.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        You have not submitted a tool.{" "}
        <Link to="/submit" className="text-primary underline underline-offset-2">
          Submit a tool
        </Link>{" "}
        that we do not list yet.
      </p>
    );
  }
  return (
    <ul className="grid gap-3">
      {submissions.map((submission) => {
        const status = submission.status as SubmissionStatus;
        return (
          <li key={submission.id} data-submission-status={status} className="rounded-lg border p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-semibold">{submission.name}</p>
              <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", STATUS_CLASS[status])}>{SUBMISSION_STATUS_LABELS[status]}</span>
            </div>
            <p className="mt-1 text-xs text-muted-foreground">
              Submitted <time dateTime={new Date(submission.createdAt).toISOString()}>{formatDayMonthYear(submission.createdAt)}</time>
              {submission.reviewedAt && (
                <>
                  {" "}
                  · reviewed <time dateTime={new Date(submission.reviewedAt).toISOString()}>{formatDayMonthYear(submission.reviewedAt)}</time>
                </>
              )}
            </p>
            {status === "rejected" && submission.rejectionReason && <p className="mt-2 whitespace-pre-line text-sm">Reason: {submission.rejectionReason}</p>}
            {status === "approved" && submission.toolSlug && (
              <Link to={`/tools/${submission.toolSlug}`} className="mt-2 inline-block text-sm text-primary underline underline-offset-2">
                See the listing of {submission.name}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function ListSkeleton({ tab }: { tab: ProfileTab }) {
  // Spec §2.10: 6 favourite cards or 3 review cards while a tab loads.
  const cards = tab === "favorites" ? 6 : 3;
  return (
    <div className={cn("grid gap-4", tab === "favorites" && "sm:grid-cols-2 lg:grid-cols-3")} aria-busy="true" aria-label="Loading">
      {Array.from({ length: cards }, (_, index) => (
        <Skeleton key={index} className={tab === "favorites" ? "h-36" : "h-40"} />
      ))}
    </div>
  );
}
