import { and, asc, eq } from "drizzle-orm";
import { toolClaims, tools } from "~/db/schema";
import type { ClaimMethod } from "~/lib/claim/claims";
import { getDb } from "~/utils/db.server";
import type { Viewer } from "~/utils/request-context";

/**
 * Who is a tool's maker by claim (issue 45, decision 082): an account whose claim of the tool is verified now. A
 * pending, lapsed or revoked claim gives nothing: what a maker may do (reply as the maker, read the tool's figures)
 * stops the moment a re-check lapses the claim or an owner revokes it. Read afresh on every ask, never cached here.
 */

/** Whether this account holds a verified claim of this tool. */
export async function hasActiveClaim(userId: string, toolId: number): Promise<boolean> {
  const [row] = await getDb()
    .select({ id: toolClaims.id })
    .from(toolClaims)
    .where(and(eq(toolClaims.userId, userId), eq(toolClaims.toolId, toolId), eq(toolClaims.status, "verified")))
    .limit(1);
  return row !== undefined;
}

/** A tool the viewer holds a verified claim of, as the maker's page lists it. */
export type MakerTool = { id: number; slug: string; name: string; claimedSince: Date | null; method: ClaimMethod };

/** The viewer's verified claims, by tool name: the tools whose maker's page they may open. */
export async function listMakerTools(viewer: Pick<Viewer, "id">): Promise<MakerTool[]> {
  const rows = await getDb()
    .select({ id: tools.id, slug: tools.slug, name: tools.name, claimedSince: toolClaims.verifiedAt, method: toolClaims.method })
    .from(toolClaims)
    .innerJoin(tools, eq(tools.id, toolClaims.toolId))
    .where(and(eq(toolClaims.userId, viewer.id), eq(toolClaims.status, "verified")))
    .orderBy(asc(tools.name), asc(tools.id));
  return rows.map((row) => ({ ...row, method: row.method as ClaimMethod }));
}
