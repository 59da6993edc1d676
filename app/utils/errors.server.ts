import { DrizzleQueryError } from "drizzle-orm";
import { fieldMessage, MESSAGES, tooManyAttempts, tooManyEmails, tooManyEmailsToday, type FieldMessageKey, type MessageKey, type Toast } from "~/lib/messages";

/**
 * The one error type of expected failures. Models, guards and the write path
 * throw it with a code; `ERROR_STATUS` is the only place a code becomes an
 * HTTP status, and `toastOf` the only place it becomes words (from the
 * message catalogue, lib/messages.ts). `asAppError` is the only place a
 * foreign error becomes one (a lost database connection: UNAVAILABLE, 503).
 * Anything else thrown is unexpected: logged with the request id and answered
 * 500 'Something went wrong'.
 */
export const ERROR_STATUS = {
  INVALID_INPUT: 400,
  UNAUTHENTICATED: 401,
  /** A sign-in or password check with the wrong secret (not a missing session). */
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  UNEXPECTED: 500,
  /** The database does not answer (restarting, failed over, unreachable): try again shortly. */
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** What each code says when the thrower names nothing more specific. */
const DEFAULT_MESSAGE: Record<ErrorCode, MessageKey> = {
  INVALID_INPUT: "invalidInput",
  UNAUTHENTICATED: "authRequiredFeedback",
  INVALID_CREDENTIALS: "signInFailed",
  FORBIDDEN: "forbidden",
  NOT_FOUND: "notFound",
  METHOD_NOT_ALLOWED: "unknownRequest",
  CONFLICT: "conflict",
  PAYLOAD_TOO_LARGE: "tooLargeRequest",
  RATE_LIMITED: "invalidInput",
  UNEXPECTED: "unexpected",
  UNAVAILABLE: "unavailable",
};

export type AppErrorDetails = {
  /** The catalogue entry to show; each code has a default. */
  message?: MessageKey;
  /** Replaces the message's description with this field text (e.g. 'Sign up failed' / the password rule broken). */
  detail?: FieldMessageKey | (string & {});
  /** Problems by field name, as catalogue keys (or zod's own text for malformed API bodies). */
  fields?: Record<string, string>;
  /** The single field an API client should highlight. */
  field?: string;
  /** RATE_LIMITED and UNAVAILABLE: when to try again. */
  retryAfterSeconds?: number;
  /** RATE_LIMITED only: the limit was the one-email-a-minute rule, or the address's mail for the day (decision 038). */
  emailLimit?: "minute" | "day";
  /** What the page needs to say more than words can (e.g. the listing a duplicate submission points to); sent as the reply's `data`. */
  data?: unknown;
  /** RATE_LIMITED only: the account's sign-in backoff, which a password reset by email gets this device past. */
  accountLocked?: boolean;
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly details: AppErrorDetails = {},
  ) {
    super(`${code}${details.message ? ` (${details.message})` : ""}`);
    this.name = "AppError";
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

/** The words for an error, from the catalogue. */
export function toastOf(error: AppError): Toast {
  const { code, details } = error;
  if (code === "RATE_LIMITED") {
    const seconds = details.retryAfterSeconds ?? 60;
    if (details.emailLimit === "day") return tooManyEmailsToday(seconds, { unconfirmed: details.message === "emailNotVerified" });
    return details.emailLimit ? tooManyEmails(seconds) : tooManyAttempts(seconds, { resetHint: details.accountLocked });
  }
  const toast: Toast = MESSAGES[details.message ?? DEFAULT_MESSAGE[code]];
  return details.detail ? { ...toast, description: fieldMessage(details.detail) } : toast;
}

/** Field problems as the texts shown under each field. */
export function fieldErrorsOf(error: AppError): Record<string, string> | undefined {
  const fields = error.details.fields;
  if (!fields) return undefined;
  return Object.fromEntries(Object.entries(fields).map(([name, key]) => [name, fieldMessage(key)]));
}

/** What a 503 suggests: a database restart or fail-over usually takes seconds. */
export const UNAVAILABLE_RETRY_SECONDS = 5;

/** Headers an error answer carries (Retry-After on 429 and 503). */
export function errorHeaders(error: AppError): Record<string, string> {
  if (error.code === "RATE_LIMITED") return { "Retry-After": String(error.details.retryAfterSeconds ?? 60) };
  if (error.code === "UNAVAILABLE") return { "Retry-After": String(error.details.retryAfterSeconds ?? UNAVAILABLE_RETRY_SECONDS) };
  return {};
}

/**
 * PostgreSQL's: class 08 (connection exception), 57P01-57P03 (admin or crash shutdown, cannot connect now:
 * starting up or shutting down), 53300 (too many connections).
 */
const SERVER_CODES = /^(08\w{3}|57P0[123]|53300)$/;
/** node-postgres's own words for a connection that died or never came. */
const DRIVER_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;
/** Node's network failures, counted only under a failed database query (storage and Redis have their own). */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

/**
 * Whether an error means the database server is out of reach, rather than that a query was wrong.
 * Libraries wrap the driver's error (Drizzle's 'Failed query', Better Auth's APIError): causes count too.
 */
function isConnectionFailure(error: unknown): boolean {
  let underQuery = false;
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (SERVER_CODES.test(code) || (underQuery && NETWORK_CODES.has(code)))) return true;
    if (typeof message === "string" && DRIVER_MESSAGES.test(message)) return true;
    underQuery ||= current instanceof DrizzleQueryError;
  }
  return false;
}

/**
 * The one place an error thrown anywhere becomes an expected one: an AppError as it is, a lost
 * database connection as UNAVAILABLE (503); anything else is unexpected (undefined: logged, 500).
 */
export function asAppError(error: unknown): AppError | undefined {
  if (isAppError(error)) return error;
  if (isConnectionFailure(error)) return new AppError("UNAVAILABLE");
  return undefined;
}

/** Whether an error means the database is out of reach (answered 503 with the health banner). */
export const isUnavailable = (error: unknown) => asAppError(error)?.code === "UNAVAILABLE";
