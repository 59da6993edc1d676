import { formatDateTimeUtc } from "~/lib/ui/dates";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";

export type ModeratedReviewData = {
  id: number;
  rating: number;
  comment: string;
  images: string[];
  createdAt: Date | string;
  hiddenAt: Date | string | null;
  verifiedAt: Date | string | null;
  toolSlug: string;
  toolName: string;
  author: string;
  authorEmail: string;
};

/** A review as an editor judges it: the whole text, the tool, who wrote it and when, with its state. */
export function ModeratedReview({ review, children }: { review: ModeratedReviewData; children?: ReactNode }) {
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <Link to={`/tools/${review.toolSlug}#reviews`} className="font-semibold text-primary underline-offset-4 hover:underline">
          {review.toolName}
        </Link>
        <span className="text-sm" aria-label={`Rated ${review.rating} out of 5`}>
          {"★".repeat(review.rating)}
          <span className="text-muted-foreground">{"★".repeat(5 - review.rating)}</span>
        </span>
        {review.hiddenAt && (
          <Badge variant="warning">
            <Icon name="eye-off" className="size-3" /> Hidden
          </Badge>
        )}
        {review.verifiedAt && (
          <Badge variant="success">
            <Icon name="badge-check" className="size-3" /> Verified user
          </Badge>
        )}
      </div>
      <p className="text-xs text-muted-foreground">
        Review #{review.id} by {review.author} (<span className="break-all">{review.authorEmail}</span>),{" "}
        <time dateTime={new Date(review.createdAt).toISOString()}>{formatDateTimeUtc(review.createdAt)}</time>
      </p>
      {review.comment ? (
        <blockquote className="whitespace-pre-line break-words border-l-4 pl-3 text-sm">{review.comment}</blockquote>
      ) : (
        <p className="text-sm italic text-muted-foreground">A rating without a written review.</p>
      )}
      {review.images.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Images of the review">
          {review.images.map((url, index) => (
            <li key={url}>
              <a href={url} className="block rounded-md focus-visible:outline-2 focus-visible:outline-ring">
                <img src={url} alt={`Attachment ${index + 1} of review #${review.id}`} loading="lazy" className="size-20 rounded-md border object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {children}
    </div>
  );
}
