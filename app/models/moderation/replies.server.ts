import { hasRole } from "~/utils/guards.server";
import type { Viewer } from "~/utils/request-context";

/**
 * Who may reply publicly under a tool's reviews (decision 023): editors, and the maker of a tool whose submission
 * an editor approved.
 */
type ReplyViewer = Pick<Viewer, "id" | "role">;

/**
 * Whether this account submitted the tool and an editor approved the submission.
 * TODO(issue 19, merge with maker submissions): answer from the `tool_submissions` table (a row for `toolId`
 * submitted by `userId` with the approved status). Until that table exists no account is a maker.
 */
export async function isApprovedMakerOf(userId: string, toolId: number): Promise<boolean> {
  void userId;
  void toolId;
  return false;
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
