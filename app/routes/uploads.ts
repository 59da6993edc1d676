import type { RouteHandle } from "~/lib/route-handle";
import { readUpload, uploadCacheControl } from "~/utils/storage.server";
import { AppError } from "~/utils/errors.server";
import { resourceErrorResponse } from "~/utils/replies.server";
import type { Route } from "./+types/uploads";

export const handle = { cache: "personal" } satisfies RouteHandle;

const TYPES: Record<string, string> = { webp: "image/webp", jpg: "image/jpeg", png: "image/png", gif: "image/gif" };

/**
 * Serves stored uploads from disk or the S3 bucket (decision 008). Names are random and never reused, but a file can
 * be deleted: caches keep it for UPLOAD_CACHE_SECONDS only, and a deleted one answers 404 (never stored: server/cache-policy.ts).
 */
export async function loader({ params }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  const bytes = await readUpload(key);
  if (!bytes) return resourceErrorResponse(new AppError("NOT_FOUND", { message: "fileNotFound" }));
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": TYPES[key.split(".").pop() ?? ""] ?? "application/octet-stream",
      "Cache-Control": uploadCacheControl(),
      "Content-Length": String(bytes.byteLength),
    },
  });
}
