import { ArrowLeft, BarChart3, CheckCircle2, ExternalLink, Info, XCircle } from "lucide-react";
import { data, Link } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { ShareButtons } from "~/components/share-buttons";
import { AiReviewExplainer } from "~/components/tool/ai-review-explainer";
import { OutboundLink } from "~/components/tool/outbound-link";
import { StarRating } from "~/components/tool/star-rating";
import { ToolBadges } from "~/components/tool/tool-badges";
import { ToolCard, toolImageUrl } from "~/components/tool/tool-card";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { Breadcrumb } from "~/lib/breadcrumbs";
import { pairPath } from "~/lib/comparison-pair";
import { breadcrumbJsonLd } from "~/lib/json-ld";
import { pageMeta } from "~/lib/seo";
import { firstDollarAmount, pricingLabel } from "~/lib/tool-filters";
import { getToolDetail, listAlternatives, listSimilarTools, type ToolDetail } from "~/models/tool/queries.server";
import { getEnv } from "~/utils/env.server";
import { FavoriteButton } from "~/components/reviews/favorite-button";
import { RatingCard, type RatingSummaryData } from "~/components/reviews/rating-card";
import { ReviewSection } from "~/components/reviews/review-section";
import { REVIEWS_PAGE_SIZE } from "~/lib/review-rules";
import { getViewer } from "~/models/account/session.server";
import { getOwnReview, getRatingSummary, getReactions, isFavorite, listToolNotes, listToolReviews } from "~/models/review/queries.server";
import { ToolFeedback } from "~/components/reviews/tool-feedback";
import type { Route } from "./+types/tools.detail";

const EDITORS_CHOICE_MIN_RATING = 4.7;

const crumbsFor = (tool: { slug: string; name: string; categorySlug: string; categoryName: string }): Breadcrumb[] => [
  { label: "Home", href: "/" },
  { label: "AI Tools", href: "/tools" },
  { label: tool.categoryName, href: `/tools/category/${tool.categorySlug}` },
  { label: tool.name, href: `/tools/${tool.slug}` },
];

export const handle = {
  crumbs: (loaderData: unknown) => {
    const detail = (loaderData as { detail?: ToolDetail } | undefined)?.detail;
    return detail ? crumbsFor(detail.tool) : undefined;
  },
};

/** What readers contributed: computed from stored rows on every request (the viewer's own state included). */
async function loadCommunity(toolId: number, viewerId: string | null, requestedPage: number) {
  const summary = await getRatingSummary(toolId);
  const pageCount = Math.max(1, Math.ceil(summary.reviewCount / REVIEWS_PAGE_SIZE));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const [list, notes, own, favorite] = await Promise.all([
    listToolReviews(toolId, page, viewerId),
    listToolNotes(toolId),
    viewerId ? getOwnReview(toolId, viewerId) : null,
    viewerId ? isFavorite(toolId, viewerId) : false,
  ]);
  return { summary, page, pageCount, reviews: list.reviews, notes, own, favorite, viewerId };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const siteUrl = getEnv().SITE_URL;
  const detail = await getToolDetail(params.slug);
  if (!detail) return data({ detail: undefined, slug: params.slug, siteUrl, similar: [], related: [], community: undefined }, { status: 404 });
  const viewer = getViewer(context);
  const requestedPage = Number(new URL(request.url).searchParams.get("reviews") ?? "1") || 1;
  const [similar, related, community] = await Promise.all([
    listSimilarTools(detail.tool),
    listAlternatives(detail.tool.alternatives),
    loadCommunity(detail.tool.id, viewer?.id ?? null, requestedPage),
  ]);
  const reactions = Object.fromEntries(await getReactions(similar.map((other) => other.id), viewer?.id ?? null));
  return { detail, slug: params.slug, siteUrl, similar, related, community, reactions };
}

export function meta({ loaderData, params }: Route.MetaArgs) {
  const siteUrl = loaderData?.siteUrl ?? "http://localhost";
  const detail = loaderData?.detail;
  if (!detail) return pageMeta({ title: "Tool Not Found", description: "We could not find that tool. Browse the AI tools directory instead.", path: `/tools/${params.slug}`, siteUrl, noindex: true });
  const { tool } = detail;
  return pageMeta({
    title: `${tool.name} Review: Pricing, Features, Pros and Cons`,
    description: `${tool.tagline} Our rating ${tool.rating.toFixed(1)}/5. Pricing: ${pricingLabel(tool.pricing)}. Last checked ${tool.lastChecked}.`.slice(0, 160),
    path: `/tools/${tool.slug}`,
    siteUrl,
  });
}

function softwareJsonLd(detail: ToolDetail, siteUrl: string, summary: RatingSummaryData) {
  const { tool, review } = detail;
  const price = firstDollarAmount(tool.pricing);
  return {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: tool.name,
    description: tool.description,
    applicationCategory: tool.categoryName,
    operatingSystem: "Web",
    url: new URL(`/tools/${tool.slug}`, siteUrl).toString(),
    ...(price !== null || tool.isFree
      ? { offers: { "@type": "Offer", price: String(price ?? 0), priceCurrency: "USD" } }
      : {}),
    // Readers' ratings, exactly as the page shows them; omitted while there are none.
    ...(summary.average !== null
      ? { aggregateRating: { "@type": "AggregateRating", ratingValue: summary.average, ratingCount: summary.ratingCount, reviewCount: summary.reviewCount, bestRating: 5, worstRating: 1 } }
      : {}),
    review: {
      "@type": "Review",
      author: review ? { "@type": "Person", name: review.author.name } : { "@type": "Organization", name: "AI Tools Atlas editorial team" },
      ...(review ? { datePublished: review.publishedAt } : {}),
      reviewRating: { "@type": "Rating", ratingValue: tool.rating, bestRating: 5, worstRating: 0 },
    },
  };
}

const initials = (name: string) => name.split(/\s+/).map((part) => part[0]).join("").slice(0, 2).toUpperCase();

export default function ToolPage({ loaderData }: Route.ComponentProps) {
  const { detail, siteUrl, similar, related, community } = loaderData;
  const reactions = "reactions" in loaderData ? loaderData.reactions : {};
  if (!detail || !community) return <ToolNotFound />;
  const { tool, review } = detail;
  const url = new URL(`/tools/${tool.slug}`, siteUrl).toString();
  const body = review?.body;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-6">
      <JsonLd data={breadcrumbJsonLd(crumbsFor(tool), siteUrl)} />
      <JsonLd data={softwareJsonLd(detail, siteUrl, community.summary)} />
      <Link to="/tools" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to Tools
      </Link>
      <p className="mt-4 flex items-start gap-2 rounded-lg border bg-muted/50 px-4 py-2 text-sm text-muted-foreground">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          We may earn a commission if you sign up through links on this page. It never changes our rating.{" "}
          <Link to="/affiliate-disclosure" className="underline">
            How we make money
          </Link>
        </span>
      </p>

      <header className="mt-6 flex flex-col gap-6 md:flex-row md:items-start">
        <img src={toolImageUrl(tool.slug)} alt={`${tool.name} logo placeholder`} width={96} height={96} className="size-20 rounded-2xl md:size-24" />
        <div className="min-w-0 flex-1">
          <h1 className="text-3xl font-bold sm:text-4xl">{tool.name}</h1>
          <p className="mt-2 text-lg text-muted-foreground">{tool.tagline}</p>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <span className="text-sm font-medium">Our Rating</span>
            <StarRating rating={tool.rating} size="lg" label="Our rating" />
            {tool.rating >= EDITORS_CHOICE_MIN_RATING && <Badge>Editor's choice</Badge>}
            <Link to={`/tools/category/${tool.categorySlug}`}>
              <Badge variant="outline">{tool.categoryName}</Badge>
            </Link>
            <ToolBadges tool={tool} />
          </div>
          <p className="mt-4 max-w-3xl">{tool.description}</p>
          <div className="mt-5 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <OutboundLink href={tool.websiteUrl}>
                Try {tool.name} <ExternalLink />
              </OutboundLink>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={`/tools/comparison?tools=${tool.slug}`}>
                <BarChart3 /> Compare with Others
              </Link>
            </Button>
            <FavoriteButton toolSlug={tool.slug} favorited={community.favorite} signedIn={community.viewerId !== null} />
          </div>
        </div>
      </header>

      <aside aria-label="About this review" className="mt-6 flex flex-col gap-4 rounded-xl border p-5 sm:flex-row sm:items-start">
        {review ? (
          <>
            <span className="grid size-12 shrink-0 place-items-center rounded-full bg-primary text-lg font-bold text-primary-foreground" aria-hidden="true">
              {initials(review.author.name)}
            </span>
            <div className="min-w-0">
              <p className="font-semibold">Reviewed by {review.author.name}</p>
              <p className="mt-1 text-sm text-muted-foreground">{review.author.bio}</p>
              <div className="mt-2 flex flex-wrap gap-1.5">
                {review.author.expertise.map((area) => (
                  <Badge key={area} variant="secondary">{area}</Badge>
                ))}
              </div>
              <p className="mt-2 text-sm text-muted-foreground">
                Published <time dateTime={review.publishedAt}>{review.publishedAt}</time> · Last tested <time dateTime={review.lastTestedAt}>{review.lastTestedAt}</time>
              </p>
            </div>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            Catalogue entry written by our editorial team from the provider's documentation and pricing pages. We have not published an in-depth review of{" "}
            {tool.name} yet. Details last checked <time dateTime={tool.lastChecked}>{tool.lastChecked}</time>.
          </p>
        )}
      </aside>

      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-10">
          <RatingCard
            key={community.own?.rating ?? 0}
            toolSlug={tool.slug}
            toolName={tool.name}
            summary={community.summary}
            ownRating={community.own?.rating ?? null}
            signedIn={community.viewerId !== null}
          />
          <section aria-labelledby="review-heading">
            <h2 id="review-heading" className="text-2xl font-bold">
              {body ? `Our ${tool.name} review` : `About ${tool.name}`}
            </h2>
            <div className="mt-3 space-y-4 leading-relaxed">
              {(body?.overview ?? tool.description).split(/\n\n+/).map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
            </div>
          </section>

          <section aria-labelledby="features-heading">
            <h2 id="features-heading" className="text-2xl font-bold">Key features</h2>
            {body ? (
              <dl className="mt-4 grid gap-4 sm:grid-cols-2">
                {body.keyFeatures.map((feature) => (
                  <div key={feature.title} className="rounded-lg border p-4">
                    <dt className="font-semibold">{feature.title}</dt>
                    <dd className="mt-1 text-sm text-muted-foreground">{feature.description}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <ul className="mt-4 grid gap-2 sm:grid-cols-2">
                {tool.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-2">
                    <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" /> {feature}
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="use-cases-heading">
            <h2 id="use-cases-heading" className="text-2xl font-bold">Use cases</h2>
            <ul className="mt-4 list-disc space-y-1 pl-5">
              {(body?.useCases ?? tool.useCases).map((useCase) => (
                <li key={useCase}>{useCase}</li>
              ))}
            </ul>
          </section>

          {body && (
            <section aria-labelledby="pros-cons-heading">
              <h2 id="pros-cons-heading" className="text-2xl font-bold">Pros and cons</h2>
              <div className="mt-4 grid gap-4 sm:grid-cols-2">
                <div className="rounded-lg border p-4">
                  <h3 className="font-semibold text-emerald-700 dark:text-emerald-400">Pros</h3>
                  <ul className="mt-2 space-y-2">
                    {body.pros.map((pro) => (
                      <li key={pro} className="flex gap-2 text-sm">
                        <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" /> {pro}
                      </li>
                    ))}
                  </ul>
                </div>
                <div className="rounded-lg border p-4">
                  <h3 className="font-semibold text-red-700 dark:text-red-400">Cons</h3>
                  <ul className="mt-2 space-y-2">
                    {body.cons.map((con) => (
                      <li key={con} className="flex gap-2 text-sm">
                        <XCircle className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden="true" /> {con}
                      </li>
                    ))}
                  </ul>
                </div>
              </div>
            </section>
          )}

          {body && (
            <section aria-labelledby="breakdown-heading">
              <h2 id="breakdown-heading" className="text-2xl font-bold">Rating breakdown</h2>
              <p className="mt-1 text-sm text-muted-foreground">Our editorial scores, separate from user reviews.</p>
              <dl className="mt-4 grid gap-3">
                {([
                  ["Ease of use", body.ratingBreakdown.easeOfUse],
                  ["Features", body.ratingBreakdown.features],
                  ["Value for money", body.ratingBreakdown.valueForMoney],
                  ["Customer support", body.ratingBreakdown.customerSupport],
                ] as const).map(([label, value]) => (
                  <div key={label} className="grid grid-cols-[9rem_1fr_3rem] items-center gap-3 text-sm">
                    <dt>{label}</dt>
                    <dd className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                      <div className="h-full rounded-full bg-primary" style={{ width: `${value}%` }} />
                    </dd>
                    <dd className="text-right font-semibold">{value}%</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}

          {body && body.integrations.length > 0 && (
            <section aria-labelledby="integrations-heading">
              <h2 id="integrations-heading" className="text-2xl font-bold">Integrations</h2>
              <ul className="mt-3 flex flex-wrap gap-2">
                {body.integrations.map((name) => (
                  <li key={name}><Badge variant="outline">{name}</Badge></li>
                ))}
              </ul>
            </section>
          )}

          {body && (
            <section aria-labelledby="verdict-heading" className="rounded-xl border-l-4 border-primary bg-secondary/40 p-5">
              <h2 id="verdict-heading" className="text-2xl font-bold">Verdict</h2>
              <p className="mt-2 leading-relaxed">{body.verdict}</p>
            </section>
          )}

          <section aria-labelledby="cta-heading" className="rounded-xl border p-6 text-center">
            <h2 id="cta-heading" className="text-xl font-bold">Ready to try {tool.name}?</h2>
            <p className="mt-2 text-muted-foreground">Pricing: {pricingLabel(tool.pricing)}{tool.hasFreeTrial ? " · free trial available" : ""}</p>
            <Button asChild className="mt-4">
              <OutboundLink href={tool.websiteUrl}>
                Visit {tool.name} <ExternalLink />
              </OutboundLink>
            </Button>
          </section>

          {similar.length > 0 && (
            <section aria-labelledby="similar-heading">
              <h2 id="similar-heading" className="text-2xl font-bold">Similar tools</h2>
              <ul className="mt-4 grid gap-4 sm:grid-cols-2">
                {similar.map((other) => (
                  <li key={other.slug} className="grid gap-1">
                    <ToolCard tool={other} />
                    {other.categorySlug === tool.categorySlug && (
                      <Link to={pairPath(tool.slug, other.slug)} className="inline-flex items-center gap-1 justify-self-start text-sm font-medium text-primary underline-offset-4 hover:underline">
                        <BarChart3 className="size-4" aria-hidden="true" /> Compare {tool.name} vs {other.name}
                      </Link>
                    )}
                    <ToolFeedback
                      toolSlug={other.slug}
                      toolName={other.name}
                      reaction={reactions[other.id] ?? { likes: 0, dislikes: 0, mine: 0 }}
                      signedIn={community.viewerId !== null}
                    />
                  </li>
                ))}
              </ul>
            </section>
          )}

          <ReviewSection
            tool={{ id: tool.id, slug: tool.slug, name: tool.name }}
            viewerId={community.viewerId}
            own={community.own}
            reviews={community.reviews}
            reviewCount={community.summary.reviewCount}
            page={community.page}
            pageCount={community.pageCount}
            notes={community.notes}
          />

          <AiReviewExplainer />
        </div>

        <aside aria-label={`${tool.name} pricing and sharing`} className="space-y-6">
          <section aria-labelledby="pricing-heading" className="rounded-xl border p-5">
            <h2 id="pricing-heading" className="text-lg font-bold">Pricing</h2>
            {body ? (
              <ul className="mt-3 space-y-3">
                {body.plans.map((plan) => (
                  <li key={plan.name} className={plan.recommended ? "rounded-lg border-2 border-primary p-3" : "rounded-lg border p-3"}>
                    <p className="flex items-center justify-between gap-2 font-semibold">
                      {plan.name} {plan.recommended && <Badge>Recommended</Badge>}
                    </p>
                    <p className="text-sm">{plan.price}</p>
                    <ul className="mt-2 list-disc space-y-0.5 pl-4 text-xs text-muted-foreground">
                      {plan.features.map((feature) => (
                        <li key={feature}>{feature}</li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2">{pricingLabel(tool.pricing)}</p>
            )}
            <p className="mt-3 text-xs text-muted-foreground">Prices as last checked on {review?.lastTestedAt ?? tool.lastChecked}; the provider's site has the current ones.</p>
            <Button asChild className="mt-3 w-full">
              <OutboundLink href={tool.websiteUrl}>
                Get Started <ExternalLink />
              </OutboundLink>
            </Button>
          </section>
          <section aria-labelledby="share-heading" className="rounded-xl border p-5">
            <h2 id="share-heading" className="text-lg font-bold">Share</h2>
            <div className="mt-3">
              <ShareButtons url={url} title={`${tool.name} review`} />
            </div>
          </section>
          {related.length > 0 && (
            <section aria-labelledby="related-heading" className="rounded-xl border p-5">
              <h2 id="related-heading" className="text-lg font-bold">Related tools</h2>
              <ul className="mt-3 space-y-3">
                {related.map((other) => (
                  <li key={other.slug} className="flex items-center gap-3">
                    <img src={toolImageUrl(other.slug)} alt="" width={40} height={40} loading="lazy" className="size-10 rounded-lg" />
                    <div className="min-w-0">
                      <Link to={`/tools/${other.slug}`} className="font-medium hover:underline">{other.name}</Link>
                      <p className="text-xs text-muted-foreground">{other.rating.toFixed(1)}/5 · {other.categoryName}</p>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section aria-label="Sponsored placement" className="rounded-xl border border-dashed p-5 text-center text-sm text-muted-foreground">
            <p className="text-xs font-semibold uppercase tracking-wide">Sponsored slot</p>
            <p className="mt-2">This space is available to AI tool makers. Sponsorship never affects ratings.</p>
            <Link to="/contact" className="mt-2 inline-block text-primary underline-offset-4 hover:underline">Contact us</Link>
          </section>
        </aside>
      </div>
    </main>
  );
}

function ToolNotFound() {
  const popular = [
    { slug: "chatgpt", name: "ChatGPT" },
    { slug: "midjourney", name: "Midjourney" },
    { slug: "grammarly", name: "Grammarly" },
  ];
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">Tool not found</h1>
      <p className="mt-3 text-muted-foreground">We could not find that tool. It may have been renamed or removed from the directory.</p>
      <h2 className="mt-8 font-semibold">Popular tools</h2>
      <ul className="mt-3 flex flex-wrap justify-center gap-3">
        {popular.map((tool) => (
          <li key={tool.slug}>
            <Link to={`/tools/${tool.slug}`} className="inline-block rounded-lg border px-4 py-2 hover:bg-accent">{tool.name}</Link>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild><Link to="/tools">Browse all tools</Link></Button>
        <Button asChild variant="outline"><Link to="/tools/comparison">Compare tools</Link></Button>
        <Button asChild variant="outline"><Link to="/blog">Read the blog</Link></Button>
      </div>
    </main>
  );
}
