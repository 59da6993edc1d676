import { and, count, gte, isNull, sql } from "drizzle-orm";
import { affiliateClicks, contactMessages, newsletterSubscribers } from "~/db/schema";
import { countOpenReports, countPendingProofs } from "~/models/moderation/queries.server";
import { getDb } from "~/utils/db.server";

const weekAgo = sql`now() - interval '7 days'`;

/**
 * The counts the dashboard opens with, each one a queue or a trend an editor acts on today. Open reports count
 * reviews with a report no editor has acted on; subscribers count confirmed sign-ups of the last seven days.
 */
export async function dashboardCounts() {
  const db = getDb();
  const [openReports, pendingProofs, [messages], [subscribers], [clicks]] = await Promise.all([
    countOpenReports(),
    countPendingProofs(),
    db.select({ value: count() }).from(contactMessages).where(gte(contactMessages.createdAt, weekAgo)),
    db
      .select({ value: count() })
      .from(newsletterSubscribers)
      .where(and(gte(newsletterSubscribers.confirmedAt, weekAgo), isNull(newsletterSubscribers.unsubscribedAt))),
    db.select({ value: count() }).from(affiliateClicks).where(gte(affiliateClicks.createdAt, weekAgo)),
  ]);
  return {
    openReports,
    pendingProofs,
    newMessages: messages?.value ?? 0,
    newSubscribers: subscribers?.value ?? 0,
    clicks: clicks?.value ?? 0,
  };
}
