import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { AwsClient } from "aws4fetch";
import S3rver from "s3rver";

/** s3rver's built-in account: it checks the key id (its V4 signature check is a stub; see s3.server.test.ts for the signing itself). */
export const S3RVER_KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/** An S3-compatible server in process, on a free port, with one bucket in a temporary folder. */
export async function startS3(bucket: string) {
  const directory = mkdtempSync(path.join(os.tmpdir(), "aitools-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new AwsClient({ ...S3RVER_KEYS, service: "s3", region: "us-east-1", retries: 0 });
  return {
    endpoint,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
    },
    /** A signed request straight to the bucket, bypassing the app. */
    object: (key: string, init?: RequestInit) => client.fetch(`${endpoint}/${bucket}/${key}`, init),
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
