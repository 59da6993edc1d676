import { AwsClient } from "aws4fetch";
import type { UploadStore } from "./types";

export type S3Config = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** true: <endpoint>/<bucket>/<key>; false: <bucket>.<endpoint host>/<key> (virtual-hosted). */
  forcePathStyle: boolean;
  /** The objects' own Cache-Control, for a bucket a CDN reads directly (utils/storage.server.ts `uploadCacheControl`). */
  cacheControl: string;
};

const TIMEOUT_MS = 15_000;
/** Throttling and transient server errors (S3 answers 503 SlowDown under load) are retried twice, 100 then 200 ms apart. */
const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);
const RETRIES = 2;

export class S3Error extends Error {}

/** The object URL for a key, path-style or virtual-hosted. Keys are [a-z0-9/.-] only, so they need no escaping. */
export function objectUrl(config: S3Config, key: string) {
  const base = new URL(config.endpoint);
  const prefix = base.pathname.replace(/\/+$/, "");
  if (config.forcePathStyle) return `${base.origin}${prefix}/${config.bucket}/${key}`;
  return `${base.protocol}//${config.bucket}.${base.host}${prefix}/${key}`;
}

/**
 * An S3-compatible bucket (AWS, MinIO, R2, ...) through three signed requests
 * (AWS Signature V4 by aws4fetch): PUT, GET and DELETE of one object.
 */
export function s3Store(config: S3Config): UploadStore {
  // Retries are ours, not aws4fetch's: its loop also retries 501, which is how a server says it has no conditional writes.
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: "s3",
    region: config.region,
    retries: 0,
  });
  async function send(method: string, key: string, init: { body?: Uint8Array<ArrayBuffer>; headers?: Record<string, string> } = {}) {
    for (let attempt = 0; ; attempt++) {
      // Not the outbound fetcher (decision 031): S3_ENDPOINT is the owner's own storage, often on a private network.
      const response = await client.fetch(objectUrl(config, key), { method, body: init.body, headers: init.headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!RETRY_STATUSES.has(response.status) || attempt >= RETRIES) return response;
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
    }
  }

  async function failure(action: string, key: string, response: Response): Promise<never> {
    const detail = (await response.text().catch(() => "")).match(/<Code>([^<]+)<\/Code>/)?.[1] ?? response.statusText;
    throw new S3Error(`S3 ${action} ${config.bucket}/${key} failed: ${response.status} ${detail}`);
  }

  return {
    async put(key, bytes, contentType) {
      const body = new Uint8Array(bytes);
      const headers = { "Content-Type": contentType, "Cache-Control": config.cacheControl };
      // If-None-Match: * refuses to overwrite (AWS since 2024, MinIO, R2); servers without conditional writes answer 501.
      let response = await send("PUT", key, { body, headers: { ...headers, "If-None-Match": "*" } });
      if (response.status === 501) {
        await response.body?.cancel();
        response = await send("PUT", key, { body, headers });
      }
      if (!response.ok) await failure("PUT", key, response);
      await response.body?.cancel();
    },
    async get(key) {
      const response = await send("GET", key);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) await failure("GET", key, response);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await send("DELETE", key);
      if (!response.ok && response.status !== 404) await failure("DELETE", key, response);
      await response.body?.cancel();
    },
  };
}
