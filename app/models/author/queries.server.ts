import { asc, sql } from "drizzle-orm";
import { authors, posts, toolReviews } from "~/db/schema";
import { CATALOGUE, cached } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";

/**
 * The editorial team (content/authors.json, synced at start) with what each has published, for the about
 * page. Tagged `catalogue`: the content sync is the only writer of authors, articles and reviews.
 */
export function listAuthors() {
  return cached("catalogue:authors", CATALOGUE, () =>
    getDb()
      .select({
        id: authors.id,
        kind: authors.kind,
        name: authors.name,
        photo: authors.photo,
        links: authors.links,
        bio: authors.bio,
        expertise: authors.expertise,
        articles: sql<number>`(select count(*)::int from ${posts} where ${posts.authorId} = ${authors.id})`,
        reviews: sql<number>`(select count(*)::int from ${toolReviews} where ${toolReviews.authorId} = ${authors.id})`,
      })
      .from(authors)
      .orderBy(asc(authors.name)),
  );
}

export type AuthorSummary = Awaited<ReturnType<typeof listAuthors>>[number];
