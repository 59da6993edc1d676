import { and, asc, eq } from "drizzle-orm";
import { toolClaims, tools } from "~/db/schema";
import type { ClaimMethod, ClaimStatus } from "~/lib/claim/claims";
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

/** A claim of the viewer's as /maker lists it: the tool, the claim's state and, once verified, since when and how. */
export type MakerListing = { slug: string; name: string; status: ClaimStatus; method: ClaimMethod; verifiedAt: Date | null };

/**
 * The viewer's claims in every state, by tool name: a verified one opens the listing's maker page; a pending, lapsed or
 * revoked one is listed so its maker sees where it stands.
 */
export async function listMakerListings(viewer: Pick<Viewer, "id">): Promise<MakerListing[]> {
  const rows = await getDb()
    .select({ slug: tools.slug, name: tools.name, status: toolClaims.status, method: toolClaims.method, verifiedAt: toolClaims.verifiedAt })
    .from(toolClaims)
    .innerJoin(tools, eq(tools.id, toolClaims.toolId))
    .where(eq(toolClaims.userId, viewer.id))
    .orderBy(asc(tools.name), asc(tools.id));
  return rows.map((row) => ({ ...row, status: row.status as ClaimStatus, method: row.method as ClaimMethod }));
}
