import { asAppError, errorHeaders } from "~/utils/errors.server";
import { errorText, log } from "~/utils/logger.server";
import { errorReply } from "~/utils/replies.server";
import type { Step } from "./pipeline";

/**
 * The answer when handling a request threw outside React Router (which answers its own errors): 503 with
 * Retry-After when the database is down (the reply shape of the API), else 500 'Something went wrong'.
 */
export function failureResponse(error: unknown): Response {
  const known = asAppError(error);
  if (known?.code === "UNAVAILABLE") return Response.json(errorReply(known), { status: known.status, headers: { ...errorHeaders(known), "Cache-Control": "no-store" } });
  return new Response("Something went wrong", { status: 500, headers: { "Content-Type": "text/plain" } });
}

/**
 * The pipeline step just before rendering: an error thrown outside React Router's own error handling is
 * logged with the request id and answered with `failureResponse`, never a stack trace.
 */
export const handleFailures: Step = async (exchange, next) => {
  try {
    return await next(exchange);
  } catch (error) {
    log.error("unhandled request error", { requestId: exchange.requestId, path: exchange.url.pathname, error: errorText(error) });
    return failureResponse(error);
  }
};
