import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { favorites, reviewProofs, reviewReplies, reviewReports, reviews, reviewVotes, toolNotes, toolReactions, tools, toolWatches, users } from "~/db/schema";
import { REVIEWS_PAGE_SIZE, reviewerName } from "~/lib/review/review-rules";
import type { ToolPersonal } from "~/lib/account/personal-data";
import { cached } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";

/**
 * Community data of a tool, always computed from the stored rows (no cache:
 * every write changes it and the queries are indexed by tool).
 */

/** The named select shape of a review as a card shows it (the tool page's list, the author's profile). */
export const reviewCardFields = {
  id: reviews.id,
  rating: reviews.rating,
  comment: reviews.comment,
  images: reviews.images,
  helpfulCount: reviews.helpfulCount,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  verified: sql<boolean>`${reviews.verifiedAt} is not null`,
};

/** What public pages and aggregates may show: a review an editor hid counts nowhere (decision 023). */
export const publicReview = isNull(reviews.hiddenAt);

export type RatingSummary = {
  /** Ratings given (a rating from the rating card counts even without a written review). */
  ratingCount: number;
  /** Written reviews (rows with a comment). */
  reviewCount: number;
  /** Written reviews whose author an editor verified as a user of the tool. */
  verifiedCount: number;
  average: number | null;
  /** Count per star, index 0 = 1 star ... index 4 = 5 stars. */
  distribution: [number, number, number, number, number];
};

export async function getRatingSummary(toolId: number): Promise<RatingSummary> {
  const rows = await getDb()
    .select({
      rating: reviews.rating,
      n: count(),
      written: sql<number>`count(*) filter (where ${reviews.comment} <> '')`,
      verified: sql<number>`count(*) filter (where ${reviews.comment} <> '' and ${reviews.verifiedAt} is not null)`,
    })
    .from(reviews)
    .where(and(eq(reviews.toolId, toolId), publicReview))
    .groupBy(reviews.rating);
  const distribution: RatingSummary["distribution"] = [0, 0, 0, 0, 0];
  let total = 0;
  let sum = 0;
  let written = 0;
  let verified = 0;
  for (const row of rows) {
    distribution[row.rating - 1] = Number(row.n);
    total += Number(row.n);
    sum += row.rating * Number(row.n);
    written += Number(row.written);
    verified += Number(row.verified);
  }
  return { ratingCount: total, reviewCount: written, verifiedCount: verified, average: total ? Math.round((sum / total) * 10) / 10 : null, distribution };
}

/** Written reviews of a tool, newest first, one page, as anyone may see them (the viewer's flags are added per request). */
async function listToolReviews(toolId: number, page: number, verifiedOnly: boolean) {
  const offset = (page - 1) * REVIEWS_PAGE_SIZE;
  const rows = await getDb()
    .select({ ...reviewCardFields, userId: reviews.userId, authorName: users.name, authorEmail: users.email, authorImage: users.image })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.toolId, toolId), ne(reviews.comment, ""), publicReview, verifiedOnly ? isNotNull(reviews.verifiedAt) : undefined))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEWS_PAGE_SIZE)
    .offset(offset);
  const replies = await listReplies(rows.map((row) => row.id));
  // The e-mail itself never leaves the server; only the name rule of spec §5 uses it.
  return rows.map(({ authorName, authorEmail, ...row }) => ({ ...row, author: reviewerName(authorName, authorEmail), replies: replies.get(row.id) ?? [] }));
}

/** The public replies under some reviews (editors' and makers'), oldest first, by review. */
async function listReplies(reviewIds: number[]) {
  const byReview = new Map<number, { id: number; authorId: string; author: string; role: "editor" | "maker"; body: string; createdAt: Date; updatedAt: Date }[]>();
  if (reviewIds.length === 0) return byReview;
  const rows = await getDb()
    .select({
      id: reviewReplies.id,
      reviewId: reviewReplies.reviewId,
      authorId: reviewReplies.authorId,
      authorName: users.name,
      authorEmail: users.email,
      role: reviewReplies.role,
      body: reviewReplies.body,
      createdAt: reviewReplies.createdAt,
      updatedAt: reviewReplies.updatedAt,
    })
    .from(reviewReplies)
    .innerJoin(users, eq(users.id, reviewReplies.authorId))
    .where(inArray(reviewReplies.reviewId, reviewIds))
    .orderBy(asc(reviewReplies.createdAt), asc(reviewReplies.id));
  for (const { reviewId, authorName, authorEmail, role, ...reply } of rows) {
    const list = byReview.get(reviewId) ?? [];
    list.push({ ...reply, role: role as "editor" | "maker", author: reviewerName(authorName, authorEmail) });
    byReview.set(reviewId, list);
  }
  return byReview;
}

/** What a signed-in reader did on a tool's page (`ToolPersonal` but for what is not read here). */
export type ViewerToolState = Omit<ToolPersonal, "toolId" | "viewerId" | "canReply">;

/**
 * What the signed-in reader did on a tool's page, in one round trip: their review, votes and reports on the
 * reviews shown, their replies under them, whether they watch the tool, and their reactions to the tools shown
 * beside it (`shownToolIds`).
 */
export async function getViewerToolState(toolId: number, userId: string, shownToolIds: number[] = []): Promise<ViewerToolState> {
  const shown = shownToolIds.length
    ? sql`array[${sql.join(
        shownToolIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::int[]`
    : sql`'{}'::int[]`;
  const result = await getDb().execute<{
    own: ViewerToolState["own"];
    voted: unknown[] | null;
    reported: unknown[] | null;
    replies: unknown[] | null;
    watching: boolean;
    reactions: { toolId: number; value: number }[] | null;
  }>(sql`
    select
      (select json_build_object('id', r.id, 'rating', r.rating, 'comment', r.comment, 'images', r.images, 'hidden', r.hidden_at is not null,
        'verified', r.verified_at is not null, 'proofPending', exists (select 1 from ${reviewProofs} p where p.review_id = r.id))
        from ${reviews} r where r.tool_id = ${toolId} and r.user_id = ${userId}) as own,
      (select array_agg(v.review_id) from ${reviewVotes} v join ${reviews} r on r.id = v.review_id where r.tool_id = ${toolId} and v.user_id = ${userId}) as voted,
      (select array_agg(p.review_id) from ${reviewReports} p join ${reviews} r on r.id = p.review_id where r.tool_id = ${toolId} and p.user_id = ${userId}) as reported,
      (select array_agg(x.id) from ${reviewReplies} x join ${reviews} r on r.id = x.review_id where r.tool_id = ${toolId} and x.author_id = ${userId}) as replies,
      exists (select 1 from ${toolWatches} w where w.tool_id = ${toolId} and w.user_id = ${userId}) as watching,
      (select json_agg(json_build_object('toolId', t.tool_id, 'value', t.value)) from ${toolReactions} t where t.user_id = ${userId} and t.tool_id = any(${shown})) as reactions`);
  const row = result.rows[0]!;
  const ids = (list: unknown[] | null) => (list ?? []).map(Number);
  return {
    own: row.own,
    voted: ids(row.voted),
    reported: ids(row.reported),
    ownReplyIds: ids(row.replies),
    watching: Boolean(row.watching),
    reactions: Object.fromEntries((row.reactions ?? []).map(({ toolId, value }) => [toolId, value as -1 | 1])),
  };
}

/** Like/dislike counts of some tools, cached under `reactions:<slug>` of each; a reader's own choice is personal (`getViewerToolState`). */
export async function getReactions(toolsShown: { id: number; slug: string }[]) {
  const map = new Map<number, { likes: number; dislikes: number }>();
  if (toolsShown.length === 0) return map;
  const ids = toolsShown.map((tool) => tool.id);
  const counts = await cached(
    `reactions:${ids.join(",")}`,
    toolsShown.map((tool) => `reactions:${tool.slug}`),
    () =>
      getDb()
        .select({
          toolId: toolReactions.toolId,
          likes: sql<number>`count(*) filter (where ${toolReactions.value} = 1)`,
          dislikes: sql<number>`count(*) filter (where ${toolReactions.value} = -1)`,
        })
        .from(toolReactions)
        .where(inArray(toolReactions.toolId, ids))
        .groupBy(toolReactions.toolId),
  );
  for (const id of ids) map.set(id, { likes: 0, dislikes: 0 });
  for (const row of counts) map.set(row.toolId, { likes: Number(row.likes), dislikes: Number(row.dislikes) });
  return map;
}

export async function listToolNotes(toolId: number, limit = 10) {
  const rows = await getDb()
    .select({ id: toolNotes.id, body: toolNotes.body, createdAt: toolNotes.createdAt, authorName: users.name, authorEmail: users.email })
    .from(toolNotes)
    .innerJoin(users, eq(users.id, toolNotes.userId))
    .where(eq(toolNotes.toolId, toolId))
    .orderBy(desc(toolNotes.createdAt), desc(toolNotes.id))
    .limit(limit);
  return rows.map(({ authorName, authorEmail, ...row }) => ({ ...row, author: reviewerName(authorName, authorEmail) }));
}

export async function toolIdBySlug(slug: string) {
  const [row] = await getDb().select({ id: tools.id, slug: tools.slug, name: tools.name }).from(tools).where(eq(tools.slug, slug));
  return row ?? null;
}

/** Slugs of the tools a user saved (a handful per user; read by the root loader for the cards' save controls). */
export async function listFavoriteSlugs(userId: string): Promise<string[]> {
  const rows = await getDb().select({ slug: tools.slug }).from(favorites).innerJoin(tools, eq(tools.id, favorites.toolId)).where(eq(favorites.userId, userId));
  return rows.map((row) => row.slug);
}

/**
 * What readers contributed to a tool page, as anyone may see it (the reader's own part is `getViewerToolState`).
 * Cached under `tool:<slug>`, which every review, rating, vote and note write of that tool invalidates.
 */
/** A tool's reader ratings as its page shows them, kept with the page (the tool page, the open data). */
export function getToolRatingSummary(tool: { id: number; slug: string }): Promise<RatingSummary> {
  return cached(`tool:${tool.slug}:ratings`, [`tool:${tool.slug}`], () => getRatingSummary(tool.id));
}

export async function getToolCommunity(tool: { id: number; slug: string }, requestedPage: number, verifiedOnly = false) {
  const tags = [`tool:${tool.slug}`];
  const summary = await getToolRatingSummary(tool);
  const pageCount = Math.max(1, Math.ceil((verifiedOnly ? summary.verifiedCount : summary.reviewCount) / REVIEWS_PAGE_SIZE));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const [list, notes] = await Promise.all([
    cached(`tool:${tool.slug}:reviews:${verifiedOnly ? "verified:" : ""}${page}`, tags, () => listToolReviews(tool.id, page, verifiedOnly)),
    cached(`tool:${tool.slug}:notes`, tags, () => listToolNotes(tool.id)),
  ]);
  // Who wrote a review or a reply stays on the server; a reader learns which are theirs from their personal data.
  const reviewsShown = list.map(({ userId: _author, replies, ...review }) => ({ ...review, replies: replies.map(({ authorId: _replier, ...reply }) => reply) }));
  return { summary, page, pageCount, verifiedOnly, reviews: reviewsShown, notes };
}

export type ToolCommunity = Awaited<ReturnType<typeof getToolCommunity>>;

/** The tools whose public pages show something of this user's (reviews, ratings, notes, reactions), to refresh when the user changes. */
export async function toolsTouchedBy(userId: string): Promise<string[]> {
  const result = await getDb().execute<{ slug: string }>(sql`
    select distinct t.slug from ${tools} t where t.id in (
      select tool_id from ${reviews} where user_id = ${userId}
      union select tool_id from ${toolNotes} where user_id = ${userId}
      union select tool_id from ${toolReactions} where user_id = ${userId}
      union select r.tool_id from ${reviewVotes} v join ${reviews} r on r.id = v.review_id where v.user_id = ${userId})`);
  return result.rows.map((row) => row.slug);
}
