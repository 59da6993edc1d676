import { countClicksThisWeek } from "~/models/affiliate/admin.server";
import { countUnreadMessages } from "~/models/contact/inbox.server";
import { countBrokenLinks, getLastLinkPass } from "~/models/link-health/queries.server";
import { countUnconfirmedPricing } from "~/models/provenance/queries.server";
import { countOpenReports, countPendingProofs } from "~/models/moderation/queries.server";
import { countNewSubscribersThisWeek } from "~/models/newsletter/admin.server";
import { countPendingSubmissions } from "~/models/submission/queries.server";
import { mailUndelivered } from "~/lib/words";
import { formatDateTimeUtc } from "~/lib/ui/dates";
import { queueStates } from "~/utils/job-queue.server";
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
  const [stuckMail, queues] = await Promise.all([countStuckMail(), jobQueues()]);
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
    queues,
  };
}

/** What each queue of the job queue does, in the dashboard's words (decision 065). */
const QUEUE_LABELS: Record<string, string> = {
  "link-check": "Link checks",
  "price-check": "Price checks",
  "watch-alerts": "Watch alerts",
  "weekly-digest": "Weekly digests",
  "newsletter-send": "Newsletter sends",
  "mail-outbox": "Mail delivery",
  "mail-outbox-sweep": "Mail clean-up",
  "data-files": "Open data files",
};

export type QueueRow = { name: string; label: string; waiting: number; active: number; failed: number; lastCompleted: string | null };

/** Each queue's jobs waiting, running and failed, and its last completion, read from the queue's own table now. */
async function jobQueues(): Promise<QueueRow[]> {
  return (await queueStates()).map((state) => ({
    name: state.name,
    label: QUEUE_LABELS[state.name] ?? state.name,
    waiting: state.waiting,
    active: state.active,
    failed: state.failed,
    lastCompleted: state.lastCompletedAt ? formatDateTimeUtc(state.lastCompletedAt) : null,
  }));
}
