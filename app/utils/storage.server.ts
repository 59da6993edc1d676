import { randomBytes } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "./env.server";

/**
 * Uploaded files on local disk under DATA_DIR/uploads, served at /uploads/<key>.
 * Keys are random (16 bytes hex + time), never derived from the visitor's
 * file name, and a file is never overwritten.
 */
const KEY_PATTERN = /^(avatars|reviews)\/[a-f0-9]{32}-[0-9]{13}\.(webp|jpg|png|gif)$/;

function uploadsDir() {
  return path.resolve(getEnv().DATA_DIR, "uploads");
}

export function isUploadKey(key: string) {
  return KEY_PATTERN.test(key);
}

export async function saveUpload(folder: "avatars" | "reviews", bytes: Buffer, extension: "webp"): Promise<string> {
  const key = `${folder}/${randomBytes(16).toString("hex")}-${Date.now()}.${extension}`;
  const file = path.join(uploadsDir(), key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes, { flag: "wx" });
  return key;
}

export async function readUpload(key: string): Promise<Buffer | null> {
  if (!isUploadKey(key)) return null;
  try {
    return await readFile(path.join(uploadsDir(), key));
  } catch {
    return null;
  }
}

export async function deleteUpload(key: string | null | undefined) {
  if (!key || !isUploadKey(key)) return;
  await rm(path.join(uploadsDir(), key), { force: true });
}

/** Public URL of a stored upload. */
export const uploadUrl = (key: string) => `/uploads/${key}`;
