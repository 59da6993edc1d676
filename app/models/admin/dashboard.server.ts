import { countClicksThisWeek } from "~/models/affiliate/admin.server";
import { countUnreadMessages } from "~/models/contact/inbox.server";
import { countBrokenLinks, getLastLinkPass } from "~/models/link-health/queries.server";
import { countUnconfirmedPricing } from "~/models/provenance/queries.server";
import { countOpenReports, countPendingProofs } from "~/models/moderation/queries.server";
import { countNewSubscribersThisWeek } from "~/models/newsletter/admin.server";
import { countPendingSubmissions } from "~/models/submission/queries.server";
import { mailUndelivered } from "~/lib/words";
import { countStuckMail } from "~/utils/outbox.server";

/**
 * The counts the dashboard opens with, each one a queue or a trend an editor acts on today. Each count lives with
 * the queue it belongs to, so the dashboard and the queue can never disagree.
 */
export async function dashboardCounts() {
  const [openReports, pendingProofs, unreadMessages, newSubscribers, clicks, deadLinks, pendingSubmissions, lastLinkPass, pricing] = await Promise.all([
    countOpenReports(),
    countPendingProofs(),
    countUnreadMessages(),
    countNewSubscribersThisWeek(),
    countClicksThisWeek(),
    countBrokenLinks(),
    countPendingSubmissions(),
    getLastLinkPass(),
    countUnconfirmedPricing(),
  ]);
  const stuckMail = await countStuckMail();
  return {
    openReports,
    pendingProofs,
    unreadMessages,
    newSubscribers,
    clicks,
    deadLinks,
    pendingSubmissions,
    unconfirmedPrices: pricing.unconfirmed,
    linkOutage: lastLinkPass?.outageText ?? null,
    mailUndelivered: stuckMail.count ? mailUndelivered(stuckMail.count, stuckMail.lastError) : null,
  };
}
