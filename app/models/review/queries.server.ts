import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import { favorites, reviewReports, reviews, reviewVotes, toolNotes, toolReactions, tools, users } from "~/db/schema";
import { REVIEWS_PAGE_SIZE, reviewerName } from "~/lib/review-rules";
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
};

export type RatingSummary = {
  /** Ratings given (a rating from the rating card counts even without a written review). */
  ratingCount: number;
  /** Written reviews (rows with a comment). */
  reviewCount: number;
  average: number | null;
  /** Count per star, index 0 = 1 star ... index 4 = 5 stars. */
  distribution: [number, number, number, number, number];
};

export async function getRatingSummary(toolId: number): Promise<RatingSummary> {
  const rows = await getDb()
    .select({ rating: reviews.rating, n: count(), written: sql<number>`count(*) filter (where ${reviews.comment} <> '')` })
    .from(reviews)
    .where(eq(reviews.toolId, toolId))
    .groupBy(reviews.rating);
  const distribution: RatingSummary["distribution"] = [0, 0, 0, 0, 0];
  let total = 0;
  let sum = 0;
  let written = 0;
  for (const row of rows) {
    distribution[row.rating - 1] = Number(row.n);
    total += Number(row.n);
    sum += row.rating * Number(row.n);
    written += Number(row.written);
  }
  return { ratingCount: total, reviewCount: written, average: total ? Math.round((sum / total) * 10) / 10 : null, distribution };
}

export type ToolReview = Awaited<ReturnType<typeof listToolReviews>>["reviews"][number];

/** Written reviews of a tool, newest first, one page; flags say what the viewer may do with each. */
export async function listToolReviews(toolId: number, page: number, viewerId: string | null) {
  const offset = (page - 1) * REVIEWS_PAGE_SIZE;
  const rows = await getDb()
    .select({
      ...reviewCardFields,
      userId: reviews.userId,
      authorName: users.name,
      authorEmail: users.email,
      authorImage: users.image,
      voted: viewerId ? sql<boolean>`exists (select 1 from ${reviewVotes} v where v.review_id = ${reviews.id} and v.user_id = ${viewerId})` : sql<boolean>`false`,
      reported: viewerId ? sql<boolean>`exists (select 1 from ${reviewReports} r where r.review_id = ${reviews.id} and r.user_id = ${viewerId})` : sql<boolean>`false`,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.toolId, toolId), ne(reviews.comment, "")))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEWS_PAGE_SIZE)
    .offset(offset);
  return {
    reviews: rows.map(({ userId, authorName, authorEmail, ...row }) => ({
      ...row,
      // The e-mail itself never leaves the server; only the name rule of spec §5 uses it.
      author: reviewerName(authorName, authorEmail),
      isOwn: userId === viewerId,
    })),
  };
}

export async function getOwnReview(toolId: number, userId: string) {
  const [row] = await getDb()
    .select({ id: reviews.id, rating: reviews.rating, comment: reviews.comment, images: reviews.images })
    .from(reviews)
    .where(and(eq(reviews.toolId, toolId), eq(reviews.userId, userId)));
  return row ?? null;
}

export async function isFavorite(toolId: number, userId: string) {
  const rows = await getDb()
    .select({ toolId: favorites.toolId })
    .from(favorites)
    .where(and(eq(favorites.toolId, toolId), eq(favorites.userId, userId)));
  return rows.length > 0;
}

export async function getReactions(toolIds: number[], viewerId: string | null) {
  if (toolIds.length === 0) return new Map<number, { likes: number; dislikes: number; mine: -1 | 0 | 1 }>();
  const rows = await getDb()
    .select({
      toolId: toolReactions.toolId,
      likes: sql<number>`count(*) filter (where ${toolReactions.value} = 1)`,
      dislikes: sql<number>`count(*) filter (where ${toolReactions.value} = -1)`,
      mine: viewerId ? sql<number>`coalesce(max(${toolReactions.value}) filter (where ${toolReactions.userId} = ${viewerId}), 0)` : sql<number>`0`,
    })
    .from(toolReactions)
    .where(sql`${toolReactions.toolId} in ${toolIds}`)
    .groupBy(toolReactions.toolId);
  const map = new Map<number, { likes: number; dislikes: number; mine: -1 | 0 | 1 }>();
  for (const id of toolIds) map.set(id, { likes: 0, dislikes: 0, mine: 0 });
  for (const row of rows) map.set(row.toolId, { likes: Number(row.likes), dislikes: Number(row.dislikes), mine: Number(row.mine) as -1 | 0 | 1 });
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

/** What readers contributed to a tool page: computed from stored rows on every request (the viewer's own state included). */
export async function getToolCommunity(toolId: number, viewerId: string | null, requestedPage: number) {
  const summary = await getRatingSummary(toolId);
  const pageCount = Math.max(1, Math.ceil(summary.reviewCount / REVIEWS_PAGE_SIZE));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const [list, notes, own, favorite] = await Promise.all([
    listToolReviews(toolId, page, viewerId),
    listToolNotes(toolId),
    viewerId ? getOwnReview(toolId, viewerId) : null,
    viewerId ? isFavorite(toolId, viewerId) : false,
  ]);
  return { summary, page, pageCount, reviews: list.reviews, notes, own, favorite, viewerId };
}
