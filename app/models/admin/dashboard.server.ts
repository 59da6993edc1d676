import { sql } from "drizzle-orm";
import { reviewReports } from "~/db/schema";
import { countClicksThisWeek } from "~/models/affiliate/admin.server";
import { countUnreadMessages } from "~/models/contact/inbox.server";
import { countNewSubscribersThisWeek } from "~/models/newsletter/admin.server";
import { getDb } from "~/utils/db.server";

/**
 * The counts the dashboard opens with, each one a queue or a trend an editor acts on today. Reports count reviews
 * with at least one report; subscribers count confirmed sign-ups of the last seven days.
 */
export async function dashboardCounts() {
  const db = getDb();
  const [[reports], unreadMessages, newSubscribers, clicks] = await Promise.all([
    db.select({ value: sql<number>`count(distinct ${reviewReports.reviewId})::int` }).from(reviewReports),
    countUnreadMessages(),
    countNewSubscribersThisWeek(),
    countClicksThisWeek(),
  ]);
  return { reportedReviews: Number(reports?.value ?? 0), unreadMessages, newSubscribers, clicks };
}
