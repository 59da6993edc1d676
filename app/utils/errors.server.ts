import { fieldMessage, MESSAGES, tooManyAttempts, tooManyEmails, type FieldMessageKey, type MessageKey, type Toast } from "~/lib/messages";

/**
 * The one error type of expected failures. Models, guards and the write path
 * throw it with a code; `ERROR_STATUS` is the only place a code becomes an
 * HTTP status, and `toastOf` the only place it becomes words (from the
 * message catalogue, lib/messages.ts). Anything else thrown is unexpected:
 * logged with the request id and answered 500 'Something went wrong'.
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
  /** RATE_LIMITED only: when to try again. */
  retryAfterSeconds?: number;
  /** RATE_LIMITED only: the limit was the one-email-a-minute rule. */
  emailLimit?: boolean;
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

/** Headers an error answer carries (Retry-After on 429). */
export function errorHeaders(error: AppError): Record<string, string> {
  return error.code === "RATE_LIMITED" ? { "Retry-After": String(error.details.retryAfterSeconds ?? 60) } : {};
}
