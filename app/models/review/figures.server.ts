import { sql } from "drizzle-orm";
import { CATALOGUE, READER_REVIEWS, tagPage, tagPageUntil } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";

/** How far back /how-we-review counts the reviews moderators hid. */
export const HIDDEN_WINDOW_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export type ReviewPolicyFigures = {
  /** Tools in the directory: from editorial files and from makers' submissions an editor approved. */
  tools: number;
  editorialTools: number;
  communityTools: number;
  /** Published in-depth editorial reviews (content/reviews), hence tools with our rating. */
  editorialReviews: number;
  /** Those signed by a named editor (an author of kind 'person'); the rest carry the editorial team's byline. */
  namedEditorReviews: number;
  /** Readers' ratings on public pages (hidden ones count nowhere, decision 023), and those with a written review. */
  publishedRatings: number;
  publishedReviews: number;
  /** Published written reviews whose author an editor verified as a user of the tool. */
  verifiedReviews: number;
  /** Reviews an editor hid in the last 90 days that are still hidden. */
  hiddenLast90Days: number;
  /** Reviews an editor deleted in the last 90 days (the audit log's `review.delete`). */
  deletedLast90Days: number;
};

/**
 * Every figure of /how-we-review, counted from the rows at render time (never typed in). The page is kept by the page
 * cache until a write changes one of them (`catalogue` for tools and editorial reviews, `reader-reviews` for readers'
 * reviews) or until the oldest hide or deletion in the window turns 90 days old, which no write announces.
 */
export async function getReviewPolicyFigures(now = new Date()): Promise<ReviewPolicyFigures> {
  tagPage(...CATALOGUE, READER_REVIEWS);
  const since = new Date(now.getTime() - HIDDEN_WINDOW_DAYS * DAY_MS);
  const { rows } = await getDb().execute<Record<string, string | number | null>>(sql`
    select
      (select count(*) from tools) as tools,
      (select count(*) from tools where source = 'editorial') as editorial_tools,
      (select count(*) from tools where source = 'community') as community_tools,
      (select count(*) from tool_reviews) as editorial_reviews,
      (select count(*) from tool_reviews join authors on authors.id = tool_reviews.author_id where authors.kind = 'person') as named_editor_reviews,
      (select count(*) from reviews where hidden_at is null) as published_ratings,
      (select count(*) from reviews where hidden_at is null and comment <> '') as published_reviews,
      (select count(*) from reviews where hidden_at is null and comment <> '' and verified_at is not null) as verified_reviews,
      (select count(*) from reviews where hidden_at >= ${since.toISOString()}) as hidden_recent,
      (select count(*) from audit_log where action = 'review.delete' and created_at >= ${since.toISOString()}) as deleted_recent,
      (select extract(epoch from min(at)) * 1000 from (
        select min(hidden_at) as at from reviews where hidden_at >= ${since.toISOString()}
        union all select min(created_at) from audit_log where action = 'review.delete' and created_at >= ${since.toISOString()}
      ) oldest)::float8 as oldest_recent`);
  const row = rows[0] ?? {};
  const oldest = row.oldest_recent === null || row.oldest_recent === undefined ? NaN : Number(row.oldest_recent);
  if (Number.isFinite(oldest)) tagPageUntil(oldest + HIDDEN_WINDOW_DAYS * DAY_MS);
  const n = (key: string) => Number(row[key] ?? 0);
  return {
    tools: n("tools"),
    editorialTools: n("editorial_tools"),
    communityTools: n("community_tools"),
    editorialReviews: n("editorial_reviews"),
    namedEditorReviews: n("named_editor_reviews"),
    publishedRatings: n("published_ratings"),
    publishedReviews: n("published_reviews"),
    verifiedReviews: n("verified_reviews"),
    hiddenLast90Days: n("hidden_recent"),
    deletedLast90Days: n("deleted_recent"),
  };
}
