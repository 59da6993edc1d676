import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("applies the documented defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("127.0.0.1");
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SITE_URL).toBe("http://localhost:3000");
  });

  it("derives SITE_URL from PORT and trims a trailing slash", () => {
    expect(parseEnv({ PORT: "8080" }).SITE_URL).toBe("http://localhost:8080");
    expect(parseEnv({ SITE_URL: "https://example.com/" }).SITE_URL).toBe("https://example.com");
  });

  it("names the bad variable in a readable sentence", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(EnvError);
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT is invalid \("eighty"\)/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL is invalid.*postgres:\/\//);
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", PORT: "" }).PORT).toBe(3000);
  });

  it("keeps uploads on disk unless S3_BUCKET is set, and then needs the endpoint and both keys", () => {
    const disk = parseEnv({});
    expect(disk.S3_BUCKET).toBeUndefined();
    expect([disk.S3_REGION, disk.S3_FORCE_PATH_STYLE]).toEqual(["us-east-1", true]);
    const s3 = { S3_BUCKET: "atlas-uploads", S3_ENDPOINT: "http://127.0.0.1:9000", S3_ACCESS_KEY_ID: "key", S3_SECRET_ACCESS_KEY: "secret" };
    expect(parseEnv({ ...s3, S3_FORCE_PATH_STYLE: "false", S3_REGION: "eu-west-1" })).toMatchObject({ ...s3, S3_REGION: "eu-west-1", S3_FORCE_PATH_STYLE: false });

    expect(() => parseEnv({ S3_BUCKET: "atlas-uploads" })).toThrow(EnvError);
    expect(() => parseEnv({ S3_BUCKET: "atlas-uploads", S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(
      "Configuration error. S3_ACCESS_KEY_ID is missing: required when S3_BUCKET is set; S3_SECRET_ACCESS_KEY is missing: required when S3_BUCKET is set. See .env.example",
    );
    expect(() => parseEnv({ ...s3, S3_BUCKET: "" })).toThrow(
      /^Configuration error\. S3_BUCKET is missing: required when S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set/,
    );
    expect(() => parseEnv({ ...s3, S3_ENDPOINT: "s3.amazonaws.com" })).toThrow(/S3_ENDPOINT is invalid \("s3\.amazonaws\.com"\)/);
    expect(() => parseEnv({ ...s3, S3_BUCKET: "My_Bucket" })).toThrow(/S3_BUCKET is invalid \("My_Bucket"\): must be a bucket name/);
    expect(() => parseEnv({ ...s3, S3_FORCE_PATH_STYLE: "yes" })).toThrow(/S3_FORCE_PATH_STYLE is invalid/);
  });

  it("reads OWNER_EMAILS as a lower-cased list and the IndexNow settings, off by default", () => {
    const env = parseEnv({});
    expect([env.OWNER_EMAILS, env.INDEXNOW_KEY, env.INDEXNOW_ENDPOINT, env.INDEXNOW_BATCH_SIZE]).toEqual([[], undefined, "https://api.indexnow.org/indexnow", 10_000]);
    expect(parseEnv({ OWNER_EMAILS: " Ann@Example.com, bob@example.com ," }).OWNER_EMAILS).toEqual(["ann@example.com", "bob@example.com"]);
    expect(() => parseEnv({ OWNER_EMAILS: "ann@example.com, nobody" })).toThrow(/OWNER_EMAILS is invalid.*comma-separated list of email addresses/);
    expect(() => parseEnv({ INDEXNOW_KEY: "short" })).toThrow(/INDEXNOW_KEY is invalid \("short"\)/);
    expect(() => parseEnv({ INDEXNOW_BATCH_SIZE: "10001" })).toThrow(/INDEXNOW_BATCH_SIZE is invalid/);
  });

  it("ends sessions 90 days after sign-in unless SESSION_MAX_AGE_DAYS says otherwise", () => {
    expect(parseEnv({}).SESSION_MAX_AGE_DAYS).toBe(90);
    expect(parseEnv({ SESSION_MAX_AGE_DAYS: "30" }).SESSION_MAX_AGE_DAYS).toBe(30);
    expect(() => parseEnv({ SESSION_MAX_AGE_DAYS: "0" })).toThrow(/SESSION_MAX_AGE_DAYS is invalid/);
    expect(() => parseEnv({ SESSION_MAX_AGE_DAYS: "ninety" })).toThrow(/SESSION_MAX_AGE_DAYS is invalid/);
  });

  it("checks links daily in production and not otherwise unless told, with a timeout and a per-host pause", () => {
    expect(parseEnv({}).LINK_CHECK_INTERVAL_HOURS).toBe(24);
    expect(parseEnv({ NODE_ENV: "test" }).LINK_CHECK_INTERVAL_HOURS).toBe(0);
    expect(parseEnv({ NODE_ENV: "development", LINK_CHECK_INTERVAL_HOURS: "6" }).LINK_CHECK_INTERVAL_HOURS).toBe(6);
    expect(parseEnv({ LINK_CHECK_INTERVAL_HOURS: "0" }).LINK_CHECK_INTERVAL_HOURS).toBe(0);
    expect([parseEnv({}).PRICE_CHECK_INTERVAL_HOURS, parseEnv({ NODE_ENV: "test" }).PRICE_CHECK_INTERVAL_HOURS]).toEqual([168, 0]);
    expect(parseEnv({ NODE_ENV: "test", PRICE_CHECK_INTERVAL_HOURS: "24" }).PRICE_CHECK_INTERVAL_HOURS).toBe(24);
    const env = parseEnv({});
    expect([env.LINK_CHECK_TIMEOUT_MS, env.LINK_CHECK_HOST_DELAY_MS]).toEqual([10_000, 1_000]);
    expect(() => parseEnv({ LINK_CHECK_INTERVAL_HOURS: "-1" })).toThrow(/LINK_CHECK_INTERVAL_HOURS is invalid/);
    expect(() => parseEnv({ LINK_CHECK_TIMEOUT_MS: "soon" })).toThrow(/LINK_CHECK_TIMEOUT_MS is invalid/);
  });

  it("allows no private host to the outbound fetcher unless the owner lists host:port pairs", () => {
    expect(parseEnv({}).OUTBOUND_ALLOWED_HOSTS).toEqual([]);
    expect(parseEnv({ OUTBOUND_ALLOWED_HOSTS: "127.0.0.1:4000, Mirror.Internal:8080,[::1]:5000" }).OUTBOUND_ALLOWED_HOSTS).toEqual([
      "127.0.0.1:4000",
      "mirror.internal:8080",
      "[::1]:5000",
    ]);
    expect(() => parseEnv({ OUTBOUND_ALLOWED_HOSTS: "127.0.0.1" })).toThrow(/OUTBOUND_ALLOWED_HOSTS is invalid/);
    expect(() => parseEnv({ OUTBOUND_ALLOWED_HOSTS: "http://127.0.0.1:4000" })).toThrow(/OUTBOUND_ALLOWED_HOSTS is invalid/);
  });

  it("polls the mail outbox every second and retries refused mail from 30 s, both adjustable", () => {
    const env = parseEnv({});
    expect([env.OUTBOX_POLL_MS, env.OUTBOX_RETRY_BASE_SECONDS, env.JOB_HEARTBEAT_SECONDS]).toEqual([1_000, 30, 60]);
    expect(parseEnv({ OUTBOX_POLL_MS: "500", OUTBOX_RETRY_BASE_SECONDS: "1", JOB_HEARTBEAT_SECONDS: "10" })).toMatchObject({
      OUTBOX_POLL_MS: 500,
      OUTBOX_RETRY_BASE_SECONDS: 1,
      JOB_HEARTBEAT_SECONDS: 10,
    });
    // The queue polls at most twice a second, and takes a silent worker as dead after ten seconds at the soonest.
    expect(() => parseEnv({ OUTBOX_POLL_MS: "200" })).toThrow(/OUTBOX_POLL_MS is invalid/);
    expect(() => parseEnv({ JOB_HEARTBEAT_SECONDS: "5" })).toThrow(/JOB_HEARTBEAT_SECONDS is invalid/);
  });

  it("purges no edge unless EDGE_PURGE_URLS lists some, and lets a purged edge keep pages up to a day", () => {
    const env = parseEnv({});
    expect([env.EDGE_PURGE_URLS, env.SHARED_CACHE_SECONDS]).toEqual([[], 30]);
    expect(parseEnv({ EDGE_PURGE_URLS: "http://127.0.0.1:6081/, https://edge-2.internal:6443", SHARED_CACHE_SECONDS: "600" })).toMatchObject({
      EDGE_PURGE_URLS: ["http://127.0.0.1:6081", "https://edge-2.internal:6443"],
      SHARED_CACHE_SECONDS: 600,
    });
    expect(parseEnv({ SHARED_CACHE_SECONDS: "86400" }).SHARED_CACHE_SECONDS).toBe(86_400);
    expect(() => parseEnv({ SHARED_CACHE_SECONDS: "86401" })).toThrow(/SHARED_CACHE_SECONDS is invalid/);
    expect(() => parseEnv({ EDGE_PURGE_URLS: "127.0.0.1:6081" })).toThrow(/EDGE_PURGE_URLS is invalid/);
  });
});
