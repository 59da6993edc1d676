import { formatLongDate } from "~/lib/ui/dates";
import { REVIEW_SOURCES_NOTE, reviewBasedOn, reviewTestedBy } from "~/lib/words/review";
import type { ToolDetailOnPage } from "~/models/tool/queries.server";
import { InPageSection } from "~/components/ui/in-page-text";

type Review = NonNullable<ToolDetailOnPage["review"]>;

/**
 * What the review is based on (issue 26): 'Tested hands-on by …' only when its file records the test, otherwise
 * the vendor's pages and the day they were read. Never 'Last tested' without a test.
 */
export function ReviewBasis({ review, toolName, className }: { review: Review; toolName: string; className?: string }) {
  const date = review.test?.at ?? review.sourcesReadAt;
  const shown = formatLongDate(date);
  const sentence = review.test ? reviewTestedBy(review.test.by, shown) : reviewBasedOn(toolName, shown);
  // The catalogue's sentence, with its date marked up as a <time>.
  const at = sentence.lastIndexOf(shown);
  return (
    <p className={className} data-testid="review-basis">
      {sentence.slice(0, at)}
      <time dateTime={date}>{shown}</time>
      {sentence.slice(at + shown.length)}
    </p>
  );
}

/** The vendor's pages the review relied on, as outbound links (new tab, no opener, no referrer's authority). */
export function ReviewSources({ review, toolName }: { review: Review; toolName: string }) {
  return (
    <section aria-labelledby="sources-heading">
      <h2 id="sources-heading" className="text-2xl font-bold">
        Sources
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{REVIEW_SOURCES_NOTE}</p>
      <InPageSection as="ul" value={review.body} className="mt-3 list-disc space-y-1 pl-5" aria-label={`Sources of the ${toolName} review`}>
        {({ sources }) =>
          sources.map((source) => (
            <li key={source.url}>
              <a href={source.url} target="_blank" rel="noopener noreferrer" className="text-primary underline-offset-4 hover:underline">
                {source.title}
              </a>{" "}
              <span className="text-sm break-all text-muted-foreground">({new URL(source.url).hostname.replace(/^www\./, "")})</span>
            </li>
          ))
        }
      </InPageSection>
    </section>
  );
}
