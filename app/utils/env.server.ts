import { z } from "zod";
import { PASSWORD_HASHING_MODES } from "./password-hash.server.ts";

/** A comma-separated setting as its entries, each cleaned by `clean` (trimmed by default), empty ones dropped. */
const commaList = (clean: (entry: string) => string = (entry) => entry.trim()) => z.string().transform((value) => value.split(",").map(clean).filter(Boolean));

/**
 * The one schema for the process environment, parsed once at start.
 * A bad value stops the server with a sentence naming the variable.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  /**
   * Read replicas of DATABASE_URL (comma-separated postgres:// URLs, decision 089): reads outside writes and
   * transactions go to them in turn. Unset: every read on DATABASE_URL. Ignored on the embedded database.
   */
  DATABASE_REPLICA_URLS: commaList()
    .pipe(z.array(z.string().regex(/^postgres(ql)?:\/\//, "must be a comma-separated list of postgres:// or postgresql:// URLs")))
    .default([]),
  /** After a reader's write, that reader's reads go to the primary for this many seconds (a cookie, decision 089). */
  READ_YOUR_WRITES_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60 * 60)
    .default(30),
  /**
   * The primary's own address when DATABASE_URL goes through a pooler: migrations (a session advisory lock) and the
   * job queue (LISTEN) connect here. Unset: DATABASE_URL.
   */
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  /** `transaction` when DATABASE_URL (and the replicas) go through pgBouncer in transaction mode: no named statements, no session state. */
  DATABASE_POOLER: z.enum(["none", "transaction"]).default("none"),
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  CONTACT_EMAIL: z.email().default("editors@aitoolsatlas.example"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** Signs session cookies and tokens. Without it one is generated once and kept in DATA_DIR/auth-secret. */
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /**
   * How account passwords are hashed (decision 094): `standard` (scrypt at Better Auth's cost) everywhere but in the
   * test suite, which sets `test-only-fast`. A site on `standard` refuses every hash made at the test-only cost.
   */
  PASSWORD_HASHING: z.enum(PASSWORD_HASHING_MODES).default("standard"),
  /**
   * Days a session lasts from its sign-in, however often it is used (decision 037). Each use still extends it by 30
   * days up to this limit; then the visitor signs in again. Default 90.
   */
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /**
   * Seconds a session looked up for a shared page's personal parts serves the same cookie's next such requests
   * without a lookup (utils/session.server.ts); 0 looks it up every time. Default 15.
   */
  SESSION_REUSE_SECONDS: z.coerce.number().int().min(0).max(300).default(15),
  /** smtp:// or smtps:// URL of the mail server; without it mail is written to DATA_DIR/outbox as .eml files. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("AI Tools Atlas <no-reply@aitoolsatlas.example>"),
  /** How often an idle mail worker looks for mail to deliver (the queue's polling, decision 065); a new message wakes it at once. */
  OUTBOX_POLL_MS: z.coerce.number().int().min(500).max(60_000).default(1_000),
  /** The wait after a refused delivery's first attempt, in seconds; the queue doubles it after each further one (with jitter), up to an hour. */
  OUTBOX_RETRY_BASE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 60)
    .default(30),
  /** How long a job's worker may go silent (a killed process) before the queue hands its job to another (decision 065). */
  JOB_HEARTBEAT_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(60 * 60)
    .default(60),
  /** redis:// URL: rate-limit counters then live in Redis instead of the database. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .optional(),
  /** "true" behind a reverse proxy: the client address is then read from X-Forwarded-For. */
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
  /** Uploads go to this S3-compatible bucket when set (then endpoint and keys are required), else to DATA_DIR/uploads. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name: 3-63 lowercase letters, digits, dots or hyphens")
    .optional(),
  /** Base URL of the S3 API, e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, "must be a region name such as us-east-1")
    .default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** "true": https://endpoint/bucket/key (MinIO and most compatible servers); "false": https://bucket.endpoint/key. */
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
  /**
   * How long a browser or CDN may keep an uploaded image (`/uploads/*`, and the objects' own Cache-Control in the
   * bucket): a deleted avatar or review image stays visible behind a cache at most this long.
   */
  UPLOAD_CACHE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .default(3600),
  /**
   * How long a CDN may keep an anonymous page the page cache keeps (`s-maxage`). Without EDGE_PURGE_URLS a write reaches
   * readers behind the CDN only within this, so keep it short (the default 30); with a purged edge (decision 091) a
   * change drops the pages it touches at once, and minutes to a day are fine.
   */
  SHARED_CACHE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .default(30),
  /**
   * Base URLs (comma-separated, http or https) of edge caches (Varnish, deploy/varnish.vcl) that every invalidation is
   * purged from by tag: `PURGE /` with `Surrogate-Key: <tags>` (decision 091). Unset: nothing is purged.
   */
  EDGE_PURGE_URLS: commaList((entry) => entry.trim().replace(/\/+$/, ""))
    .pipe(z.array(z.url({ protocol: /^https?$/, error: "must be a comma-separated list of http:// or https:// URLs" })))
    .default([]),
  /** Share of page views (0-1) whose web vitals the browser reports to /api/vitals. Default: 0.1 in production, 1 otherwise. */
  VITALS_SAMPLE_RATE: z.coerce.number().min(0).max(1).optional(),
  /** Comma-separated addresses whose accounts are owners: marked at start and when they sign up (roles: utils/guards.server.ts). */
  OWNER_EMAILS: commaList((email) => email.trim().toLowerCase())
    .pipe(z.array(z.email("must be a comma-separated list of email addresses")))
    .default([]),
  /** IndexNow key (8-128 letters, digits or hyphens): set it to submit changed pages to search engines; unset, nothing is sent. */
  INDEXNOW_KEY: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,128}$/, "must be 8 to 128 letters, digits or hyphens")
    .optional(),
  INDEXNOW_ENDPOINT: z.url({ protocol: /^https?$/ }).default("https://api.indexnow.org/indexnow"),
  /** URLs per IndexNow POST; the protocol allows at most 10,000. */
  INDEXNOW_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(10_000),
  /** Hours between passes of the price check (every tool's pricing page, decision 034); 0 turns them off. Default: 168 (weekly) in production, off otherwise. */
  PRICE_CHECK_INTERVAL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 90)
    .optional(),
  /** A Chromium executable the price check may render pages with when their HTML shows no price (scripts on, every request judged); unset, such pages go to an editor. */
  PRICE_CHECK_BROWSER: z.string().min(1).optional(),
  /** Hours between link-health passes (tools', courses' and deals' destinations); 0 turns them off. Default: 24 in production, off otherwise. */
  LINK_CHECK_INTERVAL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .optional(),
  /** Minutes between runs of the watchers' alert and weekly digest job (decision 035); 0 turns it off. Default: 15 in production, off otherwise. */
  ALERT_INTERVAL_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .optional(),
  /** Seconds between looks for a newsletter issue due to send (decision 061); 0 turns the sender off. Default: 60 in production, off otherwise. */
  NEWSLETTER_SEND_INTERVAL_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60 * 60)
    .optional(),
  /**
   * When the open-data files (/data/tools.json, tools.csv, changes.csv, issue 46) are written again: a cron line in UTC,
   * or `off`. Default `15 3 * * *` (nightly at 03:15 UTC) in production, off otherwise (there a request for a file that
   * does not exist yet asks for a run).
   */
  DATA_FILES_SCHEDULE: z
    .string()
    .trim()
    .regex(/^(off|(\S+\s+){4}\S+)$/, "must be a cron line of five fields (e.g. 15 3 * * *) or off")
    .optional(),
  /** How long one request of the link checker may take before the link counts as timed out. */
  LINK_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** The pause between two requests of the link checker to the same host, to be a polite visitor. */
  LINK_CHECK_HOST_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** The wait before a link pass that failed (or whose process died) is run again; doubled for its second retry. */
  LINK_CHECK_RETRY_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 60)
    .default(30),
  /**
   * DNS servers (comma-separated `address` or `address:port`) that a claim's TXT record is looked up through (issue
   * 45, decision 082). Unset: the system's resolver. The tests point it at a local server.
   */
  CLAIM_DNS_SERVERS: commaList()
    .pipe(
      z.array(
        z.string().regex(/^(\[[0-9a-fA-F:.]+\](:\d{1,5})?|[0-9.]+(:\d{1,5})?|[0-9a-fA-F:]+)$/, "must be a comma-separated list of IP addresses, each with an optional :port"),
      ),
    )
    .default([]),
  /**
   * `host:port` pairs (comma-separated) that the outbound fetcher may reach although they resolve to a private or
   * loopback address (decision 031): the tests' local fixture servers, or an owner's deliberately private service.
   * Empty by default: content and users' URLs never reach the machine's own network.
   */
  OUTBOUND_ALLOWED_HOSTS: commaList((entry) => entry.trim().toLowerCase())
    .pipe(z.array(z.string().regex(/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/, "must be a comma-separated list of host:port pairs")))
    .default([]),
});

/** S3 settings that only make sense together: a partial set would silently leave uploads on local disk, or fail on the first upload. */
const S3_REQUIRED = ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

function s3Problems(env: z.infer<typeof envSchema>): string[] {
  if (env.S3_BUCKET) return S3_REQUIRED.filter((name) => !env[name]).map((name) => `${name} is missing: required when S3_BUCKET is set`);
  const stray = S3_REQUIRED.filter((name) => env[name]);
  if (!stray.length) return [];
  return [
    `S3_BUCKET is missing: required when ${stray.join(", ")} ${stray.length > 1 ? "are" : "is"} set (unset ${stray.length > 1 ? "them" : "it"} to keep uploads on local disk)`,
  ];
}

export type Env = Omit<z.infer<typeof envSchema>, "DATA_FILES_SCHEDULE"> & {
  SITE_URL: string;
  VITALS_SAMPLE_RATE: number;
  LINK_CHECK_INTERVAL_HOURS: number;
  ALERT_INTERVAL_MINUTES: number;
  NEWSLETTER_SEND_INTERVAL_SECONDS: number;
  PRICE_CHECK_INTERVAL_HOURS: number;
  /** null: off. */
  DATA_FILES_SCHEDULE: string | null;
};

export class EnvError extends Error {}

const dataFilesSchedule = (value: string) => (value === "off" ? null : value.replace(/\s+/g, " "));

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Treat empty strings as unset so `FOO=` in a .env file means "use the default".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = envSchema.safeParse(cleaned);
  const lines = result.success
    ? s3Problems(result.data)
    : result.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? "environment");
        return `${name} is invalid (${JSON.stringify(cleaned[name] ?? "")}): ${issue.message}`;
      });
  if (!result.success || lines.length) {
    throw new EnvError(`Configuration error. ${lines.join("; ")}. See .env.example for every variable and its default.`);
  }
  const env = result.data;
  return {
    ...env,
    SITE_URL: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    VITALS_SAMPLE_RATE: env.VITALS_SAMPLE_RATE ?? (env.NODE_ENV === "production" ? 0.1 : 1),
    LINK_CHECK_INTERVAL_HOURS: env.LINK_CHECK_INTERVAL_HOURS ?? (env.NODE_ENV === "production" ? 24 : 0),
    ALERT_INTERVAL_MINUTES: env.ALERT_INTERVAL_MINUTES ?? (env.NODE_ENV === "production" ? 15 : 0),
    PRICE_CHECK_INTERVAL_HOURS: env.PRICE_CHECK_INTERVAL_HOURS ?? (env.NODE_ENV === "production" ? 168 : 0),
    NEWSLETTER_SEND_INTERVAL_SECONDS: env.NEWSLETTER_SEND_INTERVAL_SECONDS ?? (env.NODE_ENV === "production" ? 60 : 0),
    DATA_FILES_SCHEDULE: dataFilesSchedule(env.DATA_FILES_SCHEDULE ?? (env.NODE_ENV === "production" ? "15 3 * * *" : "off")),
  };
}

let current: Env | undefined;

export function initEnv(source: Record<string, string | undefined> = process.env): Env {
  current = parseEnv(source);
  return current;
}

export function getEnv(): Env {
  if (!current) throw new Error("getEnv() called before initEnv()");
  return current;
}
