import { Link } from "react-router";
import { InPageText } from "~/components/ui/in-page-text";
import { ToolActionsPart } from "./tool-actions-part";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { initialsOf } from "~/lib/account/names";
import type { Freshness } from "~/lib/tool/freshness";
import type { ToolDetailOnPage } from "~/models/tool/queries.server";
import { OutboundLink } from "./outbound-link";
import { StarRating } from "./star-rating";
import { ToolBadges } from "./tool-badges";
import { ToolLogo } from "./tool-logo";
import { Icon } from "~/components/ui/icon";
import { LinkCheckNote } from "./link-check-note";
import { PricingSourceLink } from "./tool-sidebar";
import { ReviewBasis } from "./review-basis";
import { formatLongDate } from "~/lib/ui/dates";
import type { ToolLinkCheck } from "~/models/link-health/queries.server";
import type { PricingProvenance } from "~/models/provenance/queries.server";
import { communityRatingText } from "~/lib/words";
import { CLAIM_METHOD_WORDS } from "~/lib/claim/claims";
import type { ClaimLine } from "~/models/claim/claims.server";

const EDITORS_CHOICE_MIN_RATING = 4.7;

/** The top of a tool page: logo, name, ratings and badges, the calls to action, and who reviewed it when. */
export function ToolDetailHeader({
  detail,
  freshness,
  linkCheck,
  provenance,
  readers,
  claim,
}: {
  detail: ToolDetailOnPage;
  /** Readers' published ratings (decision 023: hidden reviews count nowhere). */
  readers: { average: number | null; ratingCount: number };
  freshness: Freshness;
  linkCheck: ToolLinkCheck | null;
  provenance: PricingProvenance;
  /** The maker's verified claim (issue 45): only what our check recorded, the first day and the methods. */
  claim: ClaimLine;
}) {
  const { tool, review } = detail;
  // An approved maker submission (decision 024): no editorial rating to show.
  const community = tool.source === "community";
  // 'Our Rating' stands on a published in-depth review: the model stores no rating without one (issue 26).
  const editorialRating = review ? tool.rating : null;
  return (
    <>
      {/* On phones the logo sits beside the name, not above it: the facts a buyer needs first fit two screens (decision 052). */}
      <header className="mt-6 md:flex md:items-start md:gap-6">
        <ToolLogo slug={tool.slug} name={tool.name} size={96} labelled className="float-left mr-4 size-12 md:mr-0 md:size-24" />
        <div className="min-w-0 flex-1">
          <h1 className="text-3xl leading-12 font-bold sm:text-4xl md:leading-10">{tool.name}</h1>
          <p className="mt-2 text-lg text-muted-foreground">{tool.tagline}</p>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            {community && (
              <Badge variant="secondary" data-tool-source="community">
                Community submission
              </Badge>
            )}
            {editorialRating !== null ? (
              <>
                <span className="text-sm font-medium">Our Rating</span>
                <StarRating rating={editorialRating} size="lg" label="Our rating" />
                {editorialRating >= EDITORS_CHOICE_MIN_RATING && <Badge>Editor's choice</Badge>}
                <Link to="/how-we-review" className="text-sm text-primary underline-offset-4 hover:underline">
                  How we review
                </Link>
              </>
            ) : (
              <span className="text-sm" data-testid="reader-rating">
                <span className="font-medium">Reader rating:</span> {communityRatingText(readers.average, readers.ratingCount)}
              </span>
            )}
            <Link to={`/tools/category/${tool.categorySlug}`}>
              <Badge variant="outline">{tool.categoryName}</Badge>
            </Link>
            <ToolBadges tool={{ ...tool, freshness }} />
          </div>
          {tool.secondaryCategories.length > 0 && (
            <p className="mt-2 text-sm text-muted-foreground" data-testid="also-in">
              Also in:{" "}
              {tool.secondaryCategories.map((category, index) => (
                <span key={category.slug}>
                  {index > 0 && ", "}
                  <Link to={`/tools/category/${category.slug}`} className="text-primary underline-offset-4 hover:underline">
                    {category.name}
                  </Link>
                </span>
              ))}
            </p>
          )}
          {/* On phones the description follows the pricing (tools.detail.tsx). */}
          <InPageText className="mt-4 max-w-3xl max-lg:hidden" text={tool.description} />
          <div className="mt-5 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <OutboundLink kind="tool" slug={tool.slug}>
                Try {tool.name} <Icon name="external-link" />
              </OutboundLink>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={`/tools/comparison?tools=${tool.slug}`}>
                <Icon name="chart-column" /> Compare with Others
              </Link>
            </Button>
            <ToolActionsPart toolId={tool.id} toolSlug={tool.slug} />
            {/* Issue 47: the one form that adds to a shortlist (choose a list or name one, a note), the same for everyone and
                without JavaScript; a signed-out visitor signs in there first. */}
            <Button asChild size="lg" variant="outline">
              <a href={`/shortlists/add?tool=${tool.slug}`}>
                <Icon name="layers" /> Add to shortlist
              </a>
            </Button>
          </div>
          {linkCheck && <LinkCheckNote text={linkCheck.text} broken={linkCheck.broken} className="mt-2" />}
          <p className="mt-2 text-sm text-muted-foreground" data-testid="claim-line">
            {claim && (
              <>
                <Icon name="check" className="inline size-4 align-[-2px]" /> Claimed by its maker since {formatLongDate(claim.since)} (verified by{" "}
                {claim.methods.map((method) => CLAIM_METHOD_WORDS[method]).join(", ")}).{" "}
              </>
            )}
            {/* For makers, behind a sign-in: nothing for a search engine to follow. */}
            <Link to={`/tools/${tool.slug}/claim`} rel="nofollow" className="underline underline-offset-2">
              {claim ? "Are you its maker too? Claim it" : "Is this your tool? Claim it"}
            </Link>
          </p>
        </div>
      </header>

      {/* On phones the reviewer's photo sits beside the name too (decision 052). */}
      <aside aria-label="About this review" className="mt-6 flow-root rounded-xl border p-5 sm:flex sm:items-start sm:gap-4">
        {review ? (
          <>
            {review.author.photo ? (
              <img src={review.author.photo} alt="" width={48} height={48} className="float-left mr-3 size-12 shrink-0 rounded-full object-cover sm:mr-0" />
            ) : (
              <span
                className="float-left mr-3 grid size-12 shrink-0 place-items-center rounded-full bg-primary text-lg font-bold text-primary-foreground sm:mr-0"
                aria-hidden="true"
              >
                {initialsOf(review.author.name, { style: "first-two" })}
              </span>
            )}
            <div className="min-w-0">
              <p className="font-semibold">Reviewed by {review.author.name}</p>
              <p className="mt-1 text-sm text-muted-foreground">{review.author.bio}</p>
              <div className="mt-2 flex flex-wrap gap-1.5">
                {review.author.expertise.map((area) => (
                  <Badge key={area} variant="secondary">
                    {area}
                  </Badge>
                ))}
              </div>
              <p className="mt-2 text-sm text-muted-foreground">
                Published <time dateTime={review.publishedAt}>{formatLongDate(review.publishedAt)}</time>
              </p>
              <ReviewBasis review={review} toolName={tool.name} className="mt-1 text-sm text-muted-foreground" />
            </div>
          </>
        ) : community ? (
          <p className="text-sm text-muted-foreground">
            Community submission: proposed by its maker or a reader and approved by our editors
            {tool.addedAt && (
              <>
                {" "}
                on <time dateTime={tool.addedAt}>{tool.addedAt}</time>
              </>
            )}
            . We have not rated or reviewed {tool.name} ourselves; the description and pricing are the submitter's, checked by an editor.
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">
            Catalogue entry written by our editorial team; we have not published an in-depth review of {tool.name} yet. {provenance.text}{" "}
            <PricingSourceLink provenance={provenance} />
          </p>
        )}
      </aside>
    </>
  );
}
