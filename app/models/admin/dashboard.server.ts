import { and, count, gte, isNull, sql } from "drizzle-orm";
import { affiliateClicks, contactMessages, newsletterSubscribers, reviewReports } from "~/db/schema";
import { countPendingSubmissions } from "~/models/submission/queries.server";
import { getDb } from "~/utils/db.server";

const weekAgo = sql`now() - interval '7 days'`;

/**
 * The counts the dashboard opens with, each one a queue or a trend an editor acts on today. Reports count reviews
 * with at least one report; subscribers count confirmed sign-ups of the last seven days.
 */
export async function dashboardCounts() {
  const db = getDb();
  const [[reports], [messages], [subscribers], [clicks], pendingSubmissions] = await Promise.all([
    db.select({ value: sql<number>`count(distinct ${reviewReports.reviewId})::int` }).from(reviewReports),
    db.select({ value: count() }).from(contactMessages).where(gte(contactMessages.createdAt, weekAgo)),
    db
      .select({ value: count() })
      .from(newsletterSubscribers)
      .where(and(gte(newsletterSubscribers.confirmedAt, weekAgo), isNull(newsletterSubscribers.unsubscribedAt))),
    db.select({ value: count() }).from(affiliateClicks).where(gte(affiliateClicks.createdAt, weekAgo)),
    countPendingSubmissions(),
  ]);
  return {
    reportedReviews: Number(reports?.value ?? 0),
    newMessages: messages?.value ?? 0,
    newSubscribers: subscribers?.value ?? 0,
    clicks: clicks?.value ?? 0,
    pendingSubmissions,
  };
}
