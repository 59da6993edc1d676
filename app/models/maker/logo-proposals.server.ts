import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { makerProposals } from "~/db/schema";
import { LOGO_UPLOAD, logoSizeProblem } from "~/lib/tool/logo-upload";
import { uploadKeyOf } from "~/models/tool/logo.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { hasRole } from "~/utils/guards.server";
import { readImageFile, storeImage } from "~/utils/images.server";
import type { Viewer } from "~/utils/request-context";
import { deleteUpload, readPrivateUpload } from "~/utils/storage.server";
import { proposeChange, requireClaimedListing } from "./proposals.server";

/**
 * A maker's proposed logo (issue 45, decision 084): an image through the site's one image path (utils/images.server.ts:
 * the declared type, size and extension, then the bytes themselves, so SVG and anything else is refused; then sharp
 * re-encodes it to a 256-pixel square WebP without metadata), stored in the private `logos/` folder, which /uploads
 * never serves. Until an editor accepts it, only the editors and the maker who proposed it can see it
 * (routes/maker.proposals.id.logo.ts); a rejected one is deleted (proposals.server.ts `rejectProposal`).
 */

export type LogoProposalInput = { toolSlug: string; sourceUrl: string; note?: string; file: File };

/** The image's size as it shows (EXIF orientation applied), refused when too small or not square enough for a logo. */
async function checkLogoSize(bytes: Uint8Array) {
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  // An image sharp cannot read is left to `storeImage`, which refuses it with the image checks' words.
  if (!meta?.width || !meta.height) return;
  const turned = (meta.orientation ?? 1) >= 5;
  const problem = logoSizeProblem(turned ? meta.height : meta.width, turned ? meta.width : meta.height);
  if (problem) throw new AppError("INVALID_INPUT", { message: "proposalInvalid", fields: { logo: problem }, field: "logo" });
}

/**
 * Queues a maker's logo for the editors. The claim is checked before the file is read (a stranger's upload costs no
 * decoding); the proposal's own checks (the source page's domain, one waiting proposal per field) follow in its
 * transaction, and a refusal there deletes the stored image.
 */
export async function proposeLogo(viewer: Viewer, { file, ...input }: LogoProposalInput) {
  await requireClaimedListing(getDb(), viewer, input.toolSlug);
  const bytes = await readImageFile(file, "logo");
  await checkLogoSize(bytes);
  const { key } = await storeImage(bytes, { folder: "logos", maxSide: LOGO_UPLOAD.side, field: "logo", pad: true });
  try {
    return await proposeChange(viewer, { ...input, field: "logo", value: { kind: "upload", key } });
  } catch (error) {
    await deleteUpload(key);
    throw error;
  }
}

/**
 * The image of logo proposal `id`, for an editor or the maker who proposed it; null for anyone else, another field's
 * proposal, or an image no longer stored (a rejected proposal's).
 */
export async function readProposedLogo(viewer: Pick<Viewer, "id" | "role">, id: number): Promise<Buffer | null> {
  const [proposal] = await getDb()
    .select({ userId: makerProposals.userId, proposed: makerProposals.proposed })
    .from(makerProposals)
    .where(and(eq(makerProposals.id, id), eq(makerProposals.field, "logo")))
    .limit(1);
  if (!proposal || (proposal.userId !== viewer.id && !hasRole(viewer, "editor"))) return null;
  const key = uploadKeyOf(proposal.proposed);
  return key ? readPrivateUpload(key) : null;
}
