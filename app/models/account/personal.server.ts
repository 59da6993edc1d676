import { TOOL_PAGE_ROUTE_ID, BLOG_LIST_ROUTE_ID, BLOG_POST_ROUTE_ID } from "~/lib/account/personal-routes";
import type { BlogPersonal, PersonalData, ToolPersonal } from "~/lib/account/personal-data";
import { SAVED_ARTICLES_SHOWN } from "~/lib/blog/local-bookmarks";
import { isBookmarked, listBookmarks } from "~/models/blog/bookmarks.server";
import { listFollowedCategorySlugs } from "~/models/alerts/watches.server";
import { mayReply } from "~/models/moderation/replies.server";
import { getViewerToolState, listFavoriteSlugs } from "~/models/review/queries.server";
import { cached, CATALOGUE, readerTag } from "~/utils/cache.server";
import type { Viewer } from "~/utils/request-context";

/** What of a tool page's shared loader data its reader's personal data depends on. */
export type ToolPageShown = { detail: { tool: { id: number; slug: string } }; similar: { id: number }[] };

/**
 * A signed-in reader's part of a tool page (decision 054): read by its loader for them, or by the server filling the
 * shared page's parts in. Kept in memory until the reader writes anything (`reader:<id>`, named by every write of
 * theirs) or the tool's community changes (`tool:<slug>`: an editor hides or verifies their review, approves them as
 * the tool's maker); the role is in the key, so a new one is read afresh.
 */
export async function toolPersonalFor(viewer: Viewer, { detail, similar }: ToolPageShown): Promise<ToolPersonal> {
  const { id: toolId, slug } = detail.tool;
  const shown = similar.map((tool) => tool.id);
  const key = `personal:${viewer.id}:${viewer.role}:tool:${toolId}:${shown.join(",")}`;
  return cached(key, [readerTag(viewer.id), `tool:${slug}`], async () => {
    const [state, canReply] = await Promise.all([getViewerToolState(toolId, viewer.id, shown), mayReply(viewer, toolId)]);
    return { toolId, viewerId: viewer.id, ...state, canReply };
  });
}

/** What of a blog page's shared loader data its reader's part depends on: the article shown, if any. */
type BlogPostShown = { found: { post: { slug: string } } };

/**
 * A signed-in reader's part of a blog page: the latest articles they saved (the list's sidebar) and whether they saved
 * the article shown. Kept until they write anything (a bookmark is a write of theirs) or the catalogue changes.
 */
export function blogPersonalFor(viewer: Viewer, { list, articleSlug }: { list: boolean; articleSlug?: string }): Promise<BlogPersonal> {
  return cached(`personal:${viewer.id}:blog:${list ? "list" : ""}:${articleSlug ?? ""}`, [readerTag(viewer.id), ...CATALOGUE], async () => {
    const [latest, articleSaved] = await Promise.all([list ? listBookmarks(viewer.id, SAVED_ARTICLES_SHOWN) : [], articleSlug ? isBookmarked(viewer.id, articleSlug) : false]);
    return { latest: latest.map(({ slug, title }) => ({ slug, title })), articleSaved };
  });
}

/** The tools a reader saved and the categories they follow, by slug: kept until they write anything, or the catalogue changes. */
const savedAndFollowedOf = (userId: string) =>
  cached(`personal:${userId}:saved`, [readerTag(userId), ...CATALOGUE], async () => {
    const [favoriteSlugs, followedCategorySlugs] = await Promise.all([listFavoriteSlugs(userId), listFollowedCategorySlugs(userId)]);
    return { favoriteSlugs, followedCategorySlugs };
  });

/**
 * The personal data of a reader (decision 054), the one way it is read: by the root loader for a page rendered for
 * them, and by the server when it fills the personal parts of a shared page in (server/page-parts), given
 * the page's loader data by route id (a tool page's or a blog page's adds the reader's part of it).
 */
export async function personalDataFor(viewer: Viewer | null, pageData: Record<string, unknown> = {}): Promise<PersonalData> {
  if (!viewer) return { viewer: null, favoriteSlugs: [], followedCategorySlugs: [] };
  const toolPage = pageData[TOOL_PAGE_ROUTE_ID] as ToolPageShown | undefined;
  const blogList = BLOG_LIST_ROUTE_ID in pageData;
  const articleSlug = (pageData[BLOG_POST_ROUTE_ID] as BlogPostShown | undefined)?.found.post.slug;
  const [saved, tool, blog] = await Promise.all([
    savedAndFollowedOf(viewer.id),
    toolPage ? toolPersonalFor(viewer, toolPage) : undefined,
    blogList || articleSlug ? blogPersonalFor(viewer, { list: blogList, articleSlug }) : undefined,
  ]);
  return { viewer: { name: viewer.name, email: viewer.email, image: viewer.image }, ...saved, ...(tool ? { tool } : {}), ...(blog ? { blog } : {}) };
}
