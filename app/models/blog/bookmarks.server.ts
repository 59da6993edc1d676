import { and, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { authors, bookmarks, posts } from "~/db/schema";
import { formBoolean } from "~/utils/input.server";
import { getDb } from "~/utils/db.server";
import { defineWrite } from "~/utils/write.server";

/** Readers' saved articles: their own only (every query is by the signed-in reader's id). */

/** The reader's saved articles, newest saved first; `limit` for the blog sidebar's three. */
export function listBookmarks(userId: string, limit = 100) {
  return getDb()
    .select({
      slug: posts.slug,
      title: posts.title,
      excerpt: posts.excerpt,
      category: posts.category,
      publishedAt: posts.publishedAt,
      readMinutes: posts.readMinutes,
      keywords: posts.keywords,
      authorName: authors.name,
      savedAt: bookmarks.createdAt,
    })
    .from(bookmarks)
    .innerJoin(posts, eq(posts.slug, bookmarks.postSlug))
    .innerJoin(authors, eq(authors.id, posts.authorId))
    .where(eq(bookmarks.userId, userId))
    .orderBy(desc(bookmarks.createdAt))
    .limit(limit);
}

export async function isBookmarked(userId: string, slug: string) {
  const [row] = await getDb()
    .select({ slug: bookmarks.postSlug })
    .from(bookmarks)
    .where(and(eq(bookmarks.userId, userId), eq(bookmarks.postSlug, slug)))
    .limit(1);
  return Boolean(row);
}

/** Saves or removes; an article that does not exist is simply not saved. */
async function setBookmark(userId: string, slug: string, saved: boolean) {
  if (saved) {
    const [post] = await getDb().select({ slug: posts.slug }).from(posts).where(eq(posts.slug, slug)).limit(1);
    if (post) await getDb().insert(bookmarks).values({ userId, postSlug: slug }).onConflictDoNothing();
    return { saved: Boolean(post) };
  }
  await getDb()
    .delete(bookmarks)
    .where(and(eq(bookmarks.userId, userId), eq(bookmarks.postSlug, slug)));
  return { saved: false };
}

const postSlug = z.string().trim().toLowerCase().min(1).max(200);

/** Save / Saved on an article (a form that works without JavaScript, or the button's fetcher). */
export const bookmarkWrite = defineWrite({
  auth: "viewer",
  signInMessage: "authRequiredSaveArticle",
  limit: "feedback",
  input: z.object({ slug: postSlug, saved: formBoolean }),
  run: ({ slug, saved }, { viewer }) => setBookmark(viewer.id, slug, saved),
  // Nobody else sees a reader's bookmarks: no shared page goes stale.
  invalidates: () => [],
  success: ({ saved }) => (saved ? "articleSaved" : "articleUnsaved"),
});

/** After signing in, the articles this browser saved while signed out (local storage) join the account. */
export const importBookmarksWrite = defineWrite({
  auth: "viewer",
  signInMessage: "authRequiredSaveArticle",
  limit: "feedback",
  input: z.object({ slugs: z.array(postSlug).max(100) }),
  run: async ({ slugs }, { viewer }) => {
    if (slugs.length === 0) return { imported: 0 };
    const known = await getDb().select({ slug: posts.slug }).from(posts).where(inArray(posts.slug, slugs));
    if (known.length)
      await getDb()
        .insert(bookmarks)
        .values(known.map(({ slug }) => ({ userId: viewer.id, postSlug: slug })))
        .onConflictDoNothing();
    return { imported: known.length };
  },
  invalidates: () => [],
  success: "bookmarksImported",
});
