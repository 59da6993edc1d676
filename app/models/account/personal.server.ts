import { TOOL_PAGE_ROUTE_ID, type PersonalData, type ToolPersonal } from "~/lib/account/personal-data";
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

/** The tools a reader saved and the categories they follow, by slug: kept until they write anything, or the catalogue changes. */
const savedAndFollowedOf = (userId: string) =>
  cached(`personal:${userId}:saved`, [readerTag(userId), ...CATALOGUE], async () => {
    const [favoriteSlugs, followedCategorySlugs] = await Promise.all([listFavoriteSlugs(userId), listFollowedCategorySlugs(userId)]);
    return { favoriteSlugs, followedCategorySlugs };
  });

/**
 * The personal data of a reader (decision 054), the one way it is read: by the root loader for a page rendered for
 * them, and by the server when it fills the personal parts of a shared page in (server/personal-overlay.ts), given
 * the page's loader data by route id (a tool page's adds the reader's part of it).
 */
export async function personalDataFor(viewer: Viewer | null, pageData: Record<string, unknown> = {}): Promise<PersonalData> {
  if (!viewer) return { viewer: null, favoriteSlugs: [], followedCategorySlugs: [] };
  const toolPage = pageData[TOOL_PAGE_ROUTE_ID] as ToolPageShown | undefined;
  const [saved, tool] = await Promise.all([savedAndFollowedOf(viewer.id), toolPage ? toolPersonalFor(viewer, toolPage) : undefined]);
  return { viewer: { name: viewer.name, email: viewer.email, image: viewer.image }, ...saved, ...(tool ? { tool } : {}) };
}
