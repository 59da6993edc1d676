import { and, asc, eq, gt, gte, inArray, lte } from "drizzle-orm";
import { posts, toolChanges, toolReviews, tools } from "~/db/schema";
import { dealEndsAt } from "~/lib/deal/deals";
import type { IssueItem } from "~/lib/newsletter/issue";
import { describeChange } from "~/lib/tool/change-words";
import { formatLongDate } from "~/lib/ui/dates";
import { PRICING_CHANGE_KINDS } from "~/lib/tool/pricing-changes";
import { getOffers } from "~/models/content/offers.server";
import { getDb } from "~/utils/db.server";

/**
 * 'Draft from this week' (issue 41, decision 061): what the site recorded after `since` up to `until`, as issue items,
 * each a row the database (or, for deals, the validated content the site serves) holds, with the path of its page.
 * Price and plan changes are the rows of /changes; tools, in-depth reviews and articles count by their own day (a day
 * column), so the day of `since` counts again: a repeat in two issues is better than a miss.
 */
const day = (date: Date) => date.toISOString().slice(0, 10);

export async function collectIssueItems(since: Date, until: Date): Promise<IssueItem[]> {
  const db = getDb();
  const [sinceDay, untilDay] = [day(since), day(until)];
  const [changes, added, reviews, articles] = await Promise.all([
    db
      .select({
        id: toolChanges.id,
        kind: toolChanges.kind,
        planName: toolChanges.planName,
        before: toolChanges.before,
        after: toolChanges.after,
        // Only pricing kinds are drafted today; a policy change's words would need its editor's note.
        editorNote: toolChanges.editorNote,
        occurredAt: toolChanges.occurredAt,
        toolName: tools.name,
        toolSlug: tools.slug,
      })
      .from(toolChanges)
      .innerJoin(tools, eq(tools.id, toolChanges.toolId))
      .where(and(inArray(toolChanges.kind, [...PRICING_CHANGE_KINDS]), gt(toolChanges.occurredAt, since), lte(toolChanges.occurredAt, until)))
      .orderBy(asc(toolChanges.occurredAt), asc(toolChanges.id)),
    db
      .select({ slug: tools.slug, name: tools.name, tagline: tools.tagline, addedAt: tools.addedAt })
      .from(tools)
      .where(and(gte(tools.addedAt, sinceDay), lte(tools.addedAt, untilDay)))
      .orderBy(asc(tools.addedAt), asc(tools.name)),
    db
      .select({ slug: tools.slug, name: tools.name, rating: tools.rating, publishedAt: toolReviews.publishedAt })
      .from(toolReviews)
      .innerJoin(tools, eq(tools.slug, toolReviews.toolSlug))
      .where(and(gte(toolReviews.publishedAt, sinceDay), lte(toolReviews.publishedAt, untilDay)))
      .orderBy(asc(toolReviews.publishedAt), asc(tools.name)),
    db
      .select({ slug: posts.slug, title: posts.title, excerpt: posts.excerpt, publishedAt: posts.publishedAt })
      .from(posts)
      .where(and(gte(posts.publishedAt, sinceDay), lte(posts.publishedAt, untilDay)))
      .orderBy(asc(posts.publishedAt), asc(posts.slug)),
  ]);
  const deals = getOffers().deals;
  const dealsAdded = deals.filter((deal) => deal.addedAt >= sinceDay && deal.addedAt <= untilDay);
  const dealsEnded = deals.filter((deal) => {
    const end = dealEndsAt(deal.expiryDate);
    return end !== null && end > since.getTime() && end <= until.getTime();
  });
  return [
    ...changes.map((row): IssueItem => ({
      key: `price-change:${row.id}`,
      kind: "price-change",
      title: row.toolName,
      text: describeChange(row),
      path: `/changes?tool=${row.toolSlug}#change-${row.id}`,
      date: day(row.occurredAt),
    })),
    ...added.map((row): IssueItem => ({ key: `tool-added:${row.slug}`, kind: "tool-added", title: row.name, text: row.tagline, path: `/tools/${row.slug}`, date: row.addedAt })),
    ...reviews.map((row): IssueItem => ({
      key: `review:${row.slug}`,
      kind: "review",
      title: row.name,
      text: row.rating === null ? "Our in-depth review." : `Our in-depth review: rated ${row.rating.toFixed(1)} out of 5.`,
      path: `/tools/${row.slug}`,
      date: row.publishedAt,
    })),
    ...articles.map((row): IssueItem => ({ key: `article:${row.slug}`, kind: "article", title: row.title, text: row.excerpt, path: `/blog/${row.slug}`, date: row.publishedAt })),
    ...dealsAdded.map((deal): IssueItem => ({
      key: `deal-added:${deal.id}`,
      kind: "deal-added",
      title: `${deal.toolName}: ${deal.title}`,
      text: `${deal.discount}. ${deal.expiryDate === "Ongoing" ? "No end date given." : `Until ${formatLongDate(deal.expiryDate)}.`}`,
      path: `/deals#deal-${deal.id}`,
      date: deal.addedAt,
    })),
    ...dealsEnded.map((deal): IssueItem => ({
      key: `deal-ended:${deal.id}`,
      kind: "deal-ended",
      title: `${deal.toolName}: ${deal.title}`,
      text: `Ended on ${formatLongDate(deal.expiryDate)}.`,
      path: `/tools/${deal.toolSlug}`,
      date: deal.expiryDate,
    })),
  ];
}
