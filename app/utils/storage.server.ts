import { randomBytes } from "node:crypto";
import { type Env, getEnv } from "./env.server";
import { errorText, log } from "./logger.server";
import { diskStore } from "./storage/disk.server";
import { s3Store } from "./storage/s3.server";
import type { UploadStore } from "./storage/types";

/**
 * Uploaded files, served at /uploads/<key> by routes/uploads.ts whichever store
 * holds them: an S3-compatible bucket when S3_BUCKET is set, else local disk
 * under DATA_DIR/uploads (decision 008). Keys are random (16 bytes hex + time),
 * never derived from the visitor's file name, and a key is never overwritten.
 */
const KEY_PATTERN = /^(avatars|reviews|screenshots)\/[a-f0-9]{32}-[0-9]{13}\.(webp|jpg|png|gif)$/;
/**
 * Private files (proofs of use, decision 023; makers' logos, decision 084): never served by /uploads, only by routes
 * that check who asks (a logo once accepted is embedded in the tool's logo file by routes/images.tools.ts).
 */
const PRIVATE_KEY_PATTERN = /^(proofs|logos)\/[a-f0-9]{32}-[0-9]{13}\.webp$/;

const CONTENT_TYPES = { webp: "image/webp" } as const;

let cached: { env: Env; store: UploadStore } | undefined;

/** The store for the current environment, chosen once (again only if initEnv is called with new values). */
function store(): UploadStore {
  const env = getEnv();
  if (cached?.env !== env) cached = { env, store: createStore(env) };
  return cached.store;
}

/**
 * How long browsers and CDNs may keep a public upload: the one setting (UPLOAD_CACHE_SECONDS) for /uploads and the
 * bucket's objects alike. Names are never reused, but a file is deleted (a review removed, an avatar replaced), and a
 * cache in front keeps serving it until this runs out: short enough for a deletion to take effect.
 */
export const uploadCacheControl = (env: Env = getEnv()) => `public, max-age=${env.UPLOAD_CACHE_SECONDS}`;

export function createStore(env: Env): UploadStore {
  if (!env.S3_BUCKET) return diskStore(env.DATA_DIR);
  return s3Store({
    cacheControl: uploadCacheControl(env),
    endpoint: env.S3_ENDPOINT!,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  });
}

export function isUploadKey(key: string) {
  return KEY_PATTERN.test(key);
}

export function isPrivateUploadKey(key: string) {
  return PRIVATE_KEY_PATTERN.test(key);
}

/** Public folders (served by /uploads) and the private ones (proofs, logos). */
export type UploadFolder = "avatars" | "reviews" | "screenshots" | "proofs" | "logos";

export async function saveUpload(folder: UploadFolder, bytes: Buffer, extension: "webp"): Promise<string> {
  const key = `${folder}/${randomBytes(16).toString("hex")}-${Date.now()}.${extension}`;
  await store().put(key, bytes, CONTENT_TYPES[extension]);
  return key;
}

export async function readUpload(key: string): Promise<Buffer | null> {
  if (!isUploadKey(key)) return null;
  return store().get(key);
}

/** A private file, for a caller that has checked who may see it; public keys are not answered here. */
export async function readPrivateUpload(key: string): Promise<Buffer | null> {
  if (!isPrivateUploadKey(key)) return null;
  return store().get(key);
}

/**
 * Removes a stored file (public or private). Callers delete the database rows first, so a store
 * that fails here (a bucket briefly unreachable) leaves an orphaned file,
 * logged, rather than failing a change the database already holds.
 */
export async function deleteUpload(key: string | null | undefined) {
  if (!key || !(isUploadKey(key) || isPrivateUploadKey(key))) return;
  try {
    await store().delete(key);
  } catch (error) {
    log.error("could not delete an upload", { key, error: errorText(error) });
  }
}

/** Public URL of a stored upload. */
export const uploadUrl = (key: string) => `/uploads/${key}`;
