import { asAppError, errorHeaders } from "~/utils/errors.server";
import { errorReply } from "~/utils/replies.server";

/**
 * The answer when handling a request threw outside React Router (which answers its own errors): 503 with
 * Retry-After when the database is down (the reply shape of the API), else 500 'Something went wrong'.
 */
export function failureResponse(error: unknown): Response {
  const known = asAppError(error);
  if (known?.code === "UNAVAILABLE") return Response.json(errorReply(known), { status: known.status, headers: { ...errorHeaders(known), "Cache-Control": "no-store" } });
  return new Response("Something went wrong", { status: 500, headers: { "Content-Type": "text/plain" } });
}
