import { SaveToolPart } from "~/components/reviews/save-tool-part";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { ShownCard } from "~/models/tool/queries.server";
import { OutboundLink } from "./outbound-link";
import { StarRating } from "./star-rating";
import { ToolBadges } from "./tool-badges";
import { Icon } from "~/components/ui/icon";
import { ToolLogo } from "./tool-logo";
import { RATING_WORDS } from "~/lib/words";
import type { WithPageText } from "~/lib/ui/page-text";
import { InPageText } from "~/components/ui/in-page-text";

/** A card as a page's loader data gives it: its description may be a page text (lib/ui/page-text.ts), sent once, in the HTML. */
export type CardOnPage = WithPageText<ShownCard, "description">;

/**
 * One tool in a list (home, directory, similar tools). Its links to the tool page are plain anchors,
 * not React Router links: a list has up to 24 cards, two links each, and every Link is a component
 * with router hooks to render on the server and hydrate in the browser (on /tools: 1 KB less HTML and
 * about 4% less server render time without them). Opening a review is then an ordinary page load,
 * which the tool page's server render and the page cache are made for.
 */
export function ToolCard({
  tool,
  headingLevel = 3,
  rank,
  reason,
}: {
  tool: CardOnPage;
  /** 2 where the list has no heading of its own (the directory). */
  headingLevel?: 2 | 3;
  /** A task page's ranking (issue 29): the tool's place, and why it is listed, in place of its description. */
  rank?: number;
  reason?: string;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article data-tool-slug={tool.slug} className="flex h-full flex-col rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex items-start gap-3">
        <ToolLogo slug={tool.slug} name={tool.name} size={48} />
        <div className="min-w-0 flex-1">
          <Heading className="text-lg font-semibold leading-tight">
            {rank !== undefined && <span className="text-muted-foreground">{rank}. </span>}
            <a href={`/tools/${tool.slug}`} className="hover:underline">
              {tool.name}
            </a>
          </Heading>
          {/* 'Our rating' only on a published in-depth review (tools.rating is null otherwise, issue 26). */}
          {tool.rating !== null ? (
            <StarRating rating={tool.rating} label="Our rating" />
          ) : (
            <p className="text-xs text-muted-foreground">
              {tool.source === "community" ? `Community submission · ${RATING_WORDS.notReviewed.toLowerCase()}` : RATING_WORDS.notReviewed}
            </p>
          )}
        </div>
        <SaveToolPart slug={tool.slug} name={tool.name} />
      </div>
      {reason ? (
        <p className="mt-3 text-sm" data-reason>
          <span className="font-medium">Why: </span>
          {reason}
        </p>
      ) : (
        <InPageText className="mt-3 line-clamp-3 text-sm text-muted-foreground" text={tool.description} />
      )}
      <div className="mt-3 flex flex-wrap gap-1.5">
        <Badge variant="outline">{tool.categoryName}</Badge>
        <ToolBadges tool={tool} />
      </div>
      <p className="mt-2 text-sm">
        <span className="text-muted-foreground">Pricing: </span>
        <span className="font-medium">{tool.pricingText}</span>
      </p>
      {tool.priceNote && <p className="text-xs text-muted-foreground">{tool.priceNote}</p>}
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        <Button asChild size="sm" variant="outline" className="flex-1">
          {tool.rating !== null ? (
            <a href={`/tools/${tool.slug}`} aria-label={`Read Review of ${tool.name}`}>
              Read Review
            </a>
          ) : (
            <a href={`/tools/${tool.slug}`} aria-label={`See details of ${tool.name}`}>
              See Details
            </a>
          )}
        </Button>
        <Button asChild size="sm" className="flex-1">
          <OutboundLink kind="tool" slug={tool.slug} aria-label={`Get Started with ${tool.name} (opens in a new tab)`}>
            Get Started <Icon name="external-link" />
          </OutboundLink>
        </Button>
      </div>
    </article>
  );
}

export function ToolCardSkeleton() {
  return (
    <div className="rounded-xl border p-5" data-testid="tool-card-skeleton">
      <div className="flex gap-3">
        <div className="size-12 animate-pulse rounded-lg bg-muted" />
        <div className="flex-1 space-y-2">
          <div className="h-5 w-2/3 animate-pulse rounded bg-muted" />
          <div className="h-4 w-1/3 animate-pulse rounded bg-muted" />
        </div>
      </div>
      <div className="mt-4 h-16 animate-pulse rounded bg-muted" />
      <div className="mt-4 h-9 animate-pulse rounded bg-muted" />
    </div>
  );
}

/**
 * The tool card listing (spec part 1 §2.13) of the directory and the site search: the cards, or while
 * the next page loads, `skeletons` placeholders. Columns come from `className`.
 */
export function ToolGrid({
  tools,
  loading,
  skeletons,
  className,
  headingLevel,
}: {
  tools: CardOnPage[];
  loading: boolean;
  skeletons: number;
  className: string;
  headingLevel?: 2 | 3;
}) {
  if (loading)
    return (
      <div className={className}>
        {Array.from({ length: skeletons }, (_, i) => (
          <ToolCardSkeleton key={i} />
        ))}
      </div>
    );
  return (
    <ul className={className}>
      {tools.map((tool) => (
        <li key={tool.slug}>
          <ToolCard tool={tool} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
