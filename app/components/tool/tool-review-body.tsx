import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { platformLabel } from "~/lib/tool/platforms";
import { pricingText } from "~/lib/tool/pricing";
import type { RelatedShown, ToolDetailOnPage } from "~/models/tool/queries.server";
import { PlansTable } from "./plans-table";
import { OutboundLink } from "./outbound-link";
import { ReviewSources } from "./review-basis";
import { Icon } from "~/components/ui/icon";
import { samePage } from "~/lib/provenance/provenance";
import { HANDS_ON_SCORES, SCORE_LABELS } from "~/lib/review/headline-rating";
import { InPageSection, InPageText } from "~/components/ui/in-page-text";
import { mapInPage } from "~/lib/ui/page-text";
import { ReceiptLink } from "~/components/provenance/receipt-link";
import { formatLongDate } from "~/lib/ui/dates";
import { PLATFORMS_WORDS } from "~/lib/words/platforms";
import type { PlatformsProvenance } from "~/models/fact-check/platforms.server";

/**
 * The editorial part of a tool page: our in-depth review when there is one. Without one, the structured facts
 * of the catalogue entry (plans, capabilities, platforms, alternatives) and a plain word that the review is not
 * written yet; the description is already in the header and is not repeated.
 */
/** Where the list of platforms comes from, and whether a recorded check has read that page since (issue 44). */
function PlatformsSource({ provenance: { source, confirmed } }: { provenance: PlatformsProvenance }) {
  return (
    <p className="mt-2 text-xs text-muted-foreground" data-platforms-source={confirmed ? "confirmed" : "entered"}>
      <a href={source.url} target="_blank" rel="noopener noreferrer" className="underline underline-offset-2 hover:text-foreground">
        {PLATFORMS_WORDS.source(source.url)}
      </a>
      {confirmed ? (
        <>
          {PLATFORMS_WORDS.confirmed(formatLongDate(confirmed.day), confirmed.checkedBy === "fetch")}
          <ReceiptLink id={confirmed.id} />
        </>
      ) : (
        PLATFORMS_WORDS.notConfirmed(formatLongDate(source.enteredAt))
      )}
    </p>
  );
}

export function ToolReviewBody({ detail, alternatives, platforms }: { detail: ToolDetailOnPage; alternatives: RelatedShown[]; platforms: PlatformsProvenance | null }) {
  const { tool, review } = detail;
  const body = review?.body;
  // The catalogue entry's lists, where there is no review (and so no body); in a document's browser copy, a mark.
  const facts = tool.facts;
  return (
    <>
      {body ? (
        <section aria-labelledby="review-heading">
          <h2 id="review-heading" className="text-2xl font-bold">
            Our {tool.name} review
          </h2>
          <InPageSection value={body} className="mt-3 space-y-4 leading-relaxed">
            {({ overview }) => overview.split(/\n\n+/).map((paragraph) => <p key={paragraph.slice(0, 40)}>{paragraph}</p>)}
          </InPageSection>
        </section>
      ) : (
        <section aria-labelledby="review-heading" data-testid="no-review-yet">
          <h2 id="review-heading" className="text-2xl font-bold">
            {tool.name} at a glance
          </h2>
          <p className="mt-3 leading-relaxed">
            We have not written an in-depth review of {tool.name} yet. What follows are the facts of our catalogue entry, added <time dateTime={tool.addedAt}>{tool.addedAt}</time>:
            its plans and prices, what it can do, where it runs and the tools people compare it with.
          </p>
        </section>
      )}

      {/* On phones the plans table is in the pricing box, near the top (ToolPricing, decision 052). */}
      {!body && (
        <section aria-labelledby="plans-heading" id="plans" className="max-lg:hidden">
          <h2 id="plans-heading" className="text-2xl font-bold">
            Plans and pricing
          </h2>
          <PlansTable toolName={tool.name} plans={tool.pricing.plans} />
          <p className="mt-2 text-xs text-muted-foreground">
            List prices from {tool.name}'s own {tool.pricingUrl && !samePage(tool.pricingUrl, tool.websiteUrl) ? "pricing page" : "site"}; the vendor's site has the current ones.
          </p>
        </section>
      )}

      <section aria-labelledby="features-heading">
        <h2 id="features-heading" className="text-2xl font-bold">
          Key features
        </h2>
        {body ? (
          <InPageSection as="dl" value={body} className="mt-4 grid gap-4 sm:grid-cols-2">
            {({ keyFeatures }) =>
              keyFeatures.map((feature) => (
                <div key={feature.title} className="rounded-lg border p-4">
                  <dt className="font-semibold">{feature.title}</dt>
                  <dd className="mt-1 text-sm text-muted-foreground">{feature.description}</dd>
                </div>
              ))
            }
          </InPageSection>
        ) : (
          facts && (
            <InPageSection as="ul" value={facts} className="mt-4 grid gap-2 sm:grid-cols-2">
              {({ features }) =>
                features.map((feature) => (
                  <li key={feature} className="flex items-start gap-2">
                    <Icon name="circle-check" className="mt-0.5 size-4 shrink-0 text-emerald-600" /> {feature}
                  </li>
                ))
              }
            </InPageSection>
          )
        )}
      </section>

      {!body && facts && (
        <section aria-labelledby="capabilities-heading">
          <h2 id="capabilities-heading" className="text-2xl font-bold">
            Capabilities
          </h2>
          <InPageSection as="ul" value={facts} className="mt-3 flex flex-wrap gap-2">
            {({ capabilities }) =>
              capabilities.map((capability) => (
                <li key={capability}>
                  <Badge variant="outline">{capability}</Badge>
                </li>
              ))
            }
          </InPageSection>
        </section>
      )}

      {tool.platforms.length > 0 && (
        <section aria-labelledby="platforms-heading" id="platforms">
          <h2 id="platforms-heading" className="text-2xl font-bold">
            Platforms
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {tool.platforms.map((platform) => (
              <li key={platform}>
                <Badge variant="secondary">{platformLabel(platform)}</Badge>
              </li>
            ))}
          </ul>
          {platforms && <PlatformsSource provenance={platforms} />}
        </section>
      )}

      <section aria-labelledby="use-cases-heading">
        <h2 id="use-cases-heading" className="text-2xl font-bold">
          Use cases
        </h2>
        {body ? (
          <InPageSection as="ul" value={body} className="mt-4 list-disc space-y-1 pl-5">
            {({ useCases }) => useCases.map((useCase) => <li key={useCase}>{useCase}</li>)}
          </InPageSection>
        ) : (
          facts && (
            <InPageSection as="ul" value={facts} className="mt-4 list-disc space-y-1 pl-5">
              {({ useCases }) => useCases.map((useCase) => <li key={useCase}>{useCase}</li>)}
            </InPageSection>
          )
        )}
      </section>

      {body && (
        <section aria-labelledby="pros-cons-heading">
          <h2 id="pros-cons-heading" className="text-2xl font-bold">
            Pros and cons
          </h2>
          <InPageSection value={body} className="mt-4 grid gap-4 sm:grid-cols-2">
            {({ pros, cons }) => (
              <>
                <div className="rounded-lg border p-4">
                  <h3 className="font-semibold text-emerald-700 dark:text-emerald-400">Pros</h3>
                  <ul className="mt-2 space-y-2">
                    {pros.map((pro) => (
                      <li key={pro} className="flex gap-2 text-sm">
                        <Icon name="circle-check" className="mt-0.5 size-4 shrink-0 text-emerald-600" /> {pro}
                      </li>
                    ))}
                  </ul>
                </div>
                <div className="rounded-lg border p-4">
                  <h3 className="font-semibold text-red-700 dark:text-red-400">Cons</h3>
                  <ul className="mt-2 space-y-2">
                    {cons.map((con) => (
                      <li key={con} className="flex gap-2 text-sm">
                        <Icon name="circle-x" className="mt-0.5 size-4 shrink-0 text-red-600" /> {con}
                      </li>
                    ))}
                  </ul>
                </div>
              </>
            )}
          </InPageSection>
        </section>
      )}

      {body && (
        <section aria-labelledby="breakdown-heading">
          <h2 id="breakdown-heading" className="text-2xl font-bold">
            Rating breakdown
          </h2>
          <InPageSection value={body}>
            {({ ratingBasis, ratingBreakdown }) => (
              <>
                <p className="mt-1 text-sm text-muted-foreground" data-testid="rating-basis">
                  {ratingBasis ??
                    (tool.rating !== null
                      ? `Our editorial scores, separate from user reviews. Our rating, ${tool.rating.toFixed(1)} out of 5, is their average.`
                      : "Our editorial scores, separate from user reviews.")}
                </p>
                <dl className="mt-4 grid gap-3">
                  {SCORE_LABELS.filter(([key]) => ratingBreakdown[key] !== undefined).map(([key, label]) => (
                    <div key={key} className="grid grid-cols-[9rem_1fr_3rem] items-center gap-3 text-sm">
                      <dt>{label}</dt>
                      <dd className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                        <div className="h-full rounded-full bg-primary" style={{ width: `${ratingBreakdown[key]}%` }} />
                      </dd>
                      <dd className="text-right font-semibold">{ratingBreakdown[key]}%</dd>
                    </div>
                  ))}
                </dl>
                {HANDS_ON_SCORES.some((key) => ratingBreakdown[key] === undefined) && (
                  <p className="mt-3 text-sm text-muted-foreground" data-testid="unscored">
                    {SCORE_LABELS.filter(([key]) => (HANDS_ON_SCORES as readonly string[]).includes(key) && ratingBreakdown[key] === undefined)
                      // A list inside a sentence: the labels after the first keep their capital only where a name needs it.
                      .map(([, label], index) => (index === 0 ? label : label.toLowerCase()))
                      .join(" and ")}
                    : not scored. We give these a score only after using the product ourselves, which this review does not record; the pros and cons above say what {tool.name}
                    &apos;s documentation shows, and the sources list where it comes from.
                  </p>
                )}
              </>
            )}
          </InPageSection>
        </section>
      )}

      {body && review.hasIntegrations && (
        <section aria-labelledby="integrations-heading">
          <h2 id="integrations-heading" className="text-2xl font-bold">
            Integrations
          </h2>
          <InPageSection as="ul" value={body} className="mt-3 flex flex-wrap gap-2">
            {({ integrations }) =>
              integrations.map((name) => (
                <li key={name}>
                  <Badge variant="outline">{name}</Badge>
                </li>
              ))
            }
          </InPageSection>
        </section>
      )}

      {body && (
        <section aria-labelledby="verdict-heading" className="rounded-xl border-l-4 border-primary bg-secondary/40 p-5">
          <h2 id="verdict-heading" className="text-2xl font-bold">
            Verdict
          </h2>
          <InPageText text={mapInPage(body, ({ verdict }) => verdict)} className="mt-2 leading-relaxed" />
        </section>
      )}

      {review && <ReviewSources review={review} toolName={tool.name} />}

      {!body && alternatives.length > 0 && (
        <section aria-labelledby="alternatives-heading">
          <h2 id="alternatives-heading" className="text-2xl font-bold">
            Alternatives to {tool.name}
          </h2>
          {/* Plain anchors, like the tool cards' (see ToolCard). */}
          <ul className="mt-3 divide-y rounded-lg border">
            {alternatives.map((other) => (
              <li key={other.slug} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3">
                <a href={`/tools/${other.slug}`} className="font-medium hover:underline">
                  {other.name}
                </a>
                <span className="text-sm text-muted-foreground">
                  {other.pricingText} · {other.rating === null ? "" : `our rating ${other.rating.toFixed(1)}/5 · `}
                  {other.categoryName}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="cta-heading" className="rounded-xl border p-6 text-center">
        <h2 id="cta-heading" className="text-xl font-bold">
          Ready to try {tool.name}?
        </h2>
        <p className="mt-2 text-muted-foreground">
          Pricing: {pricingText(tool.pricing)}
          {tool.hasFreeTrial ? " · free trial available" : ""}
        </p>
        <Button asChild className="mt-4">
          <OutboundLink kind="tool" slug={tool.slug}>
            Visit {tool.name} <Icon name="external-link" />
          </OutboundLink>
        </Button>
      </section>
    </>
  );
}
