import sharp from "sharp";
import { imageFileProblem } from "~/lib/review/review-rules";
import { AppError } from "./errors.server";
import { saveUpload, type UploadFolder } from "./storage.server";

export type ImageKind = "jpeg" | "png" | "gif" | "webp";

/**
 * The file's real type from its first bytes; the name and the declared type
 * are never trusted (a renamed executable or HTML page is refused here).
 */
export function detectImageKind(bytes: Uint8Array): ImageKind | null {
  const starts = (signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return "gif";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

/** Largest decoded image accepted (about 40 megapixels): a small file that decodes to more is a decompression bomb. */
export const MAX_INPUT_PIXELS = 40_000_000;

export class ImageDecodeError extends Error {}

/**
 * Decodes and re-encodes to WebP at most `maxSide` wide/high. The output
 * carries no metadata (EXIF, GPS, ICC comments): sharp drops it unless asked.
 * `square` crops to a `maxSide` square (avatars); `pad` centres the whole image on a transparent one (logos).
 */
export async function reencodeImage(bytes: Uint8Array, options: { maxSide: number; square?: boolean; pad?: boolean }): Promise<Buffer> {
  const fit = options.pad ? "contain" : options.square ? "cover" : "inside";
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate() // apply the EXIF orientation before the EXIF is dropped
      .resize({ width: options.maxSide, height: options.maxSide, fit, withoutEnlargement: fit === "inside", background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    throw new ImageDecodeError(error instanceof Error ? error.message : String(error));
  }
}

/** The refusals of an uploaded image, with the review form's words (lib/messages.ts). */
type ImageRefusal = "imageInvalidType" | "imageTooLarge" | "imageEmpty" | "imageBadExtension" | "imageUnreadable";

const refused = (message: ImageRefusal, field: string) => new AppError(message === "imageTooLarge" ? "PAYLOAD_TOO_LARGE" : "INVALID_INPUT", { message, field });

/**
 * The bytes of one uploaded image, after the spec's type, size and extension checks on what the browser declared
 * and the check of the bytes themselves (a renamed executable or HTML page fails here). Every image the site
 * accepts (review images, proofs of use, tools' screenshots) comes through here; `field` is the form's.
 */
export async function readImageFile(file: File, field: string): Promise<Uint8Array> {
  const declared = imageFileProblem({ name: file.name, type: file.type, size: file.size });
  if (declared) throw refused(declared, field);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!detectImageKind(bytes)) throw refused("imageInvalidType", field);
  return bytes;
}

export type StoredImage = { key: string; width: number; height: number };

/**
 * Re-encodes checked bytes (`readImageFile`) without metadata and stores them in `folder`; refuses what does not decode.
 * `pad`: a `maxSide` square with the image centred on transparency (a logo).
 */
export async function storeImage(
  bytes: Uint8Array,
  { folder, maxSide, field, pad = false }: { folder: UploadFolder; maxSide: number; field: string; pad?: boolean },
): Promise<StoredImage> {
  let encoded: Buffer;
  try {
    encoded = await reencodeImage(bytes, { maxSide, pad });
  } catch (error) {
    if (error instanceof ImageDecodeError) throw refused("imageUnreadable", field);
    throw error;
  }
  const { width = 0, height = 0 } = await sharp(encoded).metadata();
  return { key: await saveUpload(folder, encoded, "webp"), width, height };
}
