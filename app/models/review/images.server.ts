import { uploads } from "~/db/schema";
import { getDb } from "~/utils/db.server";
import { readImageFile, storeImage } from "~/utils/images.server";
import { uploadUrl } from "~/utils/storage.server";

/** Longest side of a stored review image: enough to read a screenshot, small enough to serve fast. */
const REVIEW_IMAGE_MAX_SIDE = 1600;

/**
 * Accepts one review image through the site's image checks (utils/images.server.ts: the declared type, size and
 * extension, then the bytes themselves, then a re-encode that drops every bit of metadata) and records it as the
 * reader's upload.
 */
export async function acceptReviewImage(userId: string, file: File): Promise<{ url: string; width: number; height: number }> {
  const bytes = await readImageFile(file, "images");
  const { key, width, height } = await storeImage(bytes, { folder: "reviews", maxSide: REVIEW_IMAGE_MAX_SIDE, field: "images" });
  await getDb().insert(uploads).values({ key, userId, width, height });
  return { url: uploadUrl(key), width, height };
}
