import { and, eq, inArray } from "drizzle-orm";
import { toolSubmissions } from "~/db/schema";
import { getDb } from "~/utils/db.server";
import { hasRole } from "~/utils/guards.server";
import type { Viewer } from "~/utils/request-context";

/**
 * Who may reply publicly under a tool's reviews (decision 023): editors, and the maker of a tool whose submission
 * an editor approved.
 */
type ReplyViewer = Pick<Viewer, "id" | "role">;

/**
 * Whether this account submitted the tool as its maker or an employee and an editor approved the submission. A
 * submitter who only uses the tool (or an agency) may not answer reviews in the tool's name.
 */
export async function isApprovedMakerOf(userId: string, toolId: number): Promise<boolean> {
  const [row] = await getDb()
    .select({ id: toolSubmissions.id })
    .from(toolSubmissions)
    .where(
      and(
        eq(toolSubmissions.userId, userId),
        eq(toolSubmissions.toolId, toolId),
        eq(toolSubmissions.status, "approved"),
        inArray(toolSubmissions.makerRole, ["maker", "employee"]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The role a reply by this viewer is shown with, or null when they may not reply. A maker who is also an editor
 * replies as the maker: readers should know the words come from the company behind the tool.
 */
export async function replyRoleOf(viewer: ReplyViewer, toolId: number): Promise<"maker" | "editor" | null> {
  if (await isApprovedMakerOf(viewer.id, toolId)) return "maker";
  return hasRole(viewer, "editor") ? "editor" : null;
}

export async function mayReply(viewer: ReplyViewer | null, toolId: number): Promise<boolean> {
  return viewer !== null && (await replyRoleOf(viewer, toolId)) !== null;
}
