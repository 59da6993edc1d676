import { data, type RouterContextProvider } from "react-router";
import type { MessageKey } from "~/lib/messages";
import { MESSAGES } from "~/lib/messages";
import type { Reply } from "~/lib/reply";
import { errorHeaders, fieldErrorsOf, toastOf, type AppError } from "./errors.server";
import { requestInfoContext } from "./request-context";

/** Builds the replies of the write path (lib/reply.ts has the shape). */

export function successReply<T>(message: MessageKey, result: T, intent?: string): Reply<T> {
  return { ok: true, ...(intent ? { intent } : {}), toast: MESSAGES[message], ...(result === undefined ? {} : { data: result }) };
}

export function errorReply(error: AppError, extra: { intent?: string; values?: Record<string, string> } = {}): Reply {
  const fieldErrors = fieldErrorsOf(error);
  const field = error.details.field ?? (fieldErrors ? Object.keys(fieldErrors)[0] : undefined);
  return {
    ok: false,
    ...(extra.intent ? { intent: extra.intent } : {}),
    code: error.code,
    toast: toastOf(error),
    ...(field ? { field } : {}),
    ...(fieldErrors ? { fieldErrors } : {}),
    ...(error.details.data !== undefined ? { data: error.details.data } : {}),
    ...(extra.values ? { values: extra.values } : {}),
  };
}

const PRIVATE = { "Cache-Control": "private, no-store" };

/** A JSON answer of the API. */
export function apiJson(reply: Reply, status: number, headers: Record<string, string> = {}) {
  return Response.json(reply, { status, headers: { ...PRIVATE, ...headers } });
}

/**
 * An error as the answer of its transport: JSON for the API, action data
 * for a page (returned, so the page renders it beside the form).
 */
export function errorResponse(error: AppError, { api, intent, values }: { api: boolean; intent?: string; values?: Record<string, string> }) {
  const reply = errorReply(error, { intent, values });
  return api ? apiJson(reply, error.status, errorHeaders(error)) : data(reply, { status: error.status, headers: errorHeaders(error) });
}

/** A page's response headers come from the document, not from action or loader data: hand an error's (Retry-After) over. */
export function passErrorHeaders(context: Readonly<RouterContextProvider>, error: AppError) {
  for (const [name, value] of Object.entries(errorHeaders(error))) context.get(requestInfoContext).responseHeaders.set(name, value);
}

/**
 * An expected failure answered by a resource route (a file, an image, a download): the code's status and the
 * catalogue's words as plain text, kept by no cache (a 404 of a deleted upload must not outlive it). Pages throw
 * `notFound` (utils/not-found.server.ts) for the error boundary's page; the API answers JSON (`errorResponse`).
 */
export function resourceErrorResponse(error: AppError): Response {
  const { title, description } = toastOf(error);
  return new Response(`${title}${description ? `: ${description}` : ""}\n`, {
    status: error.status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex", ...errorHeaders(error) },
  });
}
