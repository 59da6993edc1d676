import { describe, expect, it } from "vitest";
import { MESSAGES, tooManyAttempts } from "~/lib/messages";
import { DrizzleQueryError } from "drizzle-orm";
import { AppError, asAppError, ERROR_STATUS, errorHeaders, fieldErrorsOf, isUnavailable, toastOf, UNAVAILABLE_RETRY_SECONDS, type ErrorCode } from "./errors.server";
import { errorReply } from "./replies.server";

describe("AppError: one place maps codes to statuses and words", () => {
  it.each([
    ["INVALID_INPUT", 400, MESSAGES.invalidInput],
    ["UNAUTHENTICATED", 401, MESSAGES.authRequiredFeedback],
    ["INVALID_CREDENTIALS", 401, MESSAGES.signInFailed],
    ["FORBIDDEN", 403, MESSAGES.forbidden],
    ["NOT_FOUND", 404, MESSAGES.notFound],
    ["METHOD_NOT_ALLOWED", 405, MESSAGES.unknownRequest],
    ["CONFLICT", 409, MESSAGES.conflict],
    ["PAYLOAD_TOO_LARGE", 413, MESSAGES.tooLargeRequest],
    ["UNEXPECTED", 500, MESSAGES.unexpected],
    ["UNAVAILABLE", 503, MESSAGES.unavailable],
  ] as const)("%s answers %i with its default message", (code, status, toast) => {
    const error = new AppError(code);
    expect(error.status).toBe(status);
    expect(toastOf(error)).toEqual(toast);
    expect(errorReply(error)).toMatchObject({ ok: false, code, toast });
  });

  it("covers every code it declares", () => {
    for (const code of Object.keys(ERROR_STATUS) as ErrorCode[]) expect(toastOf(new AppError(code)).title.length).toBeGreaterThan(0);
  });

  it("says the spec's words when the thrower names a message", () => {
    expect(toastOf(new AppError("NOT_FOUND", { message: "toolNotFound" }))).toEqual(MESSAGES.toolNotFound);
    expect(toastOf(new AppError("FORBIDDEN", { message: "notYours" })).description).toBe("You can only change your own reviews.");
    expect(toastOf(new AppError("UNAUTHENTICATED", { message: "authRequiredBookmark" })).description).toBe("Please sign in to bookmark tools.");
  });

  it("completes a title-only message with the field's problem", () => {
    const error = new AppError("INVALID_INPUT", { message: "signUpFailed", detail: "passwordTooCommon", fields: { password: "passwordTooCommon" } });
    expect(toastOf(error)).toEqual({
      title: "Sign up failed",
      description: "This password, or one very like it, is among the most common passwords and easy to guess. Please choose another.",
      variant: "destructive",
    });
    expect(fieldErrorsOf(error)).toEqual({ password: "This password, or one very like it, is among the most common passwords and easy to guess. Please choose another." });
    expect(errorReply(error).field).toBe("password");
  });

  it("keeps text that is not a catalogue key (zod's own words for a malformed API body)", () => {
    expect(fieldErrorsOf(new AppError("INVALID_INPUT", { fields: { reason: "Invalid option" } }))).toEqual({ reason: "Invalid option" });
  });

  it("answers RATE_LIMITED with 429, the wait in words and Retry-After", () => {
    const error = new AppError("RATE_LIMITED", { retryAfterSeconds: 600 });
    expect(error.status).toBe(429);
    expect(toastOf(error)).toEqual(tooManyAttempts(600));
    expect(toastOf(error).description).toBe("Please wait 10 minutes and try again.");
    expect(errorHeaders(error)).toEqual({ "Retry-After": "600" });
    expect(toastOf(new AppError("RATE_LIMITED", { retryAfterSeconds: 30, emailLimit: "minute" })).title).toBe("Email already sent");
    expect(errorHeaders(new AppError("NOT_FOUND"))).toEqual({});
  });

  it("says when an address may have another email once it has had the day's, in hours", () => {
    const today = toastOf(new AppError("RATE_LIMITED", { retryAfterSeconds: 5 * 3600 - 20, emailLimit: "day" }));
    expect(today.title).toBe("Email limit reached");
    expect(today.description).toContain("try again in 5 hours");
    const unconfirmed = toastOf(new AppError("RATE_LIMITED", { retryAfterSeconds: 40 * 60, emailLimit: "day", message: "emailNotVerified" }));
    expect(unconfirmed.title).toBe("Please confirm your email");
    expect(unconfirmed.description).toContain("try again in 40 minutes");
  });

  it("points a visitor held by an account's sign-in backoff at the reset link, after the spec's sentence", () => {
    const toast = toastOf(new AppError("RATE_LIMITED", { retryAfterSeconds: 900, accountLocked: true }));
    expect(toast.description).toBe("Please wait 15 minutes and try again. To sign in on this device now, use 'Forgot password?' to get a reset link by email.");
  });
});

/** What node-postgres and PostgreSQL throw, as plain objects with their fields. */
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const failedQuery = (cause: unknown) => new DrizzleQueryError("select 1", [], cause as Error);

describe("asAppError: a lost database is UNAVAILABLE (503), in one place", () => {
  it.each([
    ["the server shutting down (57P01)", failedQuery(withCode("terminating connection due to administrator command", "57P01"))],
    ["the server starting up (57P03)", failedQuery(withCode("the database system is starting up", "57P03"))],
    ["a connection failure (08006)", withCode("connection failure", "08006")],
    ["a refused connection under a query", failedQuery(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))],
    ["a connection that died mid-query", failedQuery(new Error("Connection terminated unexpectedly"))],
    ["a pool that waited too long", failedQuery(new Error("timeout exceeded when trying to connect"))],
    ["Better Auth's wrapping of the same", Object.assign(new Error("Failed to get session"), { cause: failedQuery(withCode("x", "57P01")) })],
  ])("recognises %s", (_label, error) => {
    const known = asAppError(error);
    expect(known?.code).toBe("UNAVAILABLE");
    expect(known?.status).toBe(503);
    expect(isUnavailable(error)).toBe(true);
    expect(errorHeaders(known!)).toEqual({ "Retry-After": String(UNAVAILABLE_RETRY_SECONDS) });
  });

  it("leaves other errors alone: wrong queries are bugs (500), AppErrors stay as they are", () => {
    expect(asAppError(failedQuery(withCode('relation "nope" does not exist', "42P01")))).toBeUndefined();
    expect(asAppError(new Error("boom"))).toBeUndefined();
    // A refused connection to something else (object storage, Redis) is not the database's.
    expect(asAppError(Object.assign(new TypeError("fetch failed"), { cause: withCode("connect ECONNREFUSED", "ECONNREFUSED") }))).toBeUndefined();
    const notFound = new AppError("NOT_FOUND");
    expect(asAppError(notFound)).toBe(notFound);
    expect(isUnavailable(undefined)).toBe(false);
  });
});
