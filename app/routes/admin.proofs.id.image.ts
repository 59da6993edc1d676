import type { RouteHandle } from "~/lib/route-handle";
import { getProof } from "~/models/moderation/queries.server";
import { requireRole } from "~/utils/guards.server";
import { readPrivateUpload } from "~/utils/storage.server";
import { AppError } from "~/utils/errors.server";
import { resourceErrorResponse } from "~/utils/replies.server";
import type { Route } from "./+types/admin.proofs.id.image";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** A proof's image, to editors only (decision 023): never cached by anyone, never under /uploads. */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "editor");
  const id = /^[1-9][0-9]{0,15}$/.test(args.params.id) ? Number(args.params.id) : null;
  const proof = id === null ? null : await getProof(id);
  const bytes = proof ? await readPrivateUpload(proof.key) : null;
  if (!bytes) return resourceErrorResponse(new AppError("NOT_FOUND", { message: "fileNotFound" }));
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, no-store",
      "Content-Disposition": "inline",
    },
  });
}
