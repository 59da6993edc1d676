import { factProvenance, platformsProvenance, pricingProvenance } from "~/lib/api/provenance";
import type { ApiTeamCost, ApiTool } from "~/lib/api/schemas";
import { teamCost, type TeamNeed } from "~/lib/tool/team-cost";
import { getCurrencyRates } from "~/models/content/currency-rates.server";
import { DATA_FACT_WORDS } from "~/lib/words/data-facts";
import { factKey, factValueText } from "~/lib/tool/data-facts";
import { formatPlanPrice, pricingText, type Plan } from "~/lib/tool/pricing";
import { getPlatformsProvenance } from "~/models/fact-check/platforms.server";
import { getPricingProvenance } from "~/models/provenance/queries.server";
import { getToolRatingSummary } from "~/models/review/queries.server";
import { listTasksForTool } from "~/models/task/queries.server";
import { getToolDataFacts } from "~/models/tool/data-facts.server";
import { getToolDetail, listAlternatives } from "~/models/tool/queries.server";
import { getEnv } from "~/utils/env.server";

/**
 * One tool as the open data gives it (issue 46): `/api/v1/tools/<slug>`, the MCP server's `get_tool` and the nightly
 * `tools.json` all read this function. Every part comes from the reads the tool page makes (each cached and
 * invalidated with the page), so an answer shows what the page shows and nothing the page does not.
 */

export const toolPageUrl = (siteUrl: string, slug: string) => `${siteUrl}/tools/${slug}`;
export const categoryPageUrl = (siteUrl: string, slug: string) => `${siteUrl}/tools/category/${slug}`;
export const taskPageUrl = (siteUrl: string, slug: string) => `${siteUrl}/tasks/${slug}`;

/** The tool page's words for how our rating was set when the review names no basis of its own. */
const defaultRatingBasis = (rating: number) => `Our editorial scores, separate from user reviews. Our rating, ${rating.toFixed(1)} out of 5, is their average.`;

export function planRecord(plan: Plan): ApiTool["pricing"]["plans"][number] {
  return {
    name: plan.name,
    price: plan.price,
    currency: plan.price === null ? null : (plan.currency ?? "USD"),
    period: plan.period ?? null,
    unit: plan.unit ?? null,
    billed_annually: plan.billedAnnually ?? false,
    per: plan.per ?? null,
    min_seats: plan.minSeats ?? null,
    plus_usage: plan.plusUsage ?? false,
    limits: plan.limits,
    price_text: formatPlanPrice(plan),
  };
}

/** The tool's record, or null for a slug the catalogue does not hold. */
export async function getToolRecord(slug: string): Promise<ApiTool | null> {
  const detail = await getToolDetail(slug);
  if (!detail) return null;
  const { tool, review } = detail;
  const siteUrl = getEnv().SITE_URL;
  const [pricing, dataFacts, platforms, tasks, alternatives, readers] = await Promise.all([
    getPricingProvenance(tool),
    getToolDataFacts(tool.slug),
    getPlatformsProvenance(tool.slug),
    listTasksForTool(tool.slug),
    listAlternatives(tool.alternatives, tool.alternatives.length),
    getToolRatingSummary(tool),
  ]);
  const categories = [{ slug: tool.categorySlug, name: tool.categoryName }, ...tool.secondaryCategories];
  return {
    slug: tool.slug,
    name: tool.name,
    tagline: tool.tagline,
    url: toolPageUrl(siteUrl, tool.slug),
    website_url: tool.websiteUrl,
    category: { slug: tool.categorySlug, name: tool.categoryName, url: categoryPageUrl(siteUrl, tool.categorySlug) },
    pricing_model: tool.pricingModel,
    pricing_text: pricingText(tool.pricing),
    editorial_rating: tool.rating,
    added_at: tool.addedAt,
    description: tool.description,
    categories: categories.map((category) => ({ ...category, url: categoryPageUrl(siteUrl, category.slug) })),
    tasks: tasks.map((task) => ({ slug: task.slug, name: task.name, url: taskPageUrl(siteUrl, task.slug), reason: task.reason })),
    platforms: {
      values: tool.platforms,
      provenance: platforms ? platformsProvenance(siteUrl, platforms.source, platforms.confirmed) : null,
    },
    pricing: {
      model: tool.pricingModel,
      plans: tool.plans.map(planRecord),
      comparable_note: tool.priceNote ?? null,
      provenance: pricingProvenance(siteUrl, { confirmed: pricing.confirmed, sourceUrl: pricing.source?.url ?? null, enteredAt: tool.addedAt, statusText: pricing.text }),
    },
    data_facts: (dataFacts?.facts ?? []).map((fact) => ({
      kind: fact.fact,
      tier: fact.tier,
      value: fact.value,
      value_text: fact.value === "unknown" ? DATA_FACT_WORDS.notPublished : factValueText(fact),
      detail: fact.detail ?? null,
      opt_out: fact.optOut ?? null,
      provenance: factProvenance(siteUrl, fact, dataFacts?.confirmations[factKey(fact)] ?? null),
    })),
    rating: {
      editorial:
        tool.rating !== null
          ? {
              value: tool.rating,
              basis: review?.body.ratingBasis ?? defaultRatingBasis(tool.rating),
              review_url: toolPageUrl(siteUrl, tool.slug),
              published_at: review?.publishedAt ?? null,
              tested_at: review?.test?.at ?? null,
            }
          : null,
      readers: { average: readers.average, count: readers.ratingCount, written_reviews: readers.reviewCount },
    },
    alternatives: alternatives.map((other) => ({ slug: other.slug, name: other.name, url: toolPageUrl(siteUrl, other.slug) })),
    changes_url: `${siteUrl}/api/v1/tools/${tool.slug}/changes`,
  };
}

/** `team_cost` of `/api/v1/tools/<slug>?team=` (issue 47): the tool page's team figures, by the same function; null for an unknown slug. */
export async function getToolTeamCost(slug: string, teamSize: number, needs: readonly TeamNeed[]): Promise<ApiTeamCost | null> {
  const detail = await getToolDetail(slug);
  if (!detail) return null;
  const cost = teamCost(detail.tool.pricing, teamSize, getCurrencyRates(), needs, detail.review?.body.plans);
  return {
    team_size: cost.teamSize,
    needs: cost.needs,
    rates_as_of: cost.ratesAsOf,
    best: cost.best ? { plan: cost.best.name, reason: cost.best.reason } : null,
    no_best_reason: cost.noBestReason,
    plans: cost.plans.map((plan) => ({
      name: plan.name,
      kind: plan.kind,
      currency: plan.currency,
      seats: plan.seats,
      minimum_applied: plan.minimumApplied,
      monthly: plan.monthly,
      first_year: plan.firstYear,
      up_front: plan.upFront,
      usd_monthly: plan.usd?.monthly ?? null,
      usd_first_year: plan.usd?.firstYear ?? null,
      converted: plan.converted,
      plus_usage: plan.plusUsage,
      covers_team: plan.coversTeam,
      needs: plan.needs.map((match) => ({ need: match.need, found_in: match.found?.in ?? null, phrase: match.found?.phrase ?? null })),
      fits_needs: plan.fitsNeeds,
      monthly_text: plan.monthlyText,
      first_year_text: plan.firstYearText,
      usd_text: plan.usdText,
      note: plan.note,
    })),
  };
}
