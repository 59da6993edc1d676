import { TOOL_PAGE_ROUTE_ID, type PersonalData, type ToolPersonal } from "~/lib/account/personal-data";
import { mayReply } from "~/models/moderation/replies.server";
import { getViewerToolState, listFavoriteSlugs } from "~/models/review/queries.server";
import type { Viewer } from "~/utils/request-context";

/** What of a tool page's shared loader data its reader's personal data depends on. */
export type ToolPageShown = { detail: { tool: { id: number } }; community: { reviews: { id: number }[] }; similar: { id: number }[] };

/** A signed-in reader's part of a tool page (decision 054): read by its loader for them, or by the server filling the shared page's parts in. */
export async function toolPersonalFor(viewer: Viewer, { detail, similar }: ToolPageShown): Promise<ToolPersonal> {
  const toolId = detail.tool.id;
  const [state, canReply] = await Promise.all([
    getViewerToolState(
      toolId,
      viewer.id,
      similar.map((tool) => tool.id),
    ),
    mayReply(viewer, toolId),
  ]);
  return { toolId, viewerId: viewer.id, ...state, canReply };
}

/**
 * The personal data of a reader (decision 054), the one way it is read: by the root loader for a page rendered for
 * them, and by the server when it fills the personal parts of a shared page in (server/personal-overlay.ts), given
 * the page's loader data by route id (a tool page's adds the reader's part of it).
 */
export async function personalDataFor(viewer: Viewer | null, pageData: Record<string, unknown> = {}): Promise<PersonalData> {
  if (!viewer) return { viewer: null, favoriteSlugs: [] };
  const toolPage = pageData[TOOL_PAGE_ROUTE_ID] as ToolPageShown | undefined;
  const [favoriteSlugs, tool] = await Promise.all([listFavoriteSlugs(viewer.id), toolPage ? toolPersonalFor(viewer, toolPage) : undefined]);
  return { viewer: { name: viewer.name, email: viewer.email, image: viewer.image }, favoriteSlugs, ...(tool ? { tool } : {}) };
}
