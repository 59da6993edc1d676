import { sql } from "drizzle-orm";
import { tagPage, tagPageUntil } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";

/**
 * The reply time /contact states (issue 41, decision 062): measured, never promised. It is the median time from a
 * message's arrival to an editor marking it answered in /admin/messages (`replied_at`), over the replies of the last
 * REPLY_WINDOW_DAYS days, and it is published only once at least MIN_REPLIES replies back it; before that the page
 * gives no figure.
 */
export const REPLY_WINDOW_DAYS = 30;
export const MIN_REPLIES = 10;
/** The inbox marks a message still unanswered after this many hours. */
export const UNANSWERED_AFTER_HOURS = 48;
/** The tag of pages that show the reply time: every write that marks, unmarks or deletes an answered message names it. */
export const CONTACT_REPLIES = "contact-replies";

const DAY_MS = 24 * 60 * 60 * 1000;

export type ReplyTime = { replies: number; medianMs: number | null; windowDays: number; minReplies: number };

/**
 * The measured reply time. The page showing it is kept until a reply is marked (CONTACT_REPLIES) or until the oldest
 * reply in the window leaves it, which no write announces. One indexed range read of `replied_at`.
 */
export async function getReplyTime(now = new Date()): Promise<ReplyTime> {
  tagPage(CONTACT_REPLIES);
  const since = new Date(now.getTime() - REPLY_WINDOW_DAYS * DAY_MS);
  const { rows } = await getDb().execute<{ replies: string | number; median_ms: string | number | null; oldest_ms: string | number | null }>(sql`
    select count(*) as replies,
      (percentile_cont(0.5) within group (order by extract(epoch from (replied_at - created_at)) * 1000))::float8 as median_ms,
      (extract(epoch from min(replied_at)) * 1000)::float8 as oldest_ms
    from contact_messages where replied_at >= ${since.toISOString()}`);
  const row = rows[0];
  const replies = Number(row?.replies ?? 0);
  if (row?.oldest_ms !== null && row?.oldest_ms !== undefined) tagPageUntil(Number(row.oldest_ms) + REPLY_WINDOW_DAYS * DAY_MS);
  const median = row?.median_ms === null || row?.median_ms === undefined ? null : Number(row.median_ms);
  return { replies, medianMs: replies >= MIN_REPLIES ? median : null, windowDays: REPLY_WINDOW_DAYS, minReplies: MIN_REPLIES };
}
