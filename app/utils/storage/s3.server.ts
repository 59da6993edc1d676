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
};

const TIMEOUT_MS = 15_000;

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
  // aws4fetch retries 5xx and 429 with jittered backoff; two retries keep a slow bucket from holding a request for long.
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: "s3",
    region: config.region,
    retries: 2,
  });
  const send = (method: string, key: string, init: { body?: Uint8Array<ArrayBuffer>; headers?: Record<string, string> } = {}) =>
    client.fetch(objectUrl(config, key), { method, body: init.body, headers: init.headers, signal: AbortSignal.timeout(TIMEOUT_MS) });

  async function failure(action: string, key: string, response: Response): Promise<never> {
    const detail = (await response.text().catch(() => "")).match(/<Code>([^<]+)<\/Code>/)?.[1] ?? response.statusText;
    throw new S3Error(`S3 ${action} ${config.bucket}/${key} failed: ${response.status} ${detail}`);
  }

  return {
    async put(key, bytes, contentType) {
      const body = new Uint8Array(bytes);
      const headers = { "Content-Type": contentType, "Cache-Control": "public, max-age=31536000, immutable" };
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
