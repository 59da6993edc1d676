import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { tooManyAttempts, type Toast } from "~/lib/account-messages";
import { checkAccountLimit, type LimitName } from "~/models/account/limits.server";
import type { MutationResult } from "~/models/review/mutations.server";
import { requestInfoContext, type Viewer } from "./request-context";

/**
 * The JSON API's one path: a session is required, the limit is counted, the
 * body is validated with zod, and every answer has the same shape
 * `{ ok, toast, data?, field? }` with the spec's message in `toast`.
 */
import type { ApiBody } from "./api-types";
export type { ApiBody };

export function apiResponse(result: MutationResult | { ok: false; status: number; toast: Toast; field?: string }) {
  const body: ApiBody = { ok: result.ok, toast: result.toast, ...("data" in result && result.data !== undefined ? { data: result.data } : {}), ...("field" in result && result.field ? { field: result.field } : {}) };
  return Response.json(body, { status: result.status, headers: { "Cache-Control": "private, no-store" } });
}

const invalid = (description: string) => apiResponse({ ok: false, status: 400, toast: { title: "Invalid request", description, variant: "destructive" } });

type Handler = (viewer: Viewer) => Promise<Response>;

/** Runs `handler` for a signed-in viewer within the named rate limit. */
export async function withViewer(context: Readonly<RouterContextProvider>, options: { limit: LimitName; unauthenticated: Toast }, handler: Handler) {
  const info = context.get(requestInfoContext);
  if (!info.viewer) return apiResponse({ ok: false, status: 401, toast: options.unauthenticated });
  const limit = await checkAccountLimit(options.limit, { address: info.viewer.id, ip: info.clientAddress });
  if (!limit.allowed) {
    const response = apiResponse({ ok: false, status: 429, toast: tooManyAttempts(limit.retryAfterSeconds) });
    response.headers.set("Retry-After", String(limit.retryAfterSeconds));
    return response;
  }
  return handler(info.viewer);
}

/** Parses a small JSON body with `schema`; a Response (400) when it does not fit. */
export async function readJson<T extends z.ZodType>(request: Request, schema: T, maxBytes = 32 * 1024): Promise<z.infer<T> | Response> {
  if (!(request.headers.get("content-type") ?? "").includes("application/json")) return invalid("Send the data as JSON.");
  const text = await request.text();
  if (text.length > maxBytes) return invalid("The request is too large.");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return invalid("The request is not valid JSON.");
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) return invalid(parsed.error.issues[0]?.message ?? "Some fields are missing or wrong.");
  return parsed.data;
}

export function methodNotAllowed(allowed: string) {
  return new Response("Method not allowed", { status: 405, headers: { Allow: allowed } });
}

export function parseId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
