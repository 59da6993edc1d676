import type { RouteHandle } from "~/lib/route-handle";
import { inPageValue, mapInPage } from "~/lib/ui/page-text";
import { InPageSection, InPageText } from "~/components/ui/in-page-text";
import { Link, useActionData } from "react-router";
import { JsonLd } from "~/components/json-ld";
import type { RatingSummaryData } from "~/components/reviews/rating-card";
import { RatingCardPart } from "~/components/reviews/rating-card-part";
import { ReviewSectionPart } from "~/components/reviews/review-section-part";
import { AiReviewExplainer } from "~/components/tool/ai-review-explainer";
import { AI_REVIEW_WORDS } from "~/lib/words/ai-reviews";
import { SimilarTools } from "~/components/tool/similar-tools";
import { ToolDetailHeader } from "~/components/tool/tool-detail-header";
import { ToolReviewBody } from "~/components/tool/tool-review-body";
import { getToolDataFacts } from "~/models/tool/data-facts.server";
import { getPlatformsProvenance } from "~/models/fact-check/platforms.server";
import { getToolClaimLine } from "~/models/claim/claims.server";
import { certificationsOf, factKey, nextStaleMoment } from "~/lib/tool/data-facts";
import { ToolPricing, ToolSidebar } from "~/components/tool/tool-sidebar";
import { hydrateLater, renderedOnNavigation } from "~/components/ui/hydrate-later";
import { ToolTasks } from "~/components/tool/tool-tasks";
import { ToolScreenshots } from "~/components/tool/tool-screenshots";
import { ResultMessage } from "~/components/ui/form-parts";
import { useSiteUrl } from "~/components/use-site-url";
import type { Breadcrumb } from "~/lib/ui/breadcrumbs";
import { authorJsonLd } from "~/lib/seo/json-ld";
import { toolOgImage } from "~/lib/seo/og-image";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { toolPageTitle } from "~/lib/tool/tool-title";
import { freshness, nextFreshnessChange } from "~/lib/tool/freshness";
import { pricingOffer, pricingText } from "~/lib/tool/pricing";
import { getReactions, getToolCommunity } from "~/models/review/queries.server";
import { deleteReviewWrite, favoriteWrite, helpfulWrite, reportWrite, reviewFormWrite, toolFeedbackWrite } from "~/models/review/writes.server";
import { getToolLinkCheck } from "~/models/link-health/queries.server";
import { getPricingProvenance } from "~/models/provenance/queries.server";
import { hasAlternativesPage } from "~/models/tool/alternatives.server";
import { getToolHistory } from "~/models/tool/change-queries.server";
import { listTasksForTool } from "~/models/task/queries.server";
import { cardShown, getToolDetail, listAlternatives, listSimilarTools, relatedShown, toolDetailOnPage, type ToolDetailOnPage } from "~/models/tool/queries.server";
import { inPage } from "~/utils/page-text.server";
import { cardOnPage } from "~/lib/tool/card-on-page";
import { requestInfoContext } from "~/utils/request-context";
import { pairVerdictsOf } from "~/models/tool/pair-verdicts.server";
import { listToolScreenshots, type ToolScreenshot } from "~/models/tool/screenshots.server";
import { proofWrite, replyWrite } from "~/models/moderation/writes.server";
import { watchWrite } from "~/models/alerts/writes.server";
import { viewerOf } from "~/utils/guards.server";
import { toolPersonalFor } from "~/models/account/personal.server";
import { tagPageUntil } from "~/utils/cache.server";
import { notFound } from "~/utils/not-found.server";
import { canonicalRedirect } from "~/utils/canonical-redirect.server";
import { canonicalSlug, nearestByName } from "~/models/search/slug-lookup.server";
import { backTo, formWrite } from "~/utils/write.server";
import { AffiliateNotice } from "~/components/affiliate-notice";
import type { Route } from "./+types/tools.detail";
import { Icon } from "~/components/ui/icon";
import { teamCostView, teamSizeIsKept } from "~/lib/tool/team-cost";
import { getCurrencyRates } from "~/models/content/currency-rates.server";

/** A review posted as one multipart form carries up to three images. */
const crumbsFor = (tool: { slug: string; name: string; categorySlug: string; categoryName: string }): Breadcrumb[] => [
  { label: "Home", href: "/" },
  { label: "AI Tools", href: "/tools" },
  { label: tool.categoryName, href: `/tools/category/${tool.categorySlug}` },
  { label: tool.name, href: `/tools/${tool.slug}` },
];

export const handle = {
  cache: "shared-with-personal-parts",
  crumbs: (loaderData: unknown) => {
    const detail = (loaderData as { detail?: ToolDetailOnPage } | undefined)?.detail;
    return detail ? crumbsFor(detail.tool) : undefined;
  },
} satisfies RouteHandle;

/** The pricing history, below the review: its code (the change sentences) loads when a reader scrolls near it (decision 056, issue 43). */
/**
 * The data and security block: in a document its HTML is kept as sent (in-page, no script of its own); a client
 * navigation renders it, and only then loads its code, which is no part of the page's first load (issue 43's budget).
 */
const DataSecurity = renderedOnNavigation(() => import("~/components/tool/data-security").then((module) => module.DataSecurity));
/** The verdicts' links: in a document kept as sent (in-page); their code loads only for a client navigation, likewise. */
const VerdictPairLinks = renderedOnNavigation(() => import("~/components/comparison/pair-verdict").then((module) => module.VerdictPairLinks));
/** "For a team of N" (issue 47): text and a plain GET form, kept as sent in a document; its code loads only on a client navigation. */
const TeamCostSection = renderedOnNavigation(() => import("~/components/tool/team-cost").then((module) => module.TeamCostSection));
const PricingHistory = hydrateLater(() => import("~/components/tool/pricing-history").then((module) => module.PricingHistory));

export async function loader(args: Route.LoaderArgs) {
  const { params, request } = args;
  const detail = await getToolDetail(params.slug);
  if (!detail) {
    // '/tools/ChatGPT' is ChatGPT's page under another spelling; an unknown slug gets the nearest names (decision 047).
    const canonical = await canonicalSlug("tool", params.slug);
    if (canonical) throw canonicalRedirect(request, `/tools/${canonical}`);
    throw notFound("tool", params.slug, await nearestByName("tool", params.slug));
  }
  const search = new URL(request.url).searchParams;
  const requestedPage = Number(search.get("reviews") ?? "1") || 1;
  // Filtered on the server (decision 023), so the filter works without JavaScript and pages count the right reviews.
  const verifiedOnly = search.get("verified") === "1";
  const [similar, alternatives, community, linkCheck, alternativesPage, provenance, priceHistory, verdictPairs, tasks, screenshots, dataFacts, platforms, claim] =
    await Promise.all([
      listSimilarTools(detail.tool),
      listAlternatives(detail.tool.alternatives, 6),
      getToolCommunity(detail.tool, requestedPage, verifiedOnly),
      getToolLinkCheck(detail.tool.slug),
      hasAlternativesPage(detail.tool.slug),
      getPricingProvenance(detail.tool),
      getToolHistory(detail.tool),
      pairVerdictsOf(detail.tool.slug),
      listTasksForTool(detail.tool.slug),
      listToolScreenshots(detail.tool),
      getToolDataFacts(detail.tool.slug),
      getPlatformsProvenance(detail.tool.slug),
      getToolClaimLine(detail.tool.slug),
    ]);
  // The page is the same for every reader but for its personal parts (decision 054): what this reader did here is
  // `personal`, which only the parts read, so the page kept for anonymous visitors serves signed-in readers too.
  const viewer = viewerOf(args, { use: "personal-parts" });
  const [reactions, personal] = await Promise.all([getReactions(similar), viewer ? toolPersonalFor(viewer, { detail, similar }) : null]);
  // The badges by this render's clock; the cached page is true until the next one changes.
  const now = new Date();
  const next = nextFreshnessChange([detail.tool], now);
  if (next !== undefined) tagPageUntil(next);
  // A fact turns "more than 180 days old" at a day's start: the kept page lasts until the next one does.
  const staleFrom = nextStaleMoment(
    (dataFacts?.facts ?? []).map((fact) => ({ enteredAt: dataFacts!.confirmations[factKey(fact)]?.day ?? fact.enteredAt })),
    now,
  );
  if (staleFrom !== undefined) tagPageUntil(staleFrom);
  // `?team=` is 10,000 addresses per tool: only the usual sizes are kept by the page cache (decision 086).
  if (!teamSizeIsKept(search)) tagPageUntil(now.getTime());
  const teamCost = teamCostView(
    new URL(request.url),
    [{ name: detail.tool.name, slug: detail.tool.slug, pricing: detail.tool.pricing, review: detail.review?.body.plans }],
    getCurrencyRates(),
  );
  return {
    // What the page shows as text and lists is in its HTML only (issue 43): no script of their own.
    detail: toolDetailOnPage(detail, args.context.get(requestInfoContext)),
    freshness: freshness(detail.tool, now),
    // What the similar tools' cards and the related tools show; what the cards show is in the page's HTML (issue 43).
    similar: similar.map(({ sharesCategory, ...card }) => ({ ...cardOnPage(cardShown(card), args.context.get(requestInfoContext)), sharesCategory })),
    alternatives: alternatives.map(relatedShown),
    community,
    reactions: Object.fromEntries(reactions),
    linkCheck,
    // A maker's verified claim (issue 45): the first day and the methods, nothing about who.
    claim: claim.line,
    alternativesPage,
    provenance,
    priceHistory,
    // The pairs' slugs for the similar tools' comparison links; the verdicts' links, and the tasks the tool is listed
    // for with their reasons, are in the page's HTML only (issue 43).
    verdictPairSlugs: verdictPairs.map((pair) => pair.otherSlug),
    verdictPairs: verdictPairs.length > 0 ? inPage(args.context, verdictPairs) : null,
    tasks: tasks.length > 0 ? inPage(args.context, tasks) : null,
    // The data and security block is text and links with no script of its own: in the HTML only (issue 43).
    // The certifications for the structured data are worked out here, so the page's script carries none of it.
    // Where the platforms list comes from (issue 44): a line of the Platforms section; null without a named page.
    platforms,
    dataFacts: inPage(args.context, { facts: dataFacts, today: now.toISOString().slice(0, 10), certifications: certificationsOf(dataFacts?.facts ?? []) }),
    screenshots,
    // What the team would pay (issue 47): text and a plain form, in the HTML only (issue 43).
    teamCost: inPage(args.context, teamCost),
    // The explainer on AI-generated reviews: its words in the HTML only (decision 088).
    aiReviews: inPage(args.context, AI_REVIEW_WORDS),
    ogImage: toolOgImage(detail.tool),
    personal,
  };
}

/**
 * Every reader action on the page, as plain form posts (spec part 1 §4-§5): the
 * same writes as the JSON API. Without JavaScript a success goes back to where the
 * form was (a tool card's page, or here) with its message; a refusal renders here.
 */
export const action = (args: Route.ActionArgs) => {
  const toolSlug = args.params.slug;
  const back = { redirect: { when: "without-script" as const, to: backTo(args.request) } };
  const forTool = (kind?: string) => ({ ...back, urlFields: { toolSlug, ...(kind ? { kind } : {}) } });
  return formWrite(
    args,
    {
      favorite: { spec: favoriteWrite, options: forTool() },
      watch: { spec: watchWrite, options: forTool() },
      review: { spec: reviewFormWrite, options: { ...forTool(), redirect: { when: "without-script", to: () => `/tools/${toolSlug}#reviews` } } },
      "delete-review": { spec: deleteReviewWrite, options: forTool() },
      helpful: { spec: helpfulWrite, options: forTool() },
      report: { spec: reportWrite, options: forTool() },
      rating: { spec: toolFeedbackWrite, options: forTool("rating") },
      reaction: { spec: toolFeedbackWrite, options: forTool("reaction") },
      note: { spec: toolFeedbackWrite, options: forTool("note") },
      reply: { spec: replyWrite, options: forTool() },
      proof: { spec: proofWrite, options: forTool() },
    },
    { tooLarge: { message: "imageTooLarge", field: "images" } },
  );
};

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const detail = loaderData?.detail;
  if (!detail) return [];
  const siteUrl = siteUrlOf(matches);
  const { tool } = detail;
  const rating = editorialRatingOf(detail);
  return pageMeta({
    title: toolPageTitle(tool.name, rating !== null),
    description: (tool.source === "community"
      ? `${tool.tagline} Community submission. Pricing: ${pricingText(tool.pricing)}. Listed ${tool.addedAt}.`
      : `${tool.tagline} ${rating !== null ? `Our rating ${rating.toFixed(1)}/5. ` : ""}Pricing: ${pricingText(tool.pricing)}.`
    ).slice(0, 160),
    path: `/tools/${tool.slug}`,
    siteUrl,
    image: loaderData.ogImage,
  });
}

function softwareJsonLd(
  detail: ToolDetailOnPage,
  description: string,
  siteUrl: string,
  summary: RatingSummaryData,
  screenshots: ToolScreenshot[],
  certifications: { name: string; url: string }[],
) {
  const { tool } = detail;
  const offer = pricingOffer(tool.pricing);
  return {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: tool.name,
    description,
    applicationCategory: tool.categoryName,
    operatingSystem: "Web",
    url: new URL(`/tools/${tool.slug}`, siteUrl).toString(),
    // The figure the page leads with (lib/tool/pricing.ts); none when the vendor publishes no price.
    ...(offer ? { offers: offer } : {}),
    // The gallery's screenshots, as the page links them (decision 048); none until an editor adds one.
    ...(screenshots.length
      ? {
          image: screenshots.map((shot) => ({
            "@type": "ImageObject",
            contentUrl: new URL(shot.url, siteUrl).toString(),
            width: shot.width,
            height: shot.height,
            ...(shot.caption ? { caption: shot.caption } : {}),
          })),
        }
      : {}),
    // Readers' published ratings, exactly as the page shows them (never an editorial figure); omitted while there are none.
    ...(summary.average !== null && summary.ratingCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: summary.average,
            ratingCount: summary.ratingCount,
            reviewCount: summary.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    // Our Review only where an in-depth review is published (issue 26); a catalogue entry states no rating of ours.
    ...(editorialReview(detail) ?? {}),
    // The maker's certifications as its own pages state them (issue 44), each naming that page; schema.org has no
    // place for the other data facts (training, retention, region), which the page's block shows.
    ...(certifications.length
      ? {
          provider: {
            "@type": "Organization",
            url: tool.websiteUrl,
            hasCertification: certifications.map((certification) => ({ "@type": "Certification", name: certification.name, url: certification.url })),
          },
        }
      : {}),
  };
}

/** The editorial rating the page may show: only with a published in-depth review (the sync stores none without). */
function editorialRatingOf({ tool, review }: ToolDetailOnPage): number | null {
  return review ? tool.rating : null;
}

function editorialReview(detail: ToolDetailOnPage) {
  const { review } = detail;
  const rating = editorialRatingOf(detail);
  if (!review || rating === null) return null;
  return {
    review: {
      "@type": "Review",
      author: authorJsonLd(review.author),
      datePublished: review.publishedAt,
      reviewRating: { "@type": "Rating", ratingValue: rating, bestRating: 5, worstRating: 0 },
    },
  };
}

export default function ToolPage({ loaderData }: Route.ComponentProps) {
  const {
    detail,
    freshness,
    similar,
    alternatives,
    community,
    reactions,
    linkCheck,
    claim,
    alternativesPage,
    provenance,
    priceHistory,
    verdictPairSlugs,
    verdictPairs,
    tasks,
    screenshots,
    dataFacts,
    platforms,
    teamCost,
    aiReviews,
  } = loaderData;
  const siteUrl = useSiteUrl();
  const reply = useActionData<typeof action>();
  const { tool } = detail;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-6">
      {/* Built where the description is at hand; in a document's browser copy the script is kept as sent (decision 069). */}
      <JsonLd
        data={mapInPage(tool.description, (description) =>
          softwareJsonLd(detail, description, siteUrl, community.summary, screenshots, inPageValue(dataFacts)?.certifications ?? []),
        )}
      />
      <Link to="/tools" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <Icon name="arrow-left" className="size-4" /> Back to Tools
      </Link>
      <AffiliateNotice className="mt-4" />
      {/* Without JavaScript a refused community form comes back here; a review's refusal shows beside its form. */}
      {reply && reply.intent !== "review" && <ResultMessage result={reply} className="mt-4" />}
      <ToolDetailHeader detail={detail} freshness={freshness} linkCheck={linkCheck} provenance={provenance} readers={community.summary} claim={claim} />

      {/*
        Phones read, in this order: the header with the Try button, the review's basis, the pricing with its plans, the
        description, then the review (decision 052). Wide screens place the pricing at the top of the side column,
        the first row's height being its own, and the main column across both rows.
      */}
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_20rem] lg:grid-rows-[auto_1fr] lg:gap-y-6">
        <ToolPricing detail={detail} provenance={provenance} className="lg:col-start-2 lg:row-start-1" />
        <InPageText className="max-w-3xl lg:hidden" text={tool.description} />
        <div className="flex min-w-0 flex-col gap-10 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <RatingCardPart toolId={tool.id} toolSlug={tool.slug} toolName={tool.name} summary={community.summary} />
          <InPageSection value={teamCost}>{(view) => <TeamCostSection view={view} />}</InPageSection>
          <ToolScreenshots toolName={tool.name} screenshots={screenshots} />
          <ToolReviewBody detail={detail} alternatives={alternatives} platforms={platforms} />
          <PricingHistory tool={tool} history={priceHistory} />
          <InPageSection value={dataFacts}>{({ facts, today }) => <DataSecurity toolName={tool.name} facts={facts} today={today} />}</InPageSection>
          {tasks && <ToolTasks toolName={tool.name} tasks={tasks} />}
          {similar.length > 0 && <SimilarTools tool={tool} similar={similar} reactions={reactions} verdictPairs={verdictPairSlugs} />}
          {verdictPairs && (
            <InPageSection value={verdictPairs}>
              {(pairs) => (
                <VerdictPairLinks
                  id="verdicts-heading"
                  heading={`${tool.name} compared, with our verdict`}
                  pairs={pairs.map((pair) => ({ path: pair.path, label: `${tool.name} vs ${pair.otherName}` }))}
                />
              )}
            </InPageSection>
          )}
          {/* Only where the page exists (enough sensible alternatives); otherwise it would link to a 404. */}
          {alternativesPage && (
            <p>
              <Link to={`/tools/${tool.slug}/alternatives`} className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
                See all {tool.name} alternatives <Icon name="arrow-right" className="size-4" />
              </Link>
            </p>
          )}
          <ReviewSectionPart toolId={tool.id} />
          <InPageSection value={aiReviews}>{(words) => <AiReviewExplainer words={words} />}</InPageSection>
        </div>
        <ToolSidebar toolName={tool.name} related={alternatives.slice(0, 3)} url={new URL(`/tools/${tool.slug}`, siteUrl).toString()} className="lg:col-start-2 lg:row-start-2" />
      </div>
    </main>
  );
}
