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
import type { CardOf } from "~/lib/tool/card-on-page";
import { InPageSection } from "~/components/ui/in-page-text";

/** A card as a page's loader data gives it (lib/tool/card-on-page.ts): what it shows may be in the page's HTML only. */
export type CardOnPage = CardOf<ShownCard>;

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
  const { slug, name } = tool;
  // What the card shows has no script of its own: in a document, the browser keeps the server's HTML of it (decision
  // 069). Only the save control, a personal part, hydrates.
  return (
    <article data-tool-slug={slug} className="tool-card">
      <div className="tool-card-top">
        {/* Rendered once per card's content on the server (decision 079): `once` lists what it reads besides `shown`. */}
        <InPageSection value={tool.shown} className="tool-card-head" once={[slug, name, headingLevel, rank]}>
          {(shown) => (
            <>
              <ToolLogo slug={slug} name={name} size={48} />
              <div className="min-w-0 flex-1">
                <Heading className="tool-card-title">
                  {rank !== undefined && <span className="text-muted-foreground">{rank}. </span>}
                  <a href={`/tools/${slug}`} className="hover:underline">
                    {name}
                  </a>
                </Heading>
                {/* 'Our rating' only on a published in-depth review (tools.rating is null otherwise, issue 26). */}
                {shown.rating !== null ? (
                  <StarRating rating={shown.rating} label="Our rating" />
                ) : (
                  <p className="text-xs text-muted-foreground">
                    {shown.source === "community" ? `Community submission · ${RATING_WORDS.notReviewed.toLowerCase()}` : RATING_WORDS.notReviewed}
                  </p>
                )}
              </div>
            </>
          )}
        </InPageSection>
        <SaveToolPart slug={slug} name={name} />
      </div>
      <InPageSection value={tool.shown} className="tool-card-body" once={[slug, name, reason]}>
        {(shown) => (
          <>
            {reason ? (
              <p className="mt-3 text-sm" data-reason>
                <span className="font-medium">Why: </span>
                {reason}
              </p>
            ) : (
              <p className="tool-card-text">{shown.description}</p>
            )}
            <div className="tool-card-badges">
              <Badge variant="outline">{shown.categoryName}</Badge>
              <ToolBadges tool={shown} />
            </div>
            <p className="mt-2 text-sm">
              <span className="text-muted-foreground">Pricing: </span>
              <span className="font-medium">{shown.pricingText}</span>
            </p>
            {shown.priceNote && <p className="text-xs text-muted-foreground">{shown.priceNote}</p>}
            <div className="tool-card-actions">
              <Button asChild size="sm" variant="outline" className="flex-1">
                {shown.rating !== null ? (
                  <a href={`/tools/${slug}`} aria-label={`Read Review of ${name}`}>
                    Read Review
                  </a>
                ) : (
                  <a href={`/tools/${slug}`} aria-label={`See details of ${name}`}>
                    See Details
                  </a>
                )}
              </Button>
              <Button asChild size="sm" className="flex-1">
                <OutboundLink kind="tool" slug={slug} aria-label={`Get Started with ${name} (opens in a new tab)`}>
                  Get Started <Icon name="external-link" />
                </OutboundLink>
              </Button>
            </div>
          </>
        )}
      </InPageSection>
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
