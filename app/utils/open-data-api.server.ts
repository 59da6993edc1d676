import { createHash } from "node:crypto";
import { OPEN_DATA_WORDS } from "~/lib/words/open-data";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { unpurgedSharedSeconds } from "./edge-purge.server";
import { AppError, asAppError, errorHeaders, fieldErrorsOf, toastOf } from "./errors.server";
import { getEnv } from "./env.server";
import { countPerIp, LIMITS, type CountedWindow } from "./limits.server";
import { requestInfoContext } from "./request-context";

/**
 * The HTTP of the open data's API (issue 46, decision 085): every `/api/v1` route answers through `answerApi`, which
 * counts the request against the per-address limit (the IETF RateLimit headers on every answer, 429 with Retry-After
 * past it), parses the query with the endpoint's schema, and sends JSON with a strong ETag (304 on If-None-Match),
 * CORS open to any origin for reading, and a Cache-Control a CDN may keep briefly. Refusals are RFC 9457 problem
 * details in the message catalogue's words. Rendered for each request (cache class `personal`), so the limit counts
 * every request that reaches us; the data under it is cached and invalidated with the pages.
 */

const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "ETag, RateLimit, RateLimit-Policy, Retry-After",
} as const;

/** `"minute";q=60;w=60, "day";q=5000;w=86400`: the published windows (draft-ietf-httpapi-ratelimit-headers). */
export const RATE_LIMIT_POLICY = LIMITS.openData.perIp.map(({ limit, windowMs }) => `"${windowMs === 60_000 ? "minute" : "day"}";q=${limit};w=${windowMs / 1000}`).join(", ");

/** The RateLimit headers of a counted request: `/api/v1` and `/mcp` send the same (utils/mcp-http.server.ts). */
export const rateLimitHeaders = (windows: CountedWindow[]) => ({
  "RateLimit-Policy": RATE_LIMIT_POLICY,
  RateLimit: windows.map((window) => `"${window.name}";r=${window.remaining};t=${window.retryAfterSeconds}`).join(", "),
});

/** The page on /developers that explains an error code (the problem's `type`). */
const problemType = (code: string) => `${getEnv().SITE_URL}/developers#error-${code.toLowerCase().replaceAll("_", "-")}`;

/** An expected failure as `application/problem+json`, never kept by a cache. */
export function problemResponse(error: AppError, instance: string, headers: Record<string, string> = {}): Response {
  const { title, description } = toastOf(error);
  const errors = fieldErrorsOf(error);
  const body = { type: problemType(error.code), title, status: error.status, ...(description ? { detail: description } : {}), instance, ...(errors ? { errors } : {}) };
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: { ...CORS, ...headers, ...errorHeaders(error), "Content-Type": "application/problem+json", "Cache-Control": "no-store" },
  });
}

/** The query as one value per name; a name given twice is refused (which of the two was meant?). */
function queryOf(url: URL): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    if (Object.hasOwn(query, name)) throw new AppError("INVALID_INPUT", { fields: { [name]: OPEN_DATA_WORDS.repeatedParameter } });
    query[name] = value;
  }
  return query;
}

/** zod's issues as the problem's `errors`, by parameter: an unknown one in the catalogue's words, others in zod's. */
function parameterError(issues: z.core.$ZodIssue[]): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") for (const key of issue.keys) fields[key] = OPEN_DATA_WORDS.unknownParameter;
    else fields[String(issue.path[0] ?? "query")] ??= issue.message;
  }
  return new AppError("INVALID_INPUT", { detail: OPEN_DATA_WORDS.badParameters, fields });
}

type ApiArgs = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * Answers one GET of the API: counted, parsed, run, sent. `run` returns the body (checked against its schema in the
 * tests, not here) or throws an AppError (a 404 for an unknown slug, a 400 for a bad cursor).
 */
export async function answerApi<Parameters extends z.ZodType>(
  { request, context }: ApiArgs,
  parameters: Parameters,
  run: (query: z.output<Parameters>) => Promise<unknown>,
): Promise<Response> {
  // React Router runs a loader for OPTIONS as for GET: a preflight is answered here, uncounted.
  if (request.method === "OPTIONS") return preflight();
  const url = new URL(request.url);
  const windows = await countPerIp("openData", context.get(requestInfoContext).clientAddress);
  const limitHeaders = rateLimitHeaders(windows);
  try {
    const refused = windows.filter((window) => !window.allowed);
    if (refused.length) throw new AppError("RATE_LIMITED", { retryAfterSeconds: Math.max(...refused.map((window) => window.retryAfterSeconds)) });
    const parsed = parameters.safeParse(queryOf(url));
    if (!parsed.success) throw parameterError(parsed.error.issues);
    const body = JSON.stringify(await run(parsed.data));
    const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
    const headers = {
      ...CORS,
      ...limitHeaders,
      ETag: etag,
      "Cache-Control": `public, max-age=60, s-maxage=${unpurgedSharedSeconds()}, stale-while-revalidate=60`,
    };
    const ifNoneMatch = request.headers.get("If-None-Match");
    if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) return new Response(null, { status: 304, headers });
    return new Response(body, { headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } });
  } catch (error) {
    const expected = asAppError(error);
    if (!expected) throw error;
    return problemResponse(expected, url.pathname + url.search, limitHeaders);
  }
}

/** The API's action: every write method is refused, the API being read-only. */
export function refuseApiWrite({ request }: { request: Request }): Response {
  return problemResponse(new AppError("METHOD_NOT_ALLOWED", { detail: OPEN_DATA_WORDS.readOnly }), new URL(request.url).pathname, { Allow: "GET, HEAD, OPTIONS" });
}

/** A CORS preflight (a GET with If-None-Match from a page on another site): reading is open to every origin. */
function preflight(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS,
      "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
      "Access-Control-Allow-Headers": "If-None-Match, Accept",
      "Access-Control-Max-Age": "86400",
      "Cache-Control": "no-store",
    },
  });
}
