import { and, eq, inArray } from "drizzle-orm";
import { toolSubmissions } from "~/db/schema";
import { hasActiveClaim } from "~/models/claim/makers.server";
import { getDb } from "~/utils/db.server";
import { hasRole } from "~/utils/guards.server";
import type { Viewer } from "~/utils/request-context";

/**
 * Who may reply publicly under a tool's reviews (decision 023): editors, and the tool's maker: the account whose
 * submission of it an editor approved, or one holding a verified claim of it (issue 45, decision 082).
 */
type ReplyViewer = Pick<Viewer, "id" | "role">;

/**
 * Whether this account speaks for the tool as its maker: it submitted the tool as its maker or an employee and an
 * editor approved the submission, or its claim of the tool is verified now (a lapsed or revoked claim no longer
 * counts; replies written before stay). A submitter who only uses the tool (or an agency) may not answer reviews in
 * the tool's name.
 */
export async function isMakerOf(userId: string, toolId: number): Promise<boolean> {
  const [submitted, claimed] = await Promise.all([isApprovedSubmitterOf(userId, toolId), hasActiveClaim(userId, toolId)]);
  return submitted || claimed;
}

async function isApprovedSubmitterOf(userId: string, toolId: number): Promise<boolean> {
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
  if (await isMakerOf(viewer.id, toolId)) return "maker";
  return hasRole(viewer, "editor") ? "editor" : null;
}

export async function mayReply(viewer: ReplyViewer | null, toolId: number): Promise<boolean> {
  return viewer !== null && (await replyRoleOf(viewer, toolId)) !== null;
}
