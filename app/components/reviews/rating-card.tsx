import { useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { StarRating } from "~/components/tool/star-rating";
import { Button } from "~/components/ui/button";
import { showMessage, useReplyToast } from "~/components/ui/toast";
import type { Reply } from "~/lib/reply";
import { StarInput } from "./star-input";
import { countOf, pluralise } from "~/lib/ui/plural";
import { formatNumber } from "~/lib/ui/numbers";

export type RatingSummaryData = { ratingCount: number; reviewCount: number; average: number | null; distribution: [number, number, number, number, number] };

/**
 * Community rating card: the real average and distribution of stored ratings,
 * and "rate this tool". Signed-in ratings are saved (they count in the
 * average even without a written review); anonymous ones stay in the page.
 * The stars are a form posting to the tool page, so rating works without JavaScript.
 */
export function RatingCard({
  toolSlug,
  toolName,
  summary,
  ownRating,
  signedIn,
}: {
  toolSlug: string;
  toolName: string;
  summary: RatingSummaryData;
  ownRating: number | null;
  signedIn: boolean;
}) {
  const fetcher = useFetcher<Reply>({ key: `rating:${toolSlug}` });
  const [choice, setChoice] = useState(0);
  const [rated, setRated] = useState<number | null>(ownRating);
  useReplyToast(fetcher.data);

  function submit(event: FormEvent) {
    if (signedIn && choice) return setRated(choice);
    event.preventDefault();
    if (!choice) return;
    setRated(choice);
    showMessage("ratingSavedSignIn");
  }

  const max = Math.max(1, ...summary.distribution);
  return (
    <section aria-labelledby="community-rating-heading" className="rounded-xl border p-5">
      <h2 id="community-rating-heading" className="text-xl font-bold">
        Community rating
      </h2>
      {summary.average === null ? (
        <p className="mt-2 text-muted-foreground">No ratings from readers yet. Be the first to rate {toolName}.</p>
      ) : (
        <div className="mt-3 grid gap-4 sm:grid-cols-[auto_1fr] sm:items-center">
          <div>
            <p className="text-4xl font-bold">{summary.average.toFixed(1)}</p>
            <StarRating rating={summary.average} label="Community rating" />
            <p className="mt-1 text-sm text-muted-foreground">
              {countOf(summary.ratingCount, "rating")} · {formatNumber(summary.reviewCount)} written {pluralise(summary.reviewCount, "review")}
            </p>
          </div>
          <dl className="grid gap-1.5" aria-label="Rating distribution">
            {[5, 4, 3, 2, 1].map((stars) => {
              const count = summary.distribution[stars - 1]!;
              return (
                <div key={stars} className="grid grid-cols-[3.5rem_1fr_2rem] items-center gap-2 text-sm">
                  <dt>{countOf(stars, "star")}</dt>
                  <dd className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                    <div className="h-full rounded-full bg-amber-400" style={{ width: `${(count / max) * 100}%` }} />
                  </dd>
                  <dd className="text-right tabular-nums">{count}</dd>
                </div>
              );
            })}
          </dl>
        </div>
      )}
      <div className="mt-4 border-t pt-4">
        {rated ? (
          <div role="status" className="flex flex-wrap items-center gap-3">
            <p className="font-medium">Thanks! You rated {toolName}</p>
            <StarRating rating={rated} label="Your rating" />
          </div>
        ) : (
          <fetcher.Form method="post" action={`/tools/${toolSlug}`} onSubmit={submit} className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="rating" />
            <span className="text-sm font-medium">Rate {toolName}</span>
            <StarInput name="rating" value={choice} onChange={setChoice} label={`Rate ${toolName}`} size="sm" />
            <Button type="submit" size="sm">
              Submit rating
            </Button>
          </fetcher.Form>
        )}
      </div>
    </section>
  );
}
