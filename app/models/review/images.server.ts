import sharp from "sharp";
import { uploads } from "~/db/schema";
import { imageFileProblem } from "~/lib/review/review-rules";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { detectImageKind, ImageDecodeError, reencodeImage } from "~/utils/images.server";
import { saveUpload, uploadUrl } from "~/utils/storage.server";

/** Longest side of a stored review image: enough to read a screenshot, small enough to serve fast. */
const REVIEW_IMAGE_MAX_SIDE = 1600;

const refused = (message: "imageInvalidType" | "imageTooLarge" | "imageEmpty" | "imageBadExtension" | "imageUnreadable") =>
  new AppError(message === "imageTooLarge" ? "PAYLOAD_TOO_LARGE" : "INVALID_INPUT", { message, field: "images" });

/**
 * Accepts one review image: the spec's type, size and extension checks on
 * what the browser declared, then the bytes themselves (a renamed executable
 * or HTML page fails here), then a re-encode that drops every bit of metadata.
 */
export async function acceptReviewImage(userId: string, file: File): Promise<{ url: string; width: number; height: number }> {
  const declared = imageFileProblem({ name: file.name, type: file.type, size: file.size });
  if (declared) throw refused(declared);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!detectImageKind(bytes)) throw refused("imageInvalidType");
  let encoded: Buffer;
  try {
    encoded = await reencodeImage(bytes, { maxSide: REVIEW_IMAGE_MAX_SIDE });
  } catch (error) {
    if (error instanceof ImageDecodeError) throw refused("imageUnreadable");
    throw error;
  }
  const { width = 0, height = 0 } = await sharp(encoded).metadata();
  const key = await saveUpload("reviews", encoded, "webp");
  await getDb().insert(uploads).values({ key, userId, width, height });
  return { url: uploadUrl(key), width, height };
}
